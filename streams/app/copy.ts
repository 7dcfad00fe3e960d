/**
 * Copy controls (wallet.21-25, refill.11-12) as intents and answers in the log: a tap is
 * `app/copyRequested`, the clipboard's answer `app/copied` or `app/copyFailed`, and the end of the
 * 1 s feedback `app/copyFeedbackExpired`, so a replay and the time-travel panel show what the user saw.
 */
import {
  EMPTY,
  catchError,
  concatMap,
  defer,
  distinctUntilChanged,
  endWith,
  filter,
  ignoreElements,
  map,
  of,
  switchMap,
  timeout,
  timer,
} from 'rxjs'
import { COPY_FEEDBACK_MS } from '../../domain/app/copy'
import { ev } from '../../domain/events'
import type { Epic } from '../store'
import { ofType } from '../ofType'

/** A clipboard that has not answered by then has failed (the bridge's own read waits as long). */
export const CLIPBOARD_WRITE_TIMEOUT_MS = 3000

const reasonOf = (e: unknown) => (e instanceof Error ? e.message : String(e))

/**
 * Writes each copied text through the Telegram bridge, in the order tapped. The write starts
 * during the tap's own dispatch, inside the user's gesture, as browsers require of a clipboard write.
 */
export const copyEpic =
  (writeTimeout = CLIPBOARD_WRITE_TIMEOUT_MS): Epic =>
  (events$, _state$, { telegram, scheduler }) =>
    events$.pipe(
      ofType('app/copyRequested'),
      filter(({ payload }) => payload.text !== ''), // nothing to copy: the reducer shows it, nothing is written
      concatMap(({ payload: { target, text } }) =>
        defer(() => telegram.writeClipboard(text)).pipe(
          timeout({ first: writeTimeout, scheduler }),
          ignoreElements(),
          endWith(ev('app/copied', { target })),
          catchError((e: unknown) => {
            console.warn('clipboard write failed', e)
            return of(ev('app/copyFailed', { target, reason: reasonOf(e) }))
          }),
        ),
      ),
    )

/**
 * wallet.24: a copy control's feedback ends 1000 ms after it shows. Driven by state, so a newer
 * feedback restarts the time, and feedback left showing when effects were paused (time travel)
 * still ends once they resume.
 */
export const copyFeedbackEpic =
  (feedbackMs = COPY_FEEDBACK_MS): Epic =>
  (_events$, state$, { scheduler }) =>
    state$.pipe(
      map((s) => s.app.copyFeedback),
      distinctUntilChanged(),
      switchMap((feedback) =>
        feedback === null
          ? EMPTY
          : timer(feedbackMs, scheduler).pipe(map(() => ev('app/copyFeedbackExpired', { target: feedback.target }))),
      ),
    )
