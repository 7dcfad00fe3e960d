/**
 * A recorded log as the time-travel panel sees it (after Redux DevTools' lifted state and Elm's
 * debugger): the events, the ones skipped, and a snapshot of the state every `interval` events, so
 * the state at any position is one snapshot plus at most `interval` events folded in one draft.
 */
import type { AppEvent } from '../events'
import { type RootState, fold, initialState } from '../state'

export const SNAPSHOT_INTERVAL = 500

export interface Timeline {
  readonly events: readonly AppEvent[]
  /** Indexes (into events) left out of the fold. */
  readonly skipped: ReadonlySet<number>
  /** snapshots[k] is the state after the first k * interval events (snapshots[0] is the start). */
  readonly snapshots: readonly RootState[]
  readonly interval: number
  readonly start: RootState
}

/** Folds events[from, to) onto a state, leaving out the skipped ones, inside one draft. */
function foldRange(
  state: RootState,
  events: readonly AppEvent[],
  from: number,
  to: number,
  skipped: ReadonlySet<number>,
): RootState {
  if (from >= to) return state
  if (skipped.size === 0) return fold(events.slice(from, to), state)
  return fold(
    events.slice(from, to).filter((_, i) => !skipped.has(from + i)),
    state,
  )
}

function snapshotsFrom(tl: Omit<Timeline, 'snapshots'>, kept: readonly RootState[]): RootState[] {
  const snaps = [...kept]
  if (snaps.length === 0) snaps.push(tl.start)
  for (let k = snaps.length; k * tl.interval <= tl.events.length; k++)
    snaps.push(foldRange(snaps[k - 1], tl.events, (k - 1) * tl.interval, k * tl.interval, tl.skipped))
  return snaps
}

export function createTimeline(
  events: readonly AppEvent[],
  interval = SNAPSHOT_INTERVAL,
  start: RootState = initialState,
): Timeline {
  const base = { events, skipped: new Set<number>(), interval, start }
  return { ...base, snapshots: snapshotsFrom(base, []) }
}

/** The state after the first `position` events (0 = the start, events.length = the head). */
export function stateAt(tl: Timeline, position: number): RootState {
  const p = Math.max(0, Math.min(position, tl.events.length))
  const k = Math.min(Math.floor(p / tl.interval), tl.snapshots.length - 1)
  return foldRange(tl.snapshots[k], tl.events, k * tl.interval, p, tl.skipped)
}

/** Skips or restores one event; only the snapshots after it are folded again. */
export function toggleSkip(tl: Timeline, index: number): Timeline {
  const skipped = new Set(tl.skipped)
  if (!skipped.delete(index)) skipped.add(index)
  const base = { events: tl.events, skipped, interval: tl.interval, start: tl.start }
  const firstStale = Math.floor(index / tl.interval) + 1
  return { ...base, snapshots: snapshotsFrom(base, tl.snapshots.slice(0, firstStale)) }
}

/** Appends live events to the head. */
export function appendEvents(tl: Timeline, more: readonly AppEvent[]): Timeline {
  const base = { events: [...tl.events, ...more], skipped: tl.skipped, interval: tl.interval, start: tl.start }
  return { ...base, snapshots: snapshotsFrom(base, tl.snapshots) }
}
