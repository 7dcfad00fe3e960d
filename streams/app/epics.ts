/**
 * Shell effects: the Telegram back button, haptics on navigation, outside links, copy controls
 * (./copy.ts), the storage reset after 25 quick taps, and logging of rejected start parameters.
 */
import {
  EMPTY,
  Observable,
  catchError,
  concatMap,
  distinctUntilChanged,
  ignoreElements,
  map,
  merge,
  mergeMap,
  tap,
} from 'rxjs'
import { LANGUAGE_COOKIE } from '../../domain/app/language'
import { ev } from '../../domain/events'
import { backButtonVisible } from '../../domain/app/back'
import type { Epic, NamedEpic } from '../store'
import { ofType } from '../ofType'
import { copyEpic, copyFeedbackEpic } from './copy'
import { historyMirrorEpic } from './historyMirror'
import { journeyRestoreEpic } from './journey'

/**
 * app.14: the back button shows on inner screens and over a sheet; a press is an event the reducer
 * resolves. Telegram's, where a Telegram host answered; without one the page draws its own
 * (src/app/PageBackButton.tsx) and Telegram's is never asked for.
 */
export const backButtonEpic: Epic = (_events$, state$, { telegram }) =>
  merge(
    state$.pipe(
      map((s) => s.app.telegramHost && !s.app.maintenance && backButtonVisible(s)),
      distinctUntilChanged(),
      tap((visible) => telegram.showBackButton(visible)),
      ignoreElements(),
    ),
    new Observable<ReturnType<typeof ev>>((sub) => telegram.onBackButton(() => sub.next(ev('app/backPressed', {})))),
  )

/** app.13: every navigation plays a success haptic. */
export const navigationHapticEpic: Epic = (events$, _state$, { telegram }) =>
  events$.pipe(
    ofType('app/navigated', 'app/backPressed'),
    tap(() => telegram.hapticSuccess()),
    ignoreElements(),
  )

/**
 * Outside links: app.29's big-pump and stats, app.26's news channel, send.19's bot. Telegram links
 * open inside Telegram, others in the browser.
 */
export const linkEpic: Epic = (events$, _state$, { telegram }) =>
  events$.pipe(
    ofType('app/menuLinkOpened', 'app/linkOpened'),
    tap(({ payload }) =>
      /^https:\/\/t\.me\//.test(payload.url) ? telegram.openTelegramLink(payload.url) : telegram.openLink(payload.url),
    ),
    ignoreElements(),
  )

/** app.27: the tap that completes a run of 25 clears local storage and reloads the app. */
export const storageResetEpic: Epic = (events$, state$, { storage, telegram }) =>
  events$.pipe(
    ofType('app/resetTapped'),
    mergeMap((e) => {
      if (state$.value.app.storageResetAt !== e.seq) return EMPTY
      storage.clear()
      telegram.reload()
      return EMPTY
    }),
  )

/** app.18: a rejected start parameter is logged with its reason, and otherwise ignored. */
export const startParamLogEpic: Epic = (events$, state$) =>
  events$.pipe(
    ofType('app/launched'),
    tap(() => {
      for (const r of state$.value.app.startParamRejections)
        console.warn(`start_param ${r.key}=${r.value} rejected: ${r.reason}`)
    }),
    ignoreElements(),
  )

/**
 * app.19, app.22-23: a picked language is kept in the cookie and sent to the wallet; a failed update
 * is only logged. The update is a write: each is sent, in the order chosen (concatMap; a switchMap
 * would cancel one in flight), carrying the moment of the choice so the server keeps the newest.
 */
export const languageEpic: Epic = (events$, _state$, { api, cookies }) =>
  events$.pipe(
    ofType('app/languageChanged'),
    tap(({ payload }) => cookies.set(LANGUAGE_COOKIE, payload.language)),
    concatMap(({ payload, at }) =>
      api.call('userLanguage', { language: payload.language, chosenAt: at }).pipe(
        catchError((e: unknown) => {
          console.warn('language update failed', e)
          return EMPTY
        }),
      ),
    ),
    ignoreElements(),
  )

export const appEpics: NamedEpic[] = [
  { name: 'app/language', epic: languageEpic },
  { name: 'app/backButton', epic: backButtonEpic },
  { name: 'app/navigationHaptic', epic: navigationHapticEpic },
  { name: 'app/historyMirror', epic: historyMirrorEpic },
  { name: 'app/journeyRestore', epic: journeyRestoreEpic },
  { name: 'app/link', epic: linkEpic },
  { name: 'app/copy', epic: copyEpic() },
  { name: 'app/copyFeedback', epic: copyFeedbackEpic() },
  { name: 'app/storageReset', epic: storageResetEpic },
  { name: 'app/startParamLog', epic: startParamLogEpic },
]
