/**
 * The tasks survive a reload (domain/app/journey.ts): the route (its tab), and an open burn with
 * the amount as typed. A burn sent without an answer brings nothing back; a burn done is not kept
 * (its sheet said so), the tab still is.
 */
import type { Journey } from '../slice'
import { type TasksState, initialBurn } from './state'

export interface TasksDraft {
  burn: { code: string; text: string }
}

export const tasksJourney: Journey<TasksState, TasksDraft> = {
  screens: ['/mining/tasks'],
  writeInFlight: (s) => s.burn.step === 'sending',
  pick: (s) =>
    s.burn.code !== null && s.burn.step === 'entry' ? { burn: { code: s.burn.code, text: s.burn.text } } : null,
  restore: (d, draft) => {
    if (draft !== undefined) d.burn = { ...initialBurn, code: draft.burn.code, text: draft.burn.text }
  },
}
