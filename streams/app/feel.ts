/**
 * The app as a Telegram client behaves (issue 13): Telegram asks before closing while money is in
 * flight, a vertical swipe does not close the app on a screen that scrolls a list, and a choice in a
 * picker or a toggle ticks. All follow the log: state decides, the bridge only carries it out.
 */
import { distinctUntilChanged, filter, ignoreElements, map, tap } from 'rxjs'
import { SELECTION_EVENTS, moneyInFlight, scrollsList } from '../../domain/app/feel'
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

export const feelEpics: NamedEpic[] = [
  { name: 'app/closingConfirmation', epic: closingConfirmationEpic },
  { name: 'app/verticalSwipes', epic: verticalSwipesEpic },
  { name: 'app/selectionHaptic', epic: selectionHapticEpic },
]
