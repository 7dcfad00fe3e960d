/**
 * swap.46-47 at launch (a first-screen epic: the swap's chunk is not loaded yet): a start parameter
 * naming a pair opens the swap with it, once an opening: the same opening reloaded comes back where
 * the user was (domain/app/journey.ts), with the draft they left. The preset asked for here is
 * fetched once the swap's chunk is in (./epics.ts presetEpic).
 */
import { EMPTY, mergeMap, of } from 'rxjs'
import { ev } from '../../domain/events'
import { parseStartParam } from '../../domain/app/startParam'
import { startParamFollowed } from '../../domain/app/journey'
import type { Epic } from '../store'
import { ofType } from '../ofType'

export const presetLaunchEpic: Epic = (events$, _state$, { recorder }) =>
  events$.pipe(
    ofType('app/launched'),
    mergeMap((e) => {
      const { params } = parseStartParam(e.payload.startParam)
      if (params.swapFrom === undefined && params.swapTo === undefined) return EMPTY
      if (startParamFollowed(recorder.events(), e)) return EMPTY
      return of(ev('app/navigated', { to: '/swap' }), ev('swap/presetRequested', { startParam: e.payload.startParam }))
    }),
  )
