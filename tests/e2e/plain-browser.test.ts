/**
 * The demo as README.md tells a newcomer to try it: `npm start`'s page in a plain browser, with no
 * Telegram host at all (no webview proxy, no parent frame), only the signed demo launch data the
 * dev page writes. The page draws every control itself (main and secondary buttons, the back
 * button, popups), and the journeys of both halves can be completed with them: the first visit's
 * onboarding, a claim, a send, a stake, an invite copied and a bug report.
 */
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { post } from '../../server/kernel/ledger'
import { switchEntry } from '../../server/mining/miner'
import { PAYING_STACK, expectAccessible, expectNoOverflow, settle, useStack } from './harness'

// As `npm start` runs it: dev mode, with the Bot API stand-in (invite links name its bot; Stars have its payment sheet).
const stack = useStack('development', PAYING_STACK)
const HOUR = 3_600_000

/** A phone-sized page of a browser with nothing of Telegram's, opened at `path` as a person types it. */
async function openPlain(
  path: string,
  o: { width?: number; colorScheme?: 'light' | 'dark' } = {},
): Promise<{ page: Page; warnings: string[] }> {
  const context = await stack().browser.newContext({
    viewport: { width: o.width ?? 390, height: 844 },
    deviceScaleFactor: 2,
    hasTouch: true,
    colorScheme: o.colorScheme ?? 'light',
  })
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack().server.url })
  const page = await context.newPage()
  await page.route(/^(?!http:\/\/127\.0\.0\.1[:/])/, (r) => r.abort())
  const warnings: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') warnings.push(m.text())
  })
  page.on('pageerror', (e) => warnings.push(`page error: ${e.message}`))
  // A promotional banner or the proof-of-humanity prompt may cover a screen at any moment: closed as a person would.
  await page.addLocatorHandler(page.locator('[data-banner]'), async (banner) => {
    // a banner that went by itself while being closed is closed all the same
    await banner
      .getByRole('button', { name: /^(Close|Закрыть)$/ })
      .click({ timeout: 5_000 })
      .catch(() => undefined)
  })
  await page.addLocatorHandler(
    page.getByRole('dialog', { name: /^(Prove you are human|Подтвердите, что вы человек)$/ }),
    async (sheet) => {
      await sheet
        .getByRole('button', { name: /^(Later|Позже)$/ })
        .click({ timeout: 5_000 })
        .catch(() => undefined)
    },
  )
  await page.goto(stack().server.url + path)
  return { page, warnings }
}

/** The Telegram user the page was launched as (the dev page's signed launch data). */
const launchedUser = (page: Page) =>
  page.evaluate(() => {
    const hash = location.hash.slice(1) || sessionStorage.getItem('switch-wallet/launch')?.replace(/^#/, '') || ''
    return JSON.parse(
      new URLSearchParams(new URLSearchParams(hash).get('tgWebAppData') ?? '').get('user') ?? 'null',
    ) as { id: number; first_name: string } | null
  })

const menu = (page: Page, item: string) =>
  page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: item }).click()
/** A control the page draws in Telegram's place, by its visible text. */
const pageButton = (page: Page, name: string) => page.getByRole('button', { name, exact: true })

describe('the demo in a plain browser', () => {
  it('a fresh user completes onboarding, a claim, a send, a stake, an invite copy and a bug report with the controls the page draws', async () => {
    const { page, warnings } = await openPlain('/?user=new')
    await page.getByTestId('total-balance').waitFor({ timeout: 15_000 })
    // No Telegram host: nothing was handed to Telegram's SDK, and the page says so nowhere.
    expect(await page.evaluate(() => 'TelegramWebviewProxy' in window || window.parent !== window)).toBe(false)
    const user = await launchedUser(page)
    expect(user).not.toBeNull()
    expect(user?.id).not.toBe(1_000_001) // not the demo user: a fresh one, to see the first visit

    // The first visit of mining: the onboarding's Next and Start mining, drawn by the page.
    await menu(page, 'Mining')
    await page.getByRole('heading', { name: 'Mine SWITCH' }).waitFor()
    await pageButton(page, 'Next').click()
    await page.getByRole('heading', { name: 'Claim every 6 hours' }).waitFor()
    await pageButton(page, 'Next').click()
    await page.getByRole('heading', { name: 'Mine faster' }).waitFor()
    await pageButton(page, 'Start mining').click()
    await page.getByTestId('mined-now').waitFor()

    // A claim two hours later (the dev server's clock moved on, the page reloaded as a person would).
    const moved = await fetch(`${stack().server.url}/dev/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceMs: 2 * HOUR }),
    })
    expect(moved.status).toBe(200)
    await page.reload()
    // a reload comes back to the screen it left (the journey, from the log), as the same fresh user
    await page.getByTestId('mined-now').waitFor({ timeout: 15_000 })
    expect((await launchedUser(page))?.id).toBe(user?.id)
    await pageButton(page, 'Claim').click()
    await expect
      .poll(() => page.getByTestId('claim-result').textContent(), { timeout: 10_000 })
      .toMatch(/^\+3(\.\d+)? SWITCH claimed$/)

    // A send: the token, the recipient, the amount; Continue, then Send, both drawn by the page.
    await menu(page, 'Wallet')
    await page.getByTestId('total-balance').waitFor()
    await pageButton(page, 'Send').click()
    await pageButton(page, 'ARB').click()
    await pageButton(page, 'USDT ARB').click()
    await page.getByRole('textbox', { name: 'Recipient address' }).fill('0x1111111111111111111111111111111111111111')
    await page.getByRole('textbox', { name: /^Amount/ }).fill('1.5')
    await pageButton(page, 'Continue').click()
    await page.getByText('Send 1.5 USDT').waitFor()
    await pageButton(page, 'Send').click()
    await page.getByText('Sent', { exact: true }).waitFor({ timeout: 10_000 })
    await pageButton(page, 'Done').click()
    await page.getByTestId('total-balance').waitFor()

    // A stake of 20 SWITCH for three months (the user was given SWITCH, as the dev seed gives the demo user).
    await stack().server.db.transaction((tx) =>
      post(tx, [switchEntry(user!.id, 100n * 10n ** 9n, 'dev-seed', 'plain browser test')]),
    )
    await menu(page, 'Mining')
    await pageButton(page, 'Staking').click()
    const amount = page.locator('#staking-amount')
    await expect.poll(() => amount.inputValue()).not.toBe('')
    await amount.fill('20')
    await pageButton(page, 'Continue').click()
    await page.getByTestId('staking-confirm').waitFor()
    await pageButton(page, 'Stake').click()
    await page.getByTestId('success').waitFor({ timeout: 10_000 })
    expect(await page.getByTestId('success-figure').innerText()).toBe('20 SWITCH')
    await pageButton(page, 'My deposits').click()
    await page.getByTestId('deposits-screen').waitFor()
    // The page's own back button, where Telegram's would be.
    await pageButton(page, 'Back').click()
    await page.getByTestId('deposits-screen').waitFor({ state: 'detached' })

    // The invite link copied from the frens tab.
    await menu(page, 'Frens')
    const shown = page.getByTestId('frens-invite-link')
    await expect.poll(() => shown.textContent()).toMatch(/^https:\/\/t\.me\/\w+\?startapp=ref-[0-9A-Fa-f]+$/)
    await pageButton(page, 'Copy invite link').click()
    await page.getByRole('status').filter({ hasText: 'Copied' }).waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await shown.textContent())
    await pageButton(page, 'Invite a friend').waitFor()

    // A bug report of the session.
    await menu(page, 'Wallet')
    await pageButton(page, 'Report a problem').click()
    await pageButton(page, 'Send report').click()
    await page.getByTestId('ticket').waitFor({ timeout: 15_000 })
    await pageButton(page, 'Back').click()
    await page.getByTestId('total-balance').waitFor()

    expect(warnings.filter((w) => /UnknownEnvError|unavailable/.test(w))).toEqual([])
    await page.context().close()
  })

  /**
   * Where the page's controls sit, measured on their boxes with the screen scrolled to its end: the
   * main button at the bottom, inside the viewport, at least 44 px tall; the bottom menu above it;
   * the back button at the top; the screen's own content never under any of them.
   */
  const layout = (page: Page) =>
    page.evaluate(async () => {
      window.scrollTo(0, document.documentElement.scrollHeight)
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))
      const box = (selector: string) => document.querySelector(selector)?.getBoundingClientRect() ?? null
      const action = box('.main-action .button')
      const bar = box('.main-action')
      const menu = box('nav.menu')
      const back = box('.page-back__button')
      // the lowest piece of the screen's own content (not the page's controls)
      let contentBottom = 0
      for (const el of document.querySelectorAll('main *')) {
        if (el.closest('.main-action, .page-back') || el.children.length > 0) continue
        const r = el.getBoundingClientRect()
        if (r.height > 0 && getComputedStyle(el).visibility === 'visible')
          contentBottom = Math.max(contentBottom, r.bottom)
      }
      return {
        viewport: window.innerHeight,
        action,
        bar,
        menu,
        back,
        contentBottom,
        coveredFrom: Math.min(bar?.top ?? Infinity, menu?.top ?? Infinity),
      }
    })

  for (const [width, scheme, lang] of [
    [390, 'light', 'en'],
    [320, 'dark', 'ru'],
  ] as const) {
    it(`the page's controls at ${width} px, ${scheme}, ${lang}: the main button at the bottom under the menu, the back button at the top, nothing covered, nothing past its box`, async () => {
      const ru = lang === 'ru'
      const { page } = await openPlain(`/?user=new&lang=${lang}${scheme === 'dark' ? '&theme=dark' : ''}`, {
        width,
        colorScheme: scheme,
      })
      await page.getByTestId('total-balance').waitFor({ timeout: 15_000 })
      expect(await page.evaluate(() => document.documentElement.dataset.scheme)).toBe(scheme)
      // A tab with the menu: the onboarding's Next under it, as Telegram's main button sits under the web-view.
      await menu(page, ru ? 'Майнинг' : 'Mining')
      await pageButton(page, ru ? 'Далее' : 'Next').waitFor()
      await settle(page)
      let l = await layout(page)
      expect(l.action!.height).toBeGreaterThanOrEqual(44)
      expect(l.bar!.bottom).toBeCloseTo(l.viewport, 0)
      expect(l.menu!.bottom).toBeLessThanOrEqual(l.bar!.top + 0.5)
      expect(l.contentBottom).toBeLessThanOrEqual(l.coveredFrom + 0.5)
      expect(l.back).toBeNull()
      await expectAccessible(page, 'onboarding')
      await expectNoOverflow(page, 'onboarding')
      // An inner screen that scrolls: the back button at the top, the main button at the bottom, the end of the form above it.
      await menu(page, ru ? 'Кошелёк' : 'Wallet')
      await pageButton(page, ru ? 'Отправить' : 'Send').click()
      await pageButton(page, 'ARB').click()
      await pageButton(page, 'USDT ARB').click()
      await page.locator('#send-to').waitFor()
      // short enough that the form scrolls: its end must come out above the main button
      await page.setViewportSize({ width, height: 340 })
      await settle(page)
      l = await layout(page)
      expect(l.back!.top).toBeLessThan(40)
      expect(l.back!.height).toBeGreaterThanOrEqual(44)
      expect(l.action!.height).toBeGreaterThanOrEqual(44)
      expect(l.bar!.bottom).toBeCloseTo(l.viewport, 0)
      expect(l.menu).toBeNull()
      expect(l.contentBottom).toBeLessThanOrEqual(l.coveredFrom + 0.5)
      await expectAccessible(page, 'send form')
      await expectNoOverflow(page, 'send form')
      await page.context().close()
    })
  }
})
