/** The miner as a lazily loaded feature (streams/features.ts): its slice, its epics, the game's calls. */
import { gameEndpoints } from '../../domain/api/gameEndpoints'
import { miningHandlers } from '../../domain/mining/reducer'
import type { Feature } from '../features'
import { miningEpics } from './epics'

export const feature: Feature = {
  name: 'mining',
  handlers: miningHandlers,
  epics: miningEpics,
  endpoints: gameEndpoints,
}
