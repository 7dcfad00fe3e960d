/** The staking slice: its state and its events from the first screen; its handlers (./reducer.ts) come with its chunk (streams/features.ts). */
import { defineSlice } from '../slice'
import { stakingJourney } from './journey'
import { stakingEvents } from './events'
import { initialStakingState } from './state'

export const stakingSlice = defineSlice({
  name: 'staking',
  initialState: initialStakingState,
  journey: stakingJourney,
  events: stakingEvents,
  lazy: true,
})
