/** The copyTrade slice: its state and its events from the first screen; its handlers (./reducer.ts) come with its chunk (streams/features.ts). */
import { defineSlice } from '../slice'
import { copyTradeJourney } from './journey'
import { copyTradeEvents } from './events'
import { initialCopyTradeState } from './state'

export const copyTradeSlice = defineSlice({
  name: 'copyTrade',
  initialState: initialCopyTradeState,
  journey: copyTradeJourney,
  events: copyTradeEvents,
  lazy: true,
})
