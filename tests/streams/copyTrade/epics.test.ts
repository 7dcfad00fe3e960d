import { describe, expect, it } from 'vitest'
import { TestScheduler } from 'rxjs/testing'
import { addressEpic, entryEpic, startEpic, stopEpic } from '../../../streams/copyTrade/epics'
import type { EventInput } from '../../../domain/events'
import { USDT, trade } from '../../domain/copyTrade/fixtures'
import { fakeApi, fakeDeps, storeHarness } from '../fakes'

const scheduler = () => new TestScheduler((a, b) => expect(a).toStrictEqual(b))
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
      scheduler().run(({ cold, hot, expectObservable }) => {
        const h = storeHarness([])
        const api = fakeApi({ copyTrades: () => cold('20ms (a|)', { a: { copyTrades: trades, tokens: [] } }), balances: () => cold('10ms (a|)', { a: balances }) })
        const out = entryEpic(h.feed(hot('a', { a: { type: 'copyTrade/entered', payload: {} } as EventInput })), h.state$, fakeDeps({ api }))
        expectObservable(out).toBe('20ms (tbn)', {
          t: { type: 'copyTrade/tradesReceived', payload: { accountIndex: 0, copyTrades: trades, tokens: [] } },
          b: { type: 'wallet/balancesReceived', payload: { accountIndex: 0, balances } },
          n: { type: 'app/navigated', payload: { to, replace: true } },
        })
      })
  })

  it('[copyTrade.10] only a valid address moves on to the network', () => {
    scheduler().run(({ hot, expectObservable }) => {
      const h = storeHarness([{ type: 'copyTrade/addressChanged', payload: { value: '0x5290' } }])
      const events$ = h.feed(hot('a 9ms b 9ms c', {
        a: { type: 'copyTrade/addressSubmitted', payload: {} } as EventInput,
        b: { type: 'copyTrade/addressChanged', payload: { value: '0x52908400098527886E0F7030069857D2E4169EE7' } } as EventInput,
        c: { type: 'copyTrade/addressSubmitted', payload: {} } as EventInput,
      }))
      expectObservable(addressEpic(events$, h.state$, fakeDeps())).toBe('20ms n', { n: { type: 'app/navigated', payload: { to: '/copyTrade/chooseNetwork' } } })
    })
  })

  it('[copyTrade.30] [copyTrade.31] [copyTrade.32] [copyTrade.33] [copyTrade.35] ten taps start one copy trade with the exact request', () => {
    scheduler().run(({ cold, hot, expectObservable, flush }) => {
      const h = storeHarness(form)
      const started = trade('new')
      const api = fakeApi({ startCopyTrade: () => cold('300ms (a|)', { a: { ok: true, trade: started } }) })
      const taps = h.feed(hot('a 9ms a 9ms a 9ms a 9ms a 9ms a 9ms a 9ms a 9ms a 9ms a', { a: { type: 'copyTrade/startRequested', payload: {} } as EventInput }))
      const out = startEpic(taps, h.state$, fakeDeps({ api }))
      expectObservable(out).toBe('k 299ms (sn)', {
        k: { type: 'copyTrade/startSent', payload: { idempotencyKey: '80000000800000008000000080000000' } },
        s: { type: 'copyTrade/started', payload: { trade: started } },
        n: { type: 'app/navigated', payload: { to: '/copyTrade/traderSuccessfully' } },
      })
      flush()
      expect(api.requests).toEqual([
        {
          name: 'startCopyTrade',
          request: { accountIndex: 0, chainId: 42161, followedAddress: '0x52908400098527886E0F7030069857D2E4169EE7', ante: 0.1, protocols: ['uniswapUniversalRouter'], depositInNano: '100000000', fromToken: USDT.address, idempotencyKey: '80000000800000008000000080000000' },
        },
      ])
    })
  })

  it('[copyTrade.30] a failing form sends nothing', () => {
    scheduler().run(({ hot, expectObservable, flush }) => {
      const h = storeHarness([...form, { type: 'copyTrade/depositChanged', payload: { value: '50' } }])
      const api = fakeApi({})
      expectObservable(startEpic(h.feed(hot('a', { a: { type: 'copyTrade/startRequested', payload: {} } as EventInput })), h.state$, fakeDeps({ api }))).toBe('')
      flush()
      expect(api.requests).toEqual([])
    })
  })

  it('[copyTrade.58] stop sends POST with _id once, then the trades reload', () => {
    scheduler().run(({ cold, hot, expectObservable, flush }) => {
      const h = storeHarness([])
      const api = fakeApi({ cancelCopyTrade: () => cold('100ms (a|)', { a: { ok: true } }) })
      const out = stopEpic(h.feed(hot('a 9ms a', { a: { type: 'copyTrade/stopRequested', payload: { id: 't1' } } as EventInput })), h.state$, fakeDeps({ api }))
      expectObservable(out).toBe('100ms (sr)', { s: { type: 'copyTrade/stopped', payload: { id: 't1' } }, r: { type: 'copyTrade/archiveEntered', payload: {} } })
      flush()
      expect(api.requests).toEqual([{ name: 'cancelCopyTrade', request: { _id: 't1' } }])
    })
  })
})
