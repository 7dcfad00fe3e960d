/** The copyTrade slice: its state, its events and its handlers, from the first screen (domain/features.ts). */
import { defineSlice } from '../slice'
import { copyTradeEvents } from './events'
import { copyTradeHandlers } from './reducer'
import { initialCopyTradeState } from './state'

export const copyTradeSlice = defineSlice({ name: 'copyTrade', initialState: initialCopyTradeState, events: copyTradeEvents, handlers: (): object => copyTradeHandlers })
