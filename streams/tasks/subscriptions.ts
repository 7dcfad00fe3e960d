/** Tasks: a subscription's link, start event and verification timer, kept in storage; the start parameter boostToOpen (tasks.24-26). */
import { EMPTY, catchError, concat, defer, filter, ignoreElements, map, mergeMap, of, tap, timer } from 'rxjs'
import { ev } from '../../domain/events'
import { isDone, TIMERS_STORAGE_KEY, cardTap, taskByCode, timerOf, verifies } from '../../domain/tasks/selectors'
import { liveTimers, randomCut, timerMs } from '../../domain/tasks/timers'
import type { RootState } from '../../domain/state'
import type { Deps } from '../deps'
import { ofType } from '../ofType'
import type { Epic } from '../store'

/** The server's time now, by the offset the last answer measured. */
const serverNow = (state: RootState, { clock }: Pick<Deps, 'clock'>) => clock.now() + state.tasks.serverOffset

/**
 * tasks.24, tasks.27-28: a tap opens the task's link; a subscription not done and not already
 * counting down starts its timer, its random cut drawn here (a replay draws nothing), and reports
 * the start (a failure is logged: the server's state is what counts).
 */
export const openTaskEpic: Epic = (events$, state$, deps) =>
  events$.pipe(
    ofType('tasks/taskOpened'),
    mergeMap(({ payload: { code } }) => {
      const s = state$.value
      const task = taskByCode(s.tasks, code)
      if (task === undefined) return EMPTY
      const link = task.url !== undefined ? of(ev('app/linkOpened', { url: task.url })) : EMPTY
      if (
        !verifies(task) ||
        isDone(task) ||
        task.state === 'done' ||
        task.state === 'expired' ||
        timerOf(s.tasks, code) !== undefined
      )
        return link
      const cutSeconds = randomCut(deps.random.next())
      const endsAt = serverNow(s, deps) + timerMs(code, cutSeconds)
      const started = deps.api.call('taskStarted', { code }).pipe(
        ignoreElements(),
        catchError((e: unknown) => {
          console.warn('task start not reported', e)
          return EMPTY
        }),
      )
      return concat(link, of(ev('tasks/verifyStarted', { code, cutSeconds, endsAt })), started)
    }),
  )

/** tasks.26: the timers as they change are written to storage. */
export const storeTimersEpic: Epic = (events$, state$, { storage }) =>
  events$.pipe(
    ofType('tasks/verifyStarted', 'tasks/verifyEnded', 'tasks/timersRestored'),
    tap(() => storage.set(TIMERS_STORAGE_KEY, JSON.stringify(state$.value.tasks.timers))),
    ignoreElements(),
  )

/** tasks.26: on entering, the timers storage kept (from before a reload) that still run. */
export const restoreTimersEpic: Epic = (events$, state$, deps) =>
  events$.pipe(
    ofType('tasks/entered'),
    mergeMap(() => {
      let stored: unknown
      try {
        stored = JSON.parse(deps.storage.get(TIMERS_STORAGE_KEY) ?? 'null')
      } catch {
        stored = null
      }
      const known = new Set(state$.value.tasks.timers.map((t) => t.code))
      const timers = liveTimers(stored, serverNow(state$.value, deps)).filter((t) => !known.has(t.code))
      return timers.length === 0 ? EMPTY : of(ev('tasks/timersRestored', { timers }))
    }),
  )

/** A timer's end, on the server's clock: the list is asked again (pollEpic). */
export const timerEndEpic: Epic = (events$, state$, deps) =>
  events$.pipe(
    ofType('tasks/verifyStarted', 'tasks/timersRestored'),
    mergeMap((e) =>
      e.type === 'tasks/verifyStarted' ? [{ code: e.payload.code, endsAt: e.payload.endsAt }] : e.payload.timers,
    ),
    mergeMap(({ code, endsAt }) =>
      defer(() => timer(Math.max(0, endsAt - serverNow(state$.value, deps)), deps.scheduler)).pipe(
        filter(() => state$.value.tasks.timers.some((t) => t.code === code && t.endsAt === endsAt)),
        map(() => ev('tasks/verifyEnded', { code })),
      ),
    ),
  )

/**
 * tasks.18-19: once a list holding the start parameter's boostToOpen card lands, the card is
 * scrolled to (the screen, on the event) and opened, once a session.
 */
export const boostToOpenEpic: Epic = (events$, state$) =>
  events$.pipe(
    ofType('tasks/received'),
    mergeMap(() => {
      const s = state$.value
      const code = s.app.startParams.boostToOpen
      if (code === undefined || s.tasks.boostOpened !== null) return EMPTY
      const click = cardTap(s.tasks, code)
      if (taskByCode(s.tasks, code) === undefined) return EMPTY
      return click === null
        ? of(ev('tasks/boostToOpenFound', { code }))
        : of(ev('tasks/boostToOpenFound', { code }), click)
    }),
  )
