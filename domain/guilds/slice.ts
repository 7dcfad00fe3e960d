/** The guilds slice: its state and its events from the first screen; its handlers (./reducer.ts) come with its chunk (streams/features.ts). */
import { defineSlice } from '../slice'
import { guildsEvents } from './events'
import { initialGuildsState } from './state'

export const guildsSlice = defineSlice({
  name: 'guilds',
  initialState: initialGuildsState,
  events: guildsEvents,
  lazy: true,
})
