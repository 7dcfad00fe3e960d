/**
 * The loader's spinner (poh.30): one segment further every 300 ms across 12. A view's timer that
 * changes no state (nothing is logged): the loader reads it as an Observable of the lit segment.
 */
import { type Observable, type SchedulerLike, asyncScheduler, interval, map, startWith } from 'rxjs'

export const SPINNER_STEP_MS = 300
export const SPINNER_SEGMENTS = 12

export const spinnerSegment$ = (
  scheduler: SchedulerLike = asyncScheduler,
  stepMs = SPINNER_STEP_MS,
  segments = SPINNER_SEGMENTS,
): Observable<number> =>
  interval(stepMs, scheduler).pipe(
    map((i) => (i + 1) % segments),
    startWith(0),
  )
