/** The friends screen survives a reload as a route (domain/app/journey.ts): nothing on it is a draft. */
import type { Journey } from '../slice'
import type { FriendsState } from './state'

export const friendsJourney: Journey<FriendsState> = {
  screens: ['/mining/frens'],
}
