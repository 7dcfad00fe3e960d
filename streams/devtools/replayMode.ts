/**
 * Replay mode (DESIGN §6): the screen is the fold of a recorded log. No epic runs and nothing is
 * sent; the intents a screen dispatches as it mounts are not applied, so the screen stays exactly
 * what the user saw at the last event.
 */
import type { AppEvent } from '../../domain/events'
import { type RootState, fold } from '../../domain/state'
import { type Store, createStore } from '../store'

/** `folded`: the fold of `events` when the caller has it already (the time-travel timeline's head). */
export function startReplay(events: readonly AppEvent[], folded: RootState = fold(events)): Store {
  const store = createStore({
    clock: { now: () => events.at(-1)?.at ?? 0 },
    initialState: folded,
    lastSeq: events.at(-1)?.seq ?? 0,
  })
  return { ...store, dispatch: () => {} }
}
