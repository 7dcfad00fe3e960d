/** The banners slice: its state and its events from the first screen; its handlers (./reducer.ts) come with its chunk (streams/features.ts). */
import { defineSlice } from '../slice'
import { bannersEvents } from './events'
import { initialBannersState } from './state'

export const bannersSlice = defineSlice({
  name: 'banners',
  initialState: initialBannersState,
  events: bannersEvents,
  lazy: true,
})
