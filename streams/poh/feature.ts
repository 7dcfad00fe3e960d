/** PoH as a lazily loaded feature (streams/features.ts): its slice, its epics, its calls. */
import { pohEndpoints } from '../../domain/poh/endpoints'
import { isProductionServer } from '../../domain/app/production'
import { pohHandlers } from '../../domain/poh/reducer'
import type { Feature } from '../features'
import { serverListsFromEnv, withServedServers } from '../http/client'
import { pohEpics } from './epics'

/** app.9: production is a mining service on the bot's host (the prompt's throttle, poh.38-39). */
const env = withServedServers(
  (import.meta.env ?? {}) as Record<string, string | undefined>,
  typeof document === 'undefined' ? undefined : document,
)
const miningServer = serverListsFromEnv(env, typeof location === 'undefined' ? '' : location.origin).mining[0] ?? ''

export const feature: Feature = {
  name: 'poh',
  handlers: pohHandlers,
  epics: pohEpics({ production: isProductionServer(miningServer) }),
  endpoints: pohEndpoints,
}
