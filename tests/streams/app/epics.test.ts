import { describe, expect, it } from 'vitest'
import { createStore } from '../../../streams/store'
import { appEpics } from '../../../streams/app/epics'
import { ev } from '../../../domain/events'
import { currentLocation } from '../../../domain/app/state'
import { fakeApi, fakeDeps, fakeTelegram, memoryStorage } from '../fakes'
import { throwError } from 'rxjs'
import { launch } from '../../domain/fixtures/events'

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
  it('[app.14] the back button shows on inner screens only and a press goes back', () => {
    const { store, telegram } = setup()
    store.dispatch(ev('app/navigated', { to: '/refill/from' }))
    expect(telegram.calls.filter((c) => c.startsWith('backButton'))).toEqual(['backButton:false', 'backButton:true'])
    telegram.pressBack()
    expect(currentLocation(store.getState().app)).toBe('/')
    expect(telegram.calls.filter((c) => c.startsWith('backButton')).at(-1)).toBe('backButton:false')
  })

  it('[app.13] every navigation plays a success haptic', () => {
    const { store, telegram } = setup()
    store.dispatch(ev('app/navigated', { to: '/refill/from' }))
    store.dispatch(ev('app/backPressed', {}))
    expect(telegram.calls.filter((c) => c === 'hapticSuccess')).toHaveLength(2)
  })

  it('[app.27] 25 quick taps clear local storage and reload', () => {
    const { store, telegram, storage } = setup()
    for (let i = 0; i < 24; i++) store.dispatch(ev('app/resetTapped', {}))
    expect(storage.data.size).toBe(2)
    store.dispatch(ev('app/resetTapped', {}))
    expect(storage.data.size).toBe(0)
    expect(telegram.calls).toContain('reload')
  })

  it('[app.29] the big-pump and stats items open outside links', () => {
    const { store, telegram } = setup()
    store.dispatch(ev('app/menuLinkOpened', { item: 'bigpump', url: 'https://t.me/some_bot/app' }))
    store.dispatch(ev('app/menuLinkOpened', { item: 'stats', url: 'https://example.org/stats' }))
    expect(telegram.calls).toContain('openTelegramLink:https://t.me/some_bot/app')
    expect(telegram.calls).toContain('openLink:https://example.org/stats')
  })

  it('[app.26] [send.19] other outside links are intents too: Telegram links open in Telegram, others in the browser', () => {
    const { store, telegram } = setup()
    store.dispatch(ev('app/linkOpened', { url: 'https://t.me/switch_wallet_news' }))
    store.dispatch(ev('app/linkOpened', { url: 'https://example.org/page' }))
    expect(telegram.calls.filter((c) => c.startsWith('open'))).toEqual(['openTelegramLink:https://t.me/switch_wallet_news', 'openLink:https://example.org/page'])
  })
})

describe('language', () => {
  it('[app.22] [app.19] a picked language is set, kept in the lang cookie and sent to the wallet', () => {
    const cookies: string[] = []
    const api = fakeApi({ userLanguage: () => throwError(() => ({ kind: 'network', message: 'down' })) })
    const store = createStore({ clock: { now: () => 1 } })
    store.run(appEpics, fakeDeps({ api, cookies: { set: (k, v) => cookies.push(`${k}=${v}`) } }))
    store.dispatch(ev('app/launched', launch()))
    store.dispatch(ev('app/languagePickerOpened', {}))
    store.dispatch(ev('app/languageChanged', { language: 'ru' }))
    expect(store.getState().app.language).toBe('ru')
    expect(store.getState().app.languagePickerOpen).toBe(false)
    expect(cookies).toEqual(['lang=ru'])
    expect(api.requests).toEqual([{ name: 'userLanguage', request: { language: 'ru' } }])
    // [app.23] the failed update is only logged: no failure event, the language stays
    expect(store.getState().app.effectFailures).toEqual([])
  })
})
