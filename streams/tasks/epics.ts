/**
 * Tasks effects (doc 2 §2, §4, §7; issue 16's client): the shown tab's list (or the airdrops) on
 * entering and every 30 s while it shows, asked again when a timer ends or a claim lands; the
 * speed and clock they show against and the daily boost flag; the daily reward and daily boost
 * claims; a subscription's link, start event and verification timer, kept in storage; the start
 * parameter boostToOpen; the airdrop task clicks; the burn, one per tap.
 */
import { EMPTY, type Observable, catchError, concat, defer, exhaustMap, filter, ignoreElements, map, merge, mergeMap, of, switchMap, takeUntil, tap, timer } from 'rxjs'
import type { DecimalString } from '../../domain/api/codecs/common'
import { toRequestError } from '../../domain/api/errors'
import { type EventInput, ev } from '../../domain/events'
import type { ListTab, TaskTab } from '../../domain/tasks/events'
import { isDone } from '../../domain/tasks/display'
import { AIRDROPS_QUERY, AIRDROP_REFRESH_MS, BOOST_TYPES, OPEN_LEAGUE_CLOUD_KEY, OPEN_LEAGUE_CODE, OPEN_LEAGUE_STEPS, PARTNER_WALLET_APP, PARTNER_WALLET_CODE, PARTNER_WALLET_STEPS, PARTNER_WALLET_STORAGE_KEY, PUNK_STAKING_STEPS, PUNK_STAKING_STORAGE_KEY, TASKS_POLL_MS, TIMERS_STORAGE_KEY, burnToSend, cardTap, punkStakingResult, taskByCode, timerOf, verifies } from '../../domain/tasks/select'
import { liveTimers, randomCut, timerMs } from '../../domain/tasks/timers'
import type { RootState } from '../../domain/state'
import type { Deps } from '../deps'
import { writeKeys } from '../idempotency'
import { linkProvenWallet } from '../payments/walletProof'
import { ofType } from '../ofType'
import type { Epic, NamedEpic } from '../store'

/** tasks.4: GET tasks with the tab's boostType. */
function loadList({ api }: Pick<Deps, 'api'>, tab: ListTab): Observable<EventInput> {
  return api.call('tasks', { boostType: BOOST_TYPES[tab] }).pipe(
    map((answer) => ev('tasks/received', { tab, groups: answer.tasks })),
    catchError((e: unknown) => {
      console.warn('tasks failed', e)
      return of(ev('tasks/failed', { tab, error: toRequestError(e) }))
    }),
  )
}

/** airdrops.2: GET tasks with boostType=airdrop (friendsAmount and the airdrops). */
function loadAirdrops({ api }: Pick<Deps, 'api'>): Observable<EventInput> {
  return api.call('airdrops', AIRDROPS_QUERY).pipe(
    map((answer) => ev('tasks/airdropsReceived', { answer })),
    catchError((e: unknown) => {
      console.warn('airdrops failed', e)
      return of(ev('tasks/airdropsFailed', { error: toRequestError(e) }))
    }),
  )
}

const load = (deps: Pick<Deps, 'api'>, tab: TaskTab) => (tab === 'airdrops' ? loadAirdrops(deps) : loadList(deps, tab))

/**
 * tasks.5, airdrops.8: entering a tab loads its list at once and every 30 s after, until the screen
 * is left; a timer's end, a claim or a burn asks again at once. A load does not start while the
 * previous one is still out.
 */
export const pollEpic =
  (pollMs = TASKS_POLL_MS): Epic =>
  (events$, _state$, deps) => {
    const left$ = events$.pipe(ofType('tasks/left'))
    const again$ = merge(
      events$.pipe(ofType('tasks/verifyEnded', 'tasks/dailyRewardClaimed', 'tasks/dailyBoostActivated', 'tasks/burned', 'tasks/walletSet', 'tasks/partnerWalletConnected')),
      events$.pipe(
        ofType('tasks/emojiChecked', 'tasks/punkStakingChecked'),
        filter((e) => (e.type === 'tasks/emojiChecked' ? e.payload.activated : e.payload.result === 'ok')),
      ),
    )
    return events$.pipe(
      ofType('tasks/entered', 'tasks/retried'),
      switchMap(({ payload: { tab } }) =>
        merge(timer(0, pollMs, deps.scheduler), again$).pipe(
          exhaustMap(() => load(deps, tab)),
          takeUntil(left$),
        ),
      ),
    )
  }

/**
 * On entering: the mining record's speed (tasks.16) and the server's clock, and the total balance's
 * daily boost flag (tasks.22). A failure leaves what was read before (logged).
 */
export const contextEpic: Epic = (events$, state$, { api }) =>
  events$.pipe(
    ofType('tasks/entered'),
    switchMap(() =>
      merge(
        api.call('miningUser', {}).pipe(
          map((a) => ev('tasks/recordRead', { speed: a.userMining?.speed ?? null, serverTime: a.serverTime ?? null, ...(a.userMining ? { confirmProve: a.userMining.confirmProve } : {}) })),
          catchError((e: unknown) => {
            console.warn('mining record failed', e)
            return EMPTY
          }),
        ),
        api.call('totalBalance', { boostNotification: 1, accountIndex: state$.value.wallet.selectedIndex }).pipe(
          map((a) => ev('tasks/boostFlagRead', { isNotifyForBoost: a.isNotifyForBoost })),
          catchError((e: unknown) => {
            console.warn('daily boost flag failed', e)
            return EMPTY
          }),
        ),
      ),
    ),
  )

/** tasks.21: today's reward, once: the reducer lets a tap through only while none is out or done. */
export const dailyRewardEpic: Epic = (events$, state$, { api }) =>
  events$.pipe(
    ofType('tasks/dailyRewardRequested'),
    filter(() => state$.value.tasks.daily.claiming),
    exhaustMap(() =>
      api.call('dailyRewardClaim', {}).pipe(
        map((a) => ev('tasks/dailyRewardClaimed', { ...(a.day !== undefined ? { day: a.day } : {}), ...(a.reward !== undefined ? { reward: a.reward } : {}) })),
        catchError((e: unknown) => of(ev('tasks/dailyRewardFailed', { error: toRequestError(e) }))),
      ),
    ),
  )

/** tasks.22-23: POST activate daily boost, no body; the flag clears once it answers. */
export const dailyBoostEpic: Epic = (events$, state$, { api }) =>
  events$.pipe(
    ofType('tasks/dailyBoostRequested'),
    filter(() => state$.value.tasks.dailyBoost.claiming),
    exhaustMap(() =>
      api.call('activateDailyBoost', {}).pipe(
        map((a) => ev('tasks/dailyBoostActivated', { ...(a.speed !== undefined ? { speed: a.speed } : {}), ...(a.hours !== undefined ? { hours: a.hours } : {}) })),
        catchError((e: unknown) => of(ev('tasks/dailyBoostFailed', { error: toRequestError(e) }))),
      ),
    ),
  )

/** A claim that gave something is felt: Telegram's success haptic after the daily reward, the daily boost and a burn. */
export const gainHapticEpic: Epic = (events$, _state$, { telegram }) =>
  events$.pipe(
    ofType('tasks/dailyRewardClaimed', 'tasks/dailyBoostActivated', 'tasks/burned'),
    tap(() => telegram.hapticSuccess()),
    ignoreElements(),
  )

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
      if (!verifies(task) || isDone(task) || task.state === 'done' || task.state === 'expired' || timerOf(s.tasks, code) !== undefined) return link
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
      let stored: unknown = null
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
    mergeMap((e) => (e.type === 'tasks/verifyStarted' ? [{ code: e.payload.code, endsAt: e.payload.endsAt }] : e.payload.timers)),
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
      return click === null ? of(ev('tasks/boostToOpenFound', { code })) : of(ev('tasks/boostToOpenFound', { code }), click)
    }),
  )

/** airdrops.5-6: the subscriptions an airdrop confirms; a deposit task is the server's to see. */
const CONFIRMED = new Set(['subscription', 'subscriptionTwitter'])

/**
 * airdrops.6-7: an airdrop task's tap opens its link and confirms the subscription (subscriptionType
 * and airdropId); 15 s later the airdrops are asked again.
 */
export const airdropTaskEpic =
  (refreshMs = AIRDROP_REFRESH_MS): Epic =>
  (events$, state$, deps) =>
    events$.pipe(
      ofType('tasks/airdropTaskOpened'),
      mergeMap(({ payload: { airdropId, code } }) => {
        const airdrop = state$.value.tasks.airdrops.answer?.tasks.find((a) => a.code === airdropId)
        const task = airdrop?.tasks.find((t) => t.code === code)
        if (task === undefined) return EMPTY
        const link = task.url !== undefined ? of(ev('app/linkOpened', { url: task.url })) : EMPTY
        const confirm = CONFIRMED.has(code)
          ? deps.api.call('confirmSubscription', { subscriptionType: code, airdropId }).pipe(
              ignoreElements(),
              catchError((e: unknown) => {
                console.warn('airdrop subscription not confirmed', e)
                return EMPTY
              }),
            )
          : EMPTY
        return concat(link, merge(confirm, timer(refreshMs, deps.scheduler).pipe(mergeMap(() => loadAirdrops(deps)))))
      }),
    )

/**
 * tasks.36-39: one burn per tap (a write: exhaustMap, and the reducer takes no second while one is
 * out), with a key drawn here; an answer without errorCode is success; a refusal shows the server's
 * code and message; a network failure is 500 'server-error'. The same burn tapped again after a
 * failure with no answer goes with the same key (issue 19: the first may have burned).
 */
export const burnEpic: Epic = (events$, state$, deps) => {
  const keys = writeKeys(deps)
  return events$.pipe(
    ofType('tasks/burnTapped'),
    exhaustMap(() => {
      const amount = burnToSend(state$.value.tasks)
      if (amount === null) return EMPTY
      const key = keys.keyFor({ amount })
      return concat(
        of(ev('tasks/burnSent', { amount, idempotencyKey: key })),
        deps.api.call('burnPunks', { amount: amount as DecimalString, idempotencyKey: key }).pipe(
          tap(() => keys.settled()),
          map((answer) =>
            'errorCode' in answer
              ? ev('tasks/burnFailed', { errorCode: answer.errorCode, errorMessage: answer.errorMessage })
              : ev('tasks/burned', { amount, ...(answer.speed !== undefined ? { speed: answer.speed } : {}), ...(answer.hours !== undefined ? { hours: answer.hours } : {}) }),
          ),
          catchError((e: unknown) => {
            console.warn('burn failed', e)
            const error = toRequestError(e)
            keys.failed(error)
            return of(error.kind === 'rejected' ? ev('tasks/burnFailed', { errorCode: error.status, errorMessage: error.message }) : ev('tasks/burnFailed', { errorCode: 500, errorMessage: 'server-error' }))
          }),
        ),
      )
    }),
  )
}

/** tasks.32: POST check emoji, no body; activated completes it (the list is asked again). */
export const emojiEpic: Epic = (events$, _state$, { api }) =>
  events$.pipe(
    ofType('tasks/emojiRequested'),
    exhaustMap(() =>
      api.call('checkEmoji', {}).pipe(
        map(({ activated }) => ev('tasks/emojiChecked', { activated })),
        catchError((e: unknown) => of(ev('tasks/emojiFailed', { error: toRequestError(e) }))),
      ),
    ),
  )

/**
 * tasks.58: a TON wallet over TonConnect, linked with its ton_proof (streams/payments/walletProof.ts:
 * the server's payload, the wallet's proof, POST set TON wallet); on 200 the tasks are asked again
 * (pollEpic); the wallet is disconnected whatever came of it; a refusal carries its error and code.
 */
export const walletEpic: Epic = (events$, _state$, deps) =>
  events$.pipe(
    ofType('tasks/walletRequested'),
    exhaustMap(() =>
      linkProvenWallet(deps).pipe(
        mergeMap((a) => {
          const disconnect = deps.tonConnect.disconnect().pipe(ignoreElements())
          if (a.outcome === 'rejected') return concat(disconnect, of(ev('tasks/walletDeclined', {})))
          if (a.outcome === 'linked') return concat(of(ev('tasks/walletSet', { address: a.wallet.address })), disconnect)
          const message = a.outcome === 'refused' ? 'not linked' : a.message
          return concat(disconnect, of(ev('tasks/walletFailed', { message, ...(a.outcome === 'failed' && a.code !== undefined ? { code: a.code } : {}) })))
        }),
      ),
    ),
  )

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
        return step === undefined || step === state$.value.tasks.punkStaking.step ? EMPTY : of(ev('tasks/punkStakingRestored', { step }))
      }),
    ),
  )

/** tasks.59: the download step opens the partner wallet's link and reports the task's start. */
export const partnerWalletDownloadEpic: Epic = (events$, state$, { api }) =>
  events$.pipe(
    ofType('tasks/partnerWalletDownloaded'),
    mergeMap(() => {
      const url = taskByCode(state$.value.tasks, PARTNER_WALLET_CODE)?.url
      const started = api.call('taskStarted', { code: PARTNER_WALLET_CODE }).pipe(
        ignoreElements(),
        catchError((e: unknown) => {
          console.warn('task start not reported', e)
          return EMPTY
        }),
      )
      return concat(url === undefined ? EMPTY : of(ev('app/linkOpened', { url })), started)
    }),
  )

/**
 * tasks.59, tasks.62: the partner's TON wallet over TonConnect: another wallet app is refused and
 * disconnected; the partner's is linked with its ton_proof as the user's TON wallet (the server
 * completes the task), then disconnected, and the tasks are asked again (pollEpic), which keeps or
 * undoes the step (tasks.61).
 */
export const partnerWalletConnectEpic: Epic = (events$, _state$, deps) =>
  events$.pipe(
    ofType('tasks/partnerWalletConnectRequested'),
    exhaustMap(() =>
      linkProvenWallet(deps, (w) => w.appName === PARTNER_WALLET_APP).pipe(
        mergeMap((a) => {
          const disconnect = deps.tonConnect.disconnect().pipe(ignoreElements())
          if (a.outcome === 'rejected') return of(ev('tasks/walletDeclined', {}))
          if (a.outcome === 'refused') return concat(disconnect, of(ev('tasks/partnerWalletRefused', { appName: a.wallet.appName })))
          if (a.outcome === 'linked') return concat(of(ev('tasks/partnerWalletConnected', { address: a.wallet.address })), disconnect)
          return concat(disconnect, of(ev('tasks/partnerWalletFailed', { message: a.message, ...(a.code !== undefined ? { code: a.code } : {}) })))
        }),
      ),
    ),
  )

/** tasks.59: the partner wallet step is kept locally as it changes, and read back on entering. */
export const partnerWalletStoreEpic: Epic = (events$, state$, { storage }) =>
  merge(
    events$.pipe(
      ofType('tasks/partnerWalletOpened', 'tasks/partnerWalletDownloaded', 'tasks/partnerWalletConnected', 'tasks/received'),
      tap(() => {
        const step = state$.value.tasks.partnerWallet.step
        if (step !== null && storage.get(PARTNER_WALLET_STORAGE_KEY) !== step) storage.set(PARTNER_WALLET_STORAGE_KEY, step)
      }),
      ignoreElements(),
    ),
    events$.pipe(
      ofType('tasks/entered'),
      mergeMap(() => {
        const stored = storage.get(PARTNER_WALLET_STORAGE_KEY)
        const step = PARTNER_WALLET_STEPS.find((s) => s === stored)
        return step === undefined || step === state$.value.tasks.partnerWallet.step ? EMPTY : of(ev('tasks/partnerWalletRestored', { step }))
      }),
    ),
  )

/**
 * tasks.63-64: the open-league step in Telegram's cloud storage: read on entering, written as it
 * changes (a list taking done back to trade included); the badge step opens the league's bot, the
 * trade step the swap.
 */
export const openLeagueEpic: Epic = (events$, state$, { telegram }) => {
  const step = () => state$.value.tasks.openLeague.step
  // What the cloud holds, as far as this session knows: a step is written only when it differs.
  let stored: string | null = null
  return merge(
    events$.pipe(
      ofType('tasks/entered'),
      switchMap(() =>
        telegram.cloudGet(OPEN_LEAGUE_CLOUD_KEY).pipe(
          mergeMap((value) => {
            stored = value
            const found = OPEN_LEAGUE_STEPS.find((s) => s === value)
            return found === undefined || found === step() ? EMPTY : of(ev('tasks/openLeagueRestored', { step: found }))
          }),
          catchError((e: unknown) => {
            console.warn('cloud storage unreadable', e)
            return EMPTY
          }),
        ),
      ),
    ),
    events$.pipe(
      ofType('tasks/openLeagueBadgeOpened', 'tasks/openLeagueTradeOpened', 'tasks/received'),
      mergeMap((e) => {
        const now = step()
        const write =
          now === stored || (stored === null && now === 'badge')
            ? EMPTY
            : defer(() => {
                stored = now
                return telegram.cloudSet(OPEN_LEAGUE_CLOUD_KEY, now)
              }).pipe(
                ignoreElements(),
                catchError((err: unknown) => {
                  console.warn('cloud storage not written', err)
                  return EMPTY
                }),
              )
        const url = taskByCode(state$.value.tasks, OPEN_LEAGUE_CODE)?.url
        const go =
          e.type === 'tasks/openLeagueBadgeOpened' && url !== undefined
            ? of(ev('app/linkOpened', { url }))
            : e.type === 'tasks/openLeagueTradeOpened'
              ? of(ev('app/navigated', { to: '/swap' }))
              : EMPTY
        return merge(go, write)
      }),
    ),
  )
}

export const tasksEpics: NamedEpic[] = [
  { name: 'tasks/poll', epic: pollEpic() },
  { name: 'tasks/context', epic: contextEpic },
  { name: 'tasks/dailyReward', epic: dailyRewardEpic },
  { name: 'tasks/dailyBoost', epic: dailyBoostEpic },
  { name: 'tasks/openTask', epic: openTaskEpic },
  { name: 'tasks/storeTimers', epic: storeTimersEpic },
  { name: 'tasks/restoreTimers', epic: restoreTimersEpic },
  { name: 'tasks/timerEnd', epic: timerEndEpic },
  { name: 'tasks/boostToOpen', epic: boostToOpenEpic },
  { name: 'tasks/airdropTask', epic: airdropTaskEpic() },
  { name: 'tasks/burn', epic: burnEpic },
  { name: 'tasks/gainHaptic', epic: gainHapticEpic },
  { name: 'tasks/emoji', epic: emojiEpic },
  { name: 'tasks/wallet', epic: walletEpic },
  { name: 'tasks/punkStakeLink', epic: punkStakeLinkEpic },
  { name: 'tasks/punkStakingCheck', epic: punkStakingCheckEpic },
  { name: 'tasks/punkStakingStore', epic: punkStakingStoreEpic },
  { name: 'tasks/partnerWalletDownload', epic: partnerWalletDownloadEpic },
  { name: 'tasks/partnerWalletConnect', epic: partnerWalletConnectEpic },
  { name: 'tasks/partnerWalletStore', epic: partnerWalletStoreEpic },
  { name: 'tasks/openLeague', epic: openLeagueEpic },
]
