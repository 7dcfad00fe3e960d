/**
 * The theme: Telegram's header, background and bottom bar take the page's colour at
 * launch, and a theme change while the app is open (theme_changed) restyles it at once.
 */
import { describe, expect, it } from 'vitest'
import { newUser, openApp, telegramCalls, useStack } from './harness'

const stackOf = useStack()
const DARK = {
  bg_color: '#17212b',
  secondary_bg_color: '#0e1621',
  text_color: '#f5f5f5',
  hint_color: '#708499',
  link_color: '#6ab3f3',
  button_color: '#5288c1',
  button_text_color: '#ffffff',
  section_bg_color: '#17212b',
}

describe('theme', () => {
  it("the chrome takes the page's colour at launch, and a theme change restyles page and chrome at once", async () => {
    const page = await openApp(stackOf(), { user: newUser() })
    await page.getByTestId('total-balance').waitFor()
    const colours = async () => {
      const calls = await telegramCalls(page)
      const last = (type: string) => calls.filter((c) => c.type === type).at(-1)?.data?.color
      return [
        last('web_app_set_header_color'),
        last('web_app_set_background_color'),
        last('web_app_set_bottom_bar_color'),
      ]
    }
    await expect.poll(colours).toEqual(['#efeff4', '#efeff4', '#efeff4'])
    expect(await page.evaluate(() => document.documentElement.dataset.scheme)).toBe('light')
    await page.evaluate(
      (theme) =>
        (
          window as unknown as { Telegram: { WebView: { receiveEvent(e: string, d: unknown): void } } }
        ).Telegram.WebView.receiveEvent('theme_changed', { theme_params: theme }),
      DARK,
    )
    await expect.poll(colours).toEqual(['#0e1621', '#0e1621', '#0e1621'])
    expect(await page.evaluate(() => document.documentElement.dataset.scheme)).toBe('dark')
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)
    expect(background).toBe('rgb(14, 22, 33)')
    await page.context().close()
  })
})
