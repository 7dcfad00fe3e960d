/** Tasks: the shown tab's list (or the airdrops) on entering and every 30 s while it shows, and the speed and clock they show against (tasks.4, airdrops.2). */
import {
  EMPTY,
  type Observable,
  catchError,
  exhaustMap,
  filter,
  map,
  merge,
  of,
  switchMap,
  takeUntil,
  timer,
} from 'rxjs'
import { toRequestError } from '../../domain/api/errors'
import { type EventInput, ev } from '../../domain/events'
import type { ListTab, TaskTab } from '../../domain/tasks/events'
import { AIRDROPS_QUERY, BOOST_TYPES, TASKS_POLL_MS } from '../../domain/tasks/selectors'
import type { Deps } from '../deps'
import { ofType } from '../ofType'
import type { Epic } from '../store'

/** tasks.4: GET tasks with the tab's boostType. */
function loadList({ api }: Pick<Deps, 'api'>, tab: ListTab): Observable<EventInput> {
  return api.call('tasks', { boostType: BOOST_TYPES[tab] }).pipe(
    map((answer) => ev('tasks/received', { tab, groups: answer.tasks })),
    catchError((e: unknown) => {
      console.warn('tasks failed', e)
      return of(ev('tasks/failed', { tab, error: toRequestError(e) }))
    }),
  )
}

/** airdrops.2: GET tasks with boostType=airdrop (friendsAmount and the airdrops). */
export function loadAirdrops({ api }: Pick<Deps, 'api'>): Observable<EventInput> {
  return api.call('airdrops', AIRDROPS_QUERY).pipe(
    map((answer) => ev('tasks/airdropsReceived', { answer })),
    catchError((e: unknown) => {
      console.warn('airdrops failed', e)
      return of(ev('tasks/airdropsFailed', { error: toRequestError(e) }))
    }),
  )
}

const load = (deps: Pick<Deps, 'api'>, tab: TaskTab) => (tab === 'airdrops' ? loadAirdrops(deps) : loadList(deps, tab))

/**
 * tasks.5, airdrops.8: entering a tab loads its list at once and every 30 s after, until the screen
 * is left; a timer's end, a claim or a burn asks again at once. A load does not start while the
 * previous one is still out.
 */
export const pollEpic =
  (pollMs = TASKS_POLL_MS): Epic =>
  (events$, _state$, deps) => {
    const left$ = events$.pipe(ofType('tasks/left'))
    const again$ = merge(
      events$.pipe(
        ofType(
          'tasks/verifyEnded',
          'tasks/dailyRewardClaimed',
          'tasks/dailyBoostActivated',
          'tasks/burned',
          'tasks/walletSet',
          'tasks/partnerWalletConnected',
        ),
      ),
      events$.pipe(
        ofType('tasks/emojiChecked', 'tasks/punkStakingChecked'),
        filter((e) => (e.type === 'tasks/emojiChecked' ? e.payload.activated : e.payload.result === 'ok')),
      ),
    )
    return events$.pipe(
      ofType('tasks/entered', 'tasks/retried'),
      switchMap(({ payload: { tab } }) =>
        merge(timer(0, pollMs, deps.scheduler), again$).pipe(
          exhaustMap(() => load(deps, tab)),
          takeUntil(left$),
        ),
      ),
    )
  }

/**
 * On entering: the mining record's speed (tasks.16) and the server's clock, and the total balance's
 * daily boost flag (tasks.22). A failure leaves what was read before (logged).
 */
export const contextEpic: Epic = (events$, state$, { api }) =>
  events$.pipe(
    ofType('tasks/entered'),
    switchMap(() =>
      merge(
        api.call('miningUser', {}).pipe(
          map((a) =>
            ev('tasks/recordRead', {
              speed: a.userMining?.speed ?? null,
              serverTime: a.serverTime ?? null,
              ...(a.userMining ? { confirmProve: a.userMining.confirmProve } : {}),
            }),
          ),
          catchError((e: unknown) => {
            console.warn('mining record failed', e)
            return EMPTY
          }),
        ),
        api.call('totalBalance', { boostNotification: 1, accountIndex: state$.value.wallet.selectedIndex }).pipe(
          map((a) => ev('tasks/boostFlagRead', { isNotifyForBoost: a.isNotifyForBoost })),
          catchError((e: unknown) => {
            console.warn('daily boost flag failed', e)
            return EMPTY
          }),
        ),
      ),
    ),
  )
