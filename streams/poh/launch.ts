/**
 * poh.35 at launch (a first-screen epic: the poh chunk is not loaded yet). The mining record is
 * read once the app has launched; its two PoH facts become an event, and only a user the prompt
 * may apply to (in a human group, not confirmed) loads the poh feature, whose effects decide the
 * prompt (streams/poh/epics.ts). A mining screen's own read of the record does the same.
 */
import { EMPTY, catchError, filter, map, merge, mergeMap, of, tap } from 'rxjs'
import { ev } from '../../domain/events'
import { loadFeature } from '../features'
import { ofType } from '../ofType'
import type { Epic } from '../store'

type Facts = { humanGroup: boolean; confirmProve: boolean }
const mayPrompt = (f: Facts) => f.humanGroup && !f.confirmProve

export const pohLaunchEpic =
  (load: () => Promise<unknown> = () => loadFeature('poh')): Epic =>
  (events$, state$, { api }) => {
    const start = (f: Facts) => {
      if (mayPrompt(f)) load().catch((e: unknown) => console.warn('the poh feature did not load', e))
    }
    const atLaunch$ = events$.pipe(
      ofType('app/launched'),
      filter(() => state$.value.app.insideTelegram),
      mergeMap(() =>
        api.call('miningUser', {}).pipe(
          mergeMap(({ userMining }) => (userMining ? of(ev('poh/userReceived', { humanGroup: userMining.humanGroup, confirmProve: userMining.confirmProve })) : EMPTY)),
          // poh.34: only logged.
          catchError((e: unknown) => {
            console.warn('mining record unavailable for the PoH prompt', e)
            return EMPTY
          }),
        ),
      ),
      tap((e) => start(e.payload as Facts)),
    )
    const fromMining$ = events$.pipe(
      ofType('mining/userReceived'),
      map((e) => e.payload.userMining),
      tap((record) => record !== null && start(record)),
      mergeMap(() => EMPTY),
    )
    return merge(atLaunch$, fromMining$)
  }
