/** The mining slice: its state and its events from the first screen; its handlers (./reducer.ts) come with its chunk (streams/features.ts). */
import { defineSlice } from '../slice'
import { miningEvents } from './events'
import { initialMiningState } from './state'

export const miningSlice = defineSlice({
  name: 'mining',
  initialState: initialMiningState,
  events: miningEvents,
  lazy: true,
})
