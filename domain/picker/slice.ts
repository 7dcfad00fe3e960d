/** The picker slice: its state and its events from the first screen; its handlers (./reducer.ts) come with its chunk (streams/features.ts). */
import { defineSlice } from '../slice'
import { pickerEvents } from './events'
import { initialPickerState } from './state'

export const pickerSlice = defineSlice({
  name: 'picker',
  initialState: initialPickerState,
  events: pickerEvents,
  lazy: true,
})
