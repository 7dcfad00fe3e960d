/** Tasks: the open league boost's steps. */
import { EMPTY, catchError, defer, ignoreElements, merge, mergeMap, of, switchMap } from 'rxjs'
import { ev } from '../../domain/events'
import { OPEN_LEAGUE_CLOUD_KEY, OPEN_LEAGUE_CODE, OPEN_LEAGUE_STEPS, taskByCode } from '../../domain/tasks/selectors'
import { ofType } from '../ofType'
import type { Epic } from '../store'

/**
 * tasks.63-64: the open-league step in Telegram's cloud storage: read on entering, written as it
 * changes (a list taking done back to trade included); the badge step opens the league's bot, the
 * trade step the swap.
 */
export const openLeagueEpic: Epic = (events$, state$, { telegram }) => {
  const step = () => state$.value.tasks.openLeague.step
  // What the cloud holds, as far as this session knows: a step is written only when it differs.
  let stored: string | null = null
  return merge(
    events$.pipe(
      ofType('tasks/entered'),
      switchMap(() =>
        telegram.cloudGet(OPEN_LEAGUE_CLOUD_KEY).pipe(
          mergeMap((value) => {
            stored = value
            const found = OPEN_LEAGUE_STEPS.find((s) => s === value)
            return found === undefined || found === step() ? EMPTY : of(ev('tasks/openLeagueRestored', { step: found }))
          }),
          catchError((e: unknown) => {
            console.warn('cloud storage unreadable', e)
            return EMPTY
          }),
        ),
      ),
    ),
    events$.pipe(
      ofType('tasks/openLeagueBadgeOpened', 'tasks/openLeagueTradeOpened', 'tasks/received'),
      mergeMap((e) => {
        const now = step()
        const write =
          now === stored || (stored === null && now === 'badge')
            ? EMPTY
            : defer(() => {
                stored = now
                return telegram.cloudSet(OPEN_LEAGUE_CLOUD_KEY, now)
              }).pipe(
                ignoreElements(),
                catchError((err: unknown) => {
                  console.warn('cloud storage not written', err)
                  return EMPTY
                }),
              )
        const url = taskByCode(state$.value.tasks, OPEN_LEAGUE_CODE)?.url
        const go =
          e.type === 'tasks/openLeagueBadgeOpened' && url !== undefined
            ? of(ev('app/linkOpened', { url }))
            : e.type === 'tasks/openLeagueTradeOpened'
              ? of(ev('app/navigated', { to: '/swap' }))
              : EMPTY
        return merge(go, write)
      }),
    ),
  )
}
