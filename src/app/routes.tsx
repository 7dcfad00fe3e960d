/**
 * Every screen, by route: each feature declares its own in src/<feature>/routes.tsx, and this list
 * spreads them (one line a feature). react-router matches a location to them (src/app/App.tsx) in
 * any letter case and with a trailing slash; an unknown path (a bad launch URL) shows home. The
 * location is the log's (./LogRouter.tsx), so a replayed log lands on the same screen.
 */
import { copyTradeRoutes } from '../copyTrade/routes'
import { devtoolsRoutes } from '../devtools/routes'
import { friendsRoutes } from '../friends/routes'
import { guildsRoutes } from '../guilds/routes'
import { miningRoutes } from '../mining/routes'
import { pohRoutes } from '../poh/routes'
import { refillRoutes } from '../refill/routes'
import { sendRoutes } from '../send/routes'
import { stakingRoutes } from '../staking/routes'
import { swapRoutes } from '../swap/routes'
import { tasksRoutes } from '../tasks/routes'
import { walletRoutes } from '../wallet/routes'
import { matchRoutes } from 'react-router-dom'
import { loadFeature } from '../../streams/features'
import { type ScreenRoute, featuresOf, preloadScreen } from './screenRoute'

export const SCREENS: readonly ScreenRoute[] = [
  ...walletRoutes,
  ...devtoolsRoutes,
  ...refillRoutes,
  ...sendRoutes,
  ...swapRoutes,
  ...copyTradeRoutes,
  ...miningRoutes,
  ...guildsRoutes,
  ...friendsRoutes,
  ...tasksRoutes,
  ...stakingRoutes,
  ...pohRoutes,
]

/** What react-router matches a location against (src/app/App.tsx): the screens, and home for any other path. */
export const SCREEN_ROUTES: readonly ScreenRoute[] = [...SCREENS, { ...walletRoutes[0], path: '*' }]

/**
 * The chunks of the screen at `location` and of the features it needs, fetched before the app's
 * first render so that screen renders whole at once (./screenRoute.ts lazyScreen). Settles either
 * way: a chunk that fails to load is the screen's error boundary's, as on any later visit.
 */
export function preloadScreenAt(location: string): Promise<unknown> {
  const pathname = location.split(/[?#]/)[0]
  const match = matchRoutes(
    SCREEN_ROUTES.map((route, index) => ({ path: route.path, id: String(index) })),
    pathname,
  )?.[0]
  const route = match === undefined ? undefined : SCREEN_ROUTES[Number(match.route.id)]
  if (route === undefined) return Promise.resolve()
  return Promise.allSettled([preloadScreen(route), ...featuresOf(route.feature).map(loadFeature)])
}
