// @vitest-environment happy-dom
/**
 * Routing is react-router over the event log: the screen is the log's location, a link or a
 * navigate() is an app/navigated event, so the log alone (a replay, the time-travel panel) brings
 * the user back to the same screen. In a plain browser the browser's Back and Forward move through
 * the same screens.
 */
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { App } from '../../../src/app/App'
import { StoreProvider, type ViewStore } from '../../../src/ui/store'
import { TelegramControlsContext } from '../../../src/ui/MainButton'
import { pageControls } from '../../../streams/telegram/controls'
import { createStore } from '../../../streams/store'
import { appEpics } from '../../../streams/app/epics'
import { browserHistory } from '../../../streams/app/browserHistory'
import { startReplay } from '../../../streams/devtools/replayMode'
import { createTimeTravel } from '../../../streams/devtools/timeTravel'
import { currentLocation } from '../../../domain/app/state'
import type { AppEvent, EventInput } from '../../../domain/events'
import { renderApp } from '../render'
import { launch } from '../../domain/fixtures/events'
import { fakeDeps } from '../../streams/fakes'
import { trade } from '../../domain/copyTrade/fixtures'

// The screens these tests open, in before the first render (each is a lazy chunk of its own).
beforeAll(async () => {
  await Promise.all(
    Object.values(import.meta.glob('../../../src/{guilds,copyTrade,mining,friends}/*Screen.tsx')).map((load) => load()),
  )
  await import('../../../src/copyTrade/TradeDetail')
})

const unmounts: (() => void)[] = []
afterEach(() => {
  for (const unmount of unmounts.splice(0)) unmount()
})

/** Lets lazy screens and effects settle. */
const frames = (ms = 0) => act(async () => void (await new Promise((r) => setTimeout(r, ms))))

function open(events: EventInput[]) {
  const app = renderApp(events)
  unmounts.push(app.unmount)
  return app
}

/** The app over a store of one's own (a replay's, the time-travel panel's view). */
function mount(store: ViewStore) {
  const container = document.createElement('div')
  document.body.appendChild(container)
  const root = createRoot(container)
  act(() =>
    root.render(
      <StoreProvider store={store}>
        <TelegramControlsContext.Provider value={pageControls}>
          <App />
        </TelegramControlsContext.Provider>
      </StoreProvider>,
    ),
  )
  unmounts.push(() => {
    act(() => root.unmount())
    container.remove()
  })
  return container
}

const menuLink = (container: Element, name: string) =>
  [...container.querySelectorAll('nav a')].find((a) => a.textContent === name) as HTMLAnchorElement | undefined
const activeTab = (container: Element) => container.querySelector('nav [aria-current="page"]')?.textContent
const payloadsOf = (events: readonly AppEvent[], type: AppEvent['type']) =>
  events.filter((e) => e.type === type).map((e) => e.payload)

describe('routes with a parameter', () => {
  it("the alliance page opens the alliance its path names (react-router's :name)", async () => {
    const app = open([
      { type: 'app/launched', payload: launch() },
      { type: 'app/navigated', payload: { to: '/mining/guilds/alliance/ton_whales' } },
    ])
    await frames()
    expect(payloadsOf(app.dispatched, 'guilds/allianceOpened')).toEqual([{ name: 'ton_whales' }])
    app.dispatch({ type: 'app/navigated', payload: { to: '/mining/guilds/alliance/Arb_Club/' } })
    await frames()
    expect(payloadsOf(app.dispatched, 'guilds/allianceOpened')).toEqual([{ name: 'ton_whales' }, { name: 'Arb_Club' }])
  })

  it('a path that names no valid alliance opens none and says it could not load', async () => {
    const app = open([
      { type: 'app/launched', payload: launch() },
      { type: 'app/navigated', payload: { to: '/mining/guilds/alliance/a%2Fb' } },
    ])
    await frames()
    expect(payloadsOf(app.dispatched, 'guilds/allianceOpened')).toEqual([])
    expect(app.text()).toContain('Could not load the alliance')
  })

  it("a copy trade's screen shows the trade its query's tradeID names", async () => {
    const trades = [
      trade('a', { dttmAdded: '2026-01-05T12:00:00.000Z' }),
      trade('b', { dttmDeactivated: '2026-03-09T12:00:00.000Z' }),
    ]
    const app = open([
      { type: 'app/launched', payload: launch() },
      { type: 'copyTrade/tradesReceived', payload: { accountIndex: 0, copyTrades: trades as never, tokens: [] } },
      { type: 'app/navigated', payload: { to: '/trade?tradeID=b' } },
    ])
    await frames()
    expect(payloadsOf(app.dispatched, 'copyTrade/tradeOpened')).toEqual([{ id: 'b' }])
    expect(app.text()).not.toContain('This copy trade was not found')
    app.dispatch({ type: 'app/navigated', payload: { to: '/trade?tradeID=nowhere' } })
    await frames()
    expect(payloadsOf(app.dispatched, 'copyTrade/tradeOpened')).toEqual([{ id: 'b' }, { id: 'nowhere' }])
    expect(app.text()).toContain('This copy trade was not found')
  })
})

describe('a link', () => {
  it('navigates by an event in the log; a replay of that log lands on the same screen', async () => {
    const app = open([{ type: 'app/launched', payload: launch() }])
    await frames()
    const mining = menuLink(app.container, 'Mining')
    expect(mining?.getAttribute('href')).toBe('/mining')
    app.click(mining ?? null)
    await frames()
    expect(payloadsOf(app.dispatched, 'app/navigated')).toEqual([{ to: '/mining' }])
    expect(activeTab(app.container)).toBe('Mining')
    const screen = app.container.querySelector('main')?.innerHTML

    const replayed = mount(startReplay(app.dispatched))
    await frames()
    expect(activeTab(replayed)).toBe('Mining')
    expect(replayed.querySelector('main')?.innerHTML).toBe(screen)
  })

  it("the time-travel panel's jump shows the screen of that moment, and the head the latest", async () => {
    const live = createStore({ clock: { now: () => 1_763_800_000_000 } })
    const log: AppEvent[] = []
    live.events$.subscribe((e) => log.push(e))
    const tt = createTimeTravel({ live, recorded: () => log, pauseEffects: () => {}, resumeEffects: () => {} })
    live.dispatch({ type: 'app/launched', payload: launch() })
    const container = mount(tt.view)
    await frames()
    act(() => menuLink(container, 'Frens')?.click())
    await frames()
    expect(activeTab(container)).toBe('Frens')
    act(() => tt.jumpTo(1))
    await frames()
    expect(activeTab(container)).toBe('Wallet')
    act(() => tt.resume())
    await frames()
    expect(activeTab(container)).toBe('Frens')
  })

  it('a tap on the tab already shown logs nothing', async () => {
    const app = open([{ type: 'app/launched', payload: launch() }])
    await frames()
    app.click(menuLink(app.container, 'Wallet') ?? null)
    expect(payloadsOf(app.dispatched, 'app/navigated')).toEqual([])
  })
})

describe("a plain browser's Back and Forward", () => {
  it('Back returns to the screen before, Forward to the one left; each is one event in the log', async () => {
    window.history.replaceState(null, '', '/')
    const store = createStore({ clock: { now: () => 1_763_800_000_000 } })
    const events: AppEvent[] = []
    store.events$.subscribe((e) => events.push(e))
    store.run(appEpics, fakeDeps({ history: browserHistory(false, window) }))
    store.dispatch({ type: 'app/launched', payload: launch({ telegramHost: false }) })
    const container = mount(store)
    await frames(5)
    act(() => menuLink(container, 'Mining')?.click())
    await frames(5)
    act(() => menuLink(container, 'Frens')?.click())
    await frames(5)
    expect(currentLocation(store.getState().app)).toBe('/mining/frens')

    const pressed = events.length
    window.history.back()
    await frames(20)
    expect(currentLocation(store.getState().app)).toBe('/mining')
    expect(activeTab(container)).toBe('Mining')
    window.history.back()
    await frames(20)
    expect(currentLocation(store.getState().app)).toBe('/')
    expect(activeTab(container)).toBe('Wallet')
    const navigation = (e: AppEvent) => e.type === 'app/navigated' || e.type === 'app/backPressed'
    expect(
      events
        .slice(pressed)
        .filter(navigation)
        .map((e) => e.type),
    ).toEqual(['app/backPressed', 'app/backPressed'])

    window.history.forward()
    await frames(20)
    expect(currentLocation(store.getState().app)).toBe('/mining')
    expect(activeTab(container)).toBe('Mining')
    expect(events.filter(navigation).at(-1)).toMatchObject({ type: 'app/navigated', payload: { to: '/mining' } })
  })
})
