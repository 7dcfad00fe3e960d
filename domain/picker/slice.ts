/** The picker slice: its state, its events and its handlers, from the first screen (domain/features.ts). */
import { defineSlice } from '../slice'
import { pickerEvents } from './events'
import { pickerHandlers } from './reducer'
import { initialPickerState } from './state'

export const pickerSlice = defineSlice({ name: 'picker', initialState: initialPickerState, events: pickerEvents, handlers: (): object => pickerHandlers })
