/** The send slice: its state and its events from the first screen; its handlers (./reducer.ts) come with its chunk (streams/features.ts). */
import { defineSlice } from '../slice'
import { sendJourney } from './journey'
import { sendEvents } from './events'
import { initialSendState } from './state'

export const sendSlice = defineSlice({
  name: 'send',
  initialState: initialSendState,
  journey: sendJourney,
  events: sendEvents,
  lazy: true,
})
