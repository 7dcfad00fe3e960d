/** The send slice: its state, its events and its handlers, from the first screen (domain/features.ts). */
import { defineSlice } from '../slice'
import { sendEvents } from './events'
import { sendHandlers } from './reducer'
import { initialSendState } from './state'

export const sendSlice = defineSlice({ name: 'send', initialState: initialSendState, events: sendEvents, handlers: (): object => sendHandlers })
