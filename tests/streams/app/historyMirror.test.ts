import { describe, expect, it } from 'vitest'
import { VirtualTimeScheduler } from 'rxjs'
import { createStore } from '../../../streams/store'
import { appEpics } from '../../../streams/app/epics'
import { SHEET_ENTRY, type MirroredEntry } from '../../../streams/app/historyMirror'
import type { BrowserHistory } from '../../../streams/deps'
import { ev } from '../../../domain/events'
import { fakeDeps, fakeTelegram } from '../fakes'
import { launch } from '../../domain/fixtures/events'

/**
 * A browser's session history: entries and a pointer; push drops the forward entries; the
 * browser answers a go() later, with a popstate, as a real one does.
 */
function fakeBrowserHistory(enabled = true) {
  const entries: unknown[] = [null]
  let at = 0
  const listeners = new Set<(state: unknown) => void>()
  const travels: number[] = []
  const calls: string[] = []
  const pop = () => listeners.forEach((l) => l(entries[at]))
  const history: BrowserHistory = {
    enabled,
    current: () => entries[at],
    push: (s) => {
      calls.push('push')
      entries.length = at + 1
      entries.push(s)
      at++
    },
    replace: (s) => {
      calls.push('replace')
      entries[at] = s
    },
    go: (d) => {
      calls.push(`go:${d}`)
      travels.push(d)
    },
    onPop: (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
  }
  return {
    history,
    calls,
    /** The route each entry holds, and which one is current. */
    routes: () => entries.map((e) => (e as MirroredEntry | null)?.switchRoute.stack.at(-1) ?? null),
    at: () => at,
    /** The user's Back (-1) or Forward (+1) button. */
    press: (d: number) => {
      at += d
      pop()
    },
    deliver: () => {
      while (travels.length > 0) {
        at += travels.shift()!
        pop()
      }
    },
  }
}

function setup(enabled = true) {
  const browser = fakeBrowserHistory(enabled)
  const scheduler = new VirtualTimeScheduler()
  const telegram = fakeTelegram()
  const store = createStore({ clock: { now: () => 0 } })
  store.run(appEpics, fakeDeps({ history: browser.history, telegram }, scheduler))
  /** Lets the mirror catch up, and the browser answer its travels, until all is quiet. */
  const settle = () => {
    for (let i = 0; i < 10; i++) {
      scheduler.flush()
      browser.deliver()
    }
  }
  const navigate = (to: string) => {
    store.dispatch(ev('app/navigated', { to }))
    settle()
  }
  store.dispatch(ev('app/launched', launch()))
  settle()
  const route = () => store.getState().app.history
  return { browser, store, telegram, settle, navigate, route }
}

describe('the browser history follows the route (plain browser)', () => {
  it('each screen is an entry: Back goes back a screen, Forward returns to it', () => {
    const { browser, settle, navigate, route } = setup()
    expect(browser.routes()).toEqual(['/'])
    navigate('/send')
    navigate('/send/info')
    expect(browser.routes()).toEqual(['/', '/send', '/send/info'])
    browser.press(-1)
    settle()
    expect(route()).toEqual(['/', '/send'])
    browser.press(-1)
    settle()
    expect(route()).toEqual(['/'])
    browser.press(+1)
    settle()
    expect(route()).toEqual(['/', '/send'])
    expect(browser.at()).toBe(1)
    expect(browser.routes()).toEqual(['/', '/send', '/send/info'])
  })

  it('a picker that hands back its choice leaves no entry: one Back from /swap is home', () => {
    const { browser, settle, navigate, route } = setup()
    for (const to of ['/swap', '/selectNetwork/from', '/swap', '/selectNetwork/to', '/swap']) navigate(to)
    expect(browser.at()).toBe(1)
    browser.press(-1)
    settle()
    expect(route()).toEqual(['/'])
    expect(browser.at()).toBe(0)
  })

  it('a fixed back target further down: the browser follows the reducer, not its own previous entry', () => {
    const { browser, settle, navigate, route } = setup()
    navigate('/swap')
    navigate('/confirmSwap')
    browser.press(-1)
    settle()
    expect(route()).toEqual(['/'])
    expect(browser.at()).toBe(0)
  })

  it('a screen that only routes on takes its own entry: Back from where it went is home', () => {
    const { browser, store, settle, navigate, route } = setup()
    navigate('/copyTrade')
    store.dispatch(ev('app/navigated', { to: '/copyTrade/traderAddress', replace: true }))
    settle()
    expect(browser.routes()).toEqual(['/', '/copyTrade/traderAddress'])
    browser.press(-1)
    settle()
    expect(route()).toEqual(['/'])
  })

  it('an open sheet is an entry of its own: Back closes it and stays on the screen', () => {
    const { browser, store, settle, route } = setup()
    store.dispatch(ev('wallet/depositOpened', {}))
    settle()
    expect(browser.routes()).toEqual(['/', SHEET_ENTRY])
    browser.press(-1)
    settle()
    expect(store.getState().wallet.depositOpen).toBe(false)
    expect(route()).toEqual(['/'])
    expect(browser.at()).toBe(0)
  })

  it("the app's own back button moves the browser back without a second navigation", () => {
    const { browser, telegram, navigate, settle, store, route } = setup()
    navigate('/swap')
    navigate('/selectNetwork/from')
    telegram.pressBack()
    settle()
    expect(route()).toEqual(['/', '/swap'])
    expect(browser.at()).toBe(1)
    expect(store.getState().app.history).toEqual(['/', '/swap'])
  })

  it('inside Telegram (no browser history to mirror) nothing is written and Back is only the back button', () => {
    const { browser, navigate } = setup(false)
    navigate('/swap')
    expect(browser.calls).toEqual([])
  })
})
