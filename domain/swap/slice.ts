/** The swap slice: its state, its events and its handlers, from the first screen (domain/features.ts). */
import { defineSlice } from '../slice'
import { swapEvents } from './events'
import { swapHandlers } from './reducer'
import { initialSwapState } from './state'

export const swapSlice = defineSlice({ name: 'swap', initialState: initialSwapState, events: swapEvents, handlers: (): object => swapHandlers })
