import { describe, expect, it } from 'vitest'
import { marbles } from '../marbles'
import { tap } from 'rxjs'
import { addressEpic, assetsEpic, entryEpic, startEpic, stopEpic, swapsEpic } from '../../../streams/copyTrade/epics'
import { splitArchive } from '../../../domain/copyTrade/rules'
import type { EventInput } from '../../../domain/events'
import { USDT, trade } from '../../domain/copyTrade/fixtures'
import { fakeApi, fakeDeps, fakeTelegram, storeHarness } from '../fakes'
import { asQuery, wireOf } from '../wireApi'
const form: EventInput[] = [
  { type: 'copyTrade/addressChanged', payload: { value: '0x52908400098527886E0F7030069857D2E4169EE7' } },
  { type: 'copyTrade/networkChosen', payload: { chainId: 42161 } },
  { type: 'copyTrade/assetChosen', payload: { asset: USDT as never } },
]

describe('copy-trade epics', () => {
  it('[copyTrade.3] [copyTrade.4] [copyTrade.5] the entry loads trades and balances, then routes on in place of itself', () => {
    const cases: [unknown[], unknown[], string][] = [
      [[trade('a')], [], '/copyTrade/traderArchive'],
      [[], [], '/copyTrade/notBalance'],
      [[], [{ ...USDT, tokensAmount: '0' }], '/copyTrade/notBalance'],
      [[], [USDT], '/copyTrade/traderAddress'],
    ]
    for (const [trades, balances, to] of cases)
      marbles((m) => {
        const h = storeHarness([])
        const api = fakeApi({
          copyTrades: () => m.cold('20ms (a|)', { a: { copyTrades: trades, tokens: [] } }),
          balances: () => m.cold('10ms (a|)', { a: balances }),
        })
        const out = entryEpic(
          h.feed(m.hot('a', { a: { type: 'copyTrade/entered', payload: {} } as EventInput })),
          h.state$,
          fakeDeps({ api }),
        )
        m.expect(out).toBeObservable('20ms (tbn)', {
          t: { type: 'copyTrade/tradesReceived', payload: { accountIndex: 0, copyTrades: trades, tokens: [] } },
          b: { type: 'wallet/balancesReceived', payload: { accountIndex: 0, balances } },
          n: { type: 'app/navigated', payload: { to, replace: true } },
        })
      })()
  })

  it('[copyTrade.11] back from the trader address goes to the archive for a user with subscriptions, else home: through the entry, as the user comes', () => {
    /** The user on the home screen opens copy trading; the entry routes on; `then` is what the user does next; back. */
    const backFromAddress = (trades: unknown[], then: EventInput[]) => {
      let where: string | undefined
      let passed: string | undefined
      marbles((m) => {
        const h = storeHarness([])
        const api = fakeApi({
          copyTrades: () => m.cold('(a|)', { a: { copyTrades: trades, tokens: [] } }),
          balances: () => m.cold('(a|)', { a: [USDT] }),
        })
        const entry = [
          { type: 'app/navigated', payload: { to: '/copyTrade' } },
          { type: 'copyTrade/entered', payload: {} },
        ] as EventInput[]
        entryEpic(h.feed(m.hot('(ab)', { a: entry[0], b: entry[1] })), h.state$, fakeDeps({ api })).subscribe(h.apply)
        m.flush()
        for (const e of then) h.apply(e)
        passed = h.get().app.history.at(-1)
        h.apply({ type: 'app/backPressed', payload: {} })
        where = h.get().app.history.at(-1)
      })()
      return { passed, where }
    }
    const newTrade = { type: 'app/navigated', payload: { to: '/copyTrade/traderAddress' } } as EventInput
    // with subscriptions the entry opens the archive; its new copy trade is the address screen; back: the archive
    expect(backFromAddress([trade('a')], [newTrade])).toEqual({
      passed: '/copyTrade/traderAddress',
      where: '/copyTrade/traderArchive',
    })
    // with none the entry opens the address screen in its place; back: home
    expect(backFromAddress([], [])).toEqual({ passed: '/copyTrade/traderAddress', where: '/' })
  })

  it(
    '[copyTrade.10] only a valid address proceeds: it is kept as traderAddress and the network is next',
    marbles((m) => {
      const h = storeHarness([{ type: 'copyTrade/addressChanged', payload: { value: '0x5290' } }])
      const events$ = h.feed(
        m.hot('a 9ms b 9ms c', {
          a: { type: 'copyTrade/addressSubmitted', payload: {} } as EventInput,
          b: {
            type: 'copyTrade/addressChanged',
            payload: { value: '0x52908400098527886E0F7030069857D2E4169EE7' },
          } as EventInput,
          c: { type: 'copyTrade/addressSubmitted', payload: {} } as EventInput,
        }),
      )
      m.expect(addressEpic(events$, h.state$, fakeDeps())).toBeObservable('20ms n', {
        n: { type: 'app/navigated', payload: { to: '/copyTrade/chooseNetwork' } },
      })
      m.flush()
      expect(h.get().copyTrade).toMatchObject({
        traderAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
        addressInvalid: false,
      })
    }),
  )

  it(
    "[copyTrade.13] the network's stable coins and ETH load by GET getStableCoinsAndEth {chainID, accountIndex}; only those held are offered",
    marbles((m) => {
      const h = storeHarness([{ type: 'wallet/walletSelected', payload: { accountIndex: 1 } }])
      const held = [
        USDT,
        { ...USDT, address: '0x1', symbol: 'ZRO' },
        { ...USDT, address: '0x2', symbol: 'DAI', tokensAmount: '0' },
        { ...USDT, address: '0x3', symbol: 'ETH', tokensAmount: '0.2', usdAmount: 660, tokensCost: 3300 },
      ]
      const api = fakeApi({ stableCoinsAndEth: () => m.cold('10ms (a|)', { a: held }) })
      assetsEpic(
        h.feed(m.hot('a', { a: { type: 'copyTrade/networkChosen', payload: { chainId: 42161 } } as EventInput })),
        h.state$,
        fakeDeps({ api }),
      ).subscribe(h.apply)
      m.flush()
      expect(api.requests).toEqual([{ name: 'stableCoinsAndEth', request: { chainID: 42161, accountIndex: 1 } }])
      // on the wire, as the client's HTTP client sends it (wireOf: the endpoint table through streams/http/request.ts)
      for (const r of api.requests.filter((c) => c.name === 'stableCoinsAndEth'))
        expect(wireOf(r)).toEqual({
          method: 'GET',
          path: '/getStableCoinsAndEth',
          query: asQuery(r.request),
          body: undefined,
          contentType: undefined,
          headers: expect.anything(),
        })
      expect(h.get().copyTrade.assets?.data?.map((a) => [a.symbol, a.tokensAmount, a.tokensCost, a.usdAmount])).toEqual(
        [
          ['USDT', '500', 1, 500],
          ['ETH', '0.2', 3300, 660],
        ],
      )
    }),
  )

  it(
    "[copyTrade.59] a trade's swaps load by GET with accountIndex and copyTradeId",
    marbles((m) => {
      const h = storeHarness([{ type: 'wallet/walletSelected', payload: { accountIndex: 2 } }])
      const swap = {
        id: 'h1',
        type: 'swap',
        createdAt: '2026-11-22T10:00:00Z',
        fromToken: { symbol: 'USDT', decimals: 6 },
        toToken: { symbol: 'ARB', decimals: 18 },
        fromAmount: '15000000',
        toAmount: '20000000000000000000',
        copyTradeId: 't1',
      }
      const api = fakeApi({ copyTradeSwaps: () => m.cold('10ms (a|)', { a: { swaps: [swap] } }) })
      swapsEpic(
        h.feed(m.hot('a', { a: { type: 'copyTrade/tradeOpened', payload: { id: 't1' } } as EventInput })),
        h.state$,
        fakeDeps({ api }),
      ).subscribe(h.apply)
      m.flush()
      expect(api.requests).toEqual([{ name: 'copyTradeSwaps', request: { accountIndex: 2, copyTradeId: 't1' } }])
      // on the wire, as the client's HTTP client sends it (wireOf: the endpoint table through streams/http/request.ts)
      for (const r of api.requests.filter((c) => c.name === 'copyTradeSwaps'))
        expect(wireOf(r)).toEqual({
          method: 'GET',
          path: '/getUserSwaps',
          query: asQuery(r.request),
          body: undefined,
          contentType: undefined,
          headers: expect.anything(),
        })
      expect(h.get().copyTrade.swaps.t1?.data).toEqual([swap])
    }),
  )

  it(
    '[copyTrade.31] [copyTrade.32] [copyTrade.33] [copyTrade.35] ten taps start one copy trade with the exact request, then the success screen',
    marbles((m) => {
      const h = storeHarness(form)
      const started = trade('new')
      const api = fakeApi({ startCopyTrade: () => m.cold('300ms (a|)', { a: { ok: true, trade: started } }) })
      const taps = h.feed(
        m.hot('a 9ms a 9ms a 9ms a 9ms a 9ms a 9ms a 9ms a 9ms a 9ms a', {
          a: { type: 'copyTrade/startRequested', payload: {} } as EventInput,
        }),
      )
      const out = startEpic(taps, h.state$, fakeDeps({ api }))
      m.expect(out).toBeObservable('k 299ms (sn)', {
        k: { type: 'copyTrade/startSent', payload: { idempotencyKey: '80000000800000008000000080000000' } },
        s: { type: 'copyTrade/started', payload: { trade: started } },
        n: { type: 'app/navigated', payload: { to: '/copyTrade/traderSuccessfully' } },
      })
      m.flush()
      expect(api.requests).toEqual([
        {
          name: 'startCopyTrade',
          request: {
            accountIndex: 0,
            chainId: 42161,
            followedAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
            ante: 0.1,
            protocols: ['uniswapUniversalRouter'],
            depositInNano: '100000000',
            fromToken: USDT.address,
            idempotencyKey: '80000000800000008000000080000000',
          },
        },
      ])
      // on the wire, as the client's HTTP client sends it (wireOf: the endpoint table through streams/http/request.ts)
      for (const r of api.requests.filter((c) => c.name === 'startCopyTrade'))
        expect(wireOf(r)).toEqual({
          method: 'POST',
          path: '/startMonitoringCopyTrade',
          query: {},
          body: r.request,
          contentType: 'application/json',
          headers: expect.anything(),
        })
    }),
  )

  it('[copyTrade.30] submitting while any check fails is ignored: no call, no event', () => {
    const failing: EventInput[] = [
      { type: 'copyTrade/depositChanged', payload: { value: '' } },
      { type: 'copyTrade/anteChanged', payload: { percent: 0 } },
      { type: 'copyTrade/depositChanged', payload: { value: '50' } },
      { type: 'copyTrade/depositChanged', payload: { value: '501' } },
    ]
    for (const change of failing)
      marbles((m) => {
        const h = storeHarness([...form, change])
        const api = fakeApi({})
        m.expect(
          startEpic(
            h.feed(m.hot('a', { a: { type: 'copyTrade/startRequested', payload: {} } as EventInput })),
            h.state$,
            fakeDeps({ api }),
          ),
        ).toBeObservable('')
        m.flush()
        expect(api.requests).toEqual([])
        expect(h.get().copyTrade.submitting).toBe(false)
      })()
    // the same form with every check passing does call
    marbles((m) => {
      const h = storeHarness(form)
      const api = fakeApi({ startCopyTrade: () => m.cold('-') })
      startEpic(
        h.feed(m.hot('a', { a: { type: 'copyTrade/startRequested', payload: {} } as EventInput })),
        h.state$,
        fakeDeps({ api }),
      ).subscribe(h.apply)
      m.flush()
      expect(api.requests.map((r) => r.name)).toEqual(['startCopyTrade'])
    })()
  })

  it(
    '[copyTrade.58] stopping sends POST with _id, once; the trade gets a deactivation time and moves to the history list',
    marbles((m) => {
      const h = storeHarness([
        {
          type: 'copyTrade/tradesReceived',
          payload: { accountIndex: 0, copyTrades: [trade('t1'), trade('t2')] as never, tokens: [] },
        },
      ])
      const api = fakeApi({ cancelCopyTrade: () => m.cold('100ms (a|)', { a: { ok: true } }) })
      const telegram = fakeTelegram()
      const out = stopEpic(
        h.feed(
          m.hot('a 9ms a', {
            a: { type: 'copyTrade/stopRequested', payload: { id: 't1', prompt: STOP_PROMPT } } as EventInput,
          }),
        ),
        h.state$,
        fakeDeps({ api, telegram }),
      ).pipe(tap(h.apply))
      m.expect(out).toBeObservable('c 99ms (sr)', {
        c: { type: 'copyTrade/stopConfirmed', payload: { id: 't1' } },
        s: { type: 'copyTrade/stopped', payload: { id: 't1' } },
        r: { type: 'copyTrade/archiveEntered', payload: {} },
      })
      m.flush()
      expect(api.requests).toEqual([{ name: 'cancelCopyTrade', request: { _id: 't1' } }])
      // on the wire, as the client's HTTP client sends it (wireOf: the endpoint table through streams/http/request.ts)
      for (const r of api.requests.filter((c) => c.name === 'cancelCopyTrade'))
        expect(wireOf(r)).toEqual({
          method: 'POST',
          path: '/cancelCopyTrade',
          query: {},
          body: r.request,
          contentType: 'application/json',
          headers: expect.anything(),
        })
      const { active, finished } = splitArchive(h.get().copyTrade.trades ?? [])
      expect([active.map((t) => t._id), finished.map((t) => t._id)]).toEqual([['t2'], ['t1']])
      expect(finished[0].dttmDeactivated).toBeTypeOf('string')
    }),
  )

  it(
    "stopping asks first with Telegram's popup, in the screen's words; a declined stop sends nothing",
    marbles((m) => {
      const h = storeHarness([
        {
          type: 'copyTrade/tradesReceived',
          payload: { accountIndex: 0, copyTrades: [trade('t1')] as never, tokens: [] },
        },
      ])
      const api = fakeApi({ cancelCopyTrade: () => m.cold('100ms (a|)', { a: { ok: true } }) })
      const asked: unknown[] = []
      const telegram = {
        ...fakeTelegram(),
        confirm: (p: unknown) => (asked.push(p), m.cold('50ms (n|)', { n: false })),
      }
      const out = stopEpic(
        h.feed(
          m.hot('a', {
            a: { type: 'copyTrade/stopRequested', payload: { id: 't1', prompt: STOP_PROMPT } } as EventInput,
          }),
        ),
        h.state$,
        fakeDeps({ api, telegram }),
      )
      m.expect(out).toBeObservable('50ms d', { d: { type: 'copyTrade/stopDeclined', payload: { id: 't1' } } })
      m.flush()
      expect(asked).toEqual([{ ...STOP_PROMPT, destructive: true }])
      expect(api.requests).toEqual([])
    }),
  )
})

const STOP_PROMPT = { message: 'Stop copying this trader?', ok: 'Stop copy trading', cancel: 'Keep trading' }
