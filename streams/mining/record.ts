/**
 * The miner's record as its screens and staking's read it (doc 2 §2, §7), apart from the miner's
 * other effects (./epics.ts) so a chunk that reads the record carries only this.
 */
import { type Observable, catchError, concat, map, mergeMap, of } from 'rxjs'
import { toRequestError } from '../../domain/api/errors'
import { type EventInput, ev } from '../../domain/events'
import type { RootState } from '../../domain/state'
import type { Deps } from '../deps'

/**
 * mining.2-3: GET the record; with no profile yet, POST create (no body) and GET again. The answer's
 * server time and season ride along. When `state` holds the user's record already (read this
 * session), an answer without one is a bad answer, said as a failure with the record kept, not a
 * new user to make and greet with the onboarding.
 */
export function loadMiningUser({ api }: Pick<Deps, 'api'>, state: Pick<RootState, 'mining'>): Observable<EventInput> {
  const held = state.mining.record !== null
  const received = (a: { userMining: unknown; serverTime?: number; season?: unknown }) =>
    ev('mining/userReceived', {
      userMining: a.userMining as never,
      serverTime: a.serverTime ?? null,
      season: (a.season as never) ?? null,
    })
  // Still no profile right after making one: the server's failure, said with a retry, not a loading screen for ever.
  const createdOrFailed = (again: { userMining: unknown; serverTime?: number; season?: unknown }) =>
    again.userMining !== null
      ? received(again)
      : ev('mining/userFailed', {
          error: { kind: 'server', status: 200, message: 'no mining profile after making one' },
        })
  return api.call('miningUser', {}).pipe(
    mergeMap((first) =>
      first.userMining !== null
        ? of(received(first))
        : held
          ? of(
              ev('mining/userFailed', {
                error: { kind: 'server', status: 200, message: 'no mining profile in the answer' },
              }),
            )
          : concat(
              of(ev('mining/creating', {})),
              api
                .call('createMiningUser', {})
                .pipe(
                  mergeMap(() =>
                    concat(of(ev('mining/created', {})), api.call('miningUser', {}).pipe(map(createdOrFailed))),
                  ),
                ),
            ),
    ),
    catchError((e: unknown) => {
      console.warn('mining record failed', e)
      return of(ev('mining/userFailed', { error: toRequestError(e) }))
    }),
  )
}
