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

  it('maintenance shows [app.25] with the window, [app.26] and the news button', () => {
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

  it("[app.24] maintenance shows exactly when the stored flag is the string 'true'", () => {
    app = renderApp([
      { type: 'app/launched', payload: launch() },
      { type: 'app/storageLoaded', payload: { isMaintenance: 'true' } },
    ])
    expect(app.text()).toContain('Technical work in progress')
    expect(app.text()).not.toContain('Total balance')
    app.unmount()
    app = null
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

  it('[app.29] the menu: mining (/mining), frens (/mining/frens), big-pump (a mini-app link), home (/), stats (a dashboard)', () => {
    app = renderApp([{ type: 'app/launched', payload: launch() }])
    expect([...app.container.querySelectorAll('nav .menu__item')].map((b) => b.textContent)).toEqual([
      'Wallet',
      'Mining',
      'Frens',
      'Big Pump',
      'Stats',
    ])
    const menuButton = (label: string) =>
      [...app!.container.querySelectorAll('nav .menu__item')].find((b) => b.textContent === label) as HTMLElement
    const navigatedTo = (label: string) => {
      const from = app!.dispatched.length
      app!.click(menuButton(label))
      const moves = app!.dispatched.slice(from).filter((e) => e.type === 'app/navigated')
      return moves.length === 1 ? (moves[0].payload as { to: string }).to : null
    }
    expect(navigatedTo('Mining')).toBe('/mining')
    expect(navigatedTo('Wallet')).toBe('/')
    expect(navigatedTo('Frens')).toBe('/mining/frens')
    const before = app.dispatched.filter((e) => e.type === 'app/navigated').length
    app.click(menuButton('Big Pump'))
    app.click(menuButton('Stats'))
    const opened = app.dispatched.filter((e) => e.type === 'app/menuLinkOpened').map((e) => e.payload)
    expect(opened).toEqual([
      { item: 'bigpump', url: LINKS.bigpump },
      { item: 'stats', url: LINKS.stats },
    ])
    // big-pump is another mini-app in the messaging app; stats is a web dashboard; neither moves inside the app
    expect(LINKS.bigpump).toMatch(/^https:\/\/t\.me\/[A-Za-z0-9_]+bot\/\w+/)
    expect(LINKS.stats).toMatch(/^https:\/\//)
    expect(LINKS.stats).not.toMatch(/t\.me/)
    expect(app.dispatched.filter((e) => e.type === 'app/navigated')).toHaveLength(before)
  })

  it('[app.20] a ru Telegram user sees Russian', () => {
    app = renderApp([
      { type: 'app/launched', payload: launch({ user: { id: 1, firstName: 'Иван', languageCode: 'ru' } }) },
    ])
    expect(app.text()).toContain('Общий баланс')
    expect(document.documentElement.lang).toBe('ru')
  })
})
