/**
 * The screens that exist, by route. The current route is state (app/navigated), not the browser
 * URL, so a replayed log shows the same screen. Only built screens are registered (no placeholders).
 */
import type { ComponentType } from 'react'
import { matchPath } from 'react-router-dom'
import { Home } from '../wallet/Home'
import { Report } from '../devtools/Report'

export interface Screen {
  path: string
  component: ComponentType
  /** Whether the bottom menu shows on this screen. */
  menu: boolean
}

export const SCREENS: readonly Screen[] = [
  { path: '/', component: Home, menu: true },
  { path: '/report', component: Report, menu: false },
]

/** The screen for a path; an unknown path (a bad launch URL) shows home. */
export function screenFor(path: string): Screen {
  return SCREENS.find((s) => matchPath({ path: s.path, end: true }, path) !== null) ?? SCREENS[0]
}

export const hasScreen = (path: string) => SCREENS.some((s) => matchPath({ path: s.path, end: true }, path) !== null)
