/** The refill slice (it answers the picker's events, declares none): its state and its handlers, from the first screen (domain/features.ts). */
import { defineSlice } from '../slice'
import { refillJourney } from './journey'
import { refillHandlers } from './reducer'
import { initialRefillState } from './state'

export const refillSlice = defineSlice({
  name: 'refill',
  initialState: initialRefillState,
  journey: refillJourney,
  handlers: (): object => refillHandlers,
})
