import type { Draft } from 'immer'
import type { EventOf, EventType } from './events'

/**
 * How a slice of state answers events: one small handler per event type it cares about (after
 * excalidraw's actions). The root builds one table from them, so an event reaches only the
 * handlers that want it: a replay of 100 000 events pays for no switch it does not need.
 */
export type Handlers<S> = { [K in EventType]?: (d: Draft<S>, e: EventOf<K>) => void }
