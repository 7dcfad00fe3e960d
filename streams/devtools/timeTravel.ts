/**
 * The time-travel controller behind the panel (after Redux DevTools' instrument): it keeps a
 * timeline of the recorded events, a cursor, and the skipped events. At the head the UI shows the
 * live state and effects run; with the cursor in the past the UI shows the state at the cursor,
 * intents are ignored and effects are paused; returning to the head resumes live work from the
 * re-folded state.
 */
import {
  BehaviorSubject,
  type Observable,
  type Subscription,
  combineLatest,
  distinctUntilChanged,
  map,
  timer,
} from 'rxjs'
import { produceWithPatches, enablePatches, type Patch } from 'immer'
import type { AppEvent, EventInput } from '../../domain/events'
import { type Timeline, appendEvents, createTimeline, stateAt, toggleSkip } from '../../domain/devtools/timeline'
import { type RootState, handlersVersion, rootRecipe } from '../../domain/state'
import type { StateObservable, Store } from '../store'

enablePatches()

export interface TimeTravelStatus {
  length: number
  /** Position shown: the number of events folded. null means the live head. */
  cursor: number | null
  skipped: readonly number[]
  playing: 1 | 4 | null
}

export interface TimeTravel {
  /** What the UI renders and dispatches to. */
  readonly view: Pick<Store, 'dispatch' | 'state$' | 'getState' | 'events$'>
  readonly status$: Observable<TimeTravelStatus>
  events(): readonly AppEvent[]
  jumpTo(position: number): void
  stepBack(): void
  stepForward(): void
  /** Back to the head: live again. */
  resume(): void
  toggleSkip(index: number): void
  /** Plays from the cursor at 1x or 4x the recorded timing, until the head. */
  play(speed: 1 | 4): void
  stopPlaying(): void
  /** The state change the event at `index` made (immer patches). */
  diff(index: number): Patch[]
  /** Replaces the timeline with an imported log; stays paused at its last event. */
  load(events: readonly AppEvent[]): void
}

export interface TimeTravelOptions {
  live: Store
  /** The events recorded so far (the recorder's log). */
  recorded: () => readonly AppEvent[]
  /** Stops the epics; called when the cursor leaves the head. */
  pauseEffects: () => void
  /** Starts them again; called on resume. */
  resumeEffects: () => void
  scheduler?: Parameters<typeof timer>[1]
  /** The timeline of `recorded()` when the caller built it already (replay mode folds the log once). */
  timeline?: Timeline
}

export function createTimeTravel(o: TimeTravelOptions): TimeTravel {
  let timeline: Timeline = o.timeline ?? createTimeline([...o.recorded()])
  let builtWith = handlersVersion()
  const cursor$ = new BehaviorSubject<number | null>(null)
  let detached = false // an imported log: no live head to return to

  /**
   * Brings the timeline up to the recorder's log. Done when the panel acts, not on every live
   * event, so recording costs nothing while nobody travels in time.
   */
  function refresh(): void {
    if (builtWith !== handlersVersion()) {
      // A feature's handlers came since the snapshots were folded: fold again with them.
      builtWith = handlersVersion()
      timeline = createTimeline(detached ? [...timeline.events] : [...o.recorded()])
      skipped$.next([])
      length$.next(timeline.events.length)
    }
    if (detached) return
    const recorded = o.recorded()
    const known = timeline.events
    if (recorded.length === known.length && recorded.at(-1)?.seq === known.at(-1)?.seq) return
    const extends_ = known.length === 0 || (recorded[0]?.seq === known[0]?.seq && recorded.length > known.length)
    timeline = extends_ ? appendEvents(timeline, recorded.slice(known.length)) : createTimeline([...recorded])
    if (!extends_) skipped$.next([])
    length$.next(timeline.events.length)
  }
  const skipped$ = new BehaviorSubject<readonly number[]>([])
  const playing$ = new BehaviorSubject<1 | 4 | null>(null)
  const length$ = new BehaviorSubject(timeline.events.length)
  let playback: Subscription | null = null

  // The panel shows the count grow while live; the timeline itself catches up lazily.
  o.live.events$.subscribe(() => {
    if (!detached && cursor$.value === null) length$.next(o.recorded().length)
  })

  // One fold per move of the cursor, shared by every reader: each component's selector subscribes
  // to state$, and a cold pipe folded the jump once per subscriber (dozens on a screen).
  const view$ = new BehaviorSubject<RootState>(o.live.getState())
  combineLatest([o.live.state$, cursor$, skipped$])
    .pipe(
      map(([live, cursor]) => (cursor === null ? live : stateAt(timeline, cursor))),
      distinctUntilChanged(),
    )
    .subscribe((s) => view$.next(s))
  const state$: StateObservable = view$
  const current = () => view$.value

  function leaveHead() {
    if (cursor$.value === null && !detached) o.pauseEffects()
  }

  function jumpTo(position: number): void {
    refresh()
    const p = Math.max(0, Math.min(position, timeline.events.length))
    if (p === timeline.events.length && !detached) return resume()
    leaveHead()
    cursor$.next(p)
  }

  function resume(): void {
    stopPlaying()
    if (detached) return jumpTo(timeline.events.length)
    if (cursor$.value === null) return
    if (timeline.skipped.size > 0) o.live.resetState(stateAt(timeline, timeline.events.length))
    cursor$.next(null)
    o.resumeEffects()
  }

  function stopPlaying() {
    playback?.unsubscribe()
    playback = null
    playing$.next(null)
  }

  return {
    view: {
      dispatch: (input: EventInput) => {
        if (cursor$.value === null) o.live.dispatch(input)
        else console.info(`time travel: ${input.type} ignored while viewing the past`)
      },
      state$,
      getState: current,
      events$: o.live.events$,
    },
    status$: combineLatest([length$, cursor$, skipped$, playing$]).pipe(
      map(([length, cursor, skipped, playing]) => ({ length, cursor, skipped, playing })),
    ),
    events: () => {
      refresh()
      return timeline.events
    },
    jumpTo,
    stepBack: () => {
      refresh()
      jumpTo((cursor$.value ?? timeline.events.length) - 1)
    },
    stepForward: () => {
      refresh()
      jumpTo((cursor$.value ?? timeline.events.length) + 1)
    },
    resume,
    toggleSkip(index) {
      refresh()
      timeline = toggleSkip(timeline, index)
      skipped$.next([...timeline.skipped].sort((a, b) => a - b))
      if (cursor$.value === null && !detached) o.live.resetState(stateAt(timeline, timeline.events.length))
    },
    play(speed) {
      refresh()
      stopPlaying()
      const start = cursor$.value ?? 0
      if (start >= timeline.events.length) return
      leaveHead()
      playing$.next(speed)
      const step = (from: number) => {
        const e = timeline.events[from]
        const next = timeline.events[from + 1]
        cursor$.next(from + 1)
        if (next === undefined) return stopPlaying()
        playback = timer(Math.max(0, (next.at - e.at) / speed), o.scheduler).subscribe(() => step(from + 1))
      }
      cursor$.next(start)
      step(start)
    },
    stopPlaying,
    diff(index) {
      refresh()
      const before = stateAt(timeline, index)
      const event = timeline.events[index]
      if (event === undefined) return []
      const [, patches] = produceWithPatches(before, (d) => rootRecipe(d, event))
      return patches
    },
    load(events) {
      stopPlaying()
      if (!detached) o.pauseEffects()
      detached = true
      timeline = createTimeline(events)
      skipped$.next([])
      length$.next(events.length)
      cursor$.next(events.length)
    },
  }
}
