/** Tasks: the PUNK staking boost's steps (tasks.53-57). */
import { EMPTY, catchError, exhaustMap, ignoreElements, map, merge, mergeMap, of, tap } from 'rxjs'
import { toRequestError } from '../../domain/api/errors'
import { ev } from '../../domain/events'
import {
  PUNK_STAKING_STEPS,
  PUNK_STAKING_STORAGE_KEY,
  punkStakingResult,
  taskByCode,
} from '../../domain/tasks/selectors'
import { ofType } from '../ofType'
import type { Epic } from '../store'

/** tasks.53: the staking boost's step opens the staking bot's link (the task's url) once the user asks. */
export const punkStakeLinkEpic: Epic = (events$, state$) =>
  events$.pipe(
    ofType('tasks/punkStakeOpened'),
    mergeMap(() => {
      const url = taskByCode(state$.value.tasks, 'punkStaking')?.url
      return url === undefined ? EMPTY : of(ev('app/linkOpened', { url }))
    }),
  )

/** tasks.54-57: POST check staking of PUNK, no body: ok, or an error string. */
export const punkStakingCheckEpic: Epic = (events$, _state$, { api }) =>
  events$.pipe(
    ofType('tasks/punkStakingCheckRequested'),
    exhaustMap(() =>
      api.call('checkPunkStaking', {}).pipe(
        map((answer) => ev('tasks/punkStakingChecked', { result: punkStakingResult(answer) })),
        catchError((e: unknown) => of(ev('tasks/punkStakingCheckFailed', { error: toRequestError(e) }))),
      ),
    ),
  )

/** tasks.53: the step is kept locally as it changes, and read back on entering. */
export const punkStakingStoreEpic: Epic = (events$, state$, { storage }) =>
  merge(
    events$.pipe(
      ofType('tasks/walletSet', 'tasks/punkStakeOpened', 'tasks/punkStakingChecked'),
      tap(() => storage.set(PUNK_STAKING_STORAGE_KEY, state$.value.tasks.punkStaking.step)),
      ignoreElements(),
    ),
    events$.pipe(
      ofType('tasks/entered'),
      mergeMap(() => {
        const stored = storage.get(PUNK_STAKING_STORAGE_KEY)
        const step = PUNK_STAKING_STEPS.find((s) => s === stored)
        return step === undefined || step === state$.value.tasks.punkStaking.step
          ? EMPTY
          : of(ev('tasks/punkStakingRestored', { step }))
      }),
    ),
  )
