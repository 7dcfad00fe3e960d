/** The swap slice: its state and its events from the first screen; its handlers (./reducer.ts) come with its chunk (streams/features.ts). */
import { defineSlice } from '../slice'
import { swapJourney } from './journey'
import { swapEvents } from './events'
import { initialSwapState } from './state'

export const swapSlice = defineSlice({
  name: 'swap',
  initialState: initialSwapState,
  journey: swapJourney,
  events: swapEvents,
  lazy: true,
})
