/** The token picker (picker.*, shared by send, swap and refill) as a lazily loaded feature (streams/features.ts): its slice, its epics, its call. */
import { pickerEndpoints } from '../../domain/picker/endpoints'
import { pickerHandlers } from '../../domain/picker/reducer'
import type { Feature } from '../features'
import { pickerEpics } from './epics'

export const feature: Feature = {
  name: 'picker',
  handlers: pickerHandlers,
  epics: pickerEpics,
  endpoints: pickerEndpoints,
}
