/** Guilds and an alliance's page. */
import { type ScreenRoute, lazyScreen } from '../app/screenRoute'

export const guildsRoutes: readonly ScreenRoute[] = [
  {
    path: '/mining/guilds',
    screen: lazyScreen(() => import('./GuildsScreen'), 'GuildsScreen'),
    menu: false,
    feature: 'guilds',
  },
  /** `:name`: one path segment, any alliance (the screen reads it with useParams). */
  {
    path: '/mining/guilds/alliance/:name',
    screen: lazyScreen(() => import('./AllianceScreen'), 'AllianceScreen'),
    menu: false,
    feature: 'guilds',
  },
]
