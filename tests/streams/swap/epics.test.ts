/** Swap effects on virtual time: the quote's debounce and cancellation, and the one execution of a burst of taps. */
import { describe, expect, it, vi } from 'vitest'
import { TestScheduler } from 'rxjs/testing'
import { tap } from 'rxjs'
import { executeEpic, quoteEpic } from '../../../streams/swap/epics'
import type { AppEvent, EventInput } from '../../../domain/events'
import type { SwapQuote } from '../../../domain/swap/events'
import { ETH_ARB, TON, USDC_ARB, USDT_TON, quoteFor } from '../../domain/swap/fixtures'
import { fakeApi, fakeDeps, fakeTelegram, storeHarness } from '../fakes'

const scheduler = () => new TestScheduler((a, b) => expect(a).toStrictEqual(b))
const pick = (purpose: 'swapFrom' | 'swapTo', token: typeof ETH_ARB): EventInput => ({ type: 'picker/tokenPicked', payload: { purpose, token } })
const amount = (value: string): EventInput => ({ type: 'swap/amountChanged', payload: { value } })
const tap_ = (): EventInput => ({ type: 'swap/confirmTapped', payload: {} })

const paramsOf = (amountUnits: string) => ({ from: '42161:0xaf88d065e77c8cc2239327c5edb3a432268e5831', to: '42161:0x0000000000000000000000000000000000000000', amount: amountUnits, accountIndex: 0 })
const q = (units: string, out = 3_000_000_000_000_000n, id = 'route-1') => quoteFor(USDC_ARB, ETH_ARB, units, out, { id })
const answer = (quote: SwapQuote) => ({ route: quote.route, gases: quote.gases, transactions: quote.transactions })

describe('quote epic', () => {
  it('[swap.9] [swap.14] a quote leaves 1000 ms after the last change, as POST /fetchRoute in smallest units', () => {
    scheduler().run(({ cold, hot, expectObservable, flush }) => {
      const h = storeHarness([pick('swapFrom', USDC_ARB), pick('swapTo', ETH_ARB)])
      const api = fakeApi({ fetchRoute: () => cold('200ms (a|)', { a: answer(q('12000000')) }) })
      const events$ = h.feed(hot('a 299ms b', { a: amount('1'), b: amount('12') }))
      const out = quoteEpic()(events$, h.state$, fakeDeps({ api }, undefined))
      expectObservable(out, '^ 3000ms !').toBe('1300ms r 199ms d', {
        r: { type: 'swap/quoteRequested', payload: { params: paramsOf('12000000') } },
        d: { type: 'swap/quoteReceived', payload: { params: paramsOf('12000000'), quote: q('12000000') } },
      })
      flush()
      expect(api.requests).toEqual([{ name: 'fetchRoute', request: { amount: '12000000', from: USDC_ARB.address, to: ETH_ARB.address, fromChainId: 42161, toChainId: 42161, accountIndex: 0 } }])
    })
  })

  it('[swap.11] a newer change cancels the request in flight; the abort is not an error and sets nothing', () => {
    scheduler().run(({ cold, hot, expectObservable, flush }) => {
      const h = storeHarness([pick('swapFrom', USDC_ARB), pick('swapTo', ETH_ARB)])
      let unsubscribed = 0
      const api = fakeApi({
        fetchRoute: (r: { amount: string }) => cold('800ms (a|)', { a: answer(q(r.amount)) }).pipe(tap({ unsubscribe: () => unsubscribed++ })),
      })
      // '1' at 0: its request leaves at 1000 and would answer at 1800; '2' at 1500 cancels it.
      const events$ = h.feed(hot('a 1499ms b', { a: amount('1'), b: amount('2') }))
      const out = quoteEpic()(events$, h.state$, fakeDeps({ api }))
      expectObservable(out, '^ 5000ms !').toBe('1000ms r 1499ms s 799ms d', {
        r: { type: 'swap/quoteRequested', payload: { params: paramsOf('1000000') } },
        s: { type: 'swap/quoteRequested', payload: { params: paramsOf('2000000') } },
        d: { type: 'swap/quoteReceived', payload: { params: paramsOf('2000000'), quote: q('2000000') } },
      })
      flush()
      expect(unsubscribed).toBe(1)
      expect(api.requests).toHaveLength(2)
    })
  })

  it('[swap.13] an empty or non-numeric amount asks for nothing', () => {
    scheduler().run(({ hot, expectObservable }) => {
      const h = storeHarness([pick('swapFrom', USDC_ARB), pick('swapTo', ETH_ARB)])
      const api = fakeApi({})
      const out = quoteEpic()(h.feed(hot('a 10ms b 10ms c', { a: amount(''), b: amount('abc'), c: amount('0') })), h.state$, fakeDeps({ api }))
      expectObservable(out, '^ 3000ms !').toBe('')
    })
  })

  it('[swap.16] a failed quote (an error answer) is stored as the route error; the retry (swap.17) asks again at once', () => {
    scheduler().run(({ cold, hot, expectObservable, flush }) => {
      const h = storeHarness([pick('swapFrom', USDC_ARB), pick('swapTo', ETH_ARB)])
      const error = { kind: 'rejected', status: 404, message: 'no route found' }
      let n = 0
      const api = fakeApi({ fetchRoute: () => (n++ === 0 ? cold('100ms #', undefined, error) : cold('100ms (a|)', { a: answer(q('1000000')) })) })
      const out = quoteEpic()(h.feed(hot('a 1999ms b', { a: amount('1'), b: { type: 'swap/retryRequested', payload: {} } as EventInput })), h.state$, fakeDeps({ api })).pipe(
        tap((e) => {
          h.apply(e)
          if (e.type === 'swap/quoteFailed') expect(h.get().swap).toMatchObject({ routeError: error, routeFetching: false, quote: null })
        }),
      )
      expectObservable(out, '^ 5000ms !').toBe('1000ms r 99ms f 899ms r 99ms d', {
        r: { type: 'swap/quoteRequested', payload: { params: paramsOf('1000000') } },
        f: { type: 'swap/quoteFailed', payload: { params: paramsOf('1000000'), error } },
        d: { type: 'swap/quoteReceived', payload: { params: paramsOf('1000000'), quote: q('1000000') } },
      })
    })
  })

  it('[swap.33] a TON pair is quoted by /v2/tc/simulate-swap with the wallet index', () => {
    scheduler().run(({ cold, hot, flush }) => {
      const h = storeHarness([pick('swapFrom', TON), pick('swapTo', USDT_TON)])
      const tq = quoteFor(TON, USDT_TON, '1000000000', 3_000_000n, { provider: 'dedust' })
      const api = fakeApi({ simulateTonSwap: () => cold('(a|)', { a: { route: tq.route, transactions: tq.transactions, provider: 'dedust' } }) })
      quoteEpic()(h.feed(hot('a', { a: amount('1') })), h.state$, fakeDeps({ api })).subscribe(h.apply)
      flush()
      expect(api.requests).toEqual([{ name: 'simulateTonSwap', request: { offer_jetton: 'native', offer_amount: '1000000000', ask_jetton: USDT_TON.address, walletindex: 0 } }])
      expect(h.get().swap.quote?.provider).toBe('dedust')
    })
  })
})

describe('execute epic', () => {
  const quotedSetup = (): EventInput[] => [pick('swapFrom', USDC_ARB), pick('swapTo', ETH_ARB), amount('10'), { type: 'swap/quoteReceived', payload: { params: paramsOf('10000000'), quote: q('10000000') } }]

  it('[swap.42] [swap.41] ten fast taps execute once, 500 ms after the last, as POST /swap {routeId, accountIndex}', () => {
    scheduler().run(({ cold, hot, expectObservable, flush }) => {
      const h = storeHarness(quotedSetup())
      const telegram = fakeTelegram()
      const api = fakeApi({ swap: () => cold('300ms (a|)', { a: { ok: true, historyId: '77' } }) })
      const taps = hot('a 99ms a 99ms a 99ms a 99ms a 99ms a 99ms a 99ms a 99ms a 99ms a', { a: tap_() })
      const out = executeEpic()(h.feed(taps), h.state$, fakeDeps({ api, telegram, clock: { now: () => 0 } }))
      expectObservable(out, '^ 5000ms !').toBe('1400ms s 299ms d', {
        s: { type: 'swap/executionStarted', payload: { idempotencyKey: '80000000800000008000000080000000' } },
        d: { type: 'swap/executed', payload: { historyId: '77' } },
      })
      flush()
      expect(api.requests).toEqual([{ name: 'swap', request: { routeId: 'route-1', accountIndex: 0, idempotencyKey: '80000000800000008000000080000000' } }])
      // [swap.43] [swap.44] a haptic before, the mini-app closes after.
      expect(telegram.calls).toEqual(['hapticImpact', 'close'])
    })
  })

  it('[swap.42] taps while an execution runs are ignored (exhaust), and an executed swap never runs again', () => {
    scheduler().run(({ cold, hot, flush }) => {
      const h = storeHarness(quotedSetup())
      const api = fakeApi({ swap: () => cold('2000ms (a|)', { a: { ok: true, historyId: '1' } }) })
      executeEpic()(h.feed(hot('a 999ms a 999ms a 2999ms a', { a: tap_() })), h.state$, fakeDeps({ api, clock: { now: () => 0 } })).subscribe(h.apply)
      flush()
      expect(api.requests.filter((r) => r.name === 'swap')).toHaveLength(1)
    })
  })

  it('the button shows progress from the tap on: a tap that finds nothing to execute says so, so the progress ends', () => {
    scheduler().run(({ hot, expectObservable }) => {
      const h = storeHarness(quotedSetup())
      h.apply({ type: 'swap/amountChanged', payload: { value: '' } })
      const out = executeEpic()(h.feed(hot('a', { a: tap_() })), h.state$, fakeDeps({ clock: { now: () => 0 } }))
      expectObservable(out, '^ 2000ms !').toBe('500ms d', { d: { type: 'swap/confirmDropped', payload: {} } })
    })
  })

  it('a quote older than 30 s is asked again first; a worse one shows and nothing executes', () => {
    scheduler().run(({ cold, hot, expectObservable, flush }) => {
      const h = storeHarness(quotedSetup())
      const worse = q('10000000', 2_000_000_000_000_000n, 'route-2')
      const api = fakeApi({ fetchRoute: () => cold('100ms (a|)', { a: answer(worse) }), swap: () => cold('(a|)', { a: { ok: true, historyId: '1' } }) })
      const out = executeEpic()(h.feed(hot('a', { a: tap_() })), h.state$, fakeDeps({ api, clock: { now: () => 30_001 } }))
      expectObservable(out, '^ 3000ms !').toBe('500ms s 99ms r', {
        s: { type: 'swap/executionStarted', payload: { idempotencyKey: '80000000800000008000000080000000' } },
        r: { type: 'swap/quoteRefreshed', payload: { params: paramsOf('10000000'), quote: worse, worse: true } },
      })
      flush()
      expect(api.requests.map((r) => r.name)).toEqual(['fetchRoute'])
    })
  })

  it('an old quote refreshed to one as good executes the new route', () => {
    scheduler().run(({ cold, hot, flush }) => {
      const h = storeHarness(quotedSetup())
      const better = q('10000000', 3_100_000_000_000_000n, 'route-3')
      const api = fakeApi({ fetchRoute: () => cold('100ms (a|)', { a: answer(better) }), swap: () => cold('(a|)', { a: { ok: true, historyId: '1' } }) })
      executeEpic()(h.feed(hot('a', { a: tap_() })), h.state$, fakeDeps({ api, clock: { now: () => 40_000 } })).subscribe(h.apply)
      flush()
      expect(api.requests.map((r) => [r.name, (r.request as { routeId?: string }).routeId])).toEqual([['fetchRoute', undefined], ['swap', 'route-3']])
      expect(h.get().swap.executed).toBe(true)
    })
  })

  it('a route the server refuses as used or expired is quoted again, once, and executed with the same key', () => {
    scheduler().run(({ cold, hot, flush }) => {
      const h = storeHarness(quotedSetup())
      let n = 0
      const api = fakeApi({
        fetchRoute: () => cold('(a|)', { a: answer(q('10000000', 3_000_000_000_000_000n, 'route-4')) }),
        swap: () => (n++ === 0 ? cold('#', undefined, { kind: 'rejected', status: 410, message: 'This quote has expired' }) : cold('(a|)', { a: { ok: true, historyId: '9' } })),
      })
      executeEpic()(h.feed(hot('a', { a: tap_() })), h.state$, fakeDeps({ api, clock: { now: () => 0 } })).subscribe(h.apply)
      flush()
      const swaps = api.requests.filter((r) => r.name === 'swap').map((r) => r.request as { routeId: string; idempotencyKey: string })
      expect(swaps.map((s) => s.routeId)).toEqual(['route-1', 'route-4'])
      expect(new Set(swaps.map((s) => s.idempotencyKey)).size).toBe(1)
      expect(h.get().swap.executed).toBe(true)
    })
  })

  it('[swap.45] a refused swap is logged (and shown); nothing closes', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    scheduler().run(({ cold, hot, flush }) => {
      const h = storeHarness(quotedSetup())
      const telegram = fakeTelegram()
      const api = fakeApi({ swap: () => cold('#', undefined, { kind: 'rejected', status: 400, path: 'amount', message: 'not enough USDC' }) })
      executeEpic()(h.feed(hot('a', { a: tap_() })), h.state$, fakeDeps({ api, telegram, clock: { now: () => 0 } })).subscribe(h.apply)
      flush()
      expect(h.get().swap).toMatchObject({ executing: false, executed: false, executeError: { message: 'not enough USDC' } })
      expect(telegram.calls).toEqual(['hapticImpact'])
    })
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/swap/), expect.objectContaining({ status: 400, message: 'not enough USDC' }))
    warn.mockRestore()
  })

  it('[swap.34] a TON pair executes by /v2/tc/swap with the minimum and the provider, and the wallet index', () => {
    scheduler().run(({ cold, hot, flush }) => {
      const tq = quoteFor(TON, USDT_TON, '1000000000', 3_000_000n, { provider: 'stonfi' })
      const p = { from: 'TON:native', to: `TON:${USDT_TON.address.toLowerCase()}`, amount: '1000000000', accountIndex: 0 }
      const h = storeHarness([pick('swapFrom', TON), pick('swapTo', USDT_TON), amount('1'), { type: 'swap/quoteReceived', payload: { params: p, quote: tq } }])
      const api = fakeApi({ tonSwap: () => cold('(a|)', { a: { ok: true, historyId: '5' } }) })
      executeEpic()(h.feed(hot('a', { a: tap_() })), h.state$, fakeDeps({ api, clock: { now: () => 0 } })).subscribe(h.apply)
      flush()
      expect(api.requests).toEqual([
        { name: 'tonSwap', request: { offer_jetton: 'native', offer_amount: '1000000000', ask_jetton: USDT_TON.address, min_ask_amount: '2850000', provider: 'stonfi', walletindex: 0, idempotencyKey: '80000000800000008000000080000000' } },
      ])
    })
  })
})

describe('preset and share epics', () => {
  it('[swap.46] [swap.47] a launch with swapFrom/swapTo opens /swap and resolves the tokens by GET /getPresetTokens?startParam=', async () => {
    const { presetLaunchEpic, presetEpic } = await import('../../../streams/swap/epics')
    const { launch } = await import('../../domain/fixtures/events')
    scheduler().run(({ cold, hot, expectObservable, flush }) => {
      const startParam = 'swapFrom-bmF0aXZl-swapTo-RVFDeEU2bVV0UUpLRm5HZmFST1RLT3QxbFpiRGlpWDFrQ2l4UnY3TncySWRfc0Rz-chainId-TON'
      const h = storeHarness([])
      const api = fakeApi({ presetTokens: () => cold('50ms (a|)', { a: { from: TON, to: USDT_TON, presets: [] } }) })
      const events$ = h.feed(hot('a', { a: { type: 'app/launched', payload: launch({ startParam }) } as EventInput }))
      const launched = presetLaunchEpic(events$, h.state$, fakeDeps({ api }))
      expectObservable(launched).toBe('(nr)', {
        n: { type: 'app/navigated', payload: { to: '/swap' } },
        r: { type: 'swap/presetRequested', payload: { startParam } },
      })
      const resolved = presetEpic(h.feed(hot('a', { a: { type: 'swap/presetRequested', payload: { startParam } } as EventInput })), h.state$, fakeDeps({ api }))
      expectObservable(resolved).toBe('50ms l', { l: { type: 'swap/presetLoaded', payload: { from: TON, to: USDT_TON, presets: [] } } })
      flush()
      expect(api.requests).toEqual([{ name: 'presetTokens', request: { startParam } }])
    })
  })

  it('the same opening reloaded does not follow its pair again: the reload comes back to where the user was', async () => {
    const { presetLaunchEpic } = await import('../../../streams/swap/epics')
    const { launch } = await import('../../domain/fixtures/events')
    const startParam = 'swapFrom-bmF0aXZl-chainId-TON'
    const opened = launch({ startParam, authDate: 1_763_800_000 })
    const before = [{ type: 'app/launched', payload: opened, seq: 1, at: 0 }, { type: 'app/navigated', payload: { to: '/swap' }, seq: 2, at: 1 }] as AppEvent[]
    scheduler().run(({ hot, expectObservable }) => {
      const h = storeHarness([])
      const again = { type: 'app/launched', payload: opened, seq: 3, at: 2 } as AppEvent
      expectObservable(presetLaunchEpic(hot('a', { a: again }), h.state$, fakeDeps({ recorder: { events: () => [...before, again], env: () => ({}) } }))).toBe('')
    })
    scheduler().run(({ hot, expectObservable }) => {
      const h = storeHarness([])
      const anew = { type: 'app/launched', payload: { ...opened, authDate: 1_763_900_000 }, seq: 3, at: 2 } as AppEvent
      expectObservable(presetLaunchEpic(hot('a', { a: anew }), h.state$, fakeDeps({ recorder: { events: () => [...before, anew], env: () => ({}) } }))).toBe('(nr)', {
        n: { type: 'app/navigated', payload: { to: '/swap' } },
        r: { type: 'swap/presetRequested', payload: { startParam } },
      })
    })
  })

  it('a launch without a pair opens nothing', async () => {
    const { presetLaunchEpic } = await import('../../../streams/swap/epics')
    const { launch } = await import('../../domain/fixtures/events')
    scheduler().run(({ hot, expectObservable }) => {
      const h = storeHarness([])
      expectObservable(presetLaunchEpic(h.feed(hot('a', { a: { type: 'app/launched', payload: launch({ startParam: 'ref-abc' }) } as EventInput })), h.state$, fakeDeps())).toBe('')
    })
  })

  it('[swap.48] share sends POST /createPresetSwap with the from and to tokens and shares the link', async () => {
    const { shareEpic } = await import('../../../streams/swap/epics')
    scheduler().run(({ cold, hot, expectObservable, flush }) => {
      const h = storeHarness([pick('swapFrom', USDC_ARB), pick('swapTo', ETH_ARB)])
      const telegram = fakeTelegram()
      const api = fakeApi({ createPresetSwap: () => cold('10ms (a|)', { a: { startParam: 'swapFrom-x-swapTo-y-chainId-42161' } }) })
      const out = shareEpic(h.feed(hot('a a', { a: { type: 'swap/shareRequested', payload: {} } as EventInput })), h.state$, fakeDeps({ api, telegram }))
      const link = 'https://t.me/switch_wallet_bot/app?startapp=swapFrom-x-swapTo-y-chainId-42161'
      expectObservable(out).toBe('10ms c', { c: { type: 'swap/shareCreated', payload: { startParam: 'swapFrom-x-swapTo-y-chainId-42161', link } } })
      flush()
      expect(api.requests).toEqual([{ name: 'createPresetSwap', request: { from: { address: USDC_ARB.address, chainId: 42161 }, to: { address: ETH_ARB.address, chainId: 42161 } } }])
      expect(telegram.calls).toEqual([`share:${link}`])
    })
  })
})
