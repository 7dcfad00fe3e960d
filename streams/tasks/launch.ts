/**
 * tasks.2, tasks.18 at launch (a first-screen epic: the tasks chunk is not loaded yet): the start
 * parameter `tab` (or `boostToOpen`) opens /mining/tasks on that tab (bigpump without one, tasks.3),
 * over the mining screen (its back target). The list, once its chunk is in, opens the boost
 * (streams/tasks/epics.ts boostToOpenEpic).
 */
import { EMPTY, mergeMap, of } from 'rxjs'
import { ev } from '../../domain/events'
import { DEFAULT_TAB, isTaskTab } from '../../domain/tasks/state'
import type { Epic } from '../store'
import { ofType } from '../ofType'

export const tasksLaunchEpic: Epic = (events$, state$) =>
  events$.pipe(
    ofType('app/launched'),
    mergeMap(() => {
      const { tab, boostToOpen, alliance } = state$.value.app.startParams
      if ((tab === undefined && boostToOpen === undefined) || alliance !== undefined) return EMPTY
      return of(
        ev('app/navigated', { to: '/mining' }),
        ev('app/navigated', { to: `/mining/tasks/${isTaskTab(tab) ? tab : DEFAULT_TAB}` }),
      )
    }),
  )
