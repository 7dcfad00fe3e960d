/**
 * Guilds and alliances effects (doc 2 §2-5, §7-8): the leaderboard the screen shows (guilds.7,
 * guilds.10), reloaded on a refresh (guilds.8) and after a join or a leave; joining (guilds.13, with
 * the profile made first for the start parameter's join, guilds.22) and leaving after Telegram's
 * popup (guilds.14); the alliance page's details (guilds.16) and the server's invite link its
 * invite link is made from; the 'copied' note's 3 s (guilds.20). Load failures become events the
 * screens show quietly (guilds.24).
 */
import {
  EMPTY,
  type Observable,
  catchError,
  concat,
  defer,
  exhaustMap,
  filter,
  map,
  merge,
  mergeMap,
  of,
  switchMap,
  timer,
} from 'rxjs'
import { toRequestError } from '../../domain/api/errors'
import { type EventInput, type EventOf, ev } from '../../domain/events'
import type { JoinVia } from '../../domain/guilds/events'
import { INVITE_COPIED_MS, allianceKey, allianceNameFromPath } from '../../domain/guilds/rules'
import { INVITE_COPY_TARGET } from '../../domain/guilds/state'
import type { RootState } from '../../domain/state'
import type { Deps } from '../deps'
import { ofType } from '../ofType'
import type { Epic, NamedEpic } from '../store'

/** guilds.7, guilds.10: the shown mode's board for the shown rank; a newer choice makes an older read stale. */
export const boardEpic: Epic = (events$, state$, { api }) =>
  events$.pipe(
    ofType(
      'guilds/entered',
      'guilds/modeChanged',
      'guilds/carouselMoved',
      'guilds/refreshRequested',
      'guilds/joined',
      'guilds/allianceLeft',
    ),
    filter(
      (e) =>
        (e.type !== 'guilds/joined' && e.type !== 'guilds/allianceLeft') || state$.value.guilds.mode === 'alliance',
    ),
    switchMap((): Observable<EventInput> => {
      const { mode, rank } = state$.value.guilds
      if (mode === 'individual')
        return api.call('guildLeaderboard', { rank }).pipe(
          map((board) => ev('guilds/leaderboardReceived', { rank, board })),
          catchError((e: unknown) => {
            console.warn('guild leaderboard failed', e)
            return of(ev('guilds/leaderboardFailed', { rank, error: toRequestError(e) }))
          }),
        )
      return api.call('allianceLeaderboard', { rank }).pipe(
        map((board) => ev('guilds/allianceBoardReceived', { rank, board })),
        catchError((e: unknown) => {
          console.warn('alliance leaderboard failed', e)
          return of(ev('guilds/allianceBoardFailed', { rank, error: toRequestError(e) }))
        }),
      )
    }),
  )

/** guilds.22: the start parameter's join makes the mining profile first when there is none (as mining.3 does). */
function ensureProfile({ api }: Pick<Deps, 'api'>): Observable<EventInput> {
  return api
    .call('miningUser', {})
    .pipe(
      mergeMap((answer) =>
        answer.userMining !== null ? EMPTY : api.call('createMiningUser', {}).pipe(map(() => ev('mining/created', {}))),
      ),
    )
}

/** guilds.13, guilds.15, guilds.22: one join at a time (a write: exhaustMap). */
export const joinEpic: Epic = (events$, _state$, deps) =>
  events$.pipe(
    ofType('guilds/joinRequested'),
    exhaustMap(({ payload: { name, via } }) =>
      concat(
        via === 'start' ? ensureProfile(deps) : EMPTY,
        defer(() => deps.api.call('setAlliance', { alliance: name })).pipe(map(() => ev('guilds/joined', { name }))),
      ).pipe(
        catchError((e: unknown) => {
          console.warn('alliance join failed', e)
          return of(ev('guilds/joinFailed', { name, error: toRequestError(e) }))
        }),
      ),
    ),
  )

/** guilds.14: Leave asks in Telegram's popup first; one question, one leave (exhaustMap). */
export const leaveEpic: Epic = (events$, _state$, { api, telegram }) =>
  events$.pipe(
    ofType('guilds/leaveRequested'),
    exhaustMap(({ payload: { name, prompt } }) =>
      telegram.confirm({ message: prompt.message, ok: prompt.ok, cancel: prompt.cancel, destructive: true }).pipe(
        mergeMap((confirmed) =>
          !confirmed
            ? of(ev('guilds/leaveDeclined', { name }))
            : concat(
                of(ev('guilds/leaveConfirmed', { name })),
                api.call('setAlliance', {}).pipe(
                  map(() => ev('guilds/allianceLeft', { name })),
                  catchError((e: unknown) => {
                    console.warn('alliance leave failed', e)
                    return of(ev('guilds/leaveFailed', { name, error: toRequestError(e) }))
                  }),
                ),
              ),
        ),
      ),
    ),
  )

/**
 * The alliance whose page is on screen, from the route (null elsewhere). The location's path is read
 * here by hand, not through domain/app's helpers, which keeps those in the first screen's main chunk.
 */
export const shownAlliance = (s: RootState): string | null =>
  allianceNameFromPath((s.app.history.at(-1) ?? '/').split('?')[0])

/** guilds.16: the page's details when it opens, and again after a join or a leave while it shows. */
export const allianceEpic: Epic = (events$, state$, { api }) =>
  merge(
    events$.pipe(
      ofType('guilds/allianceOpened'),
      map((e) => e.payload.name),
    ),
    events$.pipe(
      ofType('guilds/joined', 'guilds/allianceLeft'),
      map(() => shownAlliance(state$.value)),
      filter((name): name is string => name !== null),
    ),
  ).pipe(
    switchMap((name) =>
      api.call('alliance', { name }).pipe(
        map((alliance) => ev('guilds/allianceReceived', { name, alliance })),
        catchError((e: unknown) => {
          console.warn('alliance details failed', e)
          return of(ev('guilds/allianceFailed', { name, error: toRequestError(e) }))
        }),
      ),
    ),
  )

/** guilds.18: the server's invite link names the bot; asked once, when a page first opens. */
export const inviteLinkEpic: Epic = (events$, state$, { api }) =>
  events$.pipe(
    ofType('guilds/allianceOpened'),
    filter(() => state$.value.guilds.inviteLink === null),
    exhaustMap(() =>
      api.call('invite', {}).pipe(
        map((answer) => ev('guilds/inviteLinkReceived', { link: answer.link })),
        catchError((e: unknown) => {
          console.warn('invite link unavailable', e)
          return EMPTY
        }),
      ),
    ),
  )

const isStartJoin = (e: { type: string; payload: unknown }, key: string, launch: number | null): boolean => {
  if (e.type !== 'guilds/joinRequested') return false
  const p = (e as EventOf<'guilds/joinRequested'>).payload
  return p.via === ('start' satisfies JoinVia) && p.launch === launch && allianceKey(p.name) === key
}

/**
 * guilds.22: the page the start parameter `alliance` opened joins that alliance, once per launch:
 * a reload of the web-view keeps the same init data (its auth_date), and the recorded log, which
 * spans reloads, already holds that launch's join; opening the link again is a new launch.
 */
export const startJoinEpic: Epic = (events$, state$, { recorder }) =>
  events$.pipe(
    ofType('guilds/allianceOpened'),
    mergeMap(({ payload: { name } }) => {
      const wanted = state$.value.app.startParams.alliance
      if (wanted === undefined || allianceKey(wanted) !== allianceKey(name)) return EMPTY
      const log = recorder.events()
      let launch: number | null = null
      for (let i = log.length - 1; i >= 0; i--) {
        const e = log[i]
        if (e.type === 'app/launched') {
          launch = e.payload.authDate
          break
        }
      }
      const key = allianceKey(name)
      if (log.some((e) => isStartJoin(e, key, launch))) return EMPTY
      return of(ev('guilds/joinRequested', { name: wanted, via: 'start', launch }))
    }),
  )

/** guilds.20: the invite link's 'copied' note for 3 s; a second copy starts the 3 s again. */
export const inviteCopiedEpic =
  (noteMs = INVITE_COPIED_MS): Epic =>
  (events$, _state$, { scheduler }) =>
    events$.pipe(
      ofType('app/copied'),
      filter((e) => e.payload.target === INVITE_COPY_TARGET),
      switchMap(() => timer(noteMs, scheduler).pipe(map(() => ev('guilds/inviteCopiedExpired', {})))),
    )

export const guildsEpics: NamedEpic[] = [
  { name: 'guilds/board', epic: boardEpic },
  { name: 'guilds/join', epic: joinEpic },
  { name: 'guilds/leave', epic: leaveEpic },
  { name: 'guilds/alliance', epic: allianceEpic },
  { name: 'guilds/inviteLink', epic: inviteLinkEpic },
  { name: 'guilds/startJoin', epic: startJoinEpic },
  { name: 'guilds/inviteCopied', epic: inviteCopiedEpic() },
]
