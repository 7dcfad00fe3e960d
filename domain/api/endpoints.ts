/**
 * Every call of both spec documents, in one table: method, path, service, request and response
 * codecs. Paths the spec does not name (`specPath: false`) are chosen once, by the feature that
 * declares the call, and used by both the client and the reference server. Each feature declares
 * its calls in its own folder (domain/<feature>/endpoints.ts) and this table spreads them, one line
 * a feature: the first screen's (./firstScreenEndpoints.ts), then those that load with a feature's
 * chunk (streams/<feature>/feature.ts brings its own and any it borrows). The server and the tests
 * use the whole table.
 *
 * Declared by the product but unused in these areas, so not called: /addressActivity,
 * /startMonitoring, /listNotificationsForUser, /tgSwap, /tgMakeSwap, /address, /confirmSubscription
 * (doc 1 §7).
 */
import { firstScreenEndpoints } from './firstScreenEndpoints'
import { pickerEndpoints } from '../picker/endpoints'
import { swapEndpoints } from '../swap/endpoints'
import { copyTradeEndpoints } from '../copyTrade/endpoints'
import { miningEndpoints } from '../mining/endpoints'
import { paymentEndpoints } from '../payments/endpoints'
import { tasksEndpoints } from '../tasks/endpoints'
import { friendsEndpoints } from '../friends/endpoints'
import { guildsEndpoints } from '../guilds/endpoints'
import { stakingEndpoints } from '../staking/endpoints'
import { pohEndpoints } from '../poh/endpoints'

export const endpoints = {
  ...firstScreenEndpoints,
  ...pickerEndpoints,
  ...swapEndpoints,
  ...copyTradeEndpoints,
  ...miningEndpoints,
  ...paymentEndpoints,
  ...tasksEndpoints,
  ...friendsEndpoints,
  ...guildsEndpoints,
  ...stakingEndpoints,
  ...pohEndpoints,
} as const

export type Endpoints = typeof endpoints
export type EndpointName = keyof Endpoints
