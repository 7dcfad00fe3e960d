/** Copy trading (copyTrade.*) as a lazily loaded feature (streams/features.ts): its slice, its epics, the wallet flows' calls. */
import { flowEndpoints } from '../../domain/api/flowEndpoints'
import { copyTradeHandlers } from '../../domain/copyTrade/reducer'
import type { Feature } from '../features'
import { copyTradeEpics } from './epics'

export const feature: Feature = {
  name: 'copyTrade',
  handlers: copyTradeHandlers,
  epics: copyTradeEpics,
  endpoints: flowEndpoints,
}
