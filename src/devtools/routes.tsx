/** The bug report screen (its time-travel panel loads apart, src/devtools/DevtoolsMount.tsx). */
import { type ScreenRoute, lazyScreen } from '../app/screenRoute'

export const devtoolsRoutes: readonly ScreenRoute[] = [
  { path: '/report', screen: lazyScreen(() => import('./Report'), 'Report'), menu: false },
]
