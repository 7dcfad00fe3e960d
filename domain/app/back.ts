/**
 * The back button (app.14), which reads more than the route: an open sheet (the deposit drawer,
 * the wallet chooser, the language picker) is closed first, as Telegram's own apps do, and only a
 * press with no sheet open navigates. It is a handler over the whole state, so a replay agrees.
 */
import type { Draft } from 'immer'
import type { RootState } from '../state'
import { back, isInnerScreen, parseLocation } from './routes'
import { currentLocation } from './state'

type Sheets = Pick<RootState, 'app' | 'wallet'>

/** Whether a sheet is open over the screen. */
export const sheetOpen = (s: Sheets) => s.app.languagePickerOpen || s.wallet.depositOpen || s.wallet.chooserOpen

/** Whether the back button shows: on inner screens (app.14), and over an open sheet. */
export const backButtonVisible = (s: Sheets) =>
  sheetOpen(s) || isInnerScreen(parseLocation(currentLocation(s.app)).path)

export function backPressed(s: Draft<Sheets>): void {
  if (sheetOpen(s)) {
    s.app.languagePickerOpen = false
    s.wallet.depositOpen = false
    s.wallet.chooserOpen = false
    return
  }
  s.app.history = back(s.app.history)
}
