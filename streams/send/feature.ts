/** The send (send.*) as a lazily loaded feature (streams/features.ts): its slice, its epics, the wallet flows' calls. */
import { flowEndpoints } from '../../domain/api/flowEndpoints'
import { sendHandlers } from '../../domain/send/reducer'
import type { Feature } from '../features'
import { sendEpics } from './epics'

export const feature: Feature = { name: 'send', handlers: sendHandlers, epics: sendEpics, endpoints: flowEndpoints }
