/** Friends and referrals as a lazily loaded feature (streams/features.ts): its slice, its epics, the game's calls. */
import { gameEndpoints } from '../../domain/api/gameEndpoints'
import { friendsHandlers } from '../../domain/friends/reducer'
import type { Feature } from '../features'
import { friendsEpics } from './epics'

export const feature: Feature = {
  name: 'friends',
  handlers: friendsHandlers,
  epics: friendsEpics,
  endpoints: gameEndpoints,
}
