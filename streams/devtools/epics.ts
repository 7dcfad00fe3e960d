/** "Report a problem": the redacted recorded log goes to the server; a ticket comes back. */
import { catchError, exhaustMap, map, of } from 'rxjs'
import { toRequestError } from '../../domain/api/errors'
import { ev } from '../../domain/events'
import { newestEventsThatFit } from '../../domain/devtools/upload'
import { encodeLog } from '../../domain/log'
import type { Epic, NamedEpic } from '../store'
import { ofType } from '../ofType'

/** A write: exhaustMap, so taps while an upload runs send nothing more. */
export const reportEpic: Epic = (events$, _state$, { api, recorder, clock }) =>
  events$.pipe(
    ofType('devtools/reportRequested'),
    exhaustMap(() => {
      // The newest part of the log that the server takes; the file download keeps the whole log.
      const log = encodeLog(newestEventsThatFit(recorder.events()), recorder.env(), new Date(clock.now()).toISOString())
      return api.call('bugReport', { log: log as unknown as Record<string, unknown> }).pipe(
        map(({ ticket }) => ev('devtools/reportSent', { ticket })),
        catchError((e) => of(ev('devtools/reportFailed', { error: toRequestError(e) }))),
      )
    }),
  )

export const devtoolsEpics: NamedEpic[] = [{ name: 'devtools/report', epic: reportEpic }]
