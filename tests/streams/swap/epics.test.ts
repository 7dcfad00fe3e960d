/** Swap effects on virtual time: the quote's debounce and cancellation, and the one execution of a burst of taps. */
import { describe, expect, it, vi } from 'vitest'
import { marbles } from '../marbles'
import { filter, tap } from 'rxjs'
import { executeEpic, quoteEpic } from '../../../streams/swap/epics'
import type { AppEvent, EventInput } from '../../../domain/events'
import type { SwapQuote } from '../../../domain/swap/events'
import { ETH_ARB, TON, USDC_ARB, USDT_TON, quoteFor } from '../../domain/swap/fixtures'
import { fakeApi, fakeDeps, fakeTelegram, storeHarness } from '../fakes'
import { asQuery, wireOf } from '../wireApi'
const pick = (purpose: 'swapFrom' | 'swapTo', token: typeof ETH_ARB): EventInput => ({
  type: 'picker/tokenPicked',
  payload: { purpose, token },
})
const amount = (value: string): EventInput => ({ type: 'swap/amountChanged', payload: { value } })
const tap_ = (): EventInput => ({ type: 'swap/confirmTapped', payload: {} })

const paramsOf = (amountUnits: string) => ({
  from: '42161:0xaf88d065e77c8cc2239327c5edb3a432268e5831',
  to: '42161:0x0000000000000000000000000000000000000000',
  amount: amountUnits,
  accountIndex: 0,
})
const q = (units: string, out = 3_000_000_000_000_000n, id = 'route-1') =>
  quoteFor(USDC_ARB, ETH_ARB, units, out, { id })
const answer = (quote: SwapQuote) => ({ route: quote.route, gases: quote.gases, transactions: quote.transactions })

describe('quote epic', () => {
  it(
    '[swap.9] [swap.14] a quote leaves 1000 ms after the last change, as POST /fetchRoute in smallest units',
    marbles((m) => {
      const h = storeHarness([pick('swapFrom', USDC_ARB), pick('swapTo', ETH_ARB)])
      const api = fakeApi({ fetchRoute: () => m.cold('200ms (a|)', { a: answer(q('12000000')) }) })
      const events$ = h.feed(m.hot('a 299ms b', { a: amount('1'), b: amount('12') }))
      const out = quoteEpic()(events$, h.state$, fakeDeps({ api }, undefined))
      m.expect(out, '^ 3000ms !').toBeObservable('1300ms r 199ms d', {
        r: { type: 'swap/quoteRequested', payload: { params: paramsOf('12000000') } },
        d: { type: 'swap/quoteReceived', payload: { params: paramsOf('12000000'), quote: q('12000000') } },
      })
      m.flush()
      expect(api.requests).toEqual([
        {
          name: 'fetchRoute',
          request: {
            amount: '12000000',
            from: USDC_ARB.address,
            to: ETH_ARB.address,
            fromChainId: 42161,
            toChainId: 42161,
            accountIndex: 0,
          },
        },
      ])
      // on the wire, as the client's HTTP client sends it (wireOf: the endpoint table through streams/http/request.ts)
      for (const r of api.requests.filter((c) => c.name === 'fetchRoute'))
        expect(wireOf(r)).toEqual({
          method: 'POST',
          path: '/fetchRoute',
          query: {},
          body: r.request,
          contentType: 'application/json',
          headers: expect.anything(),
        })
    }),
  )

  it(
    '[swap.9] a change waits 1000 ms of quiet: nothing at 999 ms, the quote at 1000 ms; another change at 999 ms starts the wait again',
    marbles((m) => {
      const quoted = () => {
        const h = storeHarness([pick('swapFrom', USDC_ARB), pick('swapTo', ETH_ARB)])
        const api = fakeApi({ fetchRoute: () => m.cold('(a|)', { a: answer(q('1000000')) }) })
        return {
          api,
          out: (changes: string, values: Record<string, EventInput>) =>
            quoteEpic()(h.feed(m.hot(changes, values)), h.state$, fakeDeps({ api })).pipe(
              filter((e) => e.type === 'swap/quoteRequested'),
            ),
        }
      }
      const r = (units: string) => ({ type: 'swap/quoteRequested', payload: { params: paramsOf(units) } })
      const one = quoted()
      m.expect(one.out('a', { a: amount('1') }), '^ 999ms !').toBeObservable('')
      const alone = quoted()
      m.expect(alone.out('a', { a: amount('1') }), '^ 3000ms !').toBeObservable('1000ms r', { r: r('1000000') })
      const again = quoted()
      m.expect(again.out('a 998ms b', { a: amount('1'), b: amount('2') }), '^ 3000ms !').toBeObservable('1999ms r', {
        r: r('2000000'),
      })
      m.flush()
      expect(again.api.requests.map((x) => (x.request as { amount: string }).amount)).toEqual(['2000000'])
    }),
  )

  it(
    '[swap.11] a newer change cancels the request in flight; the abort is not an error and sets nothing',
    marbles((m) => {
      const h = storeHarness([pick('swapFrom', USDC_ARB), pick('swapTo', ETH_ARB)])
      let unsubscribed = 0
      const api = fakeApi({
        fetchRoute: (r: { amount: string }) =>
          m.cold('800ms (a|)', { a: answer(q(r.amount)) }).pipe(tap({ unsubscribe: () => unsubscribed++ })),
      })
      // '1' at 0: its request leaves at 1000 and would answer at 1800; '2' at 1500 cancels it.
      const events$ = h.feed(m.hot('a 1499ms b', { a: amount('1'), b: amount('2') }))
      const out = quoteEpic()(events$, h.state$, fakeDeps({ api }))
      m.expect(out, '^ 5000ms !').toBeObservable('1000ms r 1499ms s 799ms d', {
        r: { type: 'swap/quoteRequested', payload: { params: paramsOf('1000000') } },
        s: { type: 'swap/quoteRequested', payload: { params: paramsOf('2000000') } },
        d: { type: 'swap/quoteReceived', payload: { params: paramsOf('2000000'), quote: q('2000000') } },
      })
      m.flush()
      expect(unsubscribed).toBe(1)
      expect(api.requests).toHaveLength(2)
    }),
  )

  it(
    '[swap.13] an empty or non-numeric amount asks for nothing; a number typed after them is quoted',
    marbles((m) => {
      const quotesFor = (typed: EventInput[]) => {
        const h = storeHarness([pick('swapFrom', USDC_ARB), pick('swapTo', ETH_ARB)])
        const api = fakeApi({ fetchRoute: (r: { amount: string }) => m.cold('(a|)', { a: answer(q(r.amount)) }) })
        const marble = typed.map((_, i) => String.fromCharCode(97 + i)).join(' 1500ms ')
        const values = Object.fromEntries(typed.map((t, i) => [String.fromCharCode(97 + i), t]))
        quoteEpic()(h.feed(m.hot(marble, values)), h.state$, fakeDeps({ api })).subscribe(h.apply)
        return api
      }
      const none = quotesFor([amount(''), amount('abc'), amount('0')])
      const then = quotesFor([amount(''), amount('abc'), amount('0'), amount('1')])
      m.flush()
      expect(none.requests).toEqual([])
      expect(then.requests.map((r) => (r.request as { amount: string }).amount)).toEqual(['1000000'])
    }),
  )

  it(
    'a failed quote (swap.16: an error answer) is stored as the route error; the retry (swap.17) asks again at once',
    marbles((m) => {
      const h = storeHarness([pick('swapFrom', USDC_ARB), pick('swapTo', ETH_ARB)])
      const error = { kind: 'rejected', status: 404, message: 'no route found' }
      let n = 0
      const api = fakeApi({
        fetchRoute: () =>
          n++ === 0 ? m.cold('100ms #', undefined, error) : m.cold('100ms (a|)', { a: answer(q('1000000')) }),
      })
      const out = quoteEpic()(
        h.feed(m.hot('a 1999ms b', { a: amount('1'), b: { type: 'swap/retryRequested', payload: {} } as EventInput })),
        h.state$,
        fakeDeps({ api }),
      ).pipe(
        tap((e) => {
          h.apply(e)
          if (e.type === 'swap/quoteFailed')
            expect(h.get().swap).toMatchObject({ routeError: error, routeFetching: false, quote: null })
        }),
      )
      m.expect(out, '^ 5000ms !').toBeObservable('1000ms r 99ms f 899ms r 99ms d', {
        r: { type: 'swap/quoteRequested', payload: { params: paramsOf('1000000') } },
        f: { type: 'swap/quoteFailed', payload: { params: paramsOf('1000000'), error } },
        d: { type: 'swap/quoteReceived', payload: { params: paramsOf('1000000'), quote: q('1000000') } },
      })
    }),
  )

  it(
    '[swap.33] a TON pair is quoted by /v2/tc/simulate-swap with the wallet index',
    marbles((m) => {
      const h = storeHarness([pick('swapFrom', TON), pick('swapTo', USDT_TON)])
      const tq = quoteFor(TON, USDT_TON, '1000000000', 3_000_000n, { provider: 'dedust' })
      const api = fakeApi({
        simulateTonSwap: () =>
          m.cold('(a|)', { a: { route: tq.route, transactions: tq.transactions, provider: 'dedust' } }),
      })
      quoteEpic()(h.feed(m.hot('a', { a: amount('1') })), h.state$, fakeDeps({ api })).subscribe(h.apply)
      m.flush()
      expect(api.requests).toEqual([
        {
          name: 'simulateTonSwap',
          request: { offer_jetton: 'native', offer_amount: '1000000000', ask_jetton: USDT_TON.address, walletindex: 0 },
        },
      ])
      // on the wire, as the client's HTTP client sends it (wireOf: the endpoint table through streams/http/request.ts)
      for (const r of api.requests.filter((c) => c.name === 'simulateTonSwap'))
        expect(wireOf(r)).toEqual({
          method: 'POST',
          path: '/v2/tc/simulate-swap',
          query: {},
          body: { ...(r.request as object), walletindex: undefined },
          contentType: 'application/json',
          headers: expect.objectContaining({ walletindex: String((r.request as { walletindex: number }).walletindex) }),
        })
      expect(h.get().swap.quote?.provider).toBe('dedust')
    }),
  )
})

describe('execute epic', () => {
  const quotedSetup = (): EventInput[] => [
    pick('swapFrom', USDC_ARB),
    pick('swapTo', ETH_ARB),
    amount('10'),
    { type: 'swap/quoteReceived', payload: { params: paramsOf('10000000'), quote: q('10000000') } },
  ]

  it(
    '[swap.42] [swap.41] ten fast taps execute once, 500 ms after the last, as POST /swap {routeId, accountIndex}',
    marbles((m) => {
      const h = storeHarness(quotedSetup())
      const telegram = fakeTelegram()
      const api = fakeApi({ swap: () => m.cold('300ms (a|)', { a: { ok: true, historyId: '77' } }) })
      const taps = m.hot('a 99ms a 99ms a 99ms a 99ms a 99ms a 99ms a 99ms a 99ms a 99ms a', { a: tap_() })
      const out = executeEpic()(h.feed(taps), h.state$, fakeDeps({ api, telegram, clock: { now: () => 0 } }))
      m.expect(out, '^ 5000ms !').toBeObservable('1400ms s 299ms d', {
        s: { type: 'swap/executionStarted', payload: { idempotencyKey: '80000000800000008000000080000000' } },
        d: { type: 'swap/executed', payload: { historyId: '77' } },
      })
      m.flush()
      expect(api.requests).toEqual([
        {
          name: 'swap',
          request: { routeId: 'route-1', accountIndex: 0, idempotencyKey: '80000000800000008000000080000000' },
        },
      ])
      // on the wire, as the client's HTTP client sends it (wireOf: the endpoint table through streams/http/request.ts)
      for (const r of api.requests.filter((c) => c.name === 'swap'))
        expect(wireOf(r)).toEqual({
          method: 'POST',
          path: '/swap',
          query: {},
          body: r.request,
          contentType: 'application/json',
          headers: expect.anything(),
        })
      // a haptic before (swap.43, its own test below), the mini-app closes after (swap.44).
      expect(telegram.calls).toEqual(['hapticImpact', 'close'])
    }),
  )

  it(
    '[swap.43] a haptic plays before executing: just before the execute call goes out (not after it), once, and not at the tap',
    marbles((m) => {
      const h = storeHarness(quotedSetup())
      // one log of what the epic does, in the order it does it, with the virtual time
      const log: string[] = []
      const telegram = fakeTelegram()
      const impact = telegram.hapticImpact
      telegram.hapticImpact = (...args) => {
        log.push(`${m.scheduler.now()} haptic`)
        impact(...args)
      }
      const api = fakeApi({
        swap: () => {
          log.push(`${m.scheduler.now()} swap`)
          return m.cold('300ms (a|)', { a: { ok: true, historyId: '77' } })
        },
      })
      executeEpic()(
        h.feed(m.hot('a', { a: tap_() })),
        h.state$,
        fakeDeps({ api, telegram, clock: { now: () => 0 } }),
      ).subscribe(h.apply)
      m.flush()
      // the tap at 0 executes 500 ms later: the haptic then, and only then, just before the call
      expect(log).toEqual(['500 haptic', '500 swap'])
      expect(telegram.calls).toEqual(['hapticImpact', 'close'])
    }),
  )

  it(
    '[swap.42] a burst of taps executes once, 500 ms after the last: a tap at 499 ms starts the wait again, so it executes at 999 ms',
    marbles((m) => {
      const h = storeHarness(quotedSetup())
      const api = fakeApi({ swap: () => m.cold('(a|)', { a: { ok: true, historyId: '77' } }) })
      const out = executeEpic()(
        h.feed(m.hot('a 498ms a', { a: tap_() })),
        h.state$,
        fakeDeps({ api, clock: { now: () => 0 } }),
      )
      m.expect(out, '^ 3000ms !').toBeObservable('999ms (sd)', {
        s: { type: 'swap/executionStarted', payload: { idempotencyKey: '80000000800000008000000080000000' } },
        d: { type: 'swap/executed', payload: { historyId: '77' } },
      })
      m.flush()
      expect(api.requests.filter((r) => r.name === 'swap')).toHaveLength(1)
    }),
  )

  it(
    '[swap.42] taps while an execution runs are ignored (exhaust), and an executed swap never runs again',
    marbles((m) => {
      const h = storeHarness(quotedSetup())
      const api = fakeApi({ swap: () => m.cold('2000ms (a|)', { a: { ok: true, historyId: '1' } }) })
      executeEpic()(
        h.feed(m.hot('a 999ms a 999ms a 2999ms a', { a: tap_() })),
        h.state$,
        fakeDeps({ api, clock: { now: () => 0 } }),
      ).subscribe(h.apply)
      m.flush()
      expect(api.requests.filter((r) => r.name === 'swap')).toHaveLength(1)
    }),
  )

  it(
    'the button shows progress from the tap on: a tap that finds nothing to execute says so, so the progress ends',
    marbles((m) => {
      const h = storeHarness(quotedSetup())
      h.apply({ type: 'swap/amountChanged', payload: { value: '' } })
      const out = executeEpic()(h.feed(m.hot('a', { a: tap_() })), h.state$, fakeDeps({ clock: { now: () => 0 } }))
      m.expect(out, '^ 2000ms !').toBeObservable('500ms d', { d: { type: 'swap/confirmDropped', payload: {} } })
    }),
  )

  it(
    'a quote older than 30 s is asked again first; a worse one shows and nothing executes',
    marbles((m) => {
      const h = storeHarness(quotedSetup())
      const worse = q('10000000', 2_000_000_000_000_000n, 'route-2')
      const api = fakeApi({
        fetchRoute: () => m.cold('100ms (a|)', { a: answer(worse) }),
        swap: () => m.cold('(a|)', { a: { ok: true, historyId: '1' } }),
      })
      const out = executeEpic()(
        h.feed(m.hot('a', { a: tap_() })),
        h.state$,
        fakeDeps({ api, clock: { now: () => 30_001 } }),
      )
      m.expect(out, '^ 3000ms !').toBeObservable('500ms s 99ms r', {
        s: { type: 'swap/executionStarted', payload: { idempotencyKey: '80000000800000008000000080000000' } },
        r: { type: 'swap/quoteRefreshed', payload: { params: paramsOf('10000000'), quote: worse, worse: true } },
      })
      m.flush()
      expect(api.requests.map((r) => r.name)).toEqual(['fetchRoute'])
    }),
  )

  it(
    'an old quote refreshed to one as good executes the new route',
    marbles((m) => {
      const h = storeHarness(quotedSetup())
      const better = q('10000000', 3_100_000_000_000_000n, 'route-3')
      const api = fakeApi({
        fetchRoute: () => m.cold('100ms (a|)', { a: answer(better) }),
        swap: () => m.cold('(a|)', { a: { ok: true, historyId: '1' } }),
      })
      executeEpic()(
        h.feed(m.hot('a', { a: tap_() })),
        h.state$,
        fakeDeps({ api, clock: { now: () => 40_000 } }),
      ).subscribe(h.apply)
      m.flush()
      expect(api.requests.map((r) => [r.name, (r.request as { routeId?: string }).routeId])).toEqual([
        ['fetchRoute', undefined],
        ['swap', 'route-3'],
      ])
      expect(h.get().swap.executed).toBe(true)
    }),
  )

  it(
    'a route the server refuses as used or expired is quoted again, once, and executed with the same key',
    marbles((m) => {
      const h = storeHarness(quotedSetup())
      let n = 0
      const api = fakeApi({
        fetchRoute: () => m.cold('(a|)', { a: answer(q('10000000', 3_000_000_000_000_000n, 'route-4')) }),
        swap: () =>
          n++ === 0
            ? m.cold('#', undefined, { kind: 'rejected', status: 410, message: 'This quote has expired' })
            : m.cold('(a|)', { a: { ok: true, historyId: '9' } }),
      })
      executeEpic()(h.feed(m.hot('a', { a: tap_() })), h.state$, fakeDeps({ api, clock: { now: () => 0 } })).subscribe(
        h.apply,
      )
      m.flush()
      const swaps = api.requests
        .filter((r) => r.name === 'swap')
        .map((r) => r.request as { routeId: string; idempotencyKey: string })
      expect(swaps.map((s) => s.routeId)).toEqual(['route-1', 'route-4'])
      expect(new Set(swaps.map((s) => s.idempotencyKey)).size).toBe(1)
      expect(h.get().swap.executed).toBe(true)
    }),
  )

  it('a refused swap is logged (swap.45) and shown (docs/features/wallet.md); nothing closes', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    marbles((m) => {
      const h = storeHarness(quotedSetup())
      const telegram = fakeTelegram()
      const api = fakeApi({
        swap: () =>
          m.cold('#', undefined, { kind: 'rejected', status: 400, path: 'amount', message: 'not enough USDC' }),
      })
      executeEpic()(
        h.feed(m.hot('a', { a: tap_() })),
        h.state$,
        fakeDeps({ api, telegram, clock: { now: () => 0 } }),
      ).subscribe(h.apply)
      m.flush()
      expect(h.get().swap).toMatchObject({
        executing: false,
        executed: false,
        executeError: { message: 'not enough USDC' },
      })
      expect(telegram.calls).toEqual(['hapticImpact'])
    })()
    expect(warn).toHaveBeenCalledWith(
      expect.stringMatching(/swap/),
      expect.objectContaining({ status: 400, message: 'not enough USDC' }),
    )
    warn.mockRestore()
  })

  it(
    '[swap.34] a TON pair executes by /v2/tc/swap with the minimum and the provider, and the wallet index',
    marbles((m) => {
      const tq = quoteFor(TON, USDT_TON, '1000000000', 3_000_000n, { provider: 'stonfi' })
      const p = {
        from: 'TON:native',
        to: `TON:${USDT_TON.address.toLowerCase()}`,
        amount: '1000000000',
        accountIndex: 0,
      }
      const h = storeHarness([
        pick('swapFrom', TON),
        pick('swapTo', USDT_TON),
        amount('1'),
        { type: 'swap/quoteReceived', payload: { params: p, quote: tq } },
      ])
      const api = fakeApi({ tonSwap: () => m.cold('(a|)', { a: { ok: true, historyId: '5' } }) })
      executeEpic()(h.feed(m.hot('a', { a: tap_() })), h.state$, fakeDeps({ api, clock: { now: () => 0 } })).subscribe(
        h.apply,
      )
      m.flush()
      expect(api.requests).toEqual([
        {
          name: 'tonSwap',
          request: {
            offer_jetton: 'native',
            offer_amount: '1000000000',
            ask_jetton: USDT_TON.address,
            min_ask_amount: '2850000',
            provider: 'stonfi',
            walletindex: 0,
            idempotencyKey: '80000000800000008000000080000000',
          },
        },
      ])
      // on the wire, as the client's HTTP client sends it (wireOf: the endpoint table through streams/http/request.ts)
      for (const r of api.requests.filter((c) => c.name === 'tonSwap'))
        expect(wireOf(r)).toEqual({
          method: 'POST',
          path: '/v2/tc/swap',
          query: {},
          body: { ...(r.request as object), walletindex: undefined },
          contentType: 'application/json',
          headers: expect.objectContaining({ walletindex: String((r.request as { walletindex: number }).walletindex) }),
        })
    }),
  )
})

describe('preset and share epics', () => {
  it('[swap.46] [swap.47] a launch with swapFrom/swapTo opens /swap and resolves the tokens by GET /getPresetTokens?startParam=', async () => {
    const { presetLaunchEpic, presetEpic } = await import('../../../streams/swap/epics')
    const { launch } = await import('../../domain/fixtures/events')
    marbles((m) => {
      const startParam =
        'swapFrom-bmF0aXZl-swapTo-RVFDeEU2bVV0UUpLRm5HZmFST1RLT3QxbFpiRGlpWDFrQ2l4UnY3TncySWRfc0Rz-chainId-TON'
      const h = storeHarness([])
      const api = fakeApi({ presetTokens: () => m.cold('50ms (a|)', { a: { from: TON, to: USDT_TON, presets: [] } }) })
      const events$ = h.feed(m.hot('a', { a: { type: 'app/launched', payload: launch({ startParam }) } as EventInput }))
      const launched = presetLaunchEpic(events$, h.state$, fakeDeps({ api }))
      m.expect(launched).toBeObservable('(nr)', {
        n: { type: 'app/navigated', payload: { to: '/swap' } },
        r: { type: 'swap/presetRequested', payload: { startParam } },
      })
      const resolved = presetEpic(
        h.feed(m.hot('a', { a: { type: 'swap/presetRequested', payload: { startParam } } as EventInput })),
        h.state$,
        fakeDeps({ api }),
      )
      m.expect(resolved).toBeObservable('50ms l', {
        l: { type: 'swap/presetLoaded', payload: { from: TON, to: USDT_TON, presets: [] } },
      })
      m.flush()
      expect(api.requests).toEqual([{ name: 'presetTokens', request: { startParam } }])
      // on the wire, as the client's HTTP client sends it (wireOf: the endpoint table through streams/http/request.ts)
      for (const r of api.requests.filter((c) => c.name === 'presetTokens'))
        expect(wireOf(r)).toEqual({
          method: 'GET',
          path: '/getPresetTokens',
          query: asQuery(r.request),
          body: undefined,
          contentType: undefined,
          headers: expect.anything(),
        })
    })()
  })

  it('a pair asked for before the swap had loaded (a launch link, a banner) is fetched once its epics start, and only while it is still awaited', async () => {
    const { presetEpic } = await import('../../../streams/swap/epics')
    const startParam = 'swapFrom-bmF0aXZl-chainId-TON'
    const asked = { type: 'swap/presetRequested', payload: { startParam } } as EventInput
    const recorded = [{ ...asked, seq: 3, at: 0 } as AppEvent]
    marbles((m) => {
      const h = storeHarness([{ type: 'app/navigated', payload: { to: '/swap' } }, asked])
      const api = fakeApi({ presetTokens: () => m.cold('50ms (a|)', { a: { from: TON, to: USDT_TON, presets: [] } }) })
      const started = presetEpic(
        h.feed(m.hot('')),
        h.state$,
        fakeDeps({ api, recorder: { events: () => recorded, env: () => ({}) } }),
      )
      m.expect(started).toBeObservable('50ms l', {
        l: { type: 'swap/presetLoaded', payload: { from: TON, to: USDT_TON, presets: [] } },
      })
      m.flush()
      expect(api.requests).toEqual([{ name: 'presetTokens', request: { startParam } }])
    })()
    marbles((m) => {
      // Its answer came already: nothing is asked again.
      const h = storeHarness([asked, { type: 'swap/presetLoaded', payload: { from: TON, to: USDT_TON, presets: [] } }])
      const api = fakeApi({})
      m.expect(
        presetEpic(
          h.feed(m.hot('')),
          h.state$,
          fakeDeps({ api, recorder: { events: () => recorded, env: () => ({}) } }),
        ),
      ).toBeObservable('')
      m.flush()
      expect(api.requests).toEqual([])
    })()
  })

  it('the same opening reloaded does not follow its pair again: the reload comes back to where the user was', async () => {
    const { presetLaunchEpic } = await import('../../../streams/swap/epics')
    const { launch } = await import('../../domain/fixtures/events')
    const startParam = 'swapFrom-bmF0aXZl-chainId-TON'
    const opened = launch({ startParam, authDate: 1_763_800_000 })
    const before = [
      { type: 'app/launched', payload: opened, seq: 1, at: 0 },
      { type: 'app/navigated', payload: { to: '/swap' }, seq: 2, at: 1 },
    ] as AppEvent[]
    marbles((m) => {
      const h = storeHarness([])
      const again = { type: 'app/launched', payload: opened, seq: 3, at: 2 } as AppEvent
      m.expect(
        presetLaunchEpic(
          m.hot('a', { a: again }),
          h.state$,
          fakeDeps({ recorder: { events: () => [...before, again], env: () => ({}) } }),
        ),
      ).toBeObservable('')
    })()
    marbles((m) => {
      const h = storeHarness([])
      const anew = { type: 'app/launched', payload: { ...opened, authDate: 1_763_900_000 }, seq: 3, at: 2 } as AppEvent
      m.expect(
        presetLaunchEpic(
          m.hot('a', { a: anew }),
          h.state$,
          fakeDeps({ recorder: { events: () => [...before, anew], env: () => ({}) } }),
        ),
      ).toBeObservable('(nr)', {
        n: { type: 'app/navigated', payload: { to: '/swap' } },
        r: { type: 'swap/presetRequested', payload: { startParam } },
      })
    })()
  })

  it('a launch without a pair opens nothing', async () => {
    const { presetLaunchEpic } = await import('../../../streams/swap/epics')
    const { launch } = await import('../../domain/fixtures/events')
    marbles((m) => {
      const h = storeHarness([])
      m.expect(
        presetLaunchEpic(
          h.feed(m.hot('a', { a: { type: 'app/launched', payload: launch({ startParam: 'ref-abc' }) } as EventInput })),
          h.state$,
          fakeDeps(),
        ),
      ).toBeObservable('')
    })()
  })

  it('[swap.48] share sends POST /createPresetSwap with the from and to tokens and shares the link', async () => {
    const { shareEpic } = await import('../../../streams/swap/epics')
    marbles((m) => {
      const h = storeHarness([pick('swapFrom', USDC_ARB), pick('swapTo', ETH_ARB)])
      const telegram = fakeTelegram()
      const api = fakeApi({
        createPresetSwap: () => m.cold('10ms (a|)', { a: { startParam: 'swapFrom-x-swapTo-y-chainId-42161' } }),
      })
      const out = shareEpic(
        h.feed(m.hot('a a', { a: { type: 'swap/shareRequested', payload: {} } as EventInput })),
        h.state$,
        fakeDeps({ api, telegram }),
      )
      const link = 'https://t.me/switch_wallet_bot/app?startapp=swapFrom-x-swapTo-y-chainId-42161'
      m.expect(out).toBeObservable('10ms c', {
        c: { type: 'swap/shareCreated', payload: { startParam: 'swapFrom-x-swapTo-y-chainId-42161', link } },
      })
      m.flush()
      expect(api.requests).toEqual([
        {
          name: 'createPresetSwap',
          request: {
            from: { address: USDC_ARB.address, chainId: 42161 },
            to: { address: ETH_ARB.address, chainId: 42161 },
          },
        },
      ])
      // on the wire, as the client's HTTP client sends it (wireOf: the endpoint table through streams/http/request.ts)
      for (const r of api.requests.filter((c) => c.name === 'createPresetSwap'))
        expect(wireOf(r)).toEqual({
          method: 'POST',
          path: '/createPresetSwap',
          query: {},
          body: r.request,
          contentType: 'application/json',
          headers: expect.anything(),
        })
      expect(telegram.calls).toEqual([`share:${link}`])
    })()
  })
})
