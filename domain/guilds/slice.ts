/** The guilds slice: its state and its events from the first screen; its handlers (./reducer.ts) come with its chunk (streams/features.ts). */
import { defineSlice } from '../slice'
import { guildsJourney } from './journey'
import { guildsEvents } from './events'
import { initialGuildsState } from './state'

export const guildsSlice = defineSlice({
  name: 'guilds',
  initialState: initialGuildsState,
  journey: guildsJourney,
  events: guildsEvents,
  lazy: true,
})
