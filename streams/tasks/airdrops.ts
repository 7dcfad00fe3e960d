/** Tasks: the airdrop task clicks (airdrops.5-6). */
import { EMPTY, catchError, concat, ignoreElements, merge, mergeMap, of, timer } from 'rxjs'
import { ev } from '../../domain/events'
import { AIRDROP_REFRESH_MS } from '../../domain/tasks/selectors'
import { ofType } from '../ofType'
import type { Epic } from '../store'
import { loadAirdrops } from './list'

/** airdrops.5-6: the subscriptions an airdrop confirms; a deposit task is the server's to see. */
const CONFIRMED = new Set(['subscription', 'subscriptionTwitter'])

/**
 * airdrops.6-7: an airdrop task's tap opens its link and confirms the subscription (subscriptionType
 * and airdropId); 15 s later the airdrops are asked again.
 */
export const airdropTaskEpic =
  (refreshMs = AIRDROP_REFRESH_MS): Epic =>
  (events$, state$, deps) =>
    events$.pipe(
      ofType('tasks/airdropTaskOpened'),
      mergeMap(({ payload: { airdropId, code } }) => {
        const airdrop = state$.value.tasks.airdrops.answer?.tasks.find((a) => a.code === airdropId)
        const task = airdrop?.tasks.find((t) => t.code === code)
        if (task === undefined) return EMPTY
        const link = task.url !== undefined ? of(ev('app/linkOpened', { url: task.url })) : EMPTY
        const confirm = CONFIRMED.has(code)
          ? deps.api.call('confirmSubscription', { subscriptionType: code, airdropId }).pipe(
              ignoreElements(),
              catchError((e: unknown) => {
                console.warn('airdrop subscription not confirmed', e)
                return EMPTY
              }),
            )
          : EMPTY
        return concat(link, merge(confirm, timer(refreshMs, deps.scheduler).pipe(mergeMap(() => loadAirdrops(deps)))))
      }),
    )
