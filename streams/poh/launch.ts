/**
 * poh.35 at launch (a first-screen epic: the poh chunk is not loaded yet). The mining record's two
 * PoH facts become an event, and only a user the prompt may apply to (in a human group, not
 * confirmed) loads the poh feature, whose effects decide the prompt (streams/poh/epics.ts). A launch
 * on the home takes them from the home's own read of the record (wallet/switchLockReceived); a
 * launch elsewhere reads the record once; a mining screen's own read does the same.
 */
import { EMPTY, catchError, distinctUntilChanged, filter, map, merge, mergeMap, of, tap } from 'rxjs'
import { ev } from '../../domain/events'
import { loadFeature } from '../features'
import { ofType } from '../ofType'
import type { Epic } from '../store'

type Facts = { humanGroup: boolean; confirmProve: boolean }
const mayPrompt = (f: Facts) => f.humanGroup && !f.confirmProve
const HOME = '/'

export const pohLaunchEpic =
  (load: () => Promise<unknown> = () => loadFeature('poh')): Epic =>
  (events$, state$, { api }) => {
    const start = (f: Facts) => {
      if (mayPrompt(f)) load().catch((e: unknown) => console.warn('the poh feature did not load', e))
    }
    const received = (f: Facts) => ev('poh/userReceived', { humanGroup: f.humanGroup, confirmProve: f.confirmProve })
    const atLaunch$ = events$.pipe(
      ofType('app/launched'),
      filter((e) => state$.value.app.insideTelegram && e.payload.location !== HOME),
      mergeMap(() =>
        api.call('miningUser', {}).pipe(
          mergeMap(({ userMining }) => (userMining ? of(received(userMining)) : EMPTY)),
          // poh.34: only logged.
          catchError((e: unknown) => {
            console.warn('mining record unavailable for the PoH prompt', e)
            return EMPTY
          }),
        ),
      ),
    )
    // The home's read, every 30 s while it shows: an event only when the facts change.
    const fromHome$ = events$.pipe(
      ofType('wallet/switchLockReceived'),
      map((e) => e.payload),
      filter((p): p is typeof p & Facts => p.humanGroup !== undefined && p.confirmProve !== undefined),
      distinctUntilChanged((a, b) => a.humanGroup === b.humanGroup && a.confirmProve === b.confirmProve),
      map(received),
    )
    const fromMining$ = events$.pipe(
      ofType('mining/userReceived'),
      map((e) => e.payload.userMining),
      tap((record) => record !== null && start(record)),
      mergeMap(() => EMPTY),
    )
    return merge(merge(atLaunch$, fromHome$).pipe(tap((e) => start(e.payload as Facts))), fromMining$)
  }
