/** Guilds and alliances as a lazily loaded feature (streams/features.ts): its slice, its epics, the game's calls. */
import { gameEndpoints } from '../../domain/api/gameEndpoints'
import { guildsHandlers } from '../../domain/guilds/reducer'
import type { Feature } from '../features'
import { guildsEpics } from './epics'

export const feature: Feature = {
  name: 'guilds',
  handlers: guildsHandlers,
  epics: guildsEpics,
  endpoints: gameEndpoints,
}
