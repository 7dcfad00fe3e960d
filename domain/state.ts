/**
 * The root state and reducer, made from the list of slices (./features.ts). Each slice answers
 * events through its handler table; the root joins them into one table from event type to
 * handlers. The eager slices' handlers are here from the start; the lazy ones' come with their
 * chunks (`registerHandlers`, called by streams/features.ts), so the first screen does not carry
 * them. Every slice's initial state is here from the start, so the state always has its whole shape. The same handlers serve a live dispatch (one
 * `produce` per event) and a replay (one `produce` for a whole batch, with each slice's draft
 * taken once), which is what makes replay fast: see tests/bench/replay.ts.
 */
import { type Draft, freeze, produce } from 'immer'
import type { AppEvent, EventOf, EventType } from './events'
import { backPressed } from './app/back'
import { type FeatureName, type RootState, SLICES } from './features'
import type { EventList, Handlers, Journey, Slice } from './slice'
import { JOURNEYS } from './journeys'

export type { FeatureName, RootState }

/**
 * Frozen through and through from the start, as immer leaves it after a first live dispatch: a
 * handler that puts one of its parts in the state (a slice's initial list, a form's empty draft)
 * and a later one that writes into that part throw in every fold, not only once the app has run,
 * and the constants every session starts from are never changed by a fold.
 */
export const initialState: RootState = freeze(
  Object.fromEntries(SLICES.map((slice) => [slice.name, slice.initialState])) as unknown as RootState,
  true,
)

type SliceKey = keyof RootState
export type SliceDrafts = { [K in SliceKey]: Draft<RootState[K]> }
type Apply = (slices: SliceDrafts, e: AppEvent) => void

/**
 * Events whose handling reads or writes several slices at once (the back button closes a sheet of
 * the wallet before it moves the route of the app), given every slice's draft.
 */
const crossSliceHandlers: { [K in EventType]?: (slices: SliceDrafts, e: EventOf<K>) => void } = {
  'app/backPressed': (s) => backPressed(s),
}

/**
 * What one slice (or, with `slice` null, a cross-slice handler) does with an event. `slice` lets a
 * fold copy a slice only when a handler is about to write to it.
 */
interface Entry {
  readonly slice: SliceKey | null
  readonly apply: Apply
}

/** Event type -> what each interested slice does with it. */
const table = new Map<string, Entry[]>()
const registered = new Set<SliceKey>()
let version = 0

function addToTable(key: SliceKey, handlers: object): void {
  const add = (type: string, apply: Apply) => table.set(type, [...(table.get(type) ?? []), { slice: key, apply }])
  for (const [type, handler] of Object.entries(handlers))
    add(type, (slices, e) => (handler as (d: unknown, e: AppEvent) => void)(slices[key], e))
  // The slice's part of a journey brought back (./journeys.ts): its draft, from the event's payload.
  const restore = (JOURNEYS as Partial<Record<SliceKey, Journey<unknown, unknown>>>)[key]?.restore
  if (restore !== undefined)
    add('app/journeyRestored', (slices, e) => {
      const journey = (e as EventOf<'app/journeyRestored'>).payload
      restore(slices[key], (journey as unknown as Record<string, unknown>)[key], journey)
    })
  registered.add(key)
}

for (const slice of SLICES as readonly Slice<SliceKey, unknown, EventList>[])
  if (slice.handlers !== undefined) addToTable(slice.name, slice.handlers())
for (const [type, handler] of Object.entries(crossSliceHandlers))
  table.set(type, [...(table.get(type) ?? []), { slice: null, apply: handler as Apply }])

/**
 * Adds a lazy slice's handlers, once (a second call for the same slice does nothing). Returns
 * whether they were new: then state folded before them lacks what they would have done, and the
 * caller re-folds that slice (streams/features.ts).
 */
export function registerHandlers<K extends FeatureName>(key: K, handlers: Handlers<RootState[K]>): boolean {
  if (registered.has(key)) return false
  addToTable(key, handlers)
  version++
  return true
}

export const hasHandlers = (key: SliceKey): boolean => registered.has(key)

/** Goes up each time handlers are added: a fold cached before (the time-travel timeline) is stale. */
export const handlersVersion = (): number => version

const sliceKeys = Object.keys(initialState) as SliceKey[]

/** Each slice's draft, in a new root object (a fold writes slices into it, never into the state it started from). */
const draftsOf = (d: Draft<RootState>): SliceDrafts => ({ ...d }) as SliceDrafts

function applyAll(slices: SliceDrafts, e: AppEvent): void {
  const handlers = table.get(e.type)
  if (handlers === undefined) return
  for (let i = 0; i < handlers.length; i++) handlers[i].apply(slices, e)
}

/** Applies one event to a draft of the whole state. */
export const rootRecipe = (d: Draft<RootState>, e: AppEvent): void => applyAll(draftsOf(d), e)

/**
 * A launch starts a session afresh: a log that spans reloads of the web-view folds to what the
 * user saw after the last one, not to a mix of sessions.
 */
const startsSession = (e: AppEvent) => e.type === 'app/launched'

/** One event, live. */
export const reduce = (state: RootState, e: AppEvent): RootState =>
  table.has(e.type) ? produce(startsSession(e) ? initialState : state, (d) => rootRecipe(d, e)) : state

/**
 * A deep, unfrozen copy of a slice: plain objects and arrays copied in JavaScript (a spread keeps the
 * shape V8 knows from the handlers' own literals), anything else by structuredClone. State is plain
 * JSON-like data, so this is what structuredClone gave, at a fraction of its cost.
 */
function copyOf<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value
  if (Array.isArray(value)) {
    const a = value.slice()
    for (let i = 0; i < a.length; i++) {
      const x = a[i]
      if (typeof x === 'object' && x !== null) a[i] = copyOf(x)
    }
    return a as T
  }
  const proto = Object.getPrototypeOf(value)
  if (proto !== Object.prototype && proto !== null) return structuredClone(value)
  const o = (proto === null ? Object.assign(Object.create(null), value) : { ...value }) as Record<string, unknown>
  for (const k of Object.keys(o)) {
    const x = o[k]
    if (typeof x === 'object' && x !== null) o[k] = copyOf(x)
  }
  return o as T
}

/**
 * A whole log (or a slice of one), folded inside one working copy of the state. The handlers are
 * the live ones: written as mutations of a draft, they run just as well on a private deep copy,
 * which saves immer's proxy traps on every read and write (a third of a 100 000-event replay here).
 * Each slice is copied the first time a handler is about to write to it (all of them before a
 * cross-slice handler), so a slice no event touches is shared with `from`, never written to: a
 * launch costs a new root, not a deep copy of the initial state (a structuredClone of it at every
 * `app/launched` was half of a fold of recorded sessions, one launch every 36 events), and a jump
 * from a snapshot copies only the slices its few events change. Nothing outside is mutated; events
 * are never written to (a test folds deep-frozen events to hold that).
 */
export function fold(events: readonly AppEvent[], from: RootState = initialState): RootState {
  if (events.length === 0) return from
  let working = draftsOf(from as Draft<RootState>)
  let copied = new Set<SliceKey>()
  const own = (key: SliceKey) => {
    if (copied.has(key)) return
    ;(working as Record<SliceKey, unknown>)[key] = copyOf(working[key])
    copied.add(key)
  }
  for (let i = 0; i < events.length; i++) {
    const e = events[i]
    if (startsSession(e)) {
      working = draftsOf(initialState as Draft<RootState>)
      copied = new Set()
    }
    const handlers = table.get(e.type)
    if (handlers === undefined) continue
    for (let h = 0; h < handlers.length; h++) {
      const { slice, apply } = handlers[h]
      if (slice === null) for (const key of sliceKeys) own(key)
      else own(slice)
      apply(working, e)
    }
  }
  return working as RootState
}

/**
 * After a lazy slice's handlers came (`registerHandlers`), the state with those slices as the
 * session's log folds them: the rest is kept as it is. What makes live state the log's fold
 * whatever loaded when.
 */
export function withSlicesRefolded(
  state: RootState,
  events: readonly AppEvent[],
  keys: readonly FeatureName[],
): RootState {
  if (keys.length === 0) return state
  const folded = fold(events)
  const next = { ...state }
  for (const key of keys) (next as Record<FeatureName, unknown>)[key] = folded[key]
  return next
}
