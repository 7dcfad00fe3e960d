/** The miner: a tab of the bottom menu. */
import { type ScreenRoute, lazyScreen } from '../app/screenRoute'

export const miningRoutes: readonly ScreenRoute[] = [
  {
    path: '/mining',
    screen: lazyScreen(() => import('./MiningScreen'), 'MiningScreen'),
    menu: true,
    feature: 'mining',
  },
]
