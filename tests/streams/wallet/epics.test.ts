import { describe, expect, it, vi } from 'vitest'
import { TestScheduler } from 'rxjs/testing'
import { BehaviorSubject, type Observable } from 'rxjs'
import { historyPagesEpic, homeDataEpic } from '../../../streams/wallet/epics'
import type { StateObservable } from '../../../streams/store'
import { type RootState, initialState } from '../../../domain/state'
import type { AppEvent, EventInput } from '../../../domain/events'
import { HOME_POLL_MS } from '../../../domain/wallet/rules'
import { fakeApi, fakeDeps } from '../fakes'

const e = (type: AppEvent['type'], payload: object = {}): AppEvent => ({ seq: 0, at: 0, type, payload }) as AppEvent
const stateOf = (s: RootState = initialState) => new BehaviorSubject(s) as unknown as StateObservable

describe('wallet home data epic', () => {
  const scheduler = () => new TestScheduler((a, b) => expect(a).toStrictEqual(b))

  it('entering the home loads wallets, balances and the total of the selected wallet', () => {
    scheduler().run(({ cold, hot, expectObservable, flush }) => {
      const api = fakeApi({
        tgUserWallets: () => cold('-a|', { a: [] }),
        balances: () => cold('--b|', { b: [] }),
        totalBalance: () => cold('---t|', { t: { totalBalanceUsd: 1, hasTrades: false, isNotifyForBoost: false } }),
      })
      const events$ = hot('a', { a: e('wallet/homeEntered') }) as Observable<AppEvent>
      const out = homeDataEpic()(events$, stateOf(), fakeDeps({ api }))
      expectObservable(out, '^ 10ms !').toBe('-abc', {
        a: { type: 'wallet/walletsReceived', payload: { wallets: [] } },
        b: { type: 'wallet/balancesReceived', payload: { accountIndex: 0, balances: [] } },
        c: { type: 'wallet/totalReceived', payload: { accountIndex: 0, total: { totalBalanceUsd: 1, hasTrades: false, isNotifyForBoost: false } } },
      } satisfies Record<string, EventInput>)
      flush()
      expect(api.requests.map((r) => [r.name, r.request])).toEqual(
        expect.arrayContaining([
          ['tgUserWallets', {}],
          ['balances', { accountIndex: 0 }],
          ['totalBalance', expect.objectContaining({ accountIndex: 0 })],
        ]),
      )
    })
  })

  it('polls every 30 s while the home stays, and stops when it is left', () => {
    scheduler().run(({ cold, hot, expectObservable }) => {
      const api = fakeApi({
        tgUserWallets: () => cold('(a|)', { a: [] }),
        balances: () => cold('|'),
        totalBalance: () => cold('|'),
      })
      const events$ = hot(`a ${HOME_POLL_MS * 2 + 5000}ms b`, { a: e('wallet/homeEntered'), b: e('wallet/homeLeft') })
      const out = homeDataEpic()(events$ as Observable<AppEvent>, stateOf(), fakeDeps({ api }))
      const w = { type: 'wallet/walletsReceived', payload: { wallets: [] } }
      expectObservable(out, `^ ${HOME_POLL_MS * 5}ms !`).toBe(`w ${HOME_POLL_MS - 1}ms w ${HOME_POLL_MS - 1}ms w`, { w })
    })
  })

  it('a failed call becomes its own failure event; the others still land', () => {
    scheduler().run(({ cold, hot, expectObservable }) => {
      const error = { kind: 'server', status: 502, message: 'bad gateway' }
      const api = fakeApi({
        tgUserWallets: () => cold('#', undefined, error),
        balances: () => cold('-(b|)', { b: [] }),
        totalBalance: () => cold('|'),
      })
      const events$ = hot('a', { a: e('wallet/refreshRequested') })
      const out = homeDataEpic()(events$ as Observable<AppEvent>, stateOf(), fakeDeps({ api }))
      expectObservable(out, '^ 5ms !').toBe('ab', {
        a: { type: 'wallet/walletsFailed', payload: { error } },
        b: { type: 'wallet/balancesReceived', payload: { accountIndex: 0, balances: [] } },
      })
    })
  })

  it('[wallet.12] a non-ok /balances answer is logged (and reported as an event, so the home can show it)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    scheduler().run(({ cold, hot, expectObservable }) => {
      const error = { kind: 'server', status: 500, message: 'server error' }
      const api = fakeApi({ tgUserWallets: () => cold('|'), balances: () => cold('#', undefined, error), totalBalance: () => cold('|') })
      const out = homeDataEpic()(hot('a', { a: e('wallet/refreshRequested') }) as Observable<AppEvent>, stateOf(), fakeDeps({ api }))
      expectObservable(out, '^ 5ms !').toBe('a', { a: { type: 'wallet/balancesFailed', payload: { accountIndex: 0, error } } })
    })
    expect(warn).toHaveBeenCalledWith('balances failed', expect.objectContaining({ status: 500 }))
    warn.mockRestore()
  })

  it('choosing another wallet drops the answers still coming for the old one', () => {
    scheduler().run(({ cold, hot, expectObservable }) => {
      const state$ = new BehaviorSubject(initialState)
      const api = fakeApi({
        tgUserWallets: () => cold('|'),
        balances: (r: { accountIndex: number }) => cold('----(b|)', { b: [r.accountIndex] }),
        totalBalance: () => cold('|'),
      })
      const events$ = hot('a-b', { a: e('wallet/homeEntered'), b: e('wallet/walletSelected', { accountIndex: 2 }) })
      events$.subscribe((ev) => {
        if (ev.type === 'wallet/walletSelected') state$.next({ ...initialState, wallet: { ...initialState.wallet, selectedIndex: 2 } })
      })
      const out = homeDataEpic()(events$ as Observable<AppEvent>, state$ as unknown as StateObservable, fakeDeps({ api }))
      expectObservable(out, '^ 20ms !').toBe('------b', {
        b: { type: 'wallet/balancesReceived', payload: { accountIndex: 2, balances: [2] } },
      })
    })
  })
})

describe('history pages epic', () => {
  const scheduler = () => new TestScheduler((a, b) => expect(a).toStrictEqual(b))
  const req = (accountIndex: number, offset: number) => e('wallet/historyPageRequested', { accountIndex, offset })

  it('[wallet.13] asks for 10 entries from the offset and reports the page', () => {
    scheduler().run(({ cold, hot, expectObservable, flush }) => {
      const api = fakeApi({ history: (r: { offset: number }) => cold('--(a|)', { a: [r.offset] }) })
      const out = historyPagesEpic(hot('a', { a: req(0, 10) }) as Observable<AppEvent>, stateOf(), fakeDeps({ api }))
      expectObservable(out, '^ 9ms !').toBe('--a', { a: { type: 'wallet/historyPageReceived', payload: { accountIndex: 0, offset: 10, entries: [10] } } })
      flush()
      expect(api.requests).toEqual([{ name: 'history', request: { limit: 10, offset: 10, accountIndex: 0 } }])
    })
  })

  it('a reload from the top drops the page still loading for that wallet; other wallets load on', () => {
    scheduler().run(({ cold, hot, expectObservable }) => {
      const api = fakeApi({ history: (r: { offset: number; accountIndex: number }) => cold('----(a|)', { a: [`${r.accountIndex}:${r.offset}`] }) })
      const events$ = hot('ab-c', { a: req(0, 10), b: req(1, 0), c: req(0, 0) }) as Observable<AppEvent>
      const out = historyPagesEpic(events$, stateOf(), fakeDeps({ api }))
      expectObservable(out, '^ 20ms !').toBe('-----b-c', {
        b: { type: 'wallet/historyPageReceived', payload: { accountIndex: 1, offset: 0, entries: ['1:0'] } },
        c: { type: 'wallet/historyPageReceived', payload: { accountIndex: 0, offset: 0, entries: ['0:0'] } },
      })
    })
  })
})
