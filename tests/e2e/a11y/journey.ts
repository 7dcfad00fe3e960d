/**
 * Accessibility and fit on every screen, in the light and the dark theme, in English and
 * Russian. Each screen is reached as a user reaches it (taps, Telegram's main and back buttons, the
 * bot's links for the screens only a link opens), and checked where it stands:
 * - axe-core (WCAG 2.0-2.2 A and AA) at 390 px: no serious or critical violation (every control
 *   has a role and a name, contrast passes in the theme);
 * - at 390 and 320 px, measured on element and text boxes: no amount, address, label or button
 *   runs past its box or the viewport, and the page never scrolls sideways.
 * One browser context per theme and language, launched at 320 px; every screen is measured there,
 * then the viewport widens to 390 px for the second measure and axe, and narrows again before the
 * next step (widening never makes a box too small, so nothing is flagged that a 390 px launch would
 * not show), so the eight combinations cost four journeys. Every finding is collected and the test
 * fails listing them all; with A11Y_FINDINGS=<dir> each journey's list is also written there.
 * Each theme and language is a test file of its own beside this module (light-en, light-ru,
 * dark-en, dark-ru), so that the four journeys run side by side; light-en.test.ts also shows that
 * the checks catch what they must (and pass what they must) on a page made for it.
 *
 * Not a screen here: /bigpump opens the launchpad's link and goes home (swap.52), it draws nothing.
 */
import { writeFileSync } from 'node:fs'
import { type ExpectStatic, describe, expect, it } from 'vitest'
import i18next from 'i18next'
import type { BrowserContext, Page } from 'playwright-core'
import enApp from '../../../locales/en.json'
import ruApp from '../../../locales/ru.json'
import enSwap from '../../../locales/swap/en.json'
import ruSwap from '../../../locales/swap/ru.json'
import enCopy from '../../../locales/copyTrade/en.json'
import ruCopy from '../../../locales/copyTrade/ru.json'
import sendEn from '../../../locales/send/en.json'
import sendRu from '../../../locales/send/ru.json'
import refillEn from '../../../locales/refill/en.json'
import refillRu from '../../../locales/refill/ru.json'
import reportEn from '../../../locales/report/en.json'
import reportRu from '../../../locales/report/ru.json'
import {
  DARK_THEME,
  LIGHT_THEME,
  type Stack,
  accessibilityViolations,
  answerPopup,
  homeSettled,
  newPhoneContext,
  newUser,
  openAppIn,
  overflowFindings,
  pickToken,
  pressBack,
  pressMainButton,
  settle,
  useStack,
} from '../harness'

/** Launched at 320 px (what a page decides at mount, such as a figure's fitted font, is decided for the narrow screen), then widened. */
const WIDTHS = [320, 390] as const
const AXE_WIDTH = 390
/** A11Y_SHOTS=<dir>: a screenshot of each screen at each width, to look at what was measured. */
const SHOTS = process.env.A11Y_SHOTS
/** A trader of each journey's own: the feed's swaps follow each other per trader (a buy, then a sell of it). */
const traderOf = (journeyIndex: number) => `0x8ba1f109551bd432803012645ac136ddd64dba7${journeyIndex}`
const RECIPIENT = '0x52908400098527886E0F7030069857D2E4169EE7'

type Theme = 'light' | 'dark'
type Language = 'en' | 'ru'

/** The app's texts, as the app has them (the lazy features under their keys). */
const texts = i18next.createInstance()
void texts.init({
  resources: {
    en: {
      translation: {
        ...enApp,
        swap: enSwap,
        copyTrade: enCopy,
        send: sendEn,
        refill: refillEn,
        report: { ...enApp.report, ...reportEn },
      },
    },
    ru: {
      translation: {
        ...ruApp,
        swap: ruSwap,
        copyTrade: ruCopy,
        send: sendRu,
        refill: refillRu,
        report: { ...ruApp.report, ...reportRu },
      },
    },
  },
  lng: 'en',
  interpolation: { escapeValue: false },
  initAsync: false,
})

/** One journey's checks: each screen at both widths, axe at 390 px; findings gathered, not thrown. */
class Checker {
  readonly findings: string[] = []
  constructor(
    private readonly page: () => Page,
    private readonly combination: string,
  ) {}

  /** `within`: only what this element holds (an open sheet, a panel: the screen under it has its own check). */
  async screen(name: string, within?: string): Promise<void> {
    const page = this.page()
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 844 })
      await settle(page)
      const where = `${name} [${this.combination}, ${width} px]`
      for (const o of await overflowFindings(page, within)) this.findings.push(`${where} ${o}`)
      if (SHOTS)
        await page.screenshot({
          path: `${SHOTS}/${this.combination.replace(/\W+/g, '-')}-${name.replace(/\W+/g, '-')}-${width}.png`,
        })
      if (width === AXE_WIDTH)
        for (const v of await accessibilityViolations(page, within)) this.findings.push(`${where} ${v}`)
    }
    await page.setViewportSize({ width: WIDTHS[0], height: 844 })
  }
}

async function journey(
  stack: Stack,
  empty: Stack,
  theme: Theme,
  language: Language,
  expect: ExpectStatic,
): Promise<string[]> {
  const trader = traderOf(['light', 'dark'].indexOf(theme) * 2 + ['en', 'ru'].indexOf(language))
  const t = texts.getFixedT(language)
  /** A button by its whole name, or by a pattern in it. */
  const button = (page: Page, name: string | RegExp) =>
    page.getByRole('button', { name, exact: typeof name === 'string' ? true : undefined })
  const user = newUser({ first_name: language === 'ru' ? 'Алиса' : 'Alice', language_code: language })
  const themeParams = theme === 'light' ? LIGHT_THEME : DARK_THEME
  const context: BrowserContext = await newPhoneContext(stack, { width: WIDTHS[0], colorScheme: theme })
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.server.url })
  let page = await openAppIn(context, stack, { user, theme: themeParams })
  const check = new Checker(() => page, `${theme}, ${language}`)
  // the home with its data in: what is below its lists (language, report) no longer moves under a tap
  const home = () => homeSettled(page)

  try {
    // Home, every token shown, the history loaded.
    await home()
    await page.getByTestId('history-row').first().waitFor({ timeout: 15_000 })
    await button(page, new RegExp(`^${literal(t('wallet.show-all', { count: 0 }).replace(' (0)', ''))}`)).click()
    await button(page, t('wallet.hide')).waitFor()
    await check.screen('home')

    // The wallet chooser, the deposit drawer, the language picker: sheets over the home.
    await button(page, new RegExp(literal(t('wallet.account', { n: 1 })))).click()
    await page.getByRole('dialog', { name: t('wallet.chooser.title') }).waitFor()
    await check.screen('wallet chooser', '[role="dialog"]')
    await pressBack(page)
    await page.getByRole('dialog').waitFor({ state: 'detached' })

    await button(page, t('wallet.deposit')).click()
    await page
      .getByRole('dialog', { name: t('wallet.deposit-sheet.title') })
      .getByTestId('evm-address')
      .waitFor()
    await check.screen('deposit drawer', '[role="dialog"]')

    // Deposit a specific token: the method, the asset picker, the QR of the address.
    await button(page, new RegExp(literal(t('wallet.deposit-sheet.by-token')))).click()
    await page.getByRole('heading', { name: t('refill.from.title') }).waitFor()
    await check.screen('refill from')
    await button(page, new RegExp(literal(t('refill.from.external')))).click()
    await expect.poll(() => page.getByTestId('picker-row').count(), { timeout: 15_000 }).toBeGreaterThan(5)
    await check.screen('refill to (asset picker)')
    await pickToken(page, 'ARB', 'USDT ARB')
    await page.getByTestId('qr').locator('svg').waitFor()
    await check.screen('refill qr')
    for (let i = 0; i < 3; i++) await pressBack(page)
    await home()

    await button(page, new RegExp(literal(t('app.language')))).click()
    await page.getByRole('dialog', { name: t('app.language') }).waitFor()
    await check.screen('language picker', '[role="dialog"]')
    await pressBack(page)
    await page.getByRole('dialog').waitFor({ state: 'detached' })

    // Send: the token, the form filled in, the confirmation, the success.
    await button(page, t('wallet.send')).click()
    await expect.poll(() => page.getByTestId('picker-row').count(), { timeout: 15_000 }).toBeGreaterThan(5)
    await check.screen('send: token picker')
    await pickToken(page, 'ARB', 'USDT ARB')
    await page.getByRole('textbox', { name: t('send.address') }).fill(RECIPIENT)
    await page.getByRole('textbox', { name: new RegExp(`^${literal(t('send.amount'))}`) }).fill('123.456789')
    await page
      .getByRole('textbox', { name: new RegExp(`^${literal(t('send.comment'))}`) })
      .fill(
        language === 'ru'
          ? 'Аренда за март, делим на троих, с учётом коммунальных платежей'
          : 'Rent for March, split three ways, utilities included this time',
      )
    await check.screen('send: form')
    await pressMainButton(page, t('send.continue'))
    await page.getByTestId('send-recipient').waitFor({ timeout: 15_000 })
    await check.screen('send: confirm')
    await pressMainButton(page, t('send.send'))
    await page.getByText(t('send.success'), { exact: true }).waitFor({ timeout: 15_000 })
    await check.screen('send: success')
    await pressMainButton(page, t('send.done'))
    await home()
    await openHistoryEntry(page, t('wallet.history.withdrawal', { symbol: 'USDT' }))
    await check.screen('history entry: a send')
    await pressBack(page)
    await home()

    // Swap: empty, both pickers, a quote, the confirmation, the success.
    await button(page, t('wallet.swap')).click()
    await page.getByRole('heading', { name: t('swap.title') }).waitFor()
    await check.screen('swap: empty')
    await button(page, t('swap.pick-from')).click()
    await expect.poll(() => page.getByTestId('picker-row').count(), { timeout: 15_000 }).toBeGreaterThan(5)
    await check.screen('swap: send picker')
    await pickToken(page, 'ARB', 'USDC ARB')
    await button(page, t('swap.pick-to')).click()
    await expect.poll(() => page.getByTestId('picker-row').count(), { timeout: 15_000 }).toBeGreaterThan(5)
    await check.screen('swap: receive picker')
    await pickToken(page, null, 'ETH ARB')
    await page.getByRole('textbox', { name: t('swap.amount') }).fill('123.456789')
    await page.getByText(t('swap.min-received')).waitFor({ timeout: 15_000 })
    await check.screen('swap: quoted')
    await pressMainButton(page, t('swap.review'))
    await page.getByRole('heading', { name: t('swap.confirm-title') }).waitFor()
    await check.screen('confirm swap')
    await pressMainButton(page, t('swap.confirm'))
    await page.getByText(t('swap.success'), { exact: true }).waitFor({ timeout: 15_000 })
    await check.screen('swap: success')
    await pressMainButton(page, t('swap.done'))
    await home()
    await openHistoryEntry(page, 'USDC → ETH')
    await check.screen('history entry: a swap')
    await pressBack(page)
    await home()

    // Copy trading: the entry while it loads, the trader's address, network, asset, deposit, the
    // success, the trade with a copied swap, stopped, and the archive with it.
    let release = () => {}
    const held = new Promise<void>((r) => (release = r))
    await page.route('**/getCopyTrades*', async (route) => {
      await held
      await route.continue()
    })
    await button(page, new RegExp(literal(t('wallet.copy-trading')))).click()
    await page.locator('[aria-busy="true"]').first().waitFor()
    await check.screen('copy trade: entry (loading)')
    release()
    await page.unroute('**/getCopyTrades*')
    const address = page.getByRole('textbox', { name: t('copyTrade.address.label') })
    await address.waitFor({ timeout: 15_000 })
    await check.screen('copy trade: trader address (empty)')
    await address.fill(trader)
    await check.screen('copy trade: trader address')
    await pressMainButton(page, t('copyTrade.address.continue'))
    await button(page, 'Arbitrum').waitFor()
    await check.screen('copy trade: network')
    await button(page, 'Arbitrum').click()
    await button(page, 'USDT ARB').waitFor({ timeout: 15_000 })
    await check.screen('copy trade: deposit asset')
    await button(page, 'USDT ARB').click()
    await page.getByRole('textbox', { name: t('copyTrade.deposit.amount') }).fill('150')
    await page.getByRole('slider', { name: t('copyTrade.deposit.per-trade') }).fill('20')
    await check.screen('copy trade: deposit')
    await pressMainButton(page, t('copyTrade.button.start'))
    await page.getByText(t('copyTrade.success.title')).waitFor({ timeout: 15_000 })
    await check.screen('copy trade: success')
    const pushed = await fetch(`${stack.server.url}/admin/copyFeed/push`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ followedAddress: trader, chainId: 42161 }),
    })
    expect(pushed.status).toBe(200)
    await button(page, t('copyTrade.success.details')).click()
    await page.getByTestId('trade-status').waitFor()
    await page.getByTestId('history-row').first().waitFor({ timeout: 15_000 })
    await check.screen('copy trade: trade detail')
    await button(page, t('copyTrade.trade.stop')).click()
    await answerPopup(page, 1, 'ok')
    await page.getByText(t('copyTrade.status.stopped'), { exact: true }).waitFor({ timeout: 15_000 })
    await pressBack(page)
    await page.getByTestId('trade-finished').waitFor()
    await check.screen('copy trade: archive')
    await pressBack(page)
    await home()

    // Report a problem, before and after sending.
    await button(page, new RegExp(literal(t('report.entry')))).click()
    await page.getByText(t('report.description')).waitFor()
    await check.screen('report')
    await pressMainButton(page, t('report.send'))
    await page.getByTestId('ticket').waitFor({ timeout: 15_000 })
    await check.screen('report: ticket')
    await page.close()

    // A user who holds nothing (the production server gives no starter balances): the empty home,
    // and copy trading saying so, with the address to deposit to.
    page = await openAppIn(context, empty, {
      user: newUser({ first_name: user.first_name, language_code: language }),
      theme: themeParams,
    })
    await page.getByText(t('wallet.empty.title')).waitFor({ timeout: 15_000 })
    await page.getByText(t('wallet.history.empty')).waitFor({ timeout: 15_000 })
    await check.screen('home, empty wallet')
    await button(page, new RegExp(literal(t('wallet.copy-trading')))).click()
    await page.getByText(t('copyTrade.not-balance.title')).waitFor({ timeout: 15_000 })
    await check.screen('copy trade: not balance')
    await page.close()

    // The swap to a featured token, which the bot's link opens.
    page = await openAppIn(context, stack, { user, theme: themeParams, path: '/presetSwapTokens/to' })
    await button(page, 'PUNK TON').waitFor({ timeout: 15_000 })
    await check.screen('preset swap tokens')
    await page.close()

    // The time-travel panel (in a production build behind the devtools start parameter), open.
    page = await openAppIn(context, stack, { user, theme: themeParams, startParam: 'devtools-1' })
    await home()
    await button(page, 'Time travel').click()
    await page.getByRole('complementary', { name: 'Time-travel panel' }).waitFor()
    await check.screen('time-travel panel', '.tt')
    for (let i = 0; i < 3; i++) await button(page, 'Step back').click()
    await expect.poll(() => page.getByTestId('tt-position').textContent()).toMatch(/^\d+ \/ \d+$/)
    await check.screen('time-travel panel, stepped back', '.tt')
    await page.close()

    // Outside Telegram (a production server hands out no demo launch): the refusal, in the browser's own colour scheme.
    page = await openAppIn(context, empty, { outsideTelegram: true })
    await page.getByRole('alert').waitFor()
    await check.screen('outside Telegram (refusal)')
  } finally {
    await context.close()
  }
  return check.findings
}

/** On the home: waits for the newest history row to be `title` (the history reloads after a send or swap), and opens it. */
async function openHistoryEntry(page: Page, title: string): Promise<void> {
  const first = page.getByTestId('history-row').first()
  await expect.poll(() => first.textContent(), { timeout: 15_000 }).toContain(title)
  await first.getByRole('button').click()
  await page.getByTestId('entry-title').waitFor()
}

/** A text as a regular expression that finds it inside a longer accessible name. */
function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * The journey of one theme and language as a test file's test, on the file's own two servers
 * (development, and production for the empty wallet); the stacks are returned for the file's other
 * tests.
 */
export function everyScreen(theme: Theme, language: Language): { stackOf: () => Stack; emptyOf: () => Stack } {
  const stackOf = useStack('development')
  /** A production server: new users hold nothing, for the screens of an empty wallet. */
  const emptyOf = useStack('production')
  describe('accessibility and fit, every screen', () => {
    it(
      `${theme} theme, ${language}: axe finds nothing serious or critical at 390 px; nothing runs past its box or the screen at 390 and 320 px`,
      { timeout: 180_000 },
      async ({ expect }) => {
        const findings = await journey(stackOf(), emptyOf(), theme, language, expect)
        if (process.env.A11Y_FINDINGS)
          writeFileSync(`${process.env.A11Y_FINDINGS}/${theme}-${language}.txt`, findings.join('\n') + '\n')
        expect(findings.length, `${findings.length} finding(s):\n${findings.join('\n')}`).toBe(0)
      },
    )
  })
  return { stackOf, emptyOf }
}
