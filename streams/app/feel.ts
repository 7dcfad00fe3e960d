/**
 * The app as a Telegram client behaves: Telegram asks before closing while money is in
 * flight, a vertical swipe does not close the app on a screen that scrolls a list, and a choice in a
 * picker or a toggle ticks. All follow the log: state decides, the bridge only carries it out.
 */
import { Observable, distinctUntilChanged, filter, ignoreElements, map, mergeMap, of, tap } from 'rxjs'
import { SELECTION_EVENTS, moneyInFlight, scrollsList } from '../../domain/app/feel'
import { ev } from '../../domain/events'
import { ofType } from '../ofType'
import { schemeOf } from '../telegram/launch'
import type { Epic, NamedEpic } from '../store'

export const closingConfirmationEpic: Epic = (_events$, state$, { telegram }) =>
  state$.pipe(
    map(moneyInFlight),
    distinctUntilChanged(),
    tap((on) => telegram.setClosingConfirmation(on)),
    ignoreElements(),
  )

export const verticalSwipesEpic: Epic = (_events$, state$, { telegram }) =>
  state$.pipe(
    map((s) => !scrollsList(s)),
    distinctUntilChanged(),
    tap((on) => telegram.setVerticalSwipes(on)),
    ignoreElements(),
  )

export const selectionHapticEpic: Epic = (events$, _state$, { telegram }) =>
  events$.pipe(
    filter((e) => SELECTION_EVENTS.has(e.type)),
    tap(() => telegram.hapticSelection()),
    ignoreElements(),
  )

/** Telegram's theme_changed enters the log, so the state's light or dark scheme and a replay follow it. */
export const themeChangesEpic: Epic = (_events$, _state$, { telegram }) =>
  new Observable<Record<string, string>>((sub) => telegram.onThemeChanged((theme) => sub.next(theme))).pipe(
    map((theme) => ev('app/themeChanged', { theme, colorScheme: schemeOf(theme.bg_color) })),
  )

/** The launch's theme and every change restyle the page and Telegram's header, background and bottom bar. */
export const themeApplyEpic: Epic = (events$, _state$, { telegram }) =>
  events$.pipe(
    ofType('app/launched', 'app/themeChanged'),
    mergeMap((e) => of(e.payload.theme)),
    filter((theme): theme is Record<string, string> => theme !== undefined),
    tap((theme) => telegram.applyTheme(theme)),
    ignoreElements(),
  )

export const feelEpics: NamedEpic[] = [
  { name: 'app/themeChanges', epic: themeChangesEpic },
  { name: 'app/themeApply', epic: themeApplyEpic },
  { name: 'app/closingConfirmation', epic: closingConfirmationEpic },
  { name: 'app/verticalSwipes', epic: verticalSwipesEpic },
  { name: 'app/selectionHaptic', epic: selectionHapticEpic },
]
