/**
 * The one union of everything that can happen in the app (DESIGN §3).
 * Each feature lists its events with their payloads (domain/<feature>/events.ts); the list of
 * slices (domain/features.ts) joins them, so `switch (event.type)` narrows the payload and is
 * exhaustive.
 */
import type { AllEvents } from './features'

export type EventMap = AllEvents
export type EventType = keyof EventMap

/** What an intent or an effect hands to `dispatch`: the store stamps `seq` and `at`. */
export type EventInput = { [K in EventType]: { type: K; payload: EventMap[K] } }[EventType]

/** A logged event: the envelope `{seq, at, type, payload}`; payloads are plain JSON. */
export type AppEvent = { [K in EventType]: { seq: number; at: number; type: K; payload: EventMap[K] } }[EventType]

export type EventOf<K extends EventType> = Extract<AppEvent, { type: K }>

/** Builds an event input with its payload type checked against the map. */
export const ev = <K extends EventType>(type: K, payload: EventMap[K]): EventInput => ({ type, payload }) as EventInput

/** The feature an event belongs to: the part of its type before the slash. */
export const featureOf = (type: string): string => type.slice(0, type.indexOf('/'))
