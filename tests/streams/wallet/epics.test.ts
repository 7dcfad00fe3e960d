import { describe, expect, it, vi } from 'vitest'
import { marbles } from '../marbles'
import { BehaviorSubject, type Observable } from 'rxjs'
import { historyPagesEpic, homeDataEpic } from '../../../streams/wallet/epics'
import type { StateObservable } from '../../../streams/store'
import { type RootState, initialState } from '../../../domain/state'
import type { AppEvent, EventInput } from '../../../domain/events'
import { HOME_POLL_MS } from '../../../domain/wallet/rules'
import { fakeApi, fakeDeps } from '../fakes'
import { asQuery, wireOf } from '../wireApi'

const e = (type: AppEvent['type'], payload: object = {}): AppEvent => ({ seq: 0, at: 0, type, payload }) as AppEvent
const stateOf = (s: RootState = initialState) => new BehaviorSubject(s) as unknown as StateObservable

describe('wallet home data epic', () => {
  it(
    'entering the home loads wallets, balances and the total of the selected wallet',
    marbles((m) => {
      const api = fakeApi({
        tgUserWallets: () => m.cold('-a|', { a: [] }),
        balances: () => m.cold('--b|', { b: [] }),
        totalBalance: () => m.cold('---t|', { t: { totalBalanceUsd: 1, hasTrades: false, isNotifyForBoost: false } }),
      })
      const events$ = m.hot('a', { a: e('wallet/homeEntered') }) as Observable<AppEvent>
      const out = homeDataEpic()(events$, stateOf(), fakeDeps({ api }))
      m.expect(out, '^ 10ms !').toBeObservable('-abc', {
        a: { type: 'wallet/walletsReceived', payload: { wallets: [] } },
        b: { type: 'wallet/balancesReceived', payload: { accountIndex: 0, balances: [] } },
        c: {
          type: 'wallet/totalReceived',
          payload: { accountIndex: 0, total: { totalBalanceUsd: 1, hasTrades: false, isNotifyForBoost: false } },
        },
      } satisfies Record<string, EventInput>)
      m.flush()
      expect(api.requests.map((r) => [r.name, r.request])).toEqual(
        expect.arrayContaining([
          ['tgUserWallets', {}],
          ['balances', { accountIndex: 0 }],
          ['totalBalance', expect.objectContaining({ accountIndex: 0 })],
        ]),
      )
    }),
  )

  it(
    'polls every 30 s while the home stays, and stops when it is left',
    marbles((m) => {
      const api = fakeApi({
        tgUserWallets: () => m.cold('(a|)', { a: [] }),
        balances: () => m.cold('|'),
        totalBalance: () => m.cold('|'),
      })
      const events$ = m.hot(`a ${HOME_POLL_MS * 2 + 5000}ms b`, { a: e('wallet/homeEntered'), b: e('wallet/homeLeft') })
      const out = homeDataEpic()(events$ as Observable<AppEvent>, stateOf(), fakeDeps({ api }))
      const w = { type: 'wallet/walletsReceived', payload: { wallets: [] } }
      m.expect(out, `^ ${HOME_POLL_MS * 5}ms !`).toBeObservable(`w ${HOME_POLL_MS - 1}ms w ${HOME_POLL_MS - 1}ms w`, {
        w,
      })
    }),
  )

  it(
    'a failed call becomes its own failure event; the others still land',
    marbles((m) => {
      const error = { kind: 'server', status: 502, message: 'bad gateway' }
      const api = fakeApi({
        tgUserWallets: () => m.cold('#', undefined, error),
        balances: () => m.cold('-(b|)', { b: [] }),
        totalBalance: () => m.cold('|'),
      })
      const events$ = m.hot('a', { a: e('wallet/refreshRequested') })
      const out = homeDataEpic()(events$ as Observable<AppEvent>, stateOf(), fakeDeps({ api }))
      m.expect(out, '^ 5ms !').toBeObservable('ab', {
        a: { type: 'wallet/walletsFailed', payload: { error } },
        b: { type: 'wallet/balancesReceived', payload: { accountIndex: 0, balances: [] } },
      })
    }),
  )

  it('a non-ok /balances answer is logged (wallet.12) and reported as an event, so the home can show it (docs/features/wallet.md)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    marbles((m) => {
      const error = { kind: 'server', status: 500, message: 'server error' }
      const api = fakeApi({
        tgUserWallets: () => m.cold('|'),
        balances: () => m.cold('#', undefined, error),
        totalBalance: () => m.cold('|'),
      })
      const out = homeDataEpic()(
        m.hot('a', { a: e('wallet/refreshRequested') }) as Observable<AppEvent>,
        stateOf(),
        fakeDeps({ api }),
      )
      m.expect(out, '^ 5ms !').toBeObservable('a', {
        a: { type: 'wallet/balancesFailed', payload: { accountIndex: 0, error } },
      })
    })()
    expect(warn).toHaveBeenCalledWith('balances failed', expect.objectContaining({ status: 500 }))
    warn.mockRestore()
  })

  it(
    'choosing another wallet drops the answers still coming for the old one',
    marbles((m) => {
      const state$ = new BehaviorSubject(initialState)
      const api = fakeApi({
        tgUserWallets: () => m.cold('|'),
        balances: (r: { accountIndex: number }) => m.cold('----(b|)', { b: [r.accountIndex] }),
        totalBalance: () => m.cold('|'),
      })
      const events$ = m.hot('a-b', { a: e('wallet/homeEntered'), b: e('wallet/walletSelected', { accountIndex: 2 }) })
      events$.subscribe((ev) => {
        if (ev.type === 'wallet/walletSelected')
          state$.next({ ...initialState, wallet: { ...initialState.wallet, selectedIndex: 2 } })
      })
      const out = homeDataEpic()(
        events$ as Observable<AppEvent>,
        state$ as unknown as StateObservable,
        fakeDeps({ api }),
      )
      m.expect(out, '^ 20ms !').toBeObservable('------b', {
        b: { type: 'wallet/balancesReceived', payload: { accountIndex: 2, balances: [2] } },
      })
    }),
  )
})

describe('history pages epic', () => {
  const req = (accountIndex: number, offset: number) => e('wallet/historyPageRequested', { accountIndex, offset })

  it(
    '[wallet.13] asks for 10 entries from the offset and reports the page',
    marbles((m) => {
      const api = fakeApi({ history: (r: { offset: number }) => m.cold('--(a|)', { a: [r.offset] }) })
      const out = historyPagesEpic(m.hot('a', { a: req(0, 10) }) as Observable<AppEvent>, stateOf(), fakeDeps({ api }))
      m.expect(out, '^ 9ms !').toBeObservable('--a', {
        a: { type: 'wallet/historyPageReceived', payload: { accountIndex: 0, offset: 10, entries: [10] } },
      })
      m.flush()
      expect(api.requests).toEqual([{ name: 'history', request: { limit: 10, offset: 10, accountIndex: 0 } }])
      // on the wire, as the client's HTTP client sends it (wireOf: the endpoint table through streams/http/request.ts)
      for (const r of api.requests.filter((c) => c.name === 'history'))
        expect(wireOf(r)).toEqual({
          method: 'GET',
          path: '/history',
          query: asQuery(r.request),
          body: undefined,
          contentType: undefined,
          headers: expect.anything(),
        })
    }),
  )

  it(
    'a reload from the top drops the page still loading for that wallet; other wallets load on',
    marbles((m) => {
      const api = fakeApi({
        history: (r: { offset: number; accountIndex: number }) =>
          m.cold('----(a|)', { a: [`${r.accountIndex}:${r.offset}`] }),
      })
      const events$ = m.hot('ab-c', { a: req(0, 10), b: req(1, 0), c: req(0, 0) }) as Observable<AppEvent>
      const out = historyPagesEpic(events$, stateOf(), fakeDeps({ api }))
      m.expect(out, '^ 20ms !').toBeObservable('-----b-c', {
        b: { type: 'wallet/historyPageReceived', payload: { accountIndex: 1, offset: 0, entries: ['1:0'] } },
        c: { type: 'wallet/historyPageReceived', payload: { accountIndex: 0, offset: 0, entries: ['0:0'] } },
      })
    }),
  )
})
