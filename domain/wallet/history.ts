/** How a history entry reads (wallet.15-17): exact amounts scaled by decimals, 8 places shown. */
import type { HistoryEntry, HistoryStatus } from './codecs'
import type { ChainId } from '../app/chains'
import { type DisplayLanguage, PLACES, formatAmount, formatDateTime } from '../format'
import { fromUnits } from '../money'
import type { RootState } from '../state'
import { HISTORY_PAGE_SIZE } from './rules'

/** An amount of a history entry: exact, unsigned, with the way it moved. */
export interface HistoryAmount {
  sign: '+' | '-'
  /** The exact decimal, never rounded (wallet.16). */
  value: string
  symbol: string
}

export interface HistoryLine {
  id: string
  type: HistoryEntry['type']
  /** 'ETH → USDT' for a swap, the symbol otherwise. */
  title: string
  /** What came in ('+0.5 ETH'), or went out for a withdrawal; for a swap, what came in. */
  amount: HistoryAmount
  /** For a swap, what went out ('-1 ETH'). */
  detail: HistoryAmount | null
  /** The other side of a transfer, in full: the sender of a deposit, the recipient of a withdrawal. */
  counterparty: string | null
  /** A swap a copy trade made, not the user. */
  copied: boolean
  createdAt: string
  chainId: ChainId | null
  /** The network fee the wallet paid, in the network's coin. */
  fee: { value: string; symbol: string } | null
  status: HistoryStatus | null
  txId: string | null
  comment: string | null
  /** For a copied swap: the trader it followed. */
  trader: string | null
}

/** Which list a row was opened from: the wallet's history, or the copied swaps of a trade. */
export type HistoryListRef = { kind: 'wallet'; accountIndex: number } | { kind: 'trade'; tradeId: string }

/** Smallest units to the exact decimal (wallet.16): nothing cut, the detail shows it whole. */
const exactAmount = (units: string | undefined, decimals: number | undefined) =>
  units === undefined ? '0' : fromUnits(units, decimals ?? 0)

export function historyLine(e: HistoryEntry): HistoryLine {
  const common = {
    id: e.id,
    type: e.type,
    createdAt: e.createdAt,
    chainId: e.chainId ?? null,
    fee: e.fee !== undefined && e.feeSymbol !== undefined ? { value: e.fee, symbol: e.feeSymbol } : null,
    status: e.status ?? null,
    txId: e.txId ?? null,
    comment: e.comment === undefined || e.comment === '' ? null : e.comment,
  }
  if (e.type === 'swap') {
    const from = e.fromToken?.symbol ?? '?'
    const to = e.toToken?.symbol ?? '?'
    return {
      ...common,
      chainId: e.chainId ?? e.fromToken?.chainId ?? null,
      title: `${from} → ${to}`,
      amount: { sign: '+', value: exactAmount(e.toAmount, e.toToken?.decimals), symbol: to },
      detail: { sign: '-', value: exactAmount(e.fromAmount, e.fromToken?.decimals), symbol: from },
      counterparty: null,
      copied: e.copyTradeId !== undefined,
      trader: e.trader ?? null,
    }
  }
  const incoming = e.type === 'deposit'
  const symbol = e.symbol ?? '?'
  return {
    ...common,
    title: symbol,
    amount: { sign: incoming ? '+' : '-', value: exactAmount(e.amount, e.decimals), symbol },
    detail: null,
    counterparty: (incoming ? e.from : e.to) ?? null,
    copied: false,
    trader: null,
  }
}

/**
 * An amount's figure with its sign, in the user's language, 8 decimals (wallet.17), grouped:
 * '+1,234.5'. `maxChars`: past it the compact form ('+1.23M'), for a row whose width is counted.
 */
export function historyFigure(a: HistoryAmount, language: DisplayLanguage, maxChars?: number): string {
  return a.sign + formatAmount(a.value, { places: PLACES.transaction, language, maxChars })
}

/** When the entry happened, in the user's language and time zone; a time the server wrote wrong reads as it came. */
export const entryDateTime = (createdAt: string, language: DisplayLanguage, timeZone: string) =>
  Number.isNaN(Date.parse(createdAt)) ? createdAt : formatDateTime(createdAt, language, timeZone)

/** The entry the detail shows: the one last opened, looked up in the list it was opened from. */
export function openHistoryEntry(s: RootState): HistoryEntry | null {
  const open = s.wallet.openEntry
  if (open === null) return null
  const list =
    open.list.kind === 'wallet'
      ? s.wallet.history[open.list.accountIndex]?.entries
      : s.copyTrade.swaps[open.list.tradeId]?.data
  return list?.find((e) => e.id === open.id) ?? null
}

/**
 * The list after a fresh first page (a return to the home, a refresh): the pages loaded beyond it
 * stay when the fresh page reaches into them, so coming back from an entry's detail keeps the list
 * the user scrolled; entries that arrived meanwhile come first. Without that overlap (more new
 * entries than a page, or a short page) the fresh page is the list.
 */
export function withFirstPage(
  loaded: readonly HistoryEntry[],
  page: readonly HistoryEntry[],
): { entries: HistoryEntry[]; keptTail: boolean } {
  const last = page.at(-1)
  const at = last === undefined || page.length < HISTORY_PAGE_SIZE ? -1 : loaded.findIndex((e) => e.id === last.id)
  if (at < 0 || at === loaded.length - 1) return { entries: [...page], keptTail: false }
  return { entries: [...page, ...loaded.slice(at + 1)], keptTail: true }
}

/**
 * The list after a later page: the page's entries the list does not hold yet, appended. Pages go by
 * offset, so an entry that arrived since the last page moves every older one down by one and the
 * next page starts with the entry the last one ended on: shown once, not twice (two rows sharing
 * an id would also share a React key, and leave a stale row behind).
 */
export function withLaterPage(loaded: readonly HistoryEntry[], page: readonly HistoryEntry[]): HistoryEntry[] {
  const held = new Set(loaded.map((e) => e.id))
  const entries = [...loaded]
  for (const e of page) {
    if (held.has(e.id)) continue
    held.add(e.id)
    entries.push(e)
  }
  return entries
}
