/**
 * The banners' effects (doc 2 §2-4): on activation (idle after the first screen), what local
 * storage and Telegram's cloud storage kept and whether PUNK can be bought enter the log; the
 * scheduler decides then, and again when 24 h have passed since the last banner; a due banner
 * takes the screen when it may (domain/banners/gate.ts); actions open their links or the swap;
 * the kept state is written back to both stores as it changes.
 */
import {
  EMPTY,
  catchError,
  concatMap,
  defer,
  distinctUntilChanged,
  exhaustMap,
  filter,
  forkJoin,
  ignoreElements,
  map,
  mergeMap,
  of,
  switchMap,
  tap,
  timeout,
  timer,
} from 'rxjs'
import { PUNK_SWAP_START_PARAM, PUNK_TOKEN, bannerLink } from '../../domain/banners/config'
import { bannerMayShow } from '../../domain/banners/gate'
import { parseSaved, serializeSaved } from '../../domain/banners/saved'
import { decideBanner, nextBannerAt } from '../../domain/banners/scheduler'
import { BANNERS_STORAGE_KEY } from '../../domain/banners/state'
import { ev } from '../../domain/events'
import { ofType } from '../ofType'
import type { Epic, NamedEpic } from '../store'

/** How long the cloud read may take before the scheduler goes on with what this device kept. */
export const CLOUD_WAIT_MS = 3000

export const activationEpic =
  (cloudWait = CLOUD_WAIT_MS): Epic =>
  (events$, _state$, { storage, telegram, api, scheduler }) =>
    events$.pipe(
      ofType('banners/activated'),
      exhaustMap(() => {
        const local = parseSaved(storage.get(BANNERS_STORAGE_KEY))
        const cloud$ = defer(() => telegram.cloudGet(BANNERS_STORAGE_KEY)).pipe(
          timeout({ first: cloudWait, scheduler }),
          map(parseSaved),
          catchError((e: unknown) => {
            console.warn('banners: cloud storage unreadable', e)
            return of(null)
          }),
        )
        // banners.15: PUNK deposit is eligible when the swap can preselect PUNK (the same call the swap makes).
        const punk$ = api.call('presetTokens', { startParam: PUNK_SWAP_START_PARAM }).pipe(
          map((r) => r.to !== null && r.to.address === PUNK_TOKEN.address),
          catchError((e: unknown) => {
            console.warn('banners: PUNK listing unknown', e)
            return of(false)
          }),
        )
        return forkJoin([cloud$, punk$]).pipe(
          mergeMap(([cloud, listed]) =>
            of(ev('banners/restored', { local, cloud }), ev('banners/punkChecked', { listed })),
          ),
        )
      }),
    )

/**
 * banners.13-17: the decision once everything is read, and after each banner when 24 h have
 * passed since it showed (a session left open overnight gets the next day's banner).
 */
export const scheduleEpic: Epic = (events$, state$, { clock, scheduler }) =>
  events$.pipe(
    ofType('banners/punkChecked', 'banners/shown'),
    switchMap(() => {
      const { saved } = state$.value.banners
      const wait = Math.max(0, nextBannerAt(saved) - clock.now())
      return timer(wait, scheduler).pipe(
        map(() => {
          const { saved: now, punkListed } = state$.value.banners
          return ev('banners/decided', { next: decideBanner(now, { now: clock.now(), punkListed }) })
        }),
      )
    }),
  )

/** banners.1: a due banner takes the screen once a screen it may cover is up. */
export const displayEpic: Epic = (_events$, state$) =>
  state$.pipe(
    map((s) => (s.banners.due !== null && s.banners.showing === null && bannerMayShow(s) ? s.banners.due : null)),
    distinctUntilChanged(),
    filter((kind) => kind !== null),
    map((kind) => ev('banners/shown', { kind })),
  )

/** banners.4-5, banners.9: a bot link with its campaign through Telegram, or the swap with PUNK to buy. */
export const actionEpic: Epic = (events$) =>
  events$.pipe(
    ofType('banners/actionTaken'),
    mergeMap(({ payload: { kind, target } }) =>
      target === 'swap'
        ? of(ev('app/navigated', { to: '/swap' }), ev('swap/presetRequested', { startParam: PUNK_SWAP_START_PARAM }))
        : of(ev('app/linkOpened', { url: bannerLink(kind, target) })),
    ),
  )

/** banners.18: the kept state to local storage at once, and to the cloud (another device) when it differs. */
export const persistEpic: Epic = (events$, state$, { storage, telegram }) => {
  let inCloud: string | null = null
  return events$.pipe(
    ofType(
      'banners/restored',
      'banners/decided',
      'banners/shown',
      'banners/closed',
      'banners/actionTaken',
      'banners/muteToggled',
    ),
    map(() => serializeSaved(state$.value.banners.saved)),
    tap((text) => storage.set(BANNERS_STORAGE_KEY, text)),
    filter((text) => text !== inCloud),
    concatMap((text) =>
      defer(() => {
        inCloud = text
        return telegram.cloudSet(BANNERS_STORAGE_KEY, text)
      }).pipe(
        ignoreElements(),
        catchError((e: unknown) => {
          console.warn('banners: cloud storage not written', e)
          inCloud = null
          return EMPTY
        }),
      ),
    ),
  )
}

export const bannersEpics: readonly NamedEpic[] = [
  { name: 'banners/activation', epic: activationEpic() },
  { name: 'banners/schedule', epic: scheduleEpic },
  { name: 'banners/display', epic: displayEpic },
  { name: 'banners/action', epic: actionEpic },
  { name: 'banners/persist', epic: persistEpic },
]
