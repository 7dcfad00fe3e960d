import type { Draft } from 'immer'
import type { EventOf, EventType } from './events'

/**
 * How a slice of state answers events: one small handler per event type it cares about (after
 * excalidraw's actions). The root builds one table from them, so an event reaches only the
 * handlers that want it: a replay of 100 000 events pays for no switch it does not need.
 */
export type Handlers<S> = { [K in EventType]?: (d: Draft<S>, e: EventOf<K>) => void }

/**
 * Where the user was when a session ended, as a reload brings it back (domain/app/journey.ts):
 * the route stack (review screens already dropped) and the wallet the flows ran on.
 */
export interface JourneyRoute {
  history: string[]
  accountIndex: number
}

/**
 * How a slice takes part in a journey that survives a reload: its screens, and what of it comes
 * back. Declared by each feature next to its slice (`domain/<f>/journey.ts`) and listed once
 * (domain/journeys.ts). Money stays safe: `pick` takes only what the user typed or picked, never a
 * passed check, a quote, a key or a submission; and while `writeInFlight` says a write of the
 * slice had no answer yet, nothing at all comes back.
 */
export interface Journey<S, D = never> {
  /** The screens of the journey: each path and every path under it (the longest one names the owner). */
  screens?: readonly string[]
  /** Screens whose figures were checked for a moment that has passed: the screen before them comes back. */
  reviews?: readonly string[]
  /** Whether the journey ended, at this state with `path` on top (a success screen): nothing comes back. */
  ended?(s: S, path: string): boolean
  /** A write sent whose answer had not come: its outcome is unknown, so nothing comes back. */
  writeInFlight?(s: S): boolean
  /** The draft to keep, plain JSON; null: nothing of this slice. */
  pick?(s: S): D | null
  /** The draft back into a new session's slice (`draft` undefined: the journey kept none of it). */
  restore?(d: Draft<S>, draft: D | undefined, route: JourneyRoute): void
}
