/** The miner as a lazily loaded feature (streams/features.ts): its slice, its epics, its calls and the payments'. */
import { miningEndpoints } from '../../domain/mining/endpoints'
import { paymentEndpoints } from '../../domain/payments/endpoints'
import { miningHandlers } from '../../domain/mining/reducer'
import type { Feature } from '../features'
import { miningEpics } from './epics'

export const feature: Feature = {
  name: 'mining',
  handlers: miningHandlers,
  epics: miningEpics,
  endpoints: { ...miningEndpoints, ...paymentEndpoints },
}
