import { type OperatorFunction, filter } from 'rxjs'
import type { AppEvent, EventOf, EventType } from '../domain/events'

/** Keeps the events of the given types, narrowed to them. */
export const ofType = <K extends EventType>(...types: K[]): OperatorFunction<AppEvent, EventOf<K>> =>
  filter((e): e is EventOf<K> => (types as EventType[]).includes(e.type))
