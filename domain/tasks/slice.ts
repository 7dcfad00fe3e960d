/** The tasks slice: its state and its events from the first screen; its handlers (./reducer.ts) come with its chunk (streams/features.ts). */
import { defineSlice } from '../slice'
import { tasksJourney } from './journey'
import { tasksEvents } from './events'
import { initialTasksState } from './state'

export const tasksSlice = defineSlice({
  name: 'tasks',
  initialState: initialTasksState,
  journey: tasksJourney,
  events: tasksEvents,
  lazy: true,
})
