/** The swap (swap.*) as a lazily loaded feature (streams/features.ts): its slice, its epics, the wallet flows' calls. */
import { flowEndpoints } from '../../domain/api/flowEndpoints'
import { swapHandlers } from '../../domain/swap/reducer'
import type { Feature } from '../features'
import { swapEpics } from './epics'

export const feature: Feature = { name: 'swap', handlers: swapHandlers, epics: swapEpics, endpoints: flowEndpoints }
