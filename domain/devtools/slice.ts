/** The devtools slice: its state, its events and its handlers, from the first screen (domain/features.ts). */
import { defineSlice } from '../slice'
import { devtoolsEvents } from './events'
import { devtoolsHandlers } from './reducer'
import { initialDevtoolsState } from './state'

export const devtoolsSlice = defineSlice({
  name: 'devtools',
  initialState: initialDevtoolsState,
  events: devtoolsEvents,
  handlers: (): object => devtoolsHandlers,
})
