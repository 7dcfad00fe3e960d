/**
 * Navigation that never traps, in the browser: pickers leave no history behind, the back button
 * closes a sheet before it navigates, and in a plain browser the browser's own Back and Forward
 * follow the route state.
 */
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { NO_BANNERS, launchHash, newUser, openApp, pressBack, telegramCalls, useStack, pickToken } from './harness'

const stackOf = useStack('development')

const backButtonShown = async (page: Page) =>
  (await telegramCalls(page)).filter((c) => c.type === 'web_app_setup_back_button').at(-1)?.data?.is_visible === true

describe('navigation', () => {
  it('both swap tokens chosen: one back press leaves /swap for home, where it was opened (app.14)', async () => {
    const page = await openApp(stackOf(), { user: newUser() })
    await page.getByTestId('total-balance').waitFor()
    await page.getByRole('button', { name: 'Swap', exact: true }).click()
    await page.getByRole('heading', { name: 'Swap' }).waitFor()
    await page.getByRole('button', { name: 'Choose what to send' }).click()
    await pickToken(page, 'ARB', 'USDC ARB')
    await page.getByRole('button', { name: 'Choose what to receive' }).click()
    await pickToken(page, null, 'ETH ARB')
    await page.getByRole('heading', { name: 'Swap' }).waitFor()
    await pressBack(page)
    await page.getByTestId('total-balance').waitFor()
    expect(await page.getByRole('heading', { name: 'Swap' }).count()).toBe(0)
    await expect.poll(() => backButtonShown(page)).toBe(false)
    await page.context().close()
  })

  it('the back button closes the deposit drawer on home before anything else, and hides again', async () => {
    const page = await openApp(stackOf(), { user: newUser() })
    await page.getByTestId('total-balance').waitFor()
    expect(await backButtonShown(page)).toBe(false)
    await page.getByRole('button', { name: 'Deposit' }).click()
    const sheet = page.getByRole('dialog', { name: 'Deposit' })
    await sheet.waitFor()
    await expect.poll(() => backButtonShown(page)).toBe(true)
    await pressBack(page)
    await sheet.waitFor({ state: 'detached' })
    await page.getByTestId('total-balance').waitFor()
    await expect.poll(() => backButtonShown(page)).toBe(false)
    await page.context().close()
  })

  it("in a plain browser the browser's own Back and Forward move through the screens, and Back at a sheet closes it", async () => {
    // As `npm start` opens it in a browser: signed launch parameters, no Telegram client around.
    const context = await stackOf().browser.newContext({ viewport: { width: 390, height: 844 } })
    const page = await context.newPage()
    await page.route(/^(?!http:\/\/127\.0\.0\.1[:/])/, (r) => r.abort())
    // No banner due over the screens this test walks (harness NO_BANNERS).
    await page.addInitScript(NO_BANNERS)
    await page.goto(`${stackOf().server.url}/#${launchHash({ user: newUser() })}`)
    await page.getByTestId('total-balance').waitFor()
    // The app brings the browser's history in step just after a screen changes (a timer of 0 ms); a
    // person's Back comes long after, a test's at once: wait for the browser entry the screen has.
    const mirrored = (top: string) =>
      expect
        .poll(() =>
          page.evaluate(() =>
            (history.state as { switchRoute?: { stack: string[] } } | null)?.switchRoute?.stack.at(-1),
          ),
        )
        .toBe(top)
    await mirrored('/')
    const start = await page.evaluate(() => history.length)
    await page.getByRole('button', { name: 'Swap', exact: true }).click()
    await page.getByRole('heading', { name: 'Swap' }).waitFor()
    await page.getByRole('button', { name: 'Choose what to send' }).click()
    await pickToken(page, 'ARB', 'USDC ARB')
    await page.getByRole('heading', { name: 'Swap' }).waitFor()
    await mirrored('/swap')
    await page.goBack()
    await page.getByTestId('total-balance').waitFor()
    await page.goForward()
    await page.getByRole('heading', { name: 'Swap' }).waitFor()
    await mirrored('/swap')
    expect(await page.getByRole('button', { name: 'Choose what to send' }).textContent()).toContain('USDC')
    await page.goBack()
    await page.getByTestId('total-balance').waitFor()
    // the page never left: the same document, and its entries are the app's
    expect(await page.evaluate(() => location.pathname)).toBe('/')
    expect(await page.evaluate(() => history.length)).toBeGreaterThan(start)

    await page.getByRole('button', { name: 'Deposit' }).click()
    const sheet = page.getByRole('dialog', { name: 'Deposit' })
    await sheet.waitFor()
    await mirrored('#sheet')
    await page.goBack()
    await sheet.waitFor({ state: 'detached' })
    await page.getByTestId('total-balance').waitFor()
    await context.close()
  })
})
