import { describe, expect, it } from 'vitest'
import { type Marbles, marbles } from '../marbles'
import { tap } from 'rxjs'
import { airdropTaskEpic } from '../../../streams/tasks/airdrops'
import {
  boostToOpenEpic,
  openTaskEpic,
  restoreTimersEpic,
  storeTimersEpic,
  timerEndEpic,
} from '../../../streams/tasks/subscriptions'
import { burnEpic } from '../../../streams/tasks/burn'
import { contextEpic, pollEpic } from '../../../streams/tasks/list'
import { dailyBoostEpic, dailyRewardEpic, gainHapticEpic } from '../../../streams/tasks/daily'
import { emojiEpic, walletEpic } from '../../../streams/tasks/checks'
import { openLeagueEpic } from '../../../streams/tasks/openLeague'
import {
  partnerWalletConnectEpic,
  partnerWalletDownloadEpic,
  partnerWalletStoreEpic,
} from '../../../streams/tasks/partnerWallet'
import { punkStakeLinkEpic, punkStakingCheckEpic, punkStakingStoreEpic } from '../../../streams/tasks/punkStaking'
import { FAKE_PAYLOAD, FAKE_TON_WALLET, fakeProof, fakeTonConnect } from '../payments/fakeTonConnect'
import { PROOF_MISSING } from '../../../streams/payments/walletProof'
import type { EventInput } from '../../../domain/events'
import {
  PARTNER_WALLET_STORAGE_KEY,
  PUNK_STAKING_STORAGE_KEY,
  TASKS_POLL_MS,
  TIMERS_STORAGE_KEY,
} from '../../../domain/tasks/selectors'
import { launch } from '../../domain/fixtures/events'
import { airdrops, groups, task } from '../../domain/tasks/fixtures'
import { fakeApi, fakeDeps, fakeTelegram, memoryStorage, storeHarness } from '../fakes'
import { answer, wireApi } from '../wireApi'
import { endpoints } from '../../../domain/api/endpoints'
const e = (type: string, payload: object = {}) => ({ type, payload }) as EventInput
const offline = { kind: 'network', message: 'offline' }
const received = (tab: string, over = {}) => e('tasks/received', { tab, groups: groups(over) })

describe('tasks epics', () => {
  it(
    '[tasks.5] entering a tab asks GET tasks with its boostType at once and every 30 s; leaving stops it',
    marbles((m) => {
      expect(TASKS_POLL_MS).toBe(30_000)
      const h = storeHarness([])
      const api = fakeApi({ tasks: () => m.cold('(a|)', { a: { tasks: groups() } }) })
      // entered at 0, left at 89 999 ms: loads at 0, 30 000 and 60 000 ms, none at 29 999 ms, none at 90 000 ms
      const events$ = h.feed(m.hot('a 89998ms l', { a: e('tasks/entered', { tab: 'bigpump' }), l: e('tasks/left') }))
      m.expect(pollEpic()(events$, h.state$, fakeDeps({ api }, undefined)), '^ 120000ms !').toBeObservable(
        'a 29999ms a 29999ms a',
        { a: received('bigpump') },
      )
      m.flush()
      expect(api.requests).toEqual([1, 2, 3].map(() => ({ name: 'tasks', request: { boostType: 'pump' } })))
    }),
  )

  it(
    'each list tab asks its own boostType: bigpump pump, boosts general, subscriptions subscriptions; a failure is one event',
    marbles((m) => {
      const h = storeHarness([])
      const api = fakeApi({
        tasks: (q: { boostType: string }) =>
          q.boostType === 'subscriptions'
            ? m.cold('1ms #', {}, offline)
            : m.cold('1ms (a|)', { a: { tasks: groups() } }),
      })
      const events$ = h.feed(
        m.hot('a 9ms b 9ms c 9ms l', {
          a: e('tasks/entered', { tab: 'bigpump' }),
          b: e('tasks/entered', { tab: 'boosts' }),
          c: e('tasks/entered', { tab: 'subscriptions' }),
          l: e('tasks/left'),
        }),
      )
      m.expect(pollEpic(1000)(events$, h.state$, fakeDeps({ api }))).toBeObservable('1ms a 9ms b 9ms c', {
        a: received('bigpump'),
        b: received('boosts'),
        c: e('tasks/failed', { tab: 'subscriptions', error: offline }),
      })
      m.flush()
      expect(api.requests.map((r) => r.request)).toEqual([
        { boostType: 'pump' },
        { boostType: 'general' },
        { boostType: 'subscriptions' },
      ])
    }),
  )

  it(
    '[airdrops.8] the airdrops tab asks for its list at once and every 30 s while it shows',
    marbles((m) => {
      const h = storeHarness([])
      const api = fakeApi({ airdrops: () => m.cold('(a|)', { a: airdrops() }) })
      const events$ = h.feed(m.hot('a 65s l', { a: e('tasks/entered', { tab: 'airdrops' }), l: e('tasks/left') }))
      const a = e('tasks/airdropsReceived', { answer: airdrops() })
      m.expect(pollEpic()(events$, h.state$, fakeDeps({ api })), '^ 120s !').toBeObservable('a 29999ms a 29999ms a', {
        a,
      })
      m.flush()
      expect(api.requests.map((r) => r.name)).toEqual(['airdrops', 'airdrops', 'airdrops'])
    }),
  )

  it(
    "a timer's end, a claim or a burn asks for the list again at once, between polls",
    marbles((m) => {
      const h = storeHarness([])
      const api = fakeApi({ tasks: () => m.cold('1ms (a|)', { a: { tasks: groups() } }) })
      const events$ = h.feed(
        m.hot('a 9ms v 9ms d 9ms b 9ms l', {
          a: e('tasks/entered', { tab: 'boosts' }),
          v: e('tasks/verifyEnded', { code: 'kombat' }),
          d: e('tasks/dailyRewardClaimed'),
          b: e('tasks/burned', { amount: '1' }),
          l: e('tasks/left'),
        }),
      )
      m.expect(pollEpic(1000)(events$, h.state$, fakeDeps({ api }))).toBeObservable('1ms a 9ms a 9ms a 9ms a', {
        a: received('boosts'),
      })
    }),
  )

  it(
    'entering reads the speed, whether the user proved they are human and the server clock from the mining record, and the daily boost flag from the total balance',
    marbles((m) => {
      const h = storeHarness([])
      const api = fakeApi({
        miningUser: () =>
          m.cold('1ms (a|)', { a: { userMining: { speed: '1.5', confirmProve: true }, serverTime: 5000 } }),
        totalBalance: () => m.cold('2ms (a|)', { a: { totalBalanceUsd: 1, hasTrades: false, isNotifyForBoost: true } }),
      })
      const events$ = h.feed(m.hot('a', { a: e('tasks/entered', { tab: 'boosts' }) }))
      m.expect(contextEpic(events$, h.state$, fakeDeps({ api }))).toBeObservable('1ms a b', {
        a: e('tasks/recordRead', { speed: '1.5', serverTime: 5000, confirmProve: true }),
        b: e('tasks/boostFlagRead', { isNotifyForBoost: true }),
      })
      m.flush()
      expect(api.requests[1]).toEqual({ name: 'totalBalance', request: { boostNotification: 1, accountIndex: 0 } })
    }),
  )

  it(
    "[tasks.24] [tasks.28] a subscription's tap opens its link, starts its timer (the code's seconds less a random 1-10 s drawn here, on the server's clock) and reports the start",
    marbles((m) => {
      // the server's clock is 2 s ahead of the device's
      const h = storeHarness(
        [received('subscriptions'), e('tasks/recordRead', { speed: '1', serverTime: 3000 })],
        () => 1000,
      )
      const api = fakeApi({ taskStarted: () => m.cold('3ms (a|)', { a: { ok: true } }) })
      const draws = [0.0, 0.95]
      const deps = fakeDeps({ api, random: { next: () => draws.shift() ?? 0.5 }, clock: { now: () => 10_000 } })
      const events$ = h.feed(
        m.hot('a 9ms b 9ms c', {
          a: e('tasks/taskOpened', { code: 'kombat' }),
          b: e('tasks/taskOpened', { code: 'bitgetSite' }),
          c: e('tasks/taskOpened', { code: 'kombat' }),
        }),
      )
      m.expect(openTaskEpic(events$, h.state$, deps).pipe(tap(h.apply))).toBeObservable('(ab) 6ms (cd) 6ms e', {
        a: e('app/linkOpened', { url: 'https://t.me/kombat' }),
        // kombat: 58 s, less 1 s (a draw of 0.0)
        b: e('tasks/verifyStarted', { code: 'kombat', cutSeconds: 1, endsAt: 12_000 + 57_000 }),
        c: e('app/linkOpened', { url: 'https://bitget.example/' }),
        // bitgetSite: 52 s, less 10 s (a draw of 0.95)
        d: e('tasks/verifyStarted', { code: 'bitgetSite', cutSeconds: 10, endsAt: 12_000 + 42_000 }),
        // a second tap while it counts down opens the link only
        e: e('app/linkOpened', { url: 'https://t.me/kombat' }),
      })
      m.flush()
      expect(api.requests).toEqual([
        { name: 'taskStarted', request: { code: 'kombat' } },
        { name: 'taskStarted', request: { code: 'bitgetSite' } },
      ])
    }),
  )

  it(
    "a done subscription's tap starts no timer; a task without a link does nothing",
    marbles((m) => {
      const h = storeHarness([received('subscriptions')])
      const events$ = h.feed(
        m.hot('a b', { a: e('tasks/taskOpened', { code: 'goats' }), b: e('tasks/taskOpened', { code: 'dailySwap' }) }),
      )
      m.expect(openTaskEpic(events$, h.state$, fakeDeps())).toBeObservable('a', {
        a: e('app/linkOpened', { url: 'https://t.me/goats' }),
      })
    }),
  )

  it('[tasks.26] the timers are written to storage as they change, and entering reads back the ones still running', () => {
    marbles((m) => {
      const storage = memoryStorage({
        [TIMERS_STORAGE_KEY]: JSON.stringify([
          { code: 'kombat', endsAt: 70_000 },
          { code: 'goats', endsAt: 5_000 },
          { code: 1 },
        ]),
      })
      const h = storeHarness([])
      const deps = fakeDeps({ storage, clock: { now: () => 10_000 } })
      const events$ = h.feed(m.hot('a', { a: e('tasks/entered', { tab: 'subscriptions' }) }))
      // goats ended before the reload; the unreadable entry is dropped
      m.expect(restoreTimersEpic(events$, h.state$, deps).pipe(tap(h.apply))).toBeObservable('a', {
        a: e('tasks/timersRestored', { timers: [{ code: 'kombat', endsAt: 70_000 }] }),
      })
      m.flush()
      expect(h.get().tasks.timers).toEqual([{ code: 'kombat', endsAt: 70_000 }])
    })()
    marbles((m) => {
      const storage = memoryStorage()
      const writes: string[] = []
      const recording = { ...storage, set: (k: string, v: string) => (writes.push(v), storage.set(k, v)) }
      const h = storeHarness([])
      const events$ = h.feed(
        m.hot('a b', {
          a: e('tasks/verifyStarted', { code: 'cube', cutSeconds: 3, endsAt: 60_000 }),
          b: e('tasks/verifyEnded', { code: 'cube' }),
        }),
      )
      m.expect(storeTimersEpic(events$, h.state$, fakeDeps({ storage: recording }))).toBeObservable('')
      m.flush()
      expect(storage.data.get(TIMERS_STORAGE_KEY)).toBe('[]')
      expect(writes).toEqual([JSON.stringify([{ code: 'cube', endsAt: 60_000 }]), '[]'])
    })()
  })

  it(
    "a timer ends at its endsAt on the server's clock, once; a restored one too",
    marbles((m) => {
      // the server's clock is 2000 ms ahead of the device's, which reads the virtual time
      const h = storeHarness([e('tasks/recordRead', { speed: '1', serverTime: 2_000 })], () => 0)
      const deps = fakeDeps({ clock: { now: () => m.scheduler.now() } })
      const events$ = h.feed(
        m.hot('a 9ms r 9ms s', {
          a: e('tasks/verifyStarted', { code: 'kombat', cutSeconds: 1, endsAt: 2_050 }),
          r: e('tasks/timersRestored', { timers: [{ code: 'cube', endsAt: 2_030 }] }),
          // started again before it ended: only the last start ends it
          s: e('tasks/verifyStarted', { code: 'cube', cutSeconds: 2, endsAt: 2_060 }),
        }),
      )
      m.expect(timerEndEpic(events$, h.state$, deps).pipe(tap(h.apply))).toBeObservable('50ms a 9ms b', {
        a: e('tasks/verifyEnded', { code: 'kombat' }),
        b: e('tasks/verifyEnded', { code: 'cube' }),
      })
    }),
  )

  it(
    '[tasks.19] the start parameter boostToOpen finds its card in a list and opens it, once a session',
    marbles((m) => {
      const h = storeHarness([
        { type: 'app/launched', payload: launch({ startParam: 'tab-boosts-boostToOpen-burnFest' }) },
      ])
      const events$ = h.feed(
        m.hot('a b c', {
          a: e('tasks/received', { tab: 'bigpump', groups: {} }),
          b: received('boosts'),
          c: received('boosts'),
        }),
      )
      m.expect(boostToOpenEpic(events$, h.state$, fakeDeps()).pipe(tap(h.apply))).toBeObservable('- (ab)', {
        a: e('tasks/boostToOpenFound', { code: 'burnFest' }),
        b: e('tasks/burnOpened', { code: 'burnFest' }),
      })
    }),
  )

  it(
    'boostToOpen of a subscription card opens it as its tap does (link, timer)',
    marbles((m) => {
      const h = storeHarness([{ type: 'app/launched', payload: launch({ startParam: 'boostToOpen-kombat' }) }])
      const events$ = h.feed(m.hot('a', { a: received('subscriptions') }))
      m.expect(boostToOpenEpic(events$, h.state$, fakeDeps())).toBeObservable('(ab)', {
        a: e('tasks/boostToOpenFound', { code: 'kombat' }),
        b: e('tasks/taskOpened', { code: 'kombat' }),
      })
    }),
  )

  it(
    "[airdrops.7] an airdrop task's tap opens its link, confirms with subscriptionType and airdropId, and asks for the airdrops again 15 s later",
    marbles((m) => {
      const h = storeHarness([e('tasks/airdropsReceived', { answer: airdrops() })])
      const api = fakeApi({
        confirmSubscription: () => m.cold('2ms (a|)', { a: { ok: true } }),
        airdrops: () => m.cold('1ms (a|)', { a: airdrops(4) }),
      })
      const events$ = h.feed(
        m.hot('a', { a: e('tasks/airdropTaskOpened', { airdropId: 'tston', code: 'subscription' }) }),
      )
      m.expect(airdropTaskEpic(15_000)(events$, h.state$, fakeDeps({ api }))).toBeObservable('a 15000ms b', {
        a: e('app/linkOpened', { url: 'https://t.me/tston' }),
        b: e('tasks/airdropsReceived', { answer: airdrops(4) }),
      })
      m.flush()
      expect(api.requests).toEqual([
        { name: 'confirmSubscription', request: { subscriptionType: 'subscription', airdropId: 'tston' } },
        { name: 'airdrops', request: { boostType: 'airdrop' } },
      ])
    }),
  )

  it(
    '[tasks.36] one burn per tap: POST burn punks with the amount (and a key drawn once); an answer without errorCode and errorMessage is success, whatever else it holds; one with them is not',
    marbles((m) => {
      const key = '80000000800000008000000080000000'
      const burnOnce = (body: unknown) => {
        const h = storeHarness([
          received('boosts'),
          e('tasks/burnOpened', { code: 'burnFest' }),
          e('tasks/burnAmountChanged', { text: '2,5' }),
        ])
        const w = wireApi(() => m.cold('5ms (a|)', { a: answer(200, body) }))
        const events$ = h.feed(
          m.hot('a b 9ms c', { a: e('tasks/burnTapped'), b: e('tasks/burnTapped'), c: e('tasks/burnTapped') }),
        )
        return { h, w, out$: burnEpic(events$, h.state$, fakeDeps({ api: w.api })).pipe(tap(h.apply)) }
      }
      const sent = e('tasks/burnSent', { amount: '2.5', idempotencyKey: key })
      // the spec's success: no errorCode, no errorMessage (ours adds ok and what the burn gave)
      const bare = burnOnce({})
      m.expect(bare.out$).toBeObservable('a 4ms b', { a: sent, b: e('tasks/burned', { amount: '2.5' }) })
      const ours = burnOnce({ ok: true, speed: '2.5', hours: 48 })
      m.expect(ours.out$).toBeObservable('a 4ms b', {
        a: sent,
        b: e('tasks/burned', { amount: '2.5', speed: '2.5', hours: 48 }),
      })
      // an answer holding errorCode and errorMessage is a failure, even with a 200 (so the last tap sends again)
      const refused = burnOnce({ errorCode: 4002, errorMessage: 'not enough PUNK' })
      const failed = e('tasks/burnFailed', { errorCode: 4002, errorMessage: 'not enough PUNK' })
      m.expect(refused.out$).toBeObservable('a 4ms b 5ms c 4ms b', {
        a: sent,
        b: failed,
        c: expect.objectContaining({ type: 'tasks/burnSent' }),
      })
      m.flush()
      for (const { w } of [bare, ours, refused])
        expect(w.wire().slice(0, 1)).toEqual([
          {
            method: 'POST',
            path: endpoints.burnPunks.path,
            query: {},
            body: { amount: '2.5', idempotencyKey: key },
            contentType: 'application/json',
          },
        ])
      expect(bare.h.get().tasks.burn.step).toBe('burned')
      expect(refused.h.get().tasks.burn.step).not.toBe('burned')
    }),
  )

  it(
    '[tasks.39] a refusal gives its errorCode and errorMessage; a network failure gives 500 server-error',
    marbles((m) => {
      const h = storeHarness([
        received('boosts'),
        e('tasks/burnOpened', { code: 'burnFest' }),
        e('tasks/burnAmountChanged', { text: '3' }),
      ])
      let n = 0
      const api = fakeApi({
        burnPunks: () =>
          n++ === 0
            ? m.cold('1ms (a|)', { a: { errorCode: 4002, errorMessage: 'not enough PUNK' } })
            : m.cold('1ms #', {}, offline),
      })
      const events$ = h.feed(m.hot('a 9ms b', { a: e('tasks/burnTapped'), b: e('tasks/burnTapped') }))
      m.expect(burnEpic(events$, h.state$, fakeDeps({ api })).pipe(tap(h.apply))).toBeObservable('a b 8ms a c', {
        a: expect.objectContaining({ type: 'tasks/burnSent' }),
        b: e('tasks/burnFailed', { errorCode: 4002, errorMessage: 'not enough PUNK' }),
        c: e('tasks/burnFailed', { errorCode: 500, errorMessage: 'server-error' }),
      })
    }),
  )

  it(
    'a burn below 1 sends nothing (tasks.34)',
    marbles((m) => {
      const h = storeHarness([
        received('boosts'),
        e('tasks/burnOpened', { code: 'burnFest' }),
        e('tasks/burnAmountChanged', { text: '0.5' }),
      ])
      const api = fakeApi({})
      m.expect(burnEpic(h.feed(m.hot('a', { a: e('tasks/burnTapped') })), h.state$, fakeDeps({ api }))).toBeObservable(
        '',
      )
      m.flush()
      expect(api.requests).toEqual([])
    }),
  )

  it(
    "today's reward (tasks.21) is claimed once: taps while it is out or after it answered send nothing more",
    marbles((m) => {
      const h = storeHarness([received('boosts')])
      const api = fakeApi({ dailyRewardClaim: () => m.cold('5ms (a|)', { a: { ok: true } }) })
      const events$ = h.feed(
        m.hot('a b 9ms c', {
          a: e('tasks/dailyRewardRequested'),
          b: e('tasks/dailyRewardRequested'),
          c: e('tasks/dailyRewardRequested'),
        }),
      )
      m.expect(dailyRewardEpic(events$, h.state$, fakeDeps({ api })).pipe(tap(h.apply))).toBeObservable('5ms a', {
        a: e('tasks/dailyRewardClaimed'),
      })
      m.flush()
      expect(api.requests).toEqual([{ name: 'dailyRewardClaim', request: {} }])
    }),
  )

  it(
    '[tasks.22] [tasks.23] the daily boost is claimed only when the server flags it: unflagged, a tap sends nothing; flagged, one POST activate daily boost with no body, and its flag clears',
    marbles((m) => {
      const ok = answer(200, { ok: true })
      // not flagged: the tap sends nothing
      const idle = storeHarness([e('tasks/boostFlagRead', { isNotifyForBoost: false })])
      const quiet = wireApi(() => m.cold('3ms (a|)', { a: ok }))
      m.expect(
        dailyBoostEpic(
          idle.feed(m.hot('a', { a: e('tasks/dailyBoostRequested') })),
          idle.state$,
          fakeDeps({ api: quiet.api }),
        ),
      ).toBeObservable('')
      // flagged: one claim for two taps, on the wire a POST with no body
      const h = storeHarness([e('tasks/boostFlagRead', { isNotifyForBoost: true })])
      const { api, wire } = wireApi(() => m.cold('3ms (a|)', { a: ok }))
      const events$ = h.feed(m.hot('a 9ms b', { a: e('tasks/dailyBoostRequested'), b: e('tasks/dailyBoostRequested') }))
      m.expect(dailyBoostEpic(events$, h.state$, fakeDeps({ api })).pipe(tap(h.apply))).toBeObservable('3ms a', {
        a: e('tasks/dailyBoostActivated'),
      })
      m.flush()
      expect(quiet.sent).toEqual([])
      expect(wire()).toEqual([
        { method: 'POST', path: endpoints.activateDailyBoost.path, query: {}, body: undefined, contentType: undefined },
      ])
      expect(h.get().tasks.dailyBoost.flagged).toBe(false)
    }),
  )

  it(
    "what a claim gave travels in its event: the daily reward's day and SWITCH, the boost's speed and hours, the burn's speed and hours",
    marbles((m) => {
      const h = storeHarness([received('boosts'), e('tasks/boostFlagRead', { isNotifyForBoost: true })])
      const api = fakeApi({
        dailyRewardClaim: () => m.cold('1ms (a|)', { a: { ok: true, day: 3, reward: '30' } }),
        activateDailyBoost: () => m.cold('1ms (a|)', { a: { ok: true, speed: '0.5', hours: 3 } }),
      })
      m.expect(
        dailyRewardEpic(h.feed(m.hot('a', { a: e('tasks/dailyRewardRequested') })), h.state$, fakeDeps({ api })),
      ).toBeObservable('1ms a', { a: e('tasks/dailyRewardClaimed', { day: 3, reward: '30' }) })
      m.expect(
        dailyBoostEpic(h.feed(m.hot('a', { a: e('tasks/dailyBoostRequested') })), h.state$, fakeDeps({ api })),
      ).toBeObservable('1ms a', { a: e('tasks/dailyBoostActivated', { speed: '0.5', hours: 3 }) })
    }),
  )

  it(
    "a claim that gave something is felt: Telegram's success haptic after the daily reward, the daily boost and a burn, and not after a failure",
    marbles((m) => {
      const telegram = fakeTelegram()
      const h = storeHarness([])
      const events = {
        r: e('tasks/dailyRewardClaimed', { day: 1, reward: '10' }),
        b: e('tasks/dailyBoostActivated', {}),
        x: e('tasks/burnFailed', { errorCode: 4002, errorMessage: 'x' }),
        u: e('tasks/burned', { amount: '3' }),
      }
      gainHapticEpic(h.feed(m.hot('r b x u', events)), h.state$, fakeDeps({ telegram })).subscribe()
      m.flush()
      expect(telegram.calls).toEqual(['hapticSuccess', 'hapticSuccess', 'hapticSuccess'])
    }),
  )

  it("the emoji check's answer: activated asks for the list again", () => {
    marbles((m) => {
      const h = storeHarness([])
      let n = 0
      const api = fakeApi({ checkEmoji: () => m.cold('2ms (a|)', { a: { activated: n++ > 0 } }) })
      const events$ = h.feed(m.hot('a 9ms b', { a: e('tasks/emojiRequested'), b: e('tasks/emojiRequested') }))
      const deps = fakeDeps({ api })
      m.expect(emojiEpic(events$, h.state$, deps).pipe(tap(h.apply))).toBeObservable('2ms a 9ms b', {
        a: e('tasks/emojiChecked', { activated: false }),
        b: e('tasks/emojiChecked', { activated: true }),
      })
      m.flush()
      expect(api.requests.filter((r) => r.name === 'checkEmoji')).toEqual([
        { name: 'checkEmoji', request: {} },
        { name: 'checkEmoji', request: {} },
      ])
    })()
    marbles((m) => {
      const h = storeHarness([])
      const api = fakeApi({ tasks: () => m.cold('1ms (a|)', { a: { tasks: groups() } }) })
      const events$ = h.feed(
        m.hot('a 9ms n 9ms y 9ms l', {
          a: e('tasks/entered', { tab: 'boosts' }),
          n: e('tasks/emojiChecked', { activated: false }),
          y: e('tasks/emojiChecked', { activated: true }),
          l: e('tasks/left'),
        }),
      )
      // only the activated answer asks again
      m.expect(pollEpic(1000)(events$, h.state$, fakeDeps({ api }))).toBeObservable('1ms a 19ms a', {
        a: received('boosts'),
      })
    })()
  })

  it("[tasks.58] setting a TON wallet: POST set TON wallet with walletAddress (and the proof of the server's payload); on 200 the tasks are asked again and the wallet is disconnected; a failure answer's error is what the user is told", () => {
    marbles((m) => {
      const h = storeHarness([])
      const tonConnect = fakeTonConnect()
      let n = 0
      const { api, wire } = wireApi((req) =>
        req.url.endsWith(endpoints.tonProofPayload.path)
          ? m.cold('1ms (a|)', { a: answer(200, { payload: n === 0 ? FAKE_PAYLOAD : 'cd'.repeat(32), expiresAt: 1 }) })
          : n++ === 0
            ? m.cold('3ms (a|)', { a: answer(200, { ok: true }) })
            : // the spec's failure: it carries error (and nothing else here)
              m.cold('3ms (a|)', { a: answer(400, { error: 'this wallet is linked to another user' }) }),
      )
      const events$ = h.feed(m.hot('a 9ms b', { a: e('tasks/walletRequested'), b: e('tasks/walletRequested') }))
      m.expect(walletEpic(events$, h.state$, fakeDeps({ api, tonConnect })).pipe(tap(h.apply))).toBeObservable(
        '4ms a 9ms b',
        {
          a: e('tasks/walletSet', { address: FAKE_TON_WALLET.address }),
          b: e('tasks/walletFailed', { message: 'this wallet is linked to another user' }),
        },
      )
      m.flush()
      const set = { method: 'POST', path: endpoints.setTonWallet.path, query: {}, contentType: 'application/json' }
      expect(wire().filter((r) => r.path === endpoints.setTonWallet.path)).toEqual([
        { ...set, body: { walletAddress: FAKE_TON_WALLET.address, proof: fakeProof(FAKE_PAYLOAD) } },
        { ...set, body: { walletAddress: FAKE_TON_WALLET.address, proof: fakeProof('cd'.repeat(32)) } },
      ])
      expect(h.get().tasks.wallet.error).toBe('this wallet is linked to another user')
      // each connection asks for a proof of its own payload, and is disconnected after, linked or not
      expect(tonConnect.proofPayloads).toEqual([FAKE_PAYLOAD, 'cd'.repeat(32)])
      expect(tonConnect.calls).toEqual(['connect', 'disconnect', 'connect', 'disconnect'])
    })()
    marbles((m) => {
      // the 200 asks for the tasks again at once (not at the next 30 s poll); a failure does not
      const h = storeHarness([])
      const api = fakeApi({ tasks: () => m.cold('1ms (a|)', { a: { tasks: groups() } }) })
      const events$ = h.feed(
        m.hot('a 9ms w 9ms f 9ms l', {
          a: e('tasks/entered', { tab: 'boosts' }),
          w: e('tasks/walletSet', { address: 'UQ' }),
          f: e('tasks/walletFailed', { message: 'x' }),
          l: e('tasks/left'),
        }),
      )
      m.expect(pollEpic(1000)(events$, h.state$, fakeDeps({ api }))).toBeObservable('1ms a 9ms a', {
        a: received('boosts'),
      })
    })()
  })

  it('a wallet that connects without the proof it was asked for links nothing: the failure says so by its code, and the wallet is disconnected', () => {
    marbles((m) => {
      const h = storeHarness([])
      const noProof = fakeTonConnect({
        connect: m.cold('1ms (a|)', { a: { outcome: 'connected', wallet: FAKE_TON_WALLET } }),
      })
      const api = fakeApi({ tonProofPayload: () => m.cold('1ms (a|)', { a: { payload: FAKE_PAYLOAD, expiresAt: 1 } }) })
      m.expect(
        walletEpic(
          h.feed(m.hot('a', { a: e('tasks/walletRequested') })),
          h.state$,
          fakeDeps({ api, tonConnect: noProof }),
        ).pipe(tap(h.apply)),
      ).toBeObservable('2ms a', {
        a: e('tasks/walletFailed', {
          message: 'the wallet connected without the proof it was asked for',
          code: PROOF_MISSING,
        }),
      })
      m.flush()
      expect(api.requests.map((r) => r.name)).toEqual(['tonProofPayload'])
      expect(noProof.calls).toEqual(['connect', 'disconnect'])
      expect(h.state$.value.tasks.wallet).toEqual({
        busy: false,
        error: 'the wallet connected without the proof it was asked for',
        code: PROOF_MISSING,
      })
    })()
    // the payload not to be had: nothing is connected
    marbles((m) => {
      const h = storeHarness([])
      const tonConnect = fakeTonConnect()
      const api = fakeApi({ tonProofPayload: () => m.cold('1ms #', {}, { kind: 'network', message: 'offline' }) })
      m.expect(
        walletEpic(h.feed(m.hot('a', { a: e('tasks/walletRequested') })), h.state$, fakeDeps({ api, tonConnect })),
      ).toBeObservable('1ms a', { a: e('tasks/walletFailed', { message: 'offline' }) })
    })()
  })

  it('a declined or failed TonConnect sets nothing', () => {
    const payload = (m: Marbles) =>
      fakeApi({ tonProofPayload: () => m.cold('(a|)', { a: { payload: FAKE_PAYLOAD, expiresAt: 1 } }) })
    marbles((m) => {
      const h = storeHarness([])
      const api = payload(m)
      const declined = fakeTonConnect({ connect: m.cold('1ms (a|)', { a: { outcome: 'rejected' } }) })
      m.expect(
        walletEpic(
          h.feed(m.hot('a', { a: e('tasks/walletRequested') })),
          h.state$,
          fakeDeps({ api, tonConnect: declined }),
        ),
      ).toBeObservable('1ms a', { a: e('tasks/walletDeclined') })
      m.flush()
      expect(api.requests.map((r) => r.name)).toEqual(['tonProofPayload'])
    })()
    marbles((m) => {
      const h = storeHarness([])
      const failed = fakeTonConnect({ connect: m.cold('1ms (a|)', { a: { outcome: 'failed', reason: 'no wallets' } }) })
      m.expect(
        walletEpic(
          h.feed(m.hot('a', { a: e('tasks/walletRequested') })),
          h.state$,
          fakeDeps({ api: payload(m), tonConnect: failed }),
        ),
      ).toBeObservable('1ms a', { a: e('tasks/walletFailed', { message: 'no wallets' }) })
    })()
  })

  it(
    "the PUNK staking check's answer, ok or an error string, is its result",
    marbles((m) => {
      const h = storeHarness([])
      const answers = [
        { error: 'no-wallet' },
        { error: 'no-staking' },
        { error: 'not-enough-staked' },
        { error: 'something new' },
        { ok: true },
      ]
      const api = fakeApi({ checkPunkStaking: () => m.cold('1ms (a|)', { a: answers.shift() }) })
      const events$ = h.feed(m.hot('a 9ms a 9ms a 9ms a 9ms a', { a: e('tasks/punkStakingCheckRequested') }))
      const r = (result: string) => e('tasks/punkStakingChecked', { result })
      m.expect(punkStakingCheckEpic(events$, h.state$, fakeDeps({ api }))).toBeObservable(
        '1ms a 9ms b 9ms c 9ms d 9ms e',
        {
          a: r('no-wallet'),
          b: r('no-staking'),
          c: r('not-enough-staked'),
          d: r('unknown'),
          e: r('ok'),
        },
      )
      m.flush()
      expect(api.requests.every((q) => q.name === 'checkPunkStaking' && JSON.stringify(q.request) === '{}')).toBe(true)
    }),
  )

  it("[tasks.53] the staking step is kept in storage as it changes and read back on entering; its bot's link opens on the stake step", () => {
    marbles((m) => {
      const storage = memoryStorage({ [PUNK_STAKING_STORAGE_KEY]: 'connected' })
      const h = storeHarness([
        received('boosts', {
          connect: [{ code: 'punkStaking', type: 'staking', url: 'https://t.me/punk_staking_bot' }],
        }),
      ])
      const events$ = h.feed(m.hot('a b', { a: e('tasks/entered', { tab: 'boosts' }), b: e('tasks/punkStakeOpened') }))
      m.expect(punkStakingStoreEpic(events$, h.state$, fakeDeps({ storage })).pipe(tap(h.apply))).toBeObservable('a', {
        a: e('tasks/punkStakingRestored', { step: 'connected' }),
      })
      m.flush()
      expect(storage.data.get(PUNK_STAKING_STORAGE_KEY)).toBe('staked')
    })()
    marbles((m) => {
      const h = storeHarness([
        received('boosts', {
          connect: [{ code: 'punkStaking', type: 'staking', url: 'https://t.me/punk_staking_bot' }],
        }),
      ])
      m.expect(
        punkStakeLinkEpic(h.feed(m.hot('a', { a: e('tasks/punkStakeOpened') })), h.state$, fakeDeps()),
      ).toBeObservable('a', { a: e('app/linkOpened', { url: 'https://t.me/punk_staking_bot' }) })
    })()
    marbles((m) => {
      // nothing or something unreadable in storage restores nothing
      const h = storeHarness([])
      m.expect(
        punkStakingStoreEpic(
          h.feed(m.hot('a', { a: e('tasks/entered', { tab: 'boosts' }) })),
          h.state$,
          fakeDeps({ storage: memoryStorage({ [PUNK_STAKING_STORAGE_KEY]: 'bogus' }) }),
        ),
      ).toBeObservable('')
    })()
  })

  it('[tasks.59] the partner wallet boost, kept locally: started, then downloaded (its link opened, the start reported), then connected, each step written as it comes and read back on a new launch', () => {
    const bitget = { connect: [task({ code: 'bitgetWallet', type: 'claim', url: 'https://web3.bitget.com/' })] }
    marbles((m) => {
      const h = storeHarness([received('boosts', bitget)])
      const api = fakeApi({ taskStarted: () => m.cold('1ms (a|)', { a: { ok: true } }) })
      m.expect(
        partnerWalletDownloadEpic(
          h.feed(m.hot('a', { a: e('tasks/partnerWalletDownloaded') })),
          h.state$,
          fakeDeps({ api }),
        ),
      ).toBeObservable('a', { a: e('app/linkOpened', { url: 'https://web3.bitget.com/' }) })
      m.flush()
      expect(api.requests).toEqual([{ name: 'taskStarted', request: { code: 'bitgetWallet' } }])
    })()
    marbles((m) => {
      const storage = memoryStorage({ [PARTNER_WALLET_STORAGE_KEY]: 'downloaded' })
      const h = storeHarness([])
      const events$ = h.feed(
        m.hot('a b', {
          a: e('tasks/entered', { tab: 'boosts' }),
          b: e('tasks/partnerWalletConnected', { address: 'UQ' }),
        }),
      )
      m.expect(partnerWalletStoreEpic(events$, h.state$, fakeDeps({ storage })).pipe(tap(h.apply))).toBeObservable(
        'a',
        { a: e('tasks/partnerWalletRestored', { step: 'downloaded' }) },
      )
      m.flush()
      expect(storage.data.get(PARTNER_WALLET_STORAGE_KEY)).toBe('connected')
    })()
    marbles((m) => {
      // through the reducer: the steps in order, each written once; a late download does not take it back
      const storage = memoryStorage()
      const writes: string[] = []
      const set = storage.set
      storage.set = (k, v) => {
        if (k === PARTNER_WALLET_STORAGE_KEY) writes.push(v)
        set(k, v)
      }
      const h = storeHarness([])
      const events$ = h.feed(
        m.hot('o d d c d', {
          o: e('tasks/partnerWalletOpened'),
          d: e('tasks/partnerWalletDownloaded'),
          c: e('tasks/partnerWalletConnected', { address: 'UQ' }),
        }),
      )
      partnerWalletStoreEpic(events$, h.state$, fakeDeps({ storage })).subscribe()
      m.flush()
      expect(writes).toEqual(['started', 'downloaded', 'connected'])
      expect(h.get().tasks.partnerWallet.step).toBe('connected')
    })()
    // each step kept is the step on a new launch
    for (const step of ['started', 'downloaded', 'connected'])
      marbles((m) => {
        const h = storeHarness([])
        const storage = memoryStorage({ [PARTNER_WALLET_STORAGE_KEY]: step })
        const events$ = h.feed(m.hot('a', { a: e('tasks/entered', { tab: 'boosts' }) }))
        m.expect(partnerWalletStoreEpic(events$, h.state$, fakeDeps({ storage })).pipe(tap(h.apply))).toBeObservable(
          'a',
          { a: e('tasks/partnerWalletRestored', { step }) },
        )
        m.flush()
        expect(h.get().tasks.partnerWallet.step).toBe(step)
      })()
  })

  it("[tasks.62] the partner wallet connects over TonConnect: the partner's TON wallet is set and disconnected; another wallet app is refused and disconnected, nothing set", () => {
    marbles((m) => {
      const h = storeHarness([])
      const partner = fakeTonConnect({
        connect: m.cold('1ms (a|)', {
          a: {
            outcome: 'connected',
            wallet: {
              ...FAKE_TON_WALLET,
              appName: 'bitgetTonWallet',
              name: 'Bitget Wallet',
              proof: fakeProof(FAKE_PAYLOAD),
            },
          },
        }),
      })
      const api = fakeApi({
        tonProofPayload: () => m.cold('(a|)', { a: { payload: FAKE_PAYLOAD, expiresAt: 1 } }),
        setTonWallet: () => m.cold('2ms (a|)', { a: { ok: true } }),
      })
      m.expect(
        partnerWalletConnectEpic(
          h.feed(m.hot('a', { a: e('tasks/partnerWalletConnectRequested') })),
          h.state$,
          fakeDeps({ api, tonConnect: partner }),
        ),
      ).toBeObservable('3ms a', {
        a: e('tasks/partnerWalletConnected', { address: FAKE_TON_WALLET.address }),
      })
      m.flush()
      expect(api.requests).toEqual([
        { name: 'tonProofPayload', request: {} },
        { name: 'setTonWallet', request: { walletAddress: FAKE_TON_WALLET.address, proof: fakeProof(FAKE_PAYLOAD) } },
      ])
      expect(partner.calls).toEqual(['connect', 'disconnect'])
    })()
    marbles((m) => {
      const h = storeHarness([])
      const other = fakeTonConnect({
        connect: m.cold('1ms (a|)', {
          a: { outcome: 'connected', wallet: { ...FAKE_TON_WALLET, proof: fakeProof(FAKE_PAYLOAD) } },
        }),
      })
      const api = fakeApi({ tonProofPayload: () => m.cold('(a|)', { a: { payload: FAKE_PAYLOAD, expiresAt: 1 } }) })
      m.expect(
        partnerWalletConnectEpic(
          h.feed(m.hot('a', { a: e('tasks/partnerWalletConnectRequested') })),
          h.state$,
          fakeDeps({ api, tonConnect: other }),
        ),
      ).toBeObservable('1ms a', {
        a: e('tasks/partnerWalletRefused', { appName: 'switchDemoWallet' }),
      })
      m.flush()
      expect(api.requests.map((r) => r.name)).toEqual(['tonProofPayload'])
      expect(other.calls).toEqual(['connect', 'disconnect'])
    })()
  })

  it("[tasks.63] [tasks.64] the open-league step lives in Telegram's cloud storage: read on entering, written as it goes badge, trade, done, and back to trade when a list has the task not completed", () => {
    marbles((m) => {
      const league = (done: boolean) =>
        received('boosts', {
          connect: [
            task({
              code: 'openLeague',
              type: 'trade',
              url: 'https://t.me/theopenleague_bot',
              doneAmount: done ? 1 : 0,
            }),
          ],
        })
      const h = storeHarness([league(false)])
      const written: string[] = []
      const telegram = {
        ...fakeTelegram(),
        cloudGet: (key: string) => m.cold('1ms (a|)', { a: key === 'openLeagueBoost' ? 'badge' : null }),
        cloudSet: (key: string, value: string) => m.cold('1ms (a|)', { a: void written.push(`${key}=${value}`) }),
      }
      const events$ = h.feed(
        m.hot('a 9ms b 9ms t 9ms l 9ms m', {
          a: e('tasks/entered', { tab: 'boosts' }),
          b: e('tasks/openLeagueBadgeOpened'),
          t: e('tasks/openLeagueTradeOpened'),
          l: league(false),
          m: league(false),
        }),
      )
      // the cloud held badge, as the state: nothing is restored
      m.expect(openLeagueEpic(events$, h.state$, fakeDeps({ telegram })).pipe(tap(h.apply))).toBeObservable(
        '10ms b 9ms t',
        {
          b: e('app/linkOpened', { url: 'https://t.me/theopenleague_bot' }),
          t: e('app/navigated', { to: '/swap' }),
        },
      )
      m.flush()
      // trade, done, and trade again when the list had it not completed; the second list wrote nothing
      expect(written).toEqual(['openLeagueBoost=trade', 'openLeagueBoost=done', 'openLeagueBoost=trade'])
    })()
    const writes: string[] = []
    marbles((m) => {
      const league = (done: boolean) =>
        received('boosts', {
          connect: [
            task({
              code: 'openLeague',
              type: 'trade',
              url: 'https://t.me/theopenleague_bot',
              doneAmount: done ? 1 : 0,
            }),
          ],
        })
      const h = storeHarness([league(false)])
      const telegram = {
        ...fakeTelegram(),
        cloudGet: () => m.cold('1ms (a|)', { a: 'trade' }),
        cloudSet: (key: string, value: string) => m.cold('1ms (a|)', { a: void writes.push(`${key}=${value}`) }),
      }
      const events$ = h.feed(
        m.hot('a 9ms t 9ms l 9ms m 9ms d', {
          a: e('tasks/entered', { tab: 'boosts' }),
          t: e('tasks/openLeagueTradeOpened'),
          l: league(false),
          m: league(false),
          d: league(true),
        }),
      )
      m.expect(openLeagueEpic(events$, h.state$, fakeDeps({ telegram })).pipe(tap(h.apply))).toBeObservable(
        '1ms r 8ms t',
        {
          r: e('tasks/openLeagueRestored', { step: 'trade' }),
          t: e('app/navigated', { to: '/swap' }),
        },
      )
      m.flush()
      expect(h.get().tasks.openLeague.step).toBe('trade')
    })()
    // restored at trade: done written, then trade again when the list had it not completed, then nothing more (the completed list keeps trade: done is the user's step)
    expect(writes).toEqual(['openLeagueBoost=done', 'openLeagueBoost=trade'])
  })
})
