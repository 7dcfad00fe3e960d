/** Guilds and alliances as a lazily loaded feature (streams/features.ts): its slice, its epics, its calls and those it borrows (the miner's record made, the friends' invite link). */
import { guildsEndpoints } from '../../domain/guilds/endpoints'
import { miningEndpoints } from '../../domain/mining/endpoints'
import { friendsEndpoints } from '../../domain/friends/endpoints'
import { guildsHandlers } from '../../domain/guilds/reducer'
import type { Feature } from '../features'
import { guildsEpics } from './epics'

export const feature: Feature = {
  name: 'guilds',
  handlers: guildsHandlers,
  epics: guildsEpics,
  endpoints: { ...guildsEndpoints, ...miningEndpoints, ...friendsEndpoints },
}
