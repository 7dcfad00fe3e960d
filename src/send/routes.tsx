/** Send: the token, the draft, its confirmation and the result. */
import { type ScreenRoute, lazyScreen } from '../app/screenRoute'

const load = () => import('./Send')

/** Its screens need the send and the token picker (the token step). */
const SEND = ['send', 'picker'] as const

export const sendRoutes: readonly ScreenRoute[] = [
  { path: '/send', screen: lazyScreen(load, 'SendToken'), menu: false, feature: SEND },
  { path: '/send/info', screen: lazyScreen(load, 'SendInfo'), menu: false, feature: SEND },
  { path: '/send/confirm', screen: lazyScreen(load, 'SendConfirm'), menu: false, feature: SEND },
  { path: '/send/success', screen: lazyScreen(load, 'SendSuccess'), menu: false, feature: SEND },
]
