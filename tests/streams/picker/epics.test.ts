import { describe, expect, it, vi } from 'vitest'
import { marbles } from '../marbles'
import { BehaviorSubject, type Observable } from 'rxjs'
import { pasteEpic, searchEpic } from '../../../streams/picker/epics'
import type { StateObservable } from '../../../streams/store'
import { type RootState, initialState } from '../../../domain/state'
import type { AppEvent } from '../../../domain/events'
import { fakeApi, fakeDeps, fakeTelegram } from '../fakes'

const e = (type: AppEvent['type'], payload: object = {}): AppEvent => ({ seq: 0, at: 0, type, payload }) as AppEvent
const withQuery = (query: string, chainId: RootState['picker']['chainId'] = null, selectedIndex = 0) =>
  ({
    ...initialState,
    wallet: { ...initialState.wallet, selectedIndex },
    picker: { ...initialState.picker, query, chainId },
  }) as RootState

describe('token search epic', () => {
  it(
    '[picker.4] a query is sent 300 ms after the last keystroke; a newer one cancels the request in flight',
    marbles((m) => {
      const state$ = new BehaviorSubject(withQuery('us'))
      const api = fakeApi({
        knownTokens: (r: { searchText: string }) =>
          m.cold('400ms (a|)', { a: { tokens: {}, tokenAmount: r.searchText.length } }),
      })
      // keystrokes at 0, 100 and 200 ms ('us'); another at 520 ms ('usdt') while the first request runs
      const typed = {
        a: e('picker/queryChanged', { query: 'u' }),
        b: e('picker/queryChanged', { query: 'us' }),
        d: e('picker/queryChanged', { query: 'usdt' }),
      }
      const events$ = m.hot('a 99ms a 99ms b 319ms d', typed)
      events$.subscribe((ev) => state$.next(withQuery((ev.payload as { query: string }).query)))
      const out = searchEpic()(events$ as Observable<AppEvent>, state$ as unknown as StateObservable, fakeDeps({ api }))
      // first request leaves at 500 ms, is cancelled at 820 ms when the second leaves; that one answers at 1220 ms
      m.expect(out, '^ 2000ms !').toBeObservable('1220ms r', {
        r: { type: 'picker/pageReceived', payload: { query: 'usdt', chainId: null, offset: 0, tokens: [], total: 4 } },
      })
      m.flush()
      expect(api.requests.map((r) => (r.request as { searchText: string }).searchText)).toEqual(['us', 'usdt'])
    }),
  )

  it(
    '[picker.4] a keystroke waits 300 ms of quiet: nothing at 299 ms, the search at 300 ms; another keystroke at 299 ms starts the wait again',
    marbles((m) => {
      const searches = (keys: string) => {
        const state$ = new BehaviorSubject(withQuery(''))
        const api = fakeApi({
          knownTokens: (r: { searchText: string }) =>
            m.cold('(a|)', { a: { tokens: {}, tokenAmount: r.searchText.length } }),
        })
        const events$ = m.hot(keys, {
          a: e('picker/queryChanged', { query: 'u' }),
          b: e('picker/queryChanged', { query: 'us' }),
        })
        events$.subscribe((ev) => state$.next(withQuery((ev.payload as { query: string }).query)))
        return {
          api,
          out: searchEpic()(events$ as Observable<AppEvent>, state$ as unknown as StateObservable, fakeDeps({ api })),
        }
      }
      const page = (query: string) => ({
        type: 'picker/pageReceived',
        payload: { query, chainId: null, offset: 0, tokens: [], total: query.length },
      })
      m.expect(searches('a').out, '^ 299ms !').toBeObservable('')
      m.expect(searches('a').out, '^ 2000ms !').toBeObservable('300ms r', { r: page('u') })
      const again = searches('a 298ms b')
      m.expect(again.out, '^ 2000ms !').toBeObservable('599ms r', { r: page('us') })
      m.flush()
      expect(again.api.requests.map((r) => (r.request as { searchText: string }).searchText)).toEqual(['us'])
    }),
  )

  it('an address query (picker.1, picker.2: tests/domain/picker) goes as tokenAddress; [picker.6] pages of 20 from the offset', () => {
    const requestFor = (query: string, chainId: RootState['picker']['chainId']) => {
      let request: unknown
      marbles((m) => {
        const api = fakeApi({ knownTokens: () => m.cold('(a|)', { a: { tokens: {}, tokenAmount: 0 } }) })
        searchEpic()(
          m.hot('a', { a: e('picker/pageRequested', { offset: 40 }) }) as Observable<AppEvent>,
          new BehaviorSubject(withQuery(query, chainId)) as unknown as StateObservable,
          fakeDeps({ api }),
        ).subscribe()
        m.flush()
        request = api.requests[0].request
      })()
      return request
    }
    const ton = 'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs'
    const evm = '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9'
    expect(requestFor(ton, 'TON')).toEqual({
      accountIndex: 0,
      chainId: 'TON',
      searchText: '',
      tokenAddress: ton,
      sliceProps: { limit: 20, offset: 40 },
    })
    expect(requestFor(evm, null)).toEqual({
      accountIndex: 0,
      chainId: null,
      searchText: '',
      tokenAddress: evm,
      sliceProps: { limit: 20, offset: 40 },
    })
    expect(requestFor(evm.slice(0, -1), null)).toEqual({
      accountIndex: 0,
      chainId: null,
      searchText: evm.slice(0, -1),
      tokenAddress: '',
      sliceProps: { limit: 20, offset: 40 },
    })
  })

  it(
    "the rows carry the selected wallet's balances: the request names its accountIndex (Wallet 2 is index 1)",
    marbles((m) => {
      const api = fakeApi({ knownTokens: () => m.cold('(a|)', { a: { tokens: {}, tokenAmount: 0 } }) })
      searchEpic()(
        m.hot('a', { a: e('picker/opened', { purpose: 'send' }) }) as Observable<AppEvent>,
        new BehaviorSubject(withQuery('', null, 1)) as unknown as StateObservable,
        fakeDeps({ api }),
      ).subscribe()
      m.flush()
      expect(api.requests.map((r) => (r.request as { accountIndex: unknown }).accountIndex)).toEqual([1])
    }),
  )

  it('a search limited to one network that finds nothing asks once on every network; pages with results, or all-network searches, do not', () => {
    const degen = {
      address: '0x4ed4e862860bed51a9570b96d89af5e1b0efefed',
      chainId: 8453,
      decimals: 18,
      logoURI: '',
      name: 'Degen',
      symbol: 'DEGEN',
    }
    const run = (query: string, chainId: RootState['picker']['chainId'], arbitrum: unknown[]) => {
      let emitted: unknown[] = []
      let requests: unknown[] = []
      marbles((m) => {
        const api = fakeApi({
          knownTokens: (r: { chainId: unknown }) =>
            m.cold('10ms (a|)', {
              a:
                r.chainId === null
                  ? { tokens: { 8453: [degen] }, tokenAmount: 1 }
                  : { tokens: { 42161: arbitrum }, tokenAmount: arbitrum.length },
            }),
        })
        const out: unknown[] = []
        searchEpic()(
          m.hot('a', { a: e('picker/networkChanged', { chainId }) }) as Observable<AppEvent>,
          new BehaviorSubject(withQuery(query, chainId)) as unknown as StateObservable,
          fakeDeps({ api }),
        ).subscribe((x) => out.push(x))
        m.flush()
        emitted = out
        requests = api.requests.map((r) => (r.request as { chainId: unknown }).chainId)
      })()
      return { emitted, requests }
    }
    const nothingOnArbitrum = run('degen', 42161, [])
    expect(nothingOnArbitrum.requests).toEqual([42161, null])
    expect(nothingOnArbitrum.emitted).toEqual([
      { type: 'picker/pageReceived', payload: { query: 'degen', chainId: 42161, offset: 0, tokens: [], total: 0 } },
      { type: 'picker/elsewhereReceived', payload: { query: 'degen', chainId: 42161, tokens: [degen] } },
    ])
    expect(run('usdc', 42161, [{ ...degen, chainId: 42161, symbol: 'USDC' }]).requests).toEqual([42161])
    expect(run('', 42161, []).requests).toEqual([42161])
  })

  it(
    '[picker.10] a network change searches at once, on that network only',
    marbles((m) => {
      const api = fakeApi({ knownTokens: () => m.cold('(a|)', { a: { tokens: { 10: [] }, tokenAmount: 0 } }) })
      const out = searchEpic()(
        m.hot('a', { a: e('picker/networkChanged', { chainId: 10 }) }) as Observable<AppEvent>,
        new BehaviorSubject(withQuery('', 10)) as unknown as StateObservable,
        fakeDeps({ api }),
      )
      m.expect(out, '^ 5ms !').toBeObservable('a', {
        a: { type: 'picker/pageReceived', payload: { query: '', chainId: 10, offset: 0, tokens: [], total: 0 } },
      })
      m.flush()
      expect(api.requests.map((r) => (r.request as { chainId: unknown }).chainId)).toEqual([10])
    }),
  )
})

describe('paste epic', () => {
  const run = (read: () => Observable<string>) => {
    const telegram = { ...fakeTelegram(), readClipboard: read }
    const out: unknown[] = []
    const events$ = new BehaviorSubject(e('picker/pasteRequested'))
    pasteEpic(
      events$,
      new BehaviorSubject(initialState) as unknown as StateObservable,
      fakeDeps({ telegram }),
    ).subscribe((x) => out.push(x))
    return out
  }
  it('[picker.13] text starting with 0x becomes the search', async () => {
    const { of } = await import('rxjs')
    expect(run(() => of('0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9'))).toEqual([
      { type: 'picker/queryChanged', payload: { query: '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9' } },
    ])
  })
  it('[picker.14] other text clears the search', async () => {
    const { of } = await import('rxjs')
    expect(run(() => of('hello'))).toEqual([{ type: 'picker/queryChanged', payload: { query: '' } }])
  })
  it('[picker.15] a failed read is logged and clears the search', async () => {
    const { throwError } = await import('rxjs')
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      expect(run(() => throwError(() => new Error('denied')))).toEqual([
        { type: 'picker/queryChanged', payload: { query: '' } },
      ])
      expect(warn).toHaveBeenCalledTimes(1)
      expect(String(warn.mock.calls[0])).toMatch(/clipboard/i)
    } finally {
      warn.mockRestore()
    }
  })
})
