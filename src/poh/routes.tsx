/** poh.5-9: each screen of the proof of humanity; the effects route between them by the status. */
import { type ScreenRoute, lazyScreen } from '../app/screenRoute'

const load = () => import('./screens')

export const pohRoutes: readonly ScreenRoute[] = [
  { path: '/prove', screen: lazyScreen(load, 'IntroScreen'), menu: false, feature: 'poh' },
  { path: '/prove/code', screen: lazyScreen(load, 'CodeScreen'), menu: false, feature: 'poh' },
  { path: '/prove/loader', screen: lazyScreen(load, 'LoaderScreen'), menu: false, feature: 'poh' },
  { path: '/prove/success', screen: lazyScreen(load, 'SuccessScreen'), menu: false, feature: 'poh' },
  { path: '/prove/failed', screen: lazyScreen(load, 'FailedScreen'), menu: false, feature: 'poh' },
]
