/**
 * Wallet home data: wallets, the selected wallet's balances and total. Loaded when the home comes
 * into view, on refresh, on a change of wallet, and every 30 s while the home stays (DESIGN §4).
 * Reads use switchMap: a newer trigger makes the older answers stale.
 */
import { type Observable, catchError, map, merge, of, switchMap, takeUntil, timer } from 'rxjs'
import { toRequestError } from '../../domain/api/errors'
import { type EventInput, ev } from '../../domain/events'
import { HOME_POLL_MS } from '../../domain/wallet/rules'
import type { Deps } from '../deps'
import type { Epic, NamedEpic } from '../store'
import { ofType } from '../ofType'

/** One load of everything the home shows for a wallet; each call fails on its own. */
export function loadHome({ api }: Deps, accountIndex: number): Observable<EventInput> {
  return merge(
    api.call('tgUserWallets', {}).pipe(
      map((wallets) => ev('wallet/walletsReceived', { wallets })),
      catchError((e) => of(ev('wallet/walletsFailed', { error: toRequestError(e) }))),
    ),
    api.call('balances', { accountIndex }).pipe(
      map((balances) => ev('wallet/balancesReceived', { accountIndex, balances })),
      catchError((e) => of(ev('wallet/balancesFailed', { accountIndex, error: toRequestError(e) }))),
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
    const triggers$ = merge(events$.pipe(ofType('wallet/homeEntered', 'wallet/refreshRequested', 'wallet/walletSelected')), polls$)
    return triggers$.pipe(switchMap(() => loadHome(deps, state$.value.wallet.selectedIndex)))
  }

export const walletEpics: NamedEpic[] = [{ name: 'wallet/homeData', epic: homeDataEpic() }]
