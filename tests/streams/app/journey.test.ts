import { describe, expect, it } from 'vitest'
import { createStore } from '../../../streams/store'
import { journeyRestoreEpic } from '../../../streams/app/journey'
import { tailAfter } from '../../../streams/runtime'
import { type AppEvent, ev } from '../../../domain/events'
import { currentLocation } from '../../../domain/app/state'
import { fakeApi, fakeDeps } from '../fakes'
import { launch } from '../../domain/fixtures/events'

const T0 = 1_763_800_000_000
const usdt = {
  address: '0xfd086bc7cd5c481dcc9c85ebe478a1c0b69fcbb9',
  chainId: 42161,
  symbol: 'USDT',
  name: 'Tether',
  decimals: 6,
  logoURI: '',
} as never

/** The stored log of an earlier session on the send form, its last event `age` ms before now. */
const earlier = (age: number, extra: AppEvent[] = []): AppEvent[] =>
  [
    ev('app/launched', launch()),
    ev('app/navigated', { to: '/send' }),
    ev('picker/tokenPicked', { purpose: 'send', token: usdt }),
    ev('app/navigated', { to: '/send/info' }),
    ev('send/amountChanged', { value: '7' }),
    ...extra,
  ].map((e, i, all) => ({ ...e, seq: i + 1, at: T0 - age - (all.length - 1 - i) * 100 }) as AppEvent)

function relaunch(stored: AppEvent[]) {
  const api = fakeApi({})
  const store = createStore({ clock: { now: () => T0 }, lastSeq: stored.at(-1)?.seq ?? 0 })
  const live: AppEvent[] = []
  store.events$.subscribe((e) => live.push(e))
  store.run(
    [{ name: 'app/journeyRestore', epic: journeyRestoreEpic }],
    fakeDeps({ api, recorder: { events: () => [...stored, ...live], env: () => ({}) } }),
  )
  store.dispatch(ev('app/launched', launch()))
  store.dispatch(ev('app/storageLoaded', { isMaintenance: null }))
  return { store, live, api }
}

describe('a reload in the middle of a journey', () => {
  it('comes back to the same screen with what was typed, from the log, then asks for balances (a read)', () => {
    const { store, live, api } = relaunch(earlier(60_000))
    expect(live.map((e) => e.type)).toEqual([
      'app/launched',
      'app/storageLoaded',
      'app/journeyRestored',
      'wallet/refreshRequested',
    ])
    expect(currentLocation(store.getState().app)).toBe('/send/info')
    expect(store.getState().send.amount).toBe('7')
    expect(api.requests).toEqual([])
  })

  it('a session older than half an hour, or none at all, starts at home', () => {
    expect(relaunch(earlier(31 * 60_000)).live.map((e) => e.type)).toEqual(['app/launched', 'app/storageLoaded'])
    expect(relaunch([]).live.map((e) => e.type)).toEqual(['app/launched', 'app/storageLoaded'])
  })

  it('a send whose answer never came is not sent again, and nothing of it comes back', () => {
    const inFlight = [
      ev('send/addressChanged', { value: '0x1111111111111111111111111111111111111111' }),
      ev('send/checkRequested', { balance: '100' }),
      ev('send/checkPassed', { fee: '0.0001', feeSymbol: 'ETH', idempotencyKey: 'k-1' }),
      ev('app/navigated', { to: '/send/confirm' }),
      ev('send/confirmRequested', {}),
    ] as AppEvent[]
    const { store, live, api } = relaunch(earlier(10_000, inFlight))
    expect(live.map((e) => e.type)).toEqual(['app/launched', 'app/storageLoaded'])
    expect(currentLocation(store.getState().app)).toBe('/')
    expect(api.requests).toEqual([])
  })
})

describe('the newest events kept as the page goes', () => {
  const log = earlier(0)
  it('continue the stored log where its asynchronous writes stopped', () => {
    expect(tailAfter(log.slice(0, 3), JSON.stringify(log.slice(1)))).toEqual(log.slice(3))
    expect(tailAfter([], JSON.stringify(log))).toEqual(log)
  })
  it('add nothing when the store has them all, when they do not join it, or when they are not a log', () => {
    expect(tailAfter(log, JSON.stringify(log.slice(2)))).toEqual([])
    expect(tailAfter(log.slice(0, 2), JSON.stringify(log.slice(3)))).toEqual([])
    expect(tailAfter(log.slice(0, 2), '{"not":"a log"}')).toEqual([])
    expect(tailAfter(log.slice(0, 2), 'not json')).toEqual([])
    expect(tailAfter(log.slice(0, 2), null)).toEqual([])
  })
})
