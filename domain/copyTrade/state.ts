/**
 * Copy-trading (doc 1 §2-5): the subscriptions, the form that starts one (trader, network, asset,
 * deposit, share per trade), and the detail of a trade with its copied swaps.
 */
import type { Balance, HistoryEntry } from '../wallet/codecs'
import type { CopyTrade } from './codecs'
import type { RequestError } from '../api/errors'
import type { ChainId } from '../app/chains'
import type { CopyTradeToken } from './events'

/** copyTrade.17 */
export const DEFAULT_DEPOSIT = '100'
/** copyTrade.20: the slider's default, in percent. */
export const DEFAULT_ANTE_PERCENT = 10
/** copyTrade.14 */
export const COPY_ASSETS = ['ETH', 'USDT', 'USDC', 'DAI'] as const

export interface CopyTradeState {
  accountIndex: number
  trades: CopyTrade[] | null
  tokens: CopyTradeToken[]
  tradesLoading: boolean
  tradesError: RequestError | null
  /** The form (doc 1 §3 "Copy-trade form"). */
  traderAddress: string
  /** copyTrade.10: an invalid address was submitted. */
  addressInvalid: boolean
  chainId: ChainId | null
  assets: { chainId: ChainId; data: Balance[] | null; loading: boolean; error: RequestError | null } | null
  asset: Balance | null
  deposit: string
  antePercent: number
  submitting: boolean
  submitError: RequestError | null
  idempotencyKey: string | null
  /** The trade just started, for the success screen. */
  started: CopyTrade | null
  swaps: Record<string, { data: HistoryEntry[] | null; loading: boolean; error: RequestError | null }>
  stopping: string | null
  stopError: RequestError | null
}

export const initialCopyTradeState: CopyTradeState = {
  accountIndex: 0,
  trades: null,
  tokens: [],
  tradesLoading: false,
  tradesError: null,
  traderAddress: '',
  addressInvalid: false,
  chainId: null,
  assets: null,
  asset: null,
  deposit: DEFAULT_DEPOSIT,
  antePercent: DEFAULT_ANTE_PERCENT,
  submitting: false,
  submitError: null,
  idempotencyKey: null,
  started: null,
  swaps: {},
  stopping: null,
  stopError: null,
}

/** copyTrade.13-14: what can be deposited: the four assets, held, on the chosen network. */
export const depositAssets = (assets: readonly Balance[]) =>
  assets.filter((a) => (COPY_ASSETS as readonly string[]).includes(a.symbol ?? '') && Number(a.tokensAmount) > 0)

export const availableUsd = (s: Pick<CopyTradeState, 'asset'>) => s.asset?.usdAmount ?? 0
