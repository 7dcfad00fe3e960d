/**
 * Dev mode in a plain browser ("In dev mode"): the page's stand-in for Telegram's payment
 * sheet completes an opened invoice through the Bot API stand-in and the real grammY bot, as a user
 * would in Telegram: OK pays (the order is granted once), Cancel cancels (nothing is emitted or
 * granted), an order that cannot be paid fails. A production server's page has none of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Browser, type Page, chromium } from 'playwright-core'
import { createServer, type RunningServer } from '../../server/app'
import { starsInvoiceLink } from '../../server/payments/stars'
import { CHROMIUM, CHROMIUM_ARGS, TEST_BOT_TOKEN, type TestUser, launchHash, newUser } from './harness'
import { TEST_PRICE_STARS, testProduct } from '../server/bot/helpers'

const DIST = process.env.DIST_DIR ?? 'dist'
const test = testProduct()
let server: RunningServer
let browser: Browser

const config = (mode: 'development' | 'production') => ({
  port: 0,
  host: '127.0.0.1',
  botToken: TEST_BOT_TOKEN,
  mode,
  database: { kind: 'pglite' as const, dataDir: null },
  staticDir: DIST,
  authMaxAgeSeconds: 86_400,
})

beforeAll(async () => {
  server = await createServer({
    ...config('development'),
    bot: { apiRoot: null, updates: { kind: 'polling' } },
    products: { test: test.product },
  })
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS })
  await server.bot!.ready
})
afterAll(async () => {
  await browser?.close()
  await server?.close()
})

/** The app as a plain browser opens it in dev mode: launch parameters, no Telegram client around it. */
async function plainBrowser(user: TestUser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
  const page = await context.newPage()
  await page.route(/^(?!http:\/\/127\.0\.0\.1[:/])/, (r) => r.abort())
  await page.goto(`${server.url}/#${launchHash({ user })}`)
  await page.waitForFunction(() => '__devTelegramHost' in window)
  return page
}

async function invoiceFor(user: TestUser) {
  // The user exists once the app has called the server as them.
  const order = await server.payments.order(user.id, 'test', 'stars')
  return {
    order,
    link: await starsInvoiceLink(server.bot!.api, order, {
      title: 'Autoclaim',
      description: 'Claims for you before each deadline.',
    }),
  }
}

/** Opens the invoice as the app's bridge does, answering the payment dialog; the status and the dialog's text. */
async function openInvoice(page: Page, link: string, answer: 'accept' | 'dismiss') {
  let asked = ''
  page.once('dialog', (d) => {
    asked = d.message()
    void (answer === 'accept' ? d.accept() : d.dismiss())
  })
  const status = await page.evaluate(
    (url) =>
      (
        window as unknown as { __devTelegramHost: { openInvoice(u: string): Promise<string> } }
      ).__devTelegramHost.openInvoice(url),
    link,
  )
  return { status, asked }
}

const grantsOf = (orderId: string) => test.grants.filter((g) => g === orderId).length

describe('the dev page pays an invoice through the Bot API stand-in', () => {
  it('OK pays: paid, and the bot grants the order once', async () => {
    const user = newUser()
    const page = await plainBrowser(user)
    await expect
      .poll(async () => (await server.db.query('SELECT 1 FROM users WHERE id = $1', [user.id])).length, {
        timeout: 10_000,
      })
      .toBe(1)
    const { order, link } = await invoiceFor(user)
    const { status, asked } = await openInvoice(page, link, 'accept')
    expect(status).toBe('paid')
    expect(asked).toMatch(new RegExp(`^Pay ${TEST_PRICE_STARS} stars\\?\\n\\nAutoclaim\\n`))
    await expect.poll(() => grantsOf(order.id)).toBe(1)
    expect(await server.payments.orderOf(user.id, order.id)).toMatchObject({ status: 'granted' })
    // Paying the same invoice again is refused at the pre-checkout: failed, nothing more granted.
    expect((await openInvoice(page, link, 'accept')).status).toBe('failed')
    expect(grantsOf(order.id)).toBe(1)
  })

  it('Cancel cancels: nothing emitted, nothing granted; in Russian for a Russian user', async () => {
    const user = newUser({ language_code: 'ru' })
    const page = await plainBrowser(user)
    await expect
      .poll(async () => (await server.db.query('SELECT 1 FROM users WHERE id = $1', [user.id])).length, {
        timeout: 10_000,
      })
      .toBe(1)
    const { order, link } = await invoiceFor(user)
    const before = server.bot!.standIn!.callsOf('answerPreCheckoutQuery').length
    const { status, asked } = await openInvoice(page, link, 'dismiss')
    expect(status).toBe('cancelled')
    expect(asked).toMatch(new RegExp(`^Оплатить ${TEST_PRICE_STARS} звёзд\\?`))
    await new Promise((r) => setTimeout(r, 300))
    expect(server.bot!.standIn!.callsOf('answerPreCheckoutQuery')).toHaveLength(before)
    expect(grantsOf(order.id)).toBe(0)
  })

  it('an order that can no longer be paid fails', async () => {
    const user = newUser()
    const page = await plainBrowser(user)
    await expect
      .poll(async () => (await server.db.query('SELECT 1 FROM users WHERE id = $1', [user.id])).length, {
        timeout: 10_000,
      })
      .toBe(1)
    const { order, link } = await invoiceFor(user)
    test.refused.add(user.id)
    expect((await openInvoice(page, link, 'accept')).status).toBe('failed')
    expect(grantsOf(order.id)).toBe(0)
  })
})

describe('production', () => {
  it('the page has no payment-sheet stand-in, and the bundle none of its routes or texts', async () => {
    const prod = await createServer(config('production'))
    try {
      const html = await (await fetch(`${prod.url}/`, { headers: { accept: 'text/html' } })).text()
      expect(html).not.toContain('__devTelegramHost')
      expect(html).not.toContain('/dev/stars')
      const scripts = [...html.matchAll(/src="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1])
      expect(scripts.length).toBeGreaterThan(0)
      for (const src of scripts) {
        const js = await (await fetch(prod.url + src)).text()
        expect(js).not.toContain('/dev/stars')
        expect(js).not.toContain('stand-in')
        expect(js).not.toContain('Оплатить')
      }
      expect((await fetch(`${prod.url}/dev/stars/invoices/x`)).status).toBe(404)
    } finally {
      await prod.close()
    }
  })
})
