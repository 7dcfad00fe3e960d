import type { Draft } from 'immer'
import type { EventOf, EventType } from './events'

/**
 * How a slice of state answers events: one small handler per event type it cares about (after
 * excalidraw's actions). The root builds one table from them, so an event reaches only the
 * handlers that want it: a replay of 100 000 events pays for no switch it does not need.
 */
export type Handlers<S> = { [K in EventType]?: (d: Draft<S>, e: EventOf<K>) => void }

/** An event's payload type, carried by its entry in a feature's list of events (the value is only a marker). */
export interface Payload<T> {
  readonly payloadType?: T
}

const PAYLOAD: Payload<never> = Object.freeze({})

/**
 * One entry of a feature's list of events: `'staking/entered': payload<{ screen: 'main' }>()`.
 * The type's name is written once, there: the event union (domain/events.ts) takes the payload
 * types from the lists, and the names a recorded log may hold (domain/features.ts) are their keys.
 */
export const payload = <T = Record<string, never>>(): Payload<T> => PAYLOAD as Payload<T>

/** A feature's list of events as the map from each type to its payload. */
export type PayloadsOf<L> = { [K in keyof L]: L[K] extends Payload<infer T> ? T : never }

/** A feature's list of events: type names `feature/pastTense`, each with its payload. */
export type EventList = Record<`${string}/${string}`, Payload<unknown>>

/**
 * A feature's slice, declared once in domain/<feature>/slice.ts and listed once in
 * domain/features.ts: its name in the root state, its initial state, the events it declares, and
 * its handlers (domain/<feature>/reducer.ts, typed there as `Handlers<ItsState>`). A lazy slice's
 * handlers come with its feature's chunk (streams/features.ts): the first screen carries its
 * initial state and its event names only.
 *
 * An eager slice hands its handlers as a function typed `(): object` (`handlers: (): object =>
 * appHandlers`): the event union is made from the slices and the handlers' type from the union,
 * so a slice's own type must not depend on its handlers' (TypeScript would see a circle); with
 * the return type written, it never looks into the function. The handlers' type is checked where
 * they are declared (`appHandlers: Handlers<AppState>`).
 */
export type Slice<
  N extends string,
  S,
  L extends EventList,
  H extends SliceHandlers = SliceHandlers,
  J extends Journey<S, unknown> | undefined = undefined,
> = {
  readonly name: N
  readonly initialState: S
  readonly events: L
  /** Its part in a journey that survives a reload (domain/<feature>/journey.ts), if it has one. */
  readonly journey: J
} & H

/** Where a slice's handlers come from: with it (an eager slice), or with its feature's chunk. */
export type SliceHandlers =
  | { readonly handlers: () => object; readonly lazy?: undefined }
  | { readonly lazy: true; readonly handlers?: undefined }

/**
 * A slice's declaration; `events` may be left out by a slice that only answers others' events
 * (refill), `journey` by one that takes no part in a journey.
 */
export const defineSlice = <
  const N extends string,
  S,
  const H extends SliceHandlers,
  L extends EventList = Record<never, never>,
  J extends Journey<S, unknown> | undefined = undefined,
>(
  slice: { readonly name: N; readonly initialState: S; readonly events?: L; readonly journey?: J } & H,
): Slice<N, S, L, H, J> => ({ events: {}, journey: undefined, ...slice }) as unknown as Slice<N, S, L, H, J>

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
 * back. Declared by each feature next to its slice (`domain/<f>/journey.ts`) and handed to it
 * (`journey` in domain/<f>/slice.ts); domain/journeys.ts gathers them from the slices. Money stays safe: `pick` takes only what the user typed or picked, never a
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
