/** The send (send.*) as a lazily loaded feature (streams/features.ts): its slice and its epics (its one call, the transfer, is the first screen's). */
import { sendHandlers } from '../../domain/send/reducer'
import type { Feature } from '../features'
import { sendEpics } from './epics'

export const feature: Feature = { name: 'send', handlers: sendHandlers, epics: sendEpics, endpoints: {} }
