import { describe, expect, it, vi } from 'vitest'
import { marbles } from '../marbles'
import { BehaviorSubject, of, throwError } from 'rxjs'
import { createStore } from '../../../streams/store'
import { appEpics, languageEpic } from '../../../streams/app/epics'
import type { StateObservable } from '../../../streams/store'
import { type RootState, initialState } from '../../../domain/state'
import type { AppEvent } from '../../../domain/events'
import { LANGUAGE_COOKIE } from '../../../domain/app/language'
import { ev } from '../../../domain/events'
import { currentLocation } from '../../../domain/app/state'
import { fakeApi, fakeDeps, fakeTelegram, memoryStorage } from '../fakes'
import { launch } from '../../domain/fixtures/events'
const initial$ = () => new BehaviorSubject<RootState>(initialState) as unknown as StateObservable
const changed = (language: 'en' | 'ru', at: number): AppEvent => ({
  seq: 0,
  at,
  type: 'app/languageChanged',
  payload: { language },
})

function setup() {
  let t = 0
  const telegram = fakeTelegram()
  const storage = memoryStorage({ isMaintenance: 'false', other: 'x' })
  const store = createStore({ clock: { now: () => (t += 100) } })
  store.run(appEpics, fakeDeps({ telegram, storage }))
  store.dispatch(ev('app/launched', launch()))
  return { store, telegram, storage }
}

describe('shell epics', () => {
  it('the back button (app.14; its targets: tests/domain/app/routes) shows on inner screens only and a press goes back', () => {
    const { store, telegram } = setup()
    store.dispatch(ev('app/navigated', { to: '/refill/from' }))
    expect(telegram.calls.filter((c) => c.startsWith('backButton'))).toEqual(['backButton:false', 'backButton:true'])
    telegram.pressBack()
    expect(currentLocation(store.getState().app)).toBe('/')
    expect(telegram.calls.filter((c) => c.startsWith('backButton')).at(-1)).toBe('backButton:false')
  })

  it('the back button shows over a sheet on home; a press closes the sheet and stays home', () => {
    const { store, telegram } = setup()
    store.dispatch(ev('wallet/depositOpened', {}))
    expect(telegram.calls.filter((c) => c.startsWith('backButton'))).toEqual(['backButton:false', 'backButton:true'])
    telegram.pressBack()
    expect(store.getState().wallet.depositOpen).toBe(false)
    expect(currentLocation(store.getState().app)).toBe('/')
    expect(telegram.calls.filter((c) => c.startsWith('backButton')).at(-1)).toBe('backButton:false')
  })

  it("without a Telegram host (the demo in a plain browser) Telegram's back button is never asked for: the page draws its own", () => {
    const telegram = fakeTelegram()
    const store = createStore({ clock: { now: () => 0 } })
    store.run(appEpics, fakeDeps({ telegram }))
    store.dispatch(ev('app/launched', launch({ telegramHost: false })))
    store.dispatch(ev('app/navigated', { to: '/refill/from' }))
    store.dispatch(ev('wallet/depositOpened', {}))
    expect(telegram.calls.filter((c) => c === 'backButton:true')).toEqual([])
  })

  it('[app.13] navigating to a screen pushes it onto the history and plays a success haptic, each time', () => {
    const { store, telegram } = setup()
    const haptics = () => telegram.calls.filter((c) => c === 'hapticSuccess').length
    const start = [...store.getState().app.history]
    expect(haptics()).toBe(0)
    store.dispatch(ev('app/navigated', { to: '/refill/from' }))
    expect(store.getState().app.history).toEqual([...start, '/refill/from'])
    expect(haptics()).toBe(1)
    store.dispatch(ev('app/navigated', { to: '/send' }))
    expect(store.getState().app.history).toEqual([...start, '/refill/from', '/send'])
    expect(haptics()).toBe(2)
    store.dispatch(ev('app/backPressed', {}))
    expect(haptics()).toBe(3)
  })

  /** 25 taps on a store whose clock moves by the given gaps; what storage holds after, and whether the app reloaded. */
  const tapRun = (gaps: number[]) => {
    let t = 0
    const telegram = fakeTelegram()
    const storage = memoryStorage({ isMaintenance: 'false', other: 'x' })
    const store = createStore({ clock: { now: () => t } })
    store.run(appEpics, fakeDeps({ telegram, storage }))
    store.dispatch(ev('app/launched', launch()))
    const sizes: number[] = []
    for (const gap of gaps) {
      t += gap
      store.dispatch(ev('app/resetTapped', {}))
      sizes.push(storage.data.size)
    }
    return { sizes, reloaded: telegram.calls.filter((c) => c === 'reload').length }
  }

  it('[app.27] 25 taps, each within 1 s of the previous one, clear local storage and reload the app', () => {
    const { sizes, reloaded } = tapRun([0, ...Array(24).fill(1000)])
    expect(sizes.slice(0, 24)).toEqual(Array(24).fill(2))
    expect([sizes[24], reloaded]).toEqual([0, 1])
    expect(tapRun(Array(25).fill(100))).toMatchObject({ reloaded: 1 })
  })

  it('[app.28] a tap more than 1 s after the previous one breaks the run: 25 taps with a longer gap clear nothing', () => {
    for (const slow of [1, 12, 24]) {
      const gaps = [0, ...Array(24).fill(1000)]
      gaps[slow] = 1001
      expect(tapRun(gaps), `gap before tap ${slow + 1}`).toEqual({ sizes: Array(25).fill(2), reloaded: 0 })
    }
  })

  it('the big-pump and stats menu items (app.29) open outside links', () => {
    const { store, telegram } = setup()
    store.dispatch(ev('app/menuLinkOpened', { item: 'bigpump', url: 'https://t.me/some_bot/app' }))
    store.dispatch(ev('app/menuLinkOpened', { item: 'stats', url: 'https://example.org/stats' }))
    expect(telegram.calls).toContain('openTelegramLink:https://t.me/some_bot/app')
    expect(telegram.calls).toContain('openLink:https://example.org/stats')
  })

  it('other outside links (the news channel, the bot) are intents too: Telegram links open in Telegram, others in the browser', () => {
    const { store, telegram } = setup()
    store.dispatch(ev('app/linkOpened', { url: 'https://t.me/switch_wallet_news' }))
    store.dispatch(ev('app/linkOpened', { url: 'https://example.org/page' }))
    expect(telegram.calls.filter((c) => c.startsWith('open'))).toEqual([
      'openTelegramLink:https://t.me/switch_wallet_news',
      'openLink:https://example.org/page',
    ])
  })
})

describe('language', () => {
  it('[app.22] a picked language is set, closes the picker, is kept in the lang cookie and sent to the wallet with the moment it was chosen', () => {
    const cookies: string[] = []
    const api = fakeApi({ userLanguage: () => of({ ok: true }) })
    const store = createStore({ clock: { now: () => 1_763_800_000_000 } })
    store.run(appEpics, fakeDeps({ api, cookies: { set: (k, v) => cookies.push(`${k}=${v}`) } }))
    store.dispatch(ev('app/launched', launch()))
    store.dispatch(ev('app/languagePickerOpened', {}))
    store.dispatch(ev('app/languageChanged', { language: 'ru' }))
    expect(store.getState().app.language).toBe('ru')
    expect(store.getState().app.languagePickerOpen).toBe(false)
    expect(cookies).toEqual([`${LANGUAGE_COOKIE}=ru`])
    expect(api.requests).toEqual([{ name: 'userLanguage', request: { language: 'ru', chosenAt: 1_763_800_000_000 } }])
  })

  it(
    'two quick changes are both sent, in the order chosen, each with its chosenAt: a write is never cancelled',
    marbles((m) => {
      const answers = [
        m.cold('50ms (a|)', { a: { ok: true as const } }),
        m.cold('50ms (a|)', { a: { ok: true as const } }),
      ]
      let n = 0
      const api = fakeApi({ userLanguage: () => answers[n++] })
      const events$ = m.hot('a 9ms b', { a: changed('ru', 1_000), b: changed('en', 1_010) })
      m.expect(languageEpic(events$, initial$(), fakeDeps({ api }))).toBeObservable('')
      m.flush()
      expect(api.requests).toEqual([
        { name: 'userLanguage', request: { language: 'ru', chosenAt: 1_000 } },
        { name: 'userLanguage', request: { language: 'en', chosenAt: 1_010 } },
      ])
      // the first runs to its answer; the second leaves only then
      m.expect(answers[0]).toHaveSubscriptions('^ 49ms !')
      m.expect(answers[1]).toHaveSubscriptions('50ms ^ 49ms !')
    }),
  )

  it('[app.23] a failed update is only logged: no event, the language stays, and the next change is still sent', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      marbles((m) => {
        let n = 0
        const api = fakeApi({
          userLanguage: () =>
            n++ === 0
              ? m.cold('10ms #', undefined, { kind: 'network', message: 'down' })
              : m.cold('10ms (a|)', { a: { ok: true } }),
        })
        const events$ = m.hot('a 99ms b', { a: changed('ru', 1), b: changed('en', 2) })
        m.expect(languageEpic(events$, initial$(), fakeDeps({ api }))).toBeObservable('')
        m.flush()
        expect(api.requests.map((r) => (r.request as { language: string }).language)).toEqual(['ru', 'en'])
        expect(warn).toHaveBeenCalledWith('language update failed', { kind: 'network', message: 'down' })
      })()
      // in a store: no failure recorded and the picked language stays
      const store = createStore({ clock: { now: () => 1 } })
      store.run(
        appEpics,
        fakeDeps({
          api: fakeApi({ userLanguage: () => throwError(() => ({ kind: 'server', status: 500, message: 'boom' })) }),
        }),
      )
      store.dispatch(ev('app/launched', launch()))
      store.dispatch(ev('app/languageChanged', { language: 'ru' }))
      expect(store.getState().app.language).toBe('ru')
      expect(store.getState().app.effectFailures).toEqual([])
    } finally {
      warn.mockRestore()
    }
  })
})
