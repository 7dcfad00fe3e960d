/** Staking as a lazily loaded feature (streams/features.ts): its slice, its epics, the game's calls. */
import { gameEndpoints } from '../../domain/api/gameEndpoints'
import { stakingHandlers } from '../../domain/staking/reducer'
import type { Feature } from '../features'
import { stakingEpics } from './epics'

export const feature: Feature = {
  name: 'staking',
  handlers: stakingHandlers,
  epics: stakingEpics,
  endpoints: gameEndpoints,
}
