import type { Draft } from 'immer'
import type { Balance, TotalBalance, Wallet } from '../api/codecs/wallet'
import type { RequestError } from '../api/errors'
import type { Handlers } from '../slice'
import { parseLocation, queryParam } from '../app/routes'
import { parseWalletIndex } from './rules'

/** A value loaded from the server: never loaded, loading, loaded, or failed (keeping the last good value). */
export interface Remote<T> {
  data: T | null
  loading: boolean
  error: RequestError | null
}
export const remote = <T>(): Remote<T> => ({ data: null, loading: false, error: null })

export interface WalletState {
  selectedIndex: number
  wallets: Remote<Wallet[]>
  /** Per accountIndex. */
  balances: Record<number, Remote<Balance[]>>
  totals: Record<number, Remote<TotalBalance>>
  onHome: boolean
  chooserOpen: boolean
  tokensExpanded: boolean
}

export const initialWalletState: WalletState = {
  selectedIndex: 0,
  wallets: remote(),
  balances: {},
  totals: {},
  onHome: false,
  chooserOpen: false,
  tokensExpanded: false,
}

const slot = <T>(map: Record<number, Remote<T>>, i: number): Draft<Remote<T>> =>
  (map[i] ??= remote<T>()) as Draft<Remote<T>>

/** Marks the selected wallet's data as loading (the epic asks for it on the same events). */
function startLoading(d: Draft<WalletState>) {
  d.wallets.loading = true
  slot(d.balances, d.selectedIndex).loading = true
  slot(d.totals, d.selectedIndex).loading = true
}

const failed =
  <K extends 'balances' | 'totals'>(key: K) =>
  (d: Draft<WalletState>, e: { payload: { accountIndex: number; error: RequestError } }) => {
    const s = slot<unknown>(d[key] as Record<number, Remote<unknown>>, e.payload.accountIndex)
    s.loading = false
    s.error = e.payload.error
  }

export const walletHandlers: Handlers<WalletState> = {
  'app/launched': (d, e) => {
    const index = parseWalletIndex(queryParam(parseLocation(e.payload.location).search, 'selectedWalletIndex'))
    if (index !== null) d.selectedIndex = index
  },
  'wallet/homeEntered': (d) => {
    d.onHome = true
    startLoading(d)
  },
  'wallet/homeLeft': (d) => {
    d.onHome = false
    d.chooserOpen = false
  },
  'wallet/refreshRequested': startLoading,
  'wallet/walletsReceived': (d, e) => {
    d.wallets = { data: e.payload.wallets, loading: false, error: null }
  },
  'wallet/walletsFailed': (d, e) => {
    d.wallets.loading = false
    d.wallets.error = e.payload.error
  },
  'wallet/balancesReceived': (d, e) => {
    d.balances[e.payload.accountIndex] = { data: e.payload.balances, loading: false, error: null }
  },
  'wallet/balancesFailed': failed('balances'),
  'wallet/totalReceived': (d, e) => {
    d.totals[e.payload.accountIndex] = { data: e.payload.total, loading: false, error: null }
  },
  'wallet/totalFailed': failed('totals'),
  'wallet/walletSelected': (d, e) => {
    d.selectedIndex = e.payload.accountIndex
    d.chooserOpen = false
    startLoading(d)
  },
  'wallet/chooserOpened': (d) => {
    d.chooserOpen = true
  },
  'wallet/chooserClosed': (d) => {
    d.chooserOpen = false
  },
  'wallet/tokensExpanded': (d) => {
    d.tokensExpanded = true
  },
  'wallet/tokensCollapsed': (d) => {
    d.tokensExpanded = false
  },
}
