/** How a history entry reads (wallet.15-17): exact amounts scaled by decimals, 8 places shown. */
import type { HistoryEntry } from '../api/codecs/wallet'
import { formatDecimal, fromUnits } from '../money'
import { TRANSACTION_DECIMALS } from './rules'

export interface HistoryLine {
  id: string
  type: HistoryEntry['type']
  /** 'ETH → USDT' for a swap, the symbol otherwise. */
  title: string
  /** Signed display amount: '+0.5' in, '-12.3' out; for a swap, what came in. */
  amount: string
  symbol: string
  /** For a swap, what went out ('-1 ETH'). */
  detail: string | null
  counterparty: string | null
  /** A swap a copy trade made, not the user. */
  copied: boolean
  createdAt: string
}

/** Smallest units to display text: exact, then cut to 8 decimals (never rounded up). */
export const transactionAmount = (units: string | undefined, decimals: number | undefined) =>
  units === undefined ? '0' : formatDecimal(fromUnits(units, decimals ?? 0), TRANSACTION_DECIMALS)

export function historyLine(e: HistoryEntry): HistoryLine {
  if (e.type === 'swap') {
    const from = e.fromToken?.symbol ?? '?'
    const to = e.toToken?.symbol ?? '?'
    return {
      id: e.id,
      type: e.type,
      title: `${from} → ${to}`,
      amount: '+' + transactionAmount(e.toAmount, e.toToken?.decimals),
      symbol: to,
      detail: `-${transactionAmount(e.fromAmount, e.fromToken?.decimals)} ${from}`,
      counterparty: null,
      copied: e.copyTradeId !== undefined,
      createdAt: e.createdAt,
    }
  }
  const incoming = e.type === 'deposit'
  const symbol = e.symbol ?? '?'
  return {
    id: e.id,
    type: e.type,
    title: symbol,
    amount: (incoming ? '+' : '-') + transactionAmount(e.amount, e.decimals),
    symbol,
    detail: null,
    counterparty: (incoming ? e.from : e.to) ?? null,
    copied: false,
    createdAt: e.createdAt,
  }
}
