import type { Draft } from 'immer'
import type { Balance, TotalBalance, Wallet } from '../api/codecs/wallet'
import type { RequestError } from '../api/errors'
import type { AppEvent } from '../events'
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

export function walletRecipe(d: Draft<WalletState>, e: AppEvent): void {
  switch (e.type) {
    case 'app/launched': {
      const index = parseWalletIndex(queryParam(parseLocation(e.payload.location).search, 'selectedWalletIndex'))
      if (index !== null) d.selectedIndex = index
      return
    }
    case 'wallet/homeEntered':
      d.onHome = true
      startLoading(d)
      return
    case 'wallet/homeLeft':
      d.onHome = false
      d.chooserOpen = false
      return
    case 'wallet/refreshRequested':
      startLoading(d)
      return
    case 'wallet/walletsReceived':
      d.wallets = { data: e.payload.wallets, loading: false, error: null }
      return
    case 'wallet/walletsFailed':
      d.wallets.loading = false
      d.wallets.error = e.payload.error
      return
    case 'wallet/balancesReceived':
      d.balances[e.payload.accountIndex] = { data: e.payload.balances, loading: false, error: null }
      return
    case 'wallet/balancesFailed': {
      const s = slot(d.balances, e.payload.accountIndex)
      s.loading = false
      s.error = e.payload.error
      return
    }
    case 'wallet/totalReceived':
      d.totals[e.payload.accountIndex] = { data: e.payload.total, loading: false, error: null }
      return
    case 'wallet/totalFailed': {
      const s = slot(d.totals, e.payload.accountIndex)
      s.loading = false
      s.error = e.payload.error
      return
    }
    case 'wallet/walletSelected':
      d.selectedIndex = e.payload.accountIndex
      d.chooserOpen = false
      startLoading(d)
      return
    case 'wallet/chooserOpened':
      d.chooserOpen = true
      return
    case 'wallet/chooserClosed':
      d.chooserOpen = false
      return
    case 'wallet/tokensExpanded':
      d.tokensExpanded = true
      return
    case 'wallet/tokensCollapsed':
      d.tokensExpanded = false
      return
    default:
      return
  }
}
