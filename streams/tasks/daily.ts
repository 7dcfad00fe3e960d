/** Tasks: the daily reward and the daily boost claims, and the haptic a gain is felt by (tasks.21-23). */
import { catchError, exhaustMap, filter, ignoreElements, map, of, tap } from 'rxjs'
import { toRequestError } from '../../domain/api/errors'
import { ev } from '../../domain/events'
import { ofType } from '../ofType'
import type { Epic } from '../store'

/** tasks.21: today's reward, once: the reducer lets a tap through only while none is out or done. */
export const dailyRewardEpic: Epic = (events$, state$, { api }) =>
  events$.pipe(
    ofType('tasks/dailyRewardRequested'),
    filter(() => state$.value.tasks.daily.claiming),
    exhaustMap(() =>
      api.call('dailyRewardClaim', {}).pipe(
        map((a) =>
          ev('tasks/dailyRewardClaimed', {
            ...(a.day !== undefined ? { day: a.day } : {}),
            ...(a.reward !== undefined ? { reward: a.reward } : {}),
          }),
        ),
        catchError((e: unknown) => of(ev('tasks/dailyRewardFailed', { error: toRequestError(e) }))),
      ),
    ),
  )

/** tasks.22-23: POST activate daily boost, no body; the flag clears once it answers. */
export const dailyBoostEpic: Epic = (events$, state$, { api }) =>
  events$.pipe(
    ofType('tasks/dailyBoostRequested'),
    filter(() => state$.value.tasks.dailyBoost.claiming),
    exhaustMap(() =>
      api.call('activateDailyBoost', {}).pipe(
        map((a) =>
          ev('tasks/dailyBoostActivated', {
            ...(a.speed !== undefined ? { speed: a.speed } : {}),
            ...(a.hours !== undefined ? { hours: a.hours } : {}),
          }),
        ),
        catchError((e: unknown) => of(ev('tasks/dailyBoostFailed', { error: toRequestError(e) }))),
      ),
    ),
  )

/** A claim that gave something is felt: Telegram's success haptic after the daily reward, the daily boost and a burn. */
export const gainHapticEpic: Epic = (events$, _state$, { telegram }) =>
  events$.pipe(
    ofType('tasks/dailyRewardClaimed', 'tasks/dailyBoostActivated', 'tasks/burned'),
    tap(() => telegram.hapticSuccess()),
    ignoreElements(),
  )
