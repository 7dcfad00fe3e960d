/** The banners as a lazily loaded feature (streams/features.ts), loaded when the first screen is idle. */
import { bannersHandlers } from '../../domain/banners/reducer'
import type { Feature } from '../features'
import { bannersEpics } from './epics'

export const feature: Feature = { name: 'banners', handlers: bannersHandlers, epics: bannersEpics, endpoints: {} }
