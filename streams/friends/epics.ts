/**
 * Friends effects (doc 2 §2 /mining/frens, §7): on entering the screen, the referral
 * stats, the first page of friends, the invite link (once) and the server's clock; later pages on
 * "Show more", one at a time. Each failure is its own event: one part failing leaves the others.
 */
import { EMPTY, type Observable, catchError, exhaustMap, filter, map, merge, mergeMap, of, switchMap } from 'rxjs'
import { toRequestError } from '../../domain/api/errors'
import { type EventInput, ev } from '../../domain/events'
import { FRIENDS_PAGE_SIZE } from '../../domain/friends/rules'
import type { Deps } from '../deps'
import { ofType } from '../ofType'
import type { Epic, NamedEpic } from '../store'

/** friends.5: GET referral stats, on entering and on a retry; a newer ask makes an older answer stale. */
export const statsEpic: Epic = (events$, _state$, { api }) =>
  events$.pipe(
    ofType('friends/entered', 'friends/statsRetried'),
    switchMap(() =>
      api.call('referralStats', {}).pipe(
        map((stats) => ev('friends/statsReceived', { stats })),
        catchError((e: unknown) => {
          console.warn('referral stats failed', e)
          return of(ev('friends/statsFailed', { error: toRequestError(e) }))
        }),
      ),
    ),
  )

/** friends.9: one page, 10 friends, after `pageToken` (the first page without one). */
function loadPage({ api }: Pick<Deps, 'api'>, pageToken: string | null): Observable<EventInput> {
  return api
    .call('friends', pageToken === null ? { limit: FRIENDS_PAGE_SIZE } : { limit: FRIENDS_PAGE_SIZE, pageToken })
    .pipe(
      map((answer) => ev('friends/pageReceived', { pageToken, answer })),
      catchError((e: unknown) => {
        console.warn('friends page failed', e)
        return of(ev('friends/pageFailed', { pageToken, error: toRequestError(e) }))
      }),
    )
}

/**
 * friends.10: entering reads the first page; each "Show more" reads the page after the last one
 * shown, with its nextToken. A page is asked only while none is out (exhaustMap; the reducer marks
 * the page asked for, so a tap during a read asks nothing and an answer is taken once). Entering
 * again starts over.
 */
export const pagesEpic: Epic = (events$, state$, deps) =>
  events$.pipe(
    ofType('friends/entered'),
    switchMap((entered) =>
      merge(of(entered), events$.pipe(ofType('friends/moreRequested'))).pipe(
        exhaustMap(() => {
          const token = state$.value.friends.list.loading
          return token === undefined ? EMPTY : loadPage(deps, token)
        }),
      ),
    ),
  )

/** friends.12-13: the invite link, once a session (it does not change); again on a retry. */
export const inviteEpic: Epic = (events$, state$, { api }) =>
  events$.pipe(
    ofType('friends/entered', 'friends/inviteRetried'),
    filter(() => state$.value.friends.inviteLoading),
    exhaustMap(() =>
      api.call('invite', {}).pipe(
        map((invite) => ev('friends/inviteReceived', { invite })),
        catchError((e: unknown) => {
          console.warn('invite link failed', e)
          return of(ev('friends/inviteFailed', { error: toRequestError(e) }))
        }),
      ),
    ),
  )

/**
 * friends.7: the contest counts down on the server's clock, read from the mining record's
 * serverTime on entering; without it the device's clock stands in (a failure shows nothing).
 */
export const clockEpic: Epic = (events$, _state$, { api }) =>
  events$.pipe(
    ofType('friends/entered'),
    switchMap(() =>
      api.call('miningUser', {}).pipe(
        mergeMap((answer) =>
          answer.serverTime === undefined ? EMPTY : of(ev('friends/clockRead', { serverTime: answer.serverTime })),
        ),
        catchError((e: unknown) => {
          console.warn('server clock unavailable', e)
          return EMPTY
        }),
      ),
    ),
  )

export const friendsEpics: NamedEpic[] = [
  { name: 'friends/stats', epic: statsEpic },
  { name: 'friends/pages', epic: pagesEpic },
  { name: 'friends/invite', epic: inviteEpic },
  { name: 'friends/clock', epic: clockEpic },
]
