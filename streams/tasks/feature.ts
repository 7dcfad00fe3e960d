/** Tasks and airdrops as a lazily loaded feature (streams/features.ts): its slice, its epics, its calls and the payments'. */
import { tasksEndpoints } from '../../domain/tasks/endpoints'
import { paymentEndpoints } from '../../domain/payments/endpoints'
import { tasksHandlers } from '../../domain/tasks/reducer'
import type { Feature } from '../features'
import { tasksEpics } from './epics'

export const feature: Feature = {
  name: 'tasks',
  handlers: tasksHandlers,
  epics: tasksEpics,
  endpoints: { ...tasksEndpoints, ...paymentEndpoints },
}
