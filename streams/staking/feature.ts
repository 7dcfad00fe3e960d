/** Staking as a lazily loaded feature (streams/features.ts): its slice, its epics, its calls, the payments' and the miner's (its record, made when there is none). */
import { stakingEndpoints } from '../../domain/staking/endpoints'
import { paymentEndpoints } from '../../domain/payments/endpoints'
import { miningEndpoints } from '../../domain/mining/endpoints'
import { stakingHandlers } from '../../domain/staking/reducer'
import type { Feature } from '../features'
import { stakingEpics } from './epics'

export const feature: Feature = {
  name: 'staking',
  handlers: stakingHandlers,
  epics: stakingEpics,
  endpoints: { ...stakingEndpoints, ...paymentEndpoints, ...miningEndpoints },
}
