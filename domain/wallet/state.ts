import type { Balance, HistoryEntry, TotalBalance, Wallet } from './codecs'
import type { RequestError } from '../api/errors'
import type { HistoryListRef } from './history'

/** A value loaded from the server: never loaded, loading, loaded, or failed (keeping the last good value). */
export interface Remote<T> {
  data: T | null
  loading: boolean
  error: RequestError | null
}
export const remote = <T>(): Remote<T> => ({ data: null, loading: false, error: null })

/** A wallet's history as loaded so far: pages of 10, newest first. */
export interface HistoryList {
  entries: HistoryEntry[]
  /** The offset of the page being loaded, or null. */
  loadingOffset: number | null
  error: RequestError | null
  /** The last page came back short: there is no more. */
  complete: boolean
}
export const emptyHistory = (): HistoryList => ({ entries: [], loadingOffset: null, error: null, complete: false })

export interface WalletState {
  selectedIndex: number
  wallets: Remote<Wallet[]>
  /** Per accountIndex. */
  balances: Record<number, Remote<Balance[]>>
  totals: Record<number, Remote<TotalBalance>>
  history: Record<number, HistoryList>
  /** The history entry whose detail is open, by id in the list it was opened from. */
  openEntry: { id: string; list: HistoryListRef } | null
  onHome: boolean
  depositOpen: boolean
  chooserOpen: boolean
  tokensExpanded: boolean
  /** wallet.11: SWITCH mined and the part of it locked by staking; null until known. */
  /** SWITCH as exact decimal strings; logs recorded before carried numbers. */
  switchLock: { gotAmount: string; lockAmount: string } | null
}

export const initialWalletState: WalletState = {
  selectedIndex: 0,
  wallets: remote(),
  balances: {},
  totals: {},
  history: {},
  openEntry: null,
  onHome: false,
  depositOpen: false,
  chooserOpen: false,
  tokensExpanded: false,
  switchLock: null,
}
