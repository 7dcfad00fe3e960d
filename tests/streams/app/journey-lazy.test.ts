/**
 * A journey through game screens when the game's features have not loaded yet, as in a page just
 * reloaded (streams/app/journey.ts, domain/app/journey.ts): the unit tests' setup registers every
 * feature up front, so each test here takes a fresh module graph.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { AppEvent, EventInput } from '../../../domain/events'
import { launch } from '../../domain/fixtures/events'

type Modules = {
  state: typeof import('../../../domain/state')
  journey: typeof import('../../../domain/app/journey')
  epic: typeof import('../../../streams/app/journey')
  store: typeof import('../../../streams/store')
  features: typeof import('../../../streams/features')
  fakes: typeof import('../fakes')
  staking: typeof import('../../domain/staking/fixtures')
}
let m: Modules

beforeEach(async () => {
  vi.resetModules()
  m = {
    state: await import('../../../domain/state'),
    journey: await import('../../../domain/app/journey'),
    epic: await import('../../../streams/app/journey'),
    store: await import('../../../streams/store'),
    features: await import('../../../streams/features'),
    fakes: await import('../fakes'),
    staking: await import('../../domain/staking/fixtures'),
  }
})

const T0 = 1_763_800_000_000
const to = (path: string): EventInput => ({ type: 'app/navigated', payload: { to: path } })
const e = (type: string, payload: object = {}) => ({ type, payload }) as EventInput

/** The stored log of an earlier session on the staking confirm (a paid period, paid by Stars), a minute old. */
const earlier = (): AppEvent[] =>
  [
    e('app/launched', launch()),
    to('/mining'),
    e('mining/entered'),
    to('/mining/staking'),
    ...m.staking.loaded('1000'),
    e('staking/amountTyped', { text: '150' }),
    e('staking/periodChosen', { period: '6m' }),
    to('/mining/staking/paymentMethod'),
    e('staking/paymentMethodChosen', { way: 'stars' }),
    to('/mining/staking/confirm'),
  ].map((x, i, all) => ({ ...x, seq: i + 1, at: T0 - 60_000 - (all.length - 1 - i) * 100 }) as AppEvent)

/** A new session over that log: its launch facts dispatched, the journey epic running with `load` for the features. */
function relaunch(stored: AppEvent[], load: (name: string) => Promise<unknown>) {
  const store = m.store.createStore({ clock: { now: () => T0 }, lastSeq: stored.at(-1)?.seq ?? 0 })
  const live: AppEvent[] = []
  store.events$.subscribe((x) => live.push(x))
  // The live app's host: a slice whose handlers come is refolded from this session's events (streams/runtime.ts).
  m.features.setFeatureHost({
    adopt: (_f, fresh) => store.resetState(m.state.withSlicesRefolded(store.getState(), live, fresh)),
  })
  store.run(
    [{ name: 'app/journeyRestore', epic: m.epic.restoreJourneyEpic(load as never) }],
    m.fakes.fakeDeps({ recorder: { events: () => [...stored, ...live], env: () => ({}) } }),
  )
  store.dispatch(e('app/launched', launch()))
  store.dispatch(e('app/storageLoaded', { isMaintenance: null }))
  return { store, live, types: () => live.map((x) => x.type) }
}

const settled = () => new Promise((r) => setTimeout(r, 0))

describe('a reload on a game screen, before the game has loaded', () => {
  it('waits for the features the session went through, then comes back to the staking confirm with its form', async () => {
    const loads: string[] = []
    const { store, types } = relaunch(earlier(), (name) => (loads.push(name), m.features.loadFeature(name as never)))
    expect(types()).toEqual(['app/launched', 'app/storageLoaded', 'app/journeyAwaited'])
    expect(store.getState().app.journeyAwaited).toBe(true)
    expect(loads.sort()).toEqual(['mining', 'staking'])
    await vi.waitFor(() => expect(types()).toContain('wallet/refreshRequested'))
    expect(types().slice(3)).toEqual(['app/journeyRestored', 'wallet/refreshRequested'])
    const s = store.getState()
    expect(s.app.history).toEqual([
      '/',
      '/mining',
      '/mining/staking',
      '/mining/staking/paymentMethod',
      '/mining/staking/confirm',
    ])
    expect(s.app.journeyAwaited).toBe(false)
    expect(s.staking.form).toMatchObject({ amount: '150', configPeriod: '6m', paymentMethod: 'stars' })
    expect(s.staking.request).toBeNull()
  })

  it('a feature that does not load brings nothing back: the home opens', async () => {
    const { store, types } = relaunch(earlier(), () => Promise.reject(new Error('offline')))
    await vi.waitFor(() => expect(types()).toContain('app/journeyAbandoned'))
    expect(types()).toEqual(['app/launched', 'app/storageLoaded', 'app/journeyAwaited', 'app/journeyAbandoned'])
    expect(store.getState().app).toMatchObject({ history: ['/'], journeyAwaited: false })
  })

  it('a user who went on while the features loaded is not pulled back', async () => {
    let release = () => {}
    const gate = new Promise<void>((r) => (release = r))
    const { store, types } = relaunch(earlier(), (name) => gate.then(() => m.features.loadFeature(name as never)))
    store.dispatch(to('/send'))
    release()
    await vi.waitFor(() => expect(types()).toContain('app/journeyAbandoned'))
    expect(types()).not.toContain('app/journeyRestored')
    expect(store.getState().app.history).toEqual(['/', '/send'])
  })

  it('nothing is judged, and nothing waits, for a session on a first-screen flow (a deposit by token)', async () => {
    const usdt = {
      address: '0xfd086bc7cd5c481dcc9c85ebe478a1c0b69fcbb9',
      chainId: 42161,
      symbol: 'USDT',
      name: 'Tether',
      decimals: 6,
      logoURI: '',
    }
    const onRefill = [
      e('app/launched', launch()),
      to('/refill/from'),
      e('picker/tokenPicked', { purpose: 'refill', token: usdt }),
      to('/refill/to'),
    ].map((x, i) => ({ ...x, seq: i + 1, at: T0 - 1000 + i }) as AppEvent)
    const loads: string[] = []
    const { types, store } = relaunch(onRefill, (name) => (loads.push(name), m.features.loadFeature(name as never)))
    expect(types()).toEqual(['app/launched', 'app/storageLoaded', 'app/journeyRestored', 'wallet/refreshRequested'])
    await settled()
    expect(loads).toEqual([])
    expect(store.getState().refill.token?.symbol).toBe('USDT')
  })

  it('a session on the send, whose chunk loads with its screens, waits for it and comes back with its draft', async () => {
    const usdt = {
      address: '0xfd086bc7cd5c481dcc9c85ebe478a1c0b69fcbb9',
      chainId: 42161,
      symbol: 'USDT',
      name: 'Tether',
      decimals: 6,
      logoURI: '',
    }
    const onSend = [
      e('app/launched', launch()),
      to('/send'),
      e('picker/tokenPicked', { purpose: 'send', token: usdt }),
      to('/send/info'),
      e('send/amountChanged', { value: '3' }),
    ].map((x, i) => ({ ...x, seq: i + 1, at: T0 - 1000 + i }) as AppEvent)
    const loads: string[] = []
    const { types, store } = relaunch(onSend, (name) => (loads.push(name), m.features.loadFeature(name as never)))
    expect(types()).toEqual(['app/launched', 'app/storageLoaded', 'app/journeyAwaited'])
    await vi.waitFor(() => expect(types()).toContain('app/journeyRestored'))
    expect(loads).toEqual(['send'])
    expect(store.getState().app.history).toEqual(['/', '/send', '/send/info'])
    expect(store.getState().send).toMatchObject({ amount: '3', token: { symbol: 'USDT' } })
  })

  it("until a game slice's handlers come, its part cannot be judged: nothing comes back rather than a route without its checks", () => {
    const stored = earlier()
    const next = { ...e('app/launched', launch()), seq: stored.length + 1, at: T0 } as AppEvent & {
      type: 'app/launched'
    }
    expect(m.journey.journeyNeeds(stored, next).sort()).toEqual(['mining', 'staking'])
    expect(m.journey.restorableJourney(stored, next)).toBeNull()
  })

  it("a journey's draft reaches a slice whose handlers come after it: the slice is refolded from the session's events", async () => {
    const store = m.store.createStore({ clock: { now: () => T0 } })
    const live: AppEvent[] = []
    store.events$.subscribe((x) => live.push(x))
    m.features.setFeatureHost({
      adopt: (_f, fresh) => store.resetState(m.state.withSlicesRefolded(store.getState(), live, fresh)),
    })
    const form = {
      amount: '150',
      amountPreset: null,
      configPeriod: '6m' as const,
      paymentMethod: 'stars' as const,
      touched: true,
    }
    store.dispatch(e('app/launched', launch()))
    store.dispatch(
      e('app/journeyRestored', {
        history: ['/', '/mining/staking/confirm'],
        accountIndex: 0,
        staking: { form },
        from: 1,
      }),
    )
    expect(m.state.hasHandlers('staking')).toBe(false)
    expect(store.getState().staking.form.amount).toBe('')
    await m.features.loadFeature('staking')
    expect(store.getState().staking.form).toEqual(form)
  })
})
