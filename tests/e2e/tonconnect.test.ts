/**
 * The external way in a real browser with no network: the app's TonConnect bridge
 * (streams/payments, loading the real @tonconnect/ui-react lazily) against the demo wallet the
 * dev-mode server injects into its page (TonConnect's JS bridge protocol). Connect, send an order's
 * transaction, the TON API stand-in receives it, the watcher (a job on the queue) settles it and
 * the order is granted; a declined transaction and a closed wallets list grant nothing; a reload
 * restores the connection. The page is a small one of the test's own (tests/e2e/tonconnect/),
 * built here, with nothing of the app but the bridge. And the app's build: no demo wallet in it,
 * and TonConnect outside the first screen's JavaScript.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Browser, type Page, chromium } from 'playwright-core'
import { build } from 'vite'
import { Address, Cell, loadMessage } from '@ton/core'
import { type RunningServer, createServer } from '../../server/app'
import { type Order, type Product, orderComment } from '../../server/payments/orders'
import { commentOf, tonConnectTransaction } from '../../server/payments/ton'
import { DEMO_WALLET } from '../../server/standins/demoWallet'
import { CHROMIUM, CHROMIUM_ARGS, TEST_BOT_TOKEN } from './harness'
import { migratedPglite } from '../setup/pgliteTemplate'

const PRICE = 1_500_000_000n
const WATCH_MS = 500
const product: Product = {
  price: () => ({ stars: 1, tonNano: PRICE }),
  refusal: async () => null,
  grant: async () => {},
}

let server: RunningServer
let browser: Browser
let pageDir: string
let nextUser = 3_000_000 + Math.floor(Math.random() * 1_000_000)
/** Every request the page tried beyond 127.0.0.1 (all refused). */
const outside: string[] = []

beforeAll(async () => {
  pageDir = mkdtempSync(join(tmpdir(), 'switch-tonconnect-page-'))
  await build({
    configFile: false,
    root: 'tests/e2e/tonconnect',
    logLevel: 'warn',
    build: { outDir: pageDir, emptyOutDir: true, target: 'es2022' },
  })
  server = await createServer({
    port: 0,
    host: '127.0.0.1',
    botToken: TEST_BOT_TOKEN,
    mode: 'development',
    database: await migratedPglite(),
    staticDir: pageDir,
    authMaxAgeSeconds: 86_400,
    products: { test: product },
    tonWatchIntervalMs: WATCH_MS,
  })
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS })
}, 120_000)
afterAll(async () => {
  await browser?.close()
  await server?.close()
  if (pageDir) rmSync(pageDir, { recursive: true, force: true })
})

interface TonBridge {
  connect(): Promise<unknown>
  send(tx: unknown): Promise<{ outcome: string; boc?: string }>
  disconnect(): Promise<void>
  watch(): void
  seen(): unknown[]
  loaded(): string[]
}
declare const tonBridge: TonBridge

async function openPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 })
  const page = await context.newPage()
  await page.route(/^(?!http:\/\/127\.0\.0\.1[:/])/, (r) => (outside.push(r.request().url()), r.abort()))
  // As Telegram opens a mini-app: the page talks to Telegram through its web-view proxy (TonConnect UI too).
  await page.addInitScript(
    () => ((window as unknown as { TelegramWebviewProxy: unknown }).TelegramWebviewProxy = { postEvent: () => {} }),
  )
  page.on('pageerror', (e) => console.error(`[page error] ${e.message}`))
  await page.goto(server.url + '/')
  await page.waitForFunction(() => 'tonBridge' in window && location.hash.includes('tgWebAppData'))
  return page
}

async function newOrder(): Promise<Order> {
  const userId = ++nextUser
  await server.db.query('INSERT INTO users (id, first_name) VALUES ($1, $2)', [userId, 'Alice'])
  return server.payments.order(userId, 'test', 'external')
}

/** The demo wallet's own dialog: its question, then the button pressed. */
async function answerWallet(page: Page, question: RegExp, button: 'Approve' | 'Decline'): Promise<string> {
  const dialog = page.getByRole('dialog', { name: 'Demo wallet' })
  await expect.poll(() => dialog.isVisible(), { timeout: 10_000 }).toBe(true)
  const text = await dialog.innerText()
  expect(text).toMatch(question)
  await dialog.getByRole('button', { name: button }).click()
  await expect.poll(() => dialog.count()).toBe(0)
  return text
}

const statusOf = async (orderId: string) =>
  (await server.db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [orderId]))[0].status
/** The service wallet's transactions on the TON API stand-in. */
const onChain = () =>
  server.ton.standin?.chain.transactions(Address.parse(server.ton.serviceAddress), {
    limit: 1000,
    offset: 0,
    sort: 'asc',
  }) ?? []

describe('TonConnect with the demo wallet', () => {
  let page: Page

  it('loads TonConnect only when asked; connecting asks the demo wallet, whose page this is, and answers its account', async () => {
    page = await openPage()
    expect((await page.evaluate(() => tonBridge.loaded())).some((u) => /tonConnectUi/.test(u))).toBe(false)
    const connecting = page.evaluate(() => tonBridge.connect())
    await expect
      .poll(() => page.getByRole('dialog', { name: 'Demo wallet' }).isVisible(), { timeout: 15_000 })
      .toBe(true)
    await page.screenshot({ path: '/tmp/ton-e2e-1-connect.png' })
    await answerWallet(page, /Connect to SWITCH Wallet\?/, 'Approve')
    expect(await connecting).toEqual({
      outcome: 'connected',
      wallet: { address: DEMO_WALLET.friendly, name: 'Demo wallet', appName: 'switchDemoWallet' },
    })
    expect((await page.evaluate(() => tonBridge.loaded())).some((u) => /tonConnectUi/.test(u))).toBe(true)
  })

  it('sends an order transaction: the wallet shows amount, service wallet and comment; the stand-in receives it and the watcher grants the order', async () => {
    const order = await newOrder()
    const tx = tonConnectTransaction(order, server.ton.serviceAddress, server.clock.now())
    const before = onChain().length
    const sending = page.evaluate((t) => tonBridge.send(t), tx)
    await expect
      .poll(() => page.getByRole('dialog', { name: 'Demo wallet' }).isVisible(), { timeout: 10_000 })
      .toBe(true)
    await page.screenshot({ path: '/tmp/ton-e2e-2-send.png' })
    const shown = await answerWallet(page, /Send 1\.5 TON\?/, 'Approve')
    expect(shown).toContain(`To: ${server.ton.serviceAddress}`)
    expect(shown).toContain(`Comment: ${orderComment(order.id)}`)
    const answer = await sending
    expect(answer.outcome).toBe('sent')
    const message = loadMessage(Cell.fromBase64(answer.boc as string).beginParse())
    expect(commentOf(message.body)).toBe(orderComment(order.id))
    expect(onChain().length).toBe(before + 1)
    await page.screenshot({ path: '/tmp/ton-e2e-3-sent.png' })
    // Wallet approval is not payment: the watcher, a job every WATCH_MS, grants it.
    await expect.poll(() => statusOf(order.id), { timeout: 15_000, interval: 100 }).toBe('granted')
    const [payment] = await server.db.query<{ outcome: string; amount: string }>(
      "SELECT outcome, amount::text AS amount FROM payments WHERE kind = 'ton' AND order_id = $1",
      [order.id],
    )
    expect(payment).toEqual({ outcome: 'granted', amount: PRICE.toString() })
  })

  it('a transaction declined in the wallet is rejected, reaches no chain and grants nothing', async () => {
    const order = await newOrder()
    const before = onChain().length
    const sending = page.evaluate(
      (t) => tonBridge.send(t),
      tonConnectTransaction(order, server.ton.serviceAddress, server.clock.now()),
    )
    await answerWallet(page, /Send 1\.5 TON\?/, 'Decline')
    expect(await sending).toEqual({ outcome: 'rejected' })
    await page.waitForTimeout(WATCH_MS * 3)
    expect(onChain().length).toBe(before)
    expect(await statusOf(order.id)).toBe('open')
  })

  it('a reload restores the connection; after disconnecting, a connection declined in the wallet is rejected', async () => {
    await page.reload()
    await page.waitForFunction(() => 'tonBridge' in window)
    await page.evaluate(() => tonBridge.watch())
    await expect
      .poll(() => page.evaluate(() => tonBridge.seen()), { timeout: 15_000 })
      .toEqual([{ address: DEMO_WALLET.friendly, name: 'Demo wallet', appName: 'switchDemoWallet' }])
    await page.evaluate(() => tonBridge.disconnect())
    await expect.poll(() => page.evaluate(() => tonBridge.seen().at(-1))).toBeNull()
    const connecting = page.evaluate(() => tonBridge.connect())
    await answerWallet(page, /Connect to SWITCH Wallet\?/, 'Decline')
    expect(await connecting).toEqual({ outcome: 'rejected' })
    expect(await page.evaluate(() => tonBridge.seen().at(-1))).toBeNull()
  })

  it('nothing left 127.0.0.1', () => {
    expect(outside).toEqual([])
  })
})

describe('the app build', () => {
  const dist = process.env.DIST_DIR ?? 'dist'
  const assets = () => readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'))
  const text = (f: string) => readFileSync(join(dist, 'assets', f), 'utf8')

  it('has nothing of the demo wallet', () => {
    const found = assets().filter((f) => /switchDemoWallet|demoWallet|\/dev\/ton\//.test(text(f)))
    expect(found).toEqual([])
    expect(readFileSync(join(dist, 'index.html'), 'utf8')).not.toMatch(/demoWallet|tonconnect/i)
  })

  it('keeps TonConnect out of the first screen: a chunk of its own, fetched when first used', () => {
    const html = readFileSync(join(dist, 'index.html'), 'utf8')
    const entry = /<script type="module"[^>]*src="\/assets\/([^"]+)"/.exec(html)?.[1] as string
    const firstScreen = new Set<string>()
    const walk = (f: string) => {
      if (firstScreen.has(f)) return
      firstScreen.add(f)
      for (const m of text(f).matchAll(/(?:^|[;\n}])\s*import\s*(?:[^'"()]*?from\s*)?["']\.\/([^"']+)["']/g)) walk(m[1])
    }
    walk(entry)
    const tonConnect = assets().filter((f) => text(f).includes('tc-widget-root'))
    expect(tonConnect).toHaveLength(1)
    expect(tonConnect[0]).toMatch(/^tonConnectUi-/)
    expect([...firstScreen].filter((f) => tonConnect.includes(f))).toEqual([])
    expect(html).not.toContain(tonConnect[0])
  })
})
