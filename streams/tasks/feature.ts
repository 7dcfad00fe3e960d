/** Tasks and airdrops as a lazily loaded feature (streams/features.ts): its slice, its epics, the game's calls. */
import { gameEndpoints } from '../../domain/api/gameEndpoints'
import { tasksHandlers } from '../../domain/tasks/reducer'
import type { Feature } from '../features'
import { tasksEpics } from './epics'

export const feature: Feature = { name: 'tasks', handlers: tasksHandlers, epics: tasksEpics, endpoints: gameEndpoints }
