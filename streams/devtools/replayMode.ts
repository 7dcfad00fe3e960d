/**
 * Replay mode (DESIGN §6): the screen is the fold of a recorded log. No epic runs and nothing is
 * sent; the intents a screen dispatches as it mounts are not applied, so the screen stays exactly
 * what the user saw at the last event.
 */
import type { AppEvent } from '../../domain/events'
import { fold } from '../../domain/state'
import { type Store, createStore } from '../store'

export function startReplay(events: readonly AppEvent[]): Store {
  const store = createStore({ clock: { now: () => events.at(-1)?.at ?? 0 }, initialState: fold(events), lastSeq: events.at(-1)?.seq ?? 0 })
  return { ...store, dispatch: () => {} }
}
