/** The mining slice: its state and its events from the first screen; its handlers (./reducer.ts) come with its chunk (streams/features.ts). */
import { defineSlice } from '../slice'
import { miningJourney } from './journey'
import { miningEvents } from './events'
import { initialMiningState } from './state'

export const miningSlice = defineSlice({
  name: 'mining',
  initialState: initialMiningState,
  journey: miningJourney,
  events: miningEvents,
  lazy: true,
})
