// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { renderApp } from '../render'
import { launch } from '../../domain/fixtures/events'
import { LINKS } from '../../../src/app/links'

let app: ReturnType<typeof renderApp> | null = null
afterEach(() => {
  app?.unmount()
  app = null
})

describe('shell', () => {
  it('[app.4] outside Telegram only the refusal renders', () => {
    app = renderApp([{ type: 'app/launched', payload: launch({ insideTelegram: false, user: null }) }])
    expect(app.text()).toContain('Only possible to use inside telegram bot')
    expect(app.container.querySelector('nav')).toBeNull()
    expect(app.text()).not.toContain('Total balance')
    expect(app.dispatched.map((e) => e.type)).toEqual(['app/launched'])
  })

  it("[app.24] maintenance shows when the storage flag is 'true', [app.25] with the window, [app.26] and the news button", () => {
    app = renderApp([
      { type: 'app/launched', payload: launch() },
      { type: 'app/storageLoaded', payload: { isMaintenance: 'true' } },
    ])
    expect(app.text()).toContain('Technical work in progress')
    expect(app.text()).toContain('19/04/25 07:00 - 13:00 UTC')
    expect(app.container.querySelector('nav')).toBeNull()
    app.click(app.button('news channel'))
    expect(app.dispatched.at(-1)).toMatchObject({ type: 'app/linkOpened', payload: { url: LINKS.news } })
  })

  it("[app.24] no maintenance for any other stored value", () => {
    for (const stored of ['false', 'TRUE', 'True', '1', ' true', 'true ', '', null]) {
      app = renderApp([
        { type: 'app/launched', payload: launch() },
        { type: 'app/storageLoaded', payload: { isMaintenance: stored } },
      ])
      expect(app.text(), String(stored)).not.toContain('Technical work in progress')
      expect(app.text()).toContain('Total balance')
      app.unmount()
      app = null
    }
  })

  it('the bottom menu marks home active on the wallet home (app.30-31)', () => {
    app = renderApp([{ type: 'app/launched', payload: launch() }])
    const current = app.container.querySelector('nav [aria-current="page"]')
    expect(current?.textContent).toBe('Wallet')
  })

  it('the big-pump and stats items (app.29) ask for their outside links', () => {
    app = renderApp([{ type: 'app/launched', payload: launch() }])
    app.click(app.button('Big Pump'))
    app.click(app.button('Stats'))
    const opened = app.dispatched.filter((e) => e.type === 'app/menuLinkOpened').map((e) => (e.payload as { item: string }).item)
    expect(opened).toEqual(['bigpump', 'stats'])
  })

  it('[app.20] a ru Telegram user sees Russian', () => {
    app = renderApp([{ type: 'app/launched', payload: launch({ user: { id: 1, firstName: 'Иван', languageCode: 'ru' } }) }])
    expect(app.text()).toContain('Общий баланс')
    expect(document.documentElement.lang).toBe('ru')
  })
})
