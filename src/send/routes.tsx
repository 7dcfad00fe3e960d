/** Send: the token, the draft, its confirmation and the result. */
import { type ScreenRoute, lazyScreen } from '../app/screenRoute'

const load = () => import('./Send')

export const sendRoutes: readonly ScreenRoute[] = [
  { path: '/send', screen: lazyScreen(load, 'SendToken'), menu: false },
  { path: '/send/info', screen: lazyScreen(load, 'SendInfo'), menu: false },
  { path: '/send/confirm', screen: lazyScreen(load, 'SendConfirm'), menu: false },
  { path: '/send/success', screen: lazyScreen(load, 'SendSuccess'), menu: false },
]
