/** Tasks: the PUNK burn, one per tap (tasks.33-42). */
import { EMPTY, catchError, concat, exhaustMap, map, of, tap } from 'rxjs'
import type { DecimalString } from '../../domain/api/codecs'
import { toRequestError } from '../../domain/api/errors'
import { ev } from '../../domain/events'
import { burnToSend } from '../../domain/tasks/selectors'
import { writeKeys } from '../idempotency'
import { ofType } from '../ofType'
import type { Epic } from '../store'

/**
 * tasks.36-39: one burn per tap (a write: exhaustMap, and the reducer takes no second while one is
 * out), with a key drawn here; an answer without errorCode is success; a refusal shows the server's
 * code and message; a network failure is 500 'server-error'. The same burn tapped again after a
 * failure with no answer goes with the same key (the first may have burned).
 */
export const burnEpic: Epic = (events$, state$, deps) => {
  const keys = writeKeys(deps)
  return events$.pipe(
    ofType('tasks/burnTapped'),
    exhaustMap(() => {
      const amount = burnToSend(state$.value.tasks)
      if (amount === null) return EMPTY
      const key = keys.keyFor({ amount })
      return concat(
        of(ev('tasks/burnSent', { amount, idempotencyKey: key })),
        deps.api.call('burnPunks', { amount: amount as DecimalString, idempotencyKey: key }).pipe(
          tap(() => keys.settled()),
          map((answer) =>
            answer.errorCode !== undefined
              ? ev('tasks/burnFailed', { errorCode: answer.errorCode, errorMessage: answer.errorMessage })
              : ev('tasks/burned', {
                  amount,
                  ...(answer.speed !== undefined ? { speed: answer.speed } : {}),
                  ...(answer.hours !== undefined ? { hours: answer.hours } : {}),
                }),
          ),
          catchError((e: unknown) => {
            console.warn('burn failed', e)
            const error = toRequestError(e)
            keys.failed(error)
            return of(
              error.kind === 'rejected'
                ? ev('tasks/burnFailed', { errorCode: error.status, errorMessage: error.message })
                : ev('tasks/burnFailed', { errorCode: 500, errorMessage: 'server-error' }),
            )
          }),
        ),
      )
    }),
  )
}
