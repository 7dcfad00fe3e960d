/** The wallet's screens: home (in the first screen's bundle) and a history entry's detail. */
import { type ScreenRoute, lazyScreen } from '../app/screenRoute'
import { Home } from './Home'

export const walletRoutes: readonly ScreenRoute[] = [
  { path: '/', screen: Home, menu: true },
  { path: '/history/entry', screen: lazyScreen(() => import('./HistoryDetail'), 'HistoryDetail'), menu: false },
]
