/**
 * A reload in the middle of a journey comes back to it (domain/app/journey.ts): once the launch
 * facts are in, the recorded log (which kept the sessions before this one) is asked for the
 * previous session's journey. It enters as app/journeyRestored, followed by reads only: the
 * wallet's balances (the forms check amounts against them); the swap asks its quote and the copy
 * trade its network's assets from the restored drafts (their own epics). Nothing is ever sent again.
 */
import { EMPTY, mergeMap, of, switchMap, take } from 'rxjs'
import { restorableJourney } from '../../domain/app/journey'
import { ev } from '../../domain/events'
import type { Epic } from '../store'
import { ofType } from '../ofType'

export const journeyRestoreEpic: Epic = (events$, state$, { recorder }) =>
  events$.pipe(
    ofType('app/launched'),
    switchMap((launch) =>
      events$.pipe(
        ofType('app/storageLoaded'),
        take(1),
        mergeMap(() => {
          const { app } = state$.value
          if (!app.insideTelegram || app.maintenance) return EMPTY
          const journey = restorableJourney(recorder.events(), launch)
          return journey === null ? EMPTY : of(ev('app/journeyRestored', journey), ev('wallet/refreshRequested', {}))
        }),
      ),
    ),
  )
