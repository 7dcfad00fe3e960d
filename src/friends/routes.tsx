/** Friends: a tab of the bottom menu. */
import { type ScreenRoute, lazyScreen } from '../app/screenRoute'

export const friendsRoutes: readonly ScreenRoute[] = [
  {
    path: '/mining/frens',
    screen: lazyScreen(() => import('./FriendsScreen'), 'FriendsScreen'),
    menu: true,
    feature: 'friends',
  },
]
