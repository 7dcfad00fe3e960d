/**
 * guilds.22 at launch (a first-screen epic: the guilds chunk is not loaded yet): the start
 * parameter `alliance` opens that alliance's page, over the guilds screen (its back target). The
 * page, once its chunk is in, joins (streams/guilds/epics.ts startJoinEpic).
 */
import { EMPTY, mergeMap, of } from 'rxjs'
import { ev } from '../../domain/events'
import { alliancePath } from '../../domain/guilds/state'
import type { Epic } from '../store'
import { ofType } from '../ofType'

export const allianceLaunchEpic: Epic = (events$, state$) =>
  events$.pipe(
    ofType('app/launched'),
    mergeMap(() => {
      const name = state$.value.app.startParams.alliance
      if (name === undefined) return EMPTY
      return of(ev('app/navigated', { to: '/mining/guilds' }), ev('app/navigated', { to: alliancePath(name) }))
    }),
  )
