/** Friends and referrals as a lazily loaded feature (streams/features.ts): its slice, its epics, its calls. */
import { friendsEndpoints } from '../../domain/friends/endpoints'
import { friendsHandlers } from '../../domain/friends/reducer'
import type { Feature } from '../features'
import { friendsEpics } from './epics'

export const feature: Feature = {
  name: 'friends',
  handlers: friendsHandlers,
  epics: friendsEpics,
  endpoints: friendsEndpoints,
}
