/** A failed call's end in an epic: logged, then said as an event (or nothing). */
import { EMPTY, type Observable, of } from 'rxjs'
import { toRequestError } from '../domain/api/errors'
import type { EventInput } from '../domain/events'

/** `catchError(logged('staking configs', (error) => ev('staking/configsFailed', { error })))`. */
export const logged =
  (what: string, failed: (error: ReturnType<typeof toRequestError>) => EventInput | null) =>
  (e: unknown): Observable<EventInput> => {
    console.warn(`${what} failed`, e)
    const event = failed(toRequestError(e))
    return event === null ? EMPTY : of(event)
  }
