/**
 * Wallet home data: wallets, the selected wallet's balances and total. Loaded when the home comes
 * into view, on refresh, on a change of wallet, and every 30 s while the home stays (DESIGN §4).
 * Reads use switchMap: a newer trigger makes the older answers stale.
 */
import {
  EMPTY,
  type Observable,
  catchError,
  groupBy,
  map,
  merge,
  mergeMap,
  of,
  switchMap,
  takeUntil,
  timer,
} from 'rxjs'
import { toRequestError } from '../../domain/api/errors'
import { type EventInput, ev } from '../../domain/events'
import { HISTORY_PAGE_SIZE, HOME_POLL_MS } from '../../domain/wallet/rules'
import type { Deps } from '../deps'
import type { Epic, NamedEpic } from '../store'
import { ofType } from '../ofType'

/** One load of everything the home shows for a wallet; each call fails on its own. */
export function loadHome({ api }: Deps, accountIndex: number): Observable<EventInput> {
  return merge(
    // wallet.11: the mining record's locked SWITCH; without it the notice just does not show.
    api.call('miningUser', {}).pipe(
      mergeMap(({ userMining }) =>
        userMining
          ? of(
              ev('wallet/switchLockReceived', {
                gotAmount: userMining.gotAmount,
                lockAmount: userMining.lockAmount,
                humanGroup: userMining.humanGroup,
                confirmProve: userMining.confirmProve,
              }),
            )
          : EMPTY,
      ),
      catchError((e) => {
        console.warn('mining record unavailable', e)
        return EMPTY
      }),
    ),
    api.call('tgUserWallets', {}).pipe(
      map((wallets) => ev('wallet/walletsReceived', { wallets })),
      catchError((e) => of(ev('wallet/walletsFailed', { error: toRequestError(e) }))),
    ),
    api.call('balances', { accountIndex }).pipe(
      map((balances) => ev('wallet/balancesReceived', { accountIndex, balances })),
      catchError((e) => {
        // wallet.12: logged; the home also shows it, with a retry (a failed call is never silent here).
        console.warn('balances failed', e)
        return of(ev('wallet/balancesFailed', { accountIndex, error: toRequestError(e) }))
      }),
    ),
    api.call('totalBalance', { accountIndex }).pipe(
      map((total) => ev('wallet/totalReceived', { accountIndex, total })),
      catchError((e) => of(ev('wallet/totalFailed', { accountIndex, error: toRequestError(e) }))),
    ),
  )
}

export const homeDataEpic =
  (pollMs = HOME_POLL_MS): Epic =>
  (events$, state$, deps) => {
    const left$ = events$.pipe(ofType('wallet/homeLeft'))
    const polls$ = events$.pipe(
      ofType('wallet/homeEntered'),
      switchMap(() => timer(pollMs, pollMs, deps.scheduler).pipe(takeUntil(left$))),
    )
    const triggers$ = merge(
      events$.pipe(ofType('wallet/homeEntered', 'wallet/refreshRequested', 'wallet/walletSelected')),
      polls$,
    )
    return triggers$.pipe(switchMap(() => loadHome(deps, state$.value.wallet.selectedIndex)))
  }

/** The first page of history whenever the home is entered, refreshed, or shows another wallet. */
export const historyStartEpic: Epic = (events$, state$) =>
  events$.pipe(
    ofType('wallet/homeEntered', 'wallet/refreshRequested', 'wallet/walletSelected'),
    map(() => ev('wallet/historyPageRequested', { accountIndex: state$.value.wallet.selectedIndex, offset: 0 })),
  )

/**
 * wallet.13: pages of 10. Per wallet a newer page request supersedes the one in flight (a reload
 * from the top drops the older page); wallets load independently.
 */
export const historyPagesEpic: Epic = (events$, _state$, { api }) =>
  events$.pipe(
    ofType('wallet/historyPageRequested'),
    groupBy((e) => e.payload.accountIndex),
    mergeMap((perWallet$) =>
      perWallet$.pipe(
        switchMap(({ payload: { accountIndex, offset } }) =>
          api.call('history', { limit: HISTORY_PAGE_SIZE, offset, accountIndex }).pipe(
            map((entries) => ev('wallet/historyPageReceived', { accountIndex, offset, entries })),
            catchError((e) => of(ev('wallet/historyPageFailed', { accountIndex, offset, error: toRequestError(e) }))),
          ),
        ),
      ),
    ),
  )

export const walletEpics: NamedEpic[] = [
  { name: 'wallet/homeData', epic: homeDataEpic() },
  { name: 'wallet/historyStart', epic: historyStartEpic },
  { name: 'wallet/historyPages', epic: historyPagesEpic },
]
