/** The poh slice: its state and its events from the first screen; its handlers (./reducer.ts) come with its chunk (streams/features.ts). */
import { defineSlice } from '../slice'
import { pohJourney } from './journey'
import { pohEvents } from './events'
import { initialPohState } from './state'

export const pohSlice = defineSlice({
  name: 'poh',
  initialState: initialPohState,
  journey: pohJourney,
  events: pohEvents,
  lazy: true,
})
