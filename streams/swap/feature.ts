/** The swap (swap.*) as a lazily loaded feature (streams/features.ts): its slice, its epics, its calls. */
import { swapEndpoints } from '../../domain/swap/endpoints'
import { swapHandlers } from '../../domain/swap/reducer'
import type { Feature } from '../features'
import { swapEpics } from './epics'

export const feature: Feature = { name: 'swap', handlers: swapHandlers, epics: swapEpics, endpoints: swapEndpoints }
