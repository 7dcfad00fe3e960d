// @vitest-environment happy-dom
/**
 * The back button the page draws where Telegram draws none (no Telegram host answered, a replay):
 * on inner screens only, never beside Telegram's; a press goes back as Telegram's does (app.14).
 */
import { afterEach, describe, expect, it } from 'vitest'
import { renderApp } from '../render'
import { launch } from '../../domain/fixtures/events'
import { currentLocation } from '../../../domain/app/state'
import { pageControls } from '../../../streams/telegram/controls'

let app: ReturnType<typeof renderApp> | null = null
afterEach(() => {
  app?.unmount()
  app = null
})

const backButton = () =>
  [...(app?.container.querySelectorAll('button') ?? [])].find((b) => b.textContent === 'Back') ?? null

describe('the page-drawn back button', () => {
  it('without a Telegram host: on an inner screen, at the top; a press goes back; none on a tab of the menu', () => {
    app = renderApp([
      { type: 'app/launched', payload: launch({ telegramHost: false }) },
      { type: 'app/navigated', payload: { to: '/report' } },
    ])
    const back = backButton()
    expect(back).not.toBeNull()
    expect(app.container.querySelector('main')?.firstElementChild?.contains(back)).toBe(true)
    app.click(back)
    expect(app.dispatched.filter((e) => e.type === 'app/backPressed')).toHaveLength(1)
    expect(currentLocation(app.store.getState().app)).toBe('/')
    expect(backButton()).toBeNull()
  })

  it("in Russian it reads as Telegram's does", () => {
    app = renderApp([{ type: 'app/launched', payload: launch({ telegramHost: false, location: '/report?lang=ru' }) }])
    expect([...app.container.querySelectorAll('button')].some((b) => b.textContent === 'Назад')).toBe(true)
  })

  it('where Telegram draws the back button, the page draws none', () => {
    app = renderApp(
      [
        { type: 'app/launched', payload: launch({ telegramHost: true }) },
        { type: 'app/navigated', payload: { to: '/report' } },
      ],
      { ...pageControls, back: true },
    )
    expect(backButton()).toBeNull()
  })
})
