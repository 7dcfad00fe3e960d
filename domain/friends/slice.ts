/** The friends slice: its state and its events from the first screen; its handlers (./reducer.ts) come with its chunk (streams/features.ts). */
import { defineSlice } from '../slice'
import { friendsJourney } from './journey'
import { friendsEvents } from './events'
import { initialFriendsState } from './state'

export const friendsSlice = defineSlice({
  name: 'friends',
  initialState: initialFriendsState,
  journey: friendsJourney,
  events: friendsEvents,
  lazy: true,
})
