/** The token picker (picker.*, shared by send, swap and refill) as a lazily loaded feature (streams/features.ts): its slice, its epics, the wallet flows' calls. */
import { flowEndpoints } from '../../domain/api/flowEndpoints'
import { pickerHandlers } from '../../domain/picker/reducer'
import type { Feature } from '../features'
import { pickerEpics } from './epics'

export const feature: Feature = {
  name: 'picker',
  handlers: pickerHandlers,
  epics: pickerEpics,
  endpoints: flowEndpoints,
}
