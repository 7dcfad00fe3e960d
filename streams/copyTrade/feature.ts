/** Copy trading (copyTrade.*) as a lazily loaded feature (streams/features.ts): its slice, its epics, its calls. */
import { copyTradeEndpoints } from '../../domain/copyTrade/endpoints'
import { copyTradeHandlers } from '../../domain/copyTrade/reducer'
import type { Feature } from '../features'
import { copyTradeEpics } from './epics'

export const feature: Feature = {
  name: 'copyTrade',
  handlers: copyTradeHandlers,
  epics: copyTradeEpics,
  endpoints: copyTradeEndpoints,
}
