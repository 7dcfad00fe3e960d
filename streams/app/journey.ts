/**
 * A reload in the middle of a journey comes back to it (domain/app/journey.ts): once the launch
 * facts are in, the recorded log (which kept the sessions before this one) is asked for the
 * previous session's journey. It enters as app/journeyRestored, followed by reads only: the
 * wallet's balances (the forms check amounts against them); the swap asks its quote, the copy trade
 * its network's assets and staking its configs from the restored drafts (their own epics). Nothing
 * is ever sent again.
 *
 * A session that went through game screens is judged once those features are in (their slices
 * fold it): app/journeyAwaited first, so that no screen (the home) shows and starts its reads
 * meanwhile, then the journey or app/journeyAbandoned. Their chunks are most likely in the
 * browser's cache: that session loaded them.
 */
import { EMPTY, type Observable, catchError, concat, defer, from, mergeMap, of, switchMap, take } from 'rxjs'
import { journeyNeeds, restorableJourney } from '../../domain/app/journey'
import { type EventInput, ev } from '../../domain/events'
import type { FeatureName } from '../../domain/state'
import { loadFeature } from '../features'
import type { Epic } from '../store'
import { ofType } from '../ofType'

export const restoreJourneyEpic =
  (load: (name: FeatureName) => Promise<unknown> = loadFeature): Epic =>
  (events$, state$, { recorder }) =>
    events$.pipe(
      ofType('app/launched'),
      switchMap((launch) =>
        events$.pipe(
          ofType('app/storageLoaded'),
          take(1),
          mergeMap(() => {
            const { app } = state$.value
            if (!app.insideTelegram || app.maintenance) return EMPTY
            const log = recorder.events()
            const route = app.history
            const restored = (): EventInput[] => {
              const journey = restorableJourney(log, launch)
              return journey === null ? [] : [ev('app/journeyRestored', journey), ev('wallet/refreshRequested', {})]
            }
            const needs = journeyNeeds(log, launch)
            if (needs.length === 0) return from(restored())
            const abandoned = ev('app/journeyAbandoned', {})
            const judged: Observable<EventInput> = defer(() => {
              // The user went on meanwhile (a back press, a link): the journey does not pull them back.
              if (state$.value.app.history !== route) return of(abandoned)
              const events = restored()
              return from(events.length > 0 ? events : [abandoned])
            })
            return concat(
              of(ev('app/journeyAwaited', { features: needs })),
              from(Promise.all(needs.map(load))).pipe(
                mergeMap(() => judged),
                // A feature that did not load (offline) cannot judge its part: nothing comes back.
                catchError((e: unknown) => {
                  console.warn('a journey was not restored: its feature did not load', e)
                  return of(abandoned)
                }),
              ),
            )
          }),
        ),
      ),
    )

export const journeyRestoreEpic: Epic = restoreJourneyEpic()
