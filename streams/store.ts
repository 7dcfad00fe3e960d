/**
 * The store runtime (DESIGN §3-4). `dispatch` stamps seq and at from the clock, appends the event,
 * reduces, and only then hands it to the epics, so an epic always reads state that includes it.
 * Events that epics emit while a dispatch is running are queued and dispatched in order after it.
 */
import { BehaviorSubject, Observable, Subject, Subscription, catchError, concat, defer, of } from 'rxjs'
import type { AppEvent, EventInput } from '../domain/events'
import { type RootState, initialState, reduce } from '../domain/state'
import type { Clock, Deps } from './deps'

/** state$ always has a value: read it synchronously as `state$.value`. */
export type StateObservable = Observable<RootState> & { readonly value: RootState }

export type Epic = (events$: Observable<AppEvent>, state$: StateObservable, deps: Deps) => Observable<EventInput>
export interface NamedEpic {
  name: string
  epic: Epic
}

export interface Store {
  dispatch(input: EventInput): void
  readonly state$: StateObservable
  /** Every event after it is reduced; the recorder listens here. */
  readonly events$: Observable<AppEvent>
  getState(): RootState
  /** Starts the epics (none in replay mode). */
  run(epics: readonly NamedEpic[], deps: Deps): Subscription
  /**
   * Replaces the state, for the time-travel panel only: after an event is skipped, live work goes
   * on from the re-folded state. No event is dispatched; seq goes on from where it was.
   */
  resetState(state: RootState): void
}

export interface StoreOptions {
  clock: Clock
  initialState?: RootState
  /** seq of the last event already folded into initialState (a resumed session). */
  lastSeq?: number
}

/** An epic that fails this many times in a row without any event in between is left stopped. */
const MAX_RESTARTS_WITHOUT_EVENT = 3

export function createStore({ clock, initialState: start = initialState, lastSeq = 0 }: StoreOptions): Store {
  const state$ = new BehaviorSubject<RootState>(start)
  const events$ = new Subject<AppEvent>()
  const queue: EventInput[] = []
  let seq = lastSeq
  let dispatching = false

  function dispatch(input: EventInput): void {
    queue.push(input)
    if (dispatching) return
    dispatching = true
    try {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        const event = { seq: ++seq, at: clock.now(), type: next.type, payload: next.payload } as AppEvent
        state$.next(reduce(state$.value, event))
        events$.next(event)
      }
    } finally {
      dispatching = false
    }
  }

  function supervise({ name, epic }: NamedEpic, deps: Deps): Observable<EventInput> {
    let failuresSinceEvent = 0
    const seen = events$.subscribe((e) => {
      if (e.type !== 'app/effectFailed') failuresSinceEvent = 0
    })
    const run: Observable<EventInput> = defer(() => epic(events$, state$, deps)).pipe(
      catchError((error: unknown, restarted) => {
        failuresSinceEvent++
        const failed: EventInput = {
          type: 'app/effectFailed',
          payload: { epic: name, message: error instanceof Error ? error.message : String(error) },
        }
        if (failuresSinceEvent > MAX_RESTARTS_WITHOUT_EVENT) {
          seen.unsubscribe()
          return of(failed)
        }
        return concat(of(failed), restarted)
      }),
    )
    return new Observable<EventInput>((sub) => {
      const s = run.subscribe(sub)
      return () => {
        s.unsubscribe()
        seen.unsubscribe()
      }
    })
  }

  return {
    dispatch,
    state$: state$ as StateObservable,
    events$: events$.asObservable(),
    getState: () => state$.value,
    resetState: (state) => state$.next(state),
    run(epics, deps) {
      const all = new Subscription()
      for (const e of epics) all.add(supervise(e, deps).subscribe({ next: dispatch }))
      return all
    },
  }
}
