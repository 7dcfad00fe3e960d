/**
 * Figures that fit: a wallet holding 123 456 789.123456 USDC and 0.00000001 WBTC, at 320
 * and 390 px, in English and Russian. The home's total is whole (compact past its room, never cut
 * at both edges), grouping is everywhere, the smallest amounts read '< 0.0001' (never 0), the
 * swap's amount to receive is whole, and nothing on the home, the picker, send's confirm, the swap
 * and its review runs past its box (measured on element and text boxes, not screenshot pixels).
 */
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import {
  type TestUser,
  newUser,
  openApp,
  overflowFindings,
  pickToken,
  pressMainButton,
  settle,
  useStack,
} from './harness'

const stackOf = useStack()

const TEXT = {
  en: {
    send: 'Send',
    swap: 'Swap',
    showAll: /^Show all/,
    continue: 'Continue',
    review: 'Review order',
    confirmTitle: 'Send 1,234.5 USDC',
    min: 'Minimum received',
    pickFrom: 'Choose what to send',
    pickTo: 'Choose what to receive',
  },
  ru: {
    send: 'Отправить',
    swap: 'Обменять',
    showAll: /^Показать все/,
    continue: 'Продолжить',
    review: 'Проверить заявку',
    confirmTitle: 'Отправить 1 234,5 USDC',
    min: 'Минимум к получению',
    pickFrom: 'Что отдаёте',
    pickTo: 'Что получаете',
  },
}
const plain = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ')

async function deposit(user: TestUser, chainId: number, token: string, amount: string) {
  const res = await fetch(`${stackOf().server.url}/admin/deposit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userId: user.id, chainId, token, amount }),
  })
  expect(res.status).toBe(200)
}

const WIDTHS = [390, 320] as const

/** Nothing runs past its box or the screen, at each width; the journey goes on at 320 px, the narrower. */
async function expectFits(page: Page, where: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 844 })
    await settle(page) // the frame after the resize, the first a user sees at this width
    expect(await overflowFindings(page), `${where} at ${width} px`).toEqual([])
  }
}

/** The text's own width against its box's: whole, not cut (an element whose text runs past its content box), at each width. */
async function expectWhole(page: Page, selector: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 844 })
    await settle(page)
    const whole = await page
      .locator(selector)
      .first()
      .evaluate((el) => {
        const range = document.createRange()
        range.selectNodeContents(el)
        const text = range.getBoundingClientRect()
        const box = el.getBoundingClientRect()
        return text.left >= box.left - 1 && text.right <= box.right + 1 && el.scrollWidth <= el.clientWidth + 1
      })
    expect(whole, `${selector} whole at ${width} px`).toBe(true)
  }
}

describe('figures that fit', () => {
  // Each screen is looked at in both widths (the page resized), once per language.
  for (const language of ['ru', 'en'] as const)
    it(`large and tiny amounts on the home, the picker, send and swap, at 320 and 390 px in ${language === 'en' ? 'English' : 'Russian'}`, async () => {
      const text = TEXT[language]
      const user = newUser({ language_code: language })
      const page = await openApp(stackOf(), { user })
      await page.getByTestId('total-balance').waitFor()
      await deposit(user, 1, 'WBTC', '0.00000001')
      await deposit(user, 42161, 'USDC', '123456789.123456')
      await page.reload()
      await expect
        .poll(async () => plain(await page.getByTestId('total-balance').textContent()), { timeout: 15_000 })
        .toMatch(/123/)

      // The home: a total of $123 million whole in its box, each figure grouped; WBTC's dust is not 0.
      const total = plain(await page.getByTestId('total-balance').textContent())
      expect(total).toMatch(language === 'en' ? /^\$123,\d{3},\d{3}\.\d\d$/ : /^123 \d{3} \d{3},\d\d \$$/)
      await expectWhole(page, '[data-testid=total-balance]')
      await page.getByRole('button', { name: text.showAll }).click()
      const row = (symbol: string, chain: string) =>
        page
          .getByTestId('token-row')
          .filter({ has: page.locator('.cell__title', { hasText: new RegExp(`^${symbol}$`) }) })
          .filter({ has: page.locator('.cell__subtitle', { hasText: new RegExp(`^${chain}$`) }) })
      expect(plain(await row('WBTC', 'ETH').locator('.cell__after-title').textContent())).toBe(
        language === 'en' ? '< 0.000001' : '< 0,000001',
      )
      expect(plain(await row('USDC', 'ARB').locator('.cell__after-title').textContent())).toBe(
        language === 'en' ? '123,457,289.12' : '123 457 289,12',
      ) // with the 500 a new user starts with
      await expectFits(page, 'home')

      // The send picker: 4 decimals, so '< 0.0001'; then send's confirm with its grouped figures.
      await page.getByRole('button', { name: text.send, exact: true }).click()
      await page.getByRole('button', { name: 'ETH', exact: true }).click()
      await page.getByRole('button', { name: 'WBTC ETH', exact: true }).waitFor()
      const wbtc = page
        .getByTestId('picker-row')
        .filter({ has: page.getByRole('button', { name: 'WBTC ETH', exact: true }) })
      expect(plain(await wbtc.locator('.cell__after-title').textContent())).toBe(
        language === 'en' ? '< 0.0001' : '< 0,0001',
      )
      await expectFits(page, 'send picker')
      await pickToken(page, 'ARB', 'USDC ARB')
      await page.locator('input').first().fill('0x52908400098527886E0F7030069857D2E4169EE7')
      await page.locator('#send-amount').fill('1234.5')
      await expectFits(page, 'send form')
      await pressMainButton(page, text.continue)
      await page.getByRole('heading', { name: text.confirmTitle }).waitFor({ timeout: 10_000 })
      await expectFits(page, 'send confirm')
      await page.context().close()

      // The swap: 1.5 million USDC for ETH; the amount to receive is whole, the review fits.
      const swap = await openApp(stackOf(), { user })
      await swap.getByTestId('total-balance').waitFor()
      await swap.getByRole('button', { name: text.swap, exact: true }).click()
      await swap.getByRole('button', { name: text.pickFrom }).click()
      await pickToken(swap, 'ARB', 'USDC ARB')
      await swap.getByRole('button', { name: text.pickTo }).click()
      await pickToken(swap, null, 'ETH ARB')
      await swap.locator('.swap-card__amount').first().fill('1500000')
      await swap.getByText(text.min).waitFor({ timeout: 10_000 })
      const receive = plain(await swap.locator('output').textContent())
      expect(receive).toMatch(language === 'en' ? /^\d{1,3}(,\d{3})*(\.\d+)?$/ : /^\d{1,3}( \d{3})*(,\d+)?$/)
      await expectWhole(swap, 'output')
      await expectFits(swap, 'swap')
      await pressMainButton(swap, text.review)
      await swap.locator('[data-testid=confirm-receive]').waitFor()
      await expectFits(swap, 'swap review')
      await swap.context().close()
    })
})
