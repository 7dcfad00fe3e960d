/** How events change the wallet slice (its shape and initial state: ./state.ts). */
import type { Draft } from 'immer'
import type { HistoryEntry } from './codecs'
import type { RequestError } from '../api/errors'
import type { Handlers } from '../slice'
import { parseLocation, queryParam } from '../app/routes'
import { withFirstPage, withLaterPage } from './history'
import { HISTORY_PAGE_SIZE, parseWalletIndex } from './rules'
import { type Remote, remote, emptyHistory, type WalletState } from './state'

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
    d.depositOpen = false
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
  'wallet/switchLockReceived': (d, e) => {
    d.switchLock = { gotAmount: String(e.payload.gotAmount), lockAmount: String(e.payload.lockAmount) }
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
  'wallet/historyPageRequested': (d, e) => {
    const h = (d.history[e.payload.accountIndex] ??= emptyHistory())
    h.loadingOffset = e.payload.offset
    h.error = null
  },
  'wallet/historyPageReceived': (d, e) => {
    const { accountIndex, offset, entries } = e.payload
    const h = (d.history[accountIndex] ??= emptyHistory())
    // A first page renews the top of the list (keeping the pages beyond it it reaches into); a
    // later page lands only where the list ends. Copies: a later page appends to this list, and
    // an event's payload is never written to.
    let keptTail = false
    if (offset === 0) ({ entries: h.entries, keptTail } = withFirstPage(h.entries as HistoryEntry[], entries))
    else if (offset === h.entries.length) h.entries = withLaterPage(h.entries as HistoryEntry[], entries)
    else return
    if (h.loadingOffset === offset) h.loadingOffset = null
    if (!keptTail) h.complete = entries.length < HISTORY_PAGE_SIZE
  },
  'wallet/historyEntryOpened': (d, e) => {
    d.openEntry = { id: e.payload.id, list: { ...e.payload.list } }
  },
  'wallet/historyPageFailed': (d, e) => {
    const h = (d.history[e.payload.accountIndex] ??= emptyHistory())
    if (h.loadingOffset === e.payload.offset) h.loadingOffset = null
    h.error = e.payload.error
  },
  'wallet/depositOpened': (d) => {
    d.depositOpen = true
  },
  'wallet/depositClosed': (d) => {
    d.depositOpen = false
  },
}
