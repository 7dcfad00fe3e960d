/** The app slice: its state, its events and its handlers, from the first screen (domain/features.ts). */
import { defineSlice } from '../slice'
import { appEvents } from './events'
import { appHandlers } from './reducer'
import { initialAppState } from './state'

export const appSlice = defineSlice({
  name: 'app',
  initialState: initialAppState,
  events: appEvents,
  handlers: (): object => appHandlers,
})
