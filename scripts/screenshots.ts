/**
 * `npx tsx scripts/screenshots.ts [--out docs/screenshots] [--base URL] [--themes light,dark]
 * [--tag T]`: the screenshots of README.md, "Screenshots", taken the same way every time.
 *
 * Without --base it starts the reference server itself in dev mode (createServer, 127.0.0.1, a free
 * port, a throw-away database, the build in DIST_DIR or ./dist; build first:
 * `DIST_DIR=dist-shots npx vite build`). With --base it drives a dev-mode server already running
 * there (its bot token: BOT_TOKEN, else the public dev token), for instance an older checkout's.
 *
 * Each journey opens the app as Telegram opens it for the demo user (signed launch parameters in
 * the URL hash, English, the theme handed over by Telegram), in Debian's Chromium with reduced
 * motion, a fixed viewport and time zone, and writes, per theme (dark ones end in -dark, then -T with --tag):
 *   home.png             the home at 390x844
 *   home-320.png         the home at 320x700
 *   send-confirm-320.png ETH on Arbitrum to an address with a comment, at the confirm step, 320x700
 *   swap.png             USDC to ETH on Arbitrum, an amount typed and quoted, 390x844
 *   swap-confirm.png     that swap's confirm step, 390x844
 * A shot is taken once the screen has settled: no request in flight for half a second, every image
 * in view loaded, fonts loaded, nothing marked aria-busy. The journeys find their way by roles and
 * accessible names as the browser tests do; a screen's primary action is Telegram's main button
 * where the app sets one up, else the page's own button of that name.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { type Browser, type Page, chromium } from 'playwright-core'
import { createServer, DEMO_USER, type RunningServer } from '../server/app'
import { signInitData } from '../server/kernel/auth'
import { DEV_BOT_TOKEN } from '../server/kernel/config'
import { DEMO_THEME } from '../server/kernel/static'
import { DARK_THEME } from './themes'

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

const THEMES = { light: DEMO_THEME, dark: DARK_THEME } as const
type Theme = keyof typeof THEMES

const PHONE = { width: 390, height: 844 }
const NARROW = { width: 320, height: 700 }

/** What the send journey types: a fixed recipient (EIP-55), so every run shows the same screen. */
const SEND = {
  chip: 'ARB',
  row: 'ETH ARB',
  address: '0x630F24E06134Da482Ef369E06D76Dc7B4Bb40B45',
  amount: '0.05',
  comment: 'rent for November, flat 4, with the parking space',
}
const SWAP = { from: ['ARB', 'USDC ARB'], to: [null, 'ETH ARB'], amount: '12.5' } as const

const { values: opts } = parseArgs({
  options: {
    out: { type: 'string', default: 'docs/screenshots' },
    base: { type: 'string' },
    themes: { type: 'string', default: 'light,dark' },
    tag: { type: 'string' },
  },
})
const themes = opts.themes.split(',').filter(Boolean) as Theme[]
for (const t of themes) if (!(t in THEMES)) throw new Error(`no theme "${t}": light or dark`)

/**
 * Telegram's part as its mobile clients play it: a webview proxy that takes the app's method calls
 * (kept in window.__tgCalls, where the main button's set-up is read back).
 */
const TELEGRAM_HOST = `window.__tgCalls = []; window.TelegramWebviewProxy = { postEvent(type, data) { window.__tgCalls.push({ type, data: data ? JSON.parse(data) : null }) } };`

interface Shooter {
  url: string
  botToken: string
  browser: Browser
}

/** How long each page has had no request in flight, in ms (0: one is in flight). */
const quietFor = new WeakMap<Page, () => number>()

/** A new phone-sized page on the home as Telegram opens it for the demo user, with its requests counted. */
async function openApp(s: Shooter, theme: Theme, viewport: { width: number; height: number }): Promise<Page> {
  const context = await s.browser.newContext({
    viewport,
    deviceScaleFactor: 2,
    hasTouch: true,
    reducedMotion: 'reduce',
    colorScheme: theme,
    locale: 'en-US',
    timezoneId: 'UTC',
  })
  const page = await context.newPage()
  await page.route(/^(?!http:\/\/127\.0\.0\.1[:/])/, (r) => r.abort())
  await page.addInitScript(TELEGRAM_HOST)
  page.on('pageerror', (e) => console.error(`[page error] ${e.message}`))
  const inFlight = new Set<unknown>()
  let quietSince = Date.now()
  // a stream (EventSource) never finishes: it is not a request the screen waits for
  page.on('request', (r) => {
    if (r.resourceType() !== 'eventsource') inFlight.add(r)
  })
  const done = (r: unknown) => {
    inFlight.delete(r)
    if (inFlight.size === 0) quietSince = Date.now()
  }
  page.on('requestfinished', done)
  page.on('requestfailed', done)
  quietFor.set(page, () => (inFlight.size === 0 ? Date.now() - quietSince : 0))
  // The proof-of-humanity prompt or a promotional banner may cover a screen at any moment: closed as
  // a person would, so the screens shot are the ones asked for.
  await page.addLocatorHandler(page.getByRole('dialog', { name: 'Prove you are human' }), async (sheet) => {
    await sheet
      .getByRole('button', { name: 'Later' })
      .click({ timeout: 5_000 })
      .catch(() => undefined)
  })
  await page.addLocatorHandler(page.locator('[data-banner]'), async (banner) => {
    await banner
      .getByRole('button', { name: 'Close' })
      .click({ timeout: 5_000 })
      .catch(() => undefined)
  })
  const params = new URLSearchParams({
    tgWebAppData: signInitData({ botToken: s.botToken, user: DEMO_USER }),
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: 'ios',
    tgWebAppThemeParams: JSON.stringify(THEMES[theme]),
  })
  await page.goto(`${s.url}/#${params}`)
  return page
}
/**
 * What still moves on the page ('' when nothing): an image in view loading, fonts, a part marked
 * busy. A string, as tsx's helpers do not exist inside the page.
 */
const UNSETTLED = `(() => {
  const inView = (el) => { const r = el.getBoundingClientRect(); return r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth }
  const loading = [...document.images].filter((i) => inView(i) && !i.complete)
  if (loading.length) return 'images loading: ' + loading.map((i) => i.src).join(', ')
  if (document.fonts.status !== 'loaded') return 'fonts loading'
  if (document.querySelector('[aria-busy="true"]')) return 'a part marked aria-busy'
  return ''
})()`

/** Waits until the screen is still: no request for 500 ms, images in view loaded, fonts loaded, nothing busy. */
async function settle(page: Page): Promise<void> {
  const deadline = Date.now() + 20_000
  let why = ''
  while (Date.now() < deadline) {
    why = await page.evaluate<string>(UNSETTLED)
    if (!why && (quietFor.get(page)?.() ?? 0) >= 500) return
    await page.waitForTimeout(100)
  }
  throw new Error(`the screen never settled: ${why || 'requests in flight'}`)
}

interface MainButton {
  text: string
  visible: boolean
  active: boolean
}
/** Telegram's main button as the app last set it up; null: never. */
const mainButton = (page: Page): Promise<MainButton | null> =>
  page.evaluate(() => {
    const calls = (window as unknown as { __tgCalls: { type: string; data: Record<string, unknown> | null }[] })
      .__tgCalls
    const last = calls.filter((c) => c.type === 'web_app_setup_main_button').at(-1)?.data
    return last
      ? {
          text: String(last.text ?? ''),
          visible: last.is_visible === true,
          active: last.is_active !== false && last.is_progress_visible !== true,
        }
      : null
  })

/**
 * Waits until the screen's primary action `name` can be taken (Telegram's main button, else the
 * page's button), and takes it when `press`.
 */
async function primary(page: Page, name: string, press: boolean): Promise<void> {
  const deadline = Date.now() + 20_000
  while (Date.now() < deadline) {
    const main = await mainButton(page)
    if (main?.text === name && main.visible && main.active) {
      if (press)
        await page.evaluate(() =>
          (
            window as unknown as { Telegram: { WebView: { receiveEvent(e: string): void } } }
          ).Telegram.WebView.receiveEvent('main_button_pressed'),
        )
      return
    }
    const own = page.getByRole('button', { name, exact: true })
    if ((await own.count()) === 1 && (await own.isVisible()) && (await own.isEnabled())) {
      if (press) await own.click()
      return
    }
    await page.waitForTimeout(50)
  }
  throw new Error(`"${name}" never became available: main button ${JSON.stringify(await mainButton(page))}`)
}

async function pickToken(page: Page, chip: string | null, row: string): Promise<void> {
  if (chip) await page.getByRole('button', { name: chip, exact: true }).click()
  await page.getByRole('button', { name: row, exact: true }).click()
}

async function shoot(page: Page, file: string): Promise<void> {
  await settle(page)
  // A trial hover does nothing but lets the handlers above close what came up meanwhile.
  await page.locator('body').hover({ trial: true, position: { x: 1, y: 1 } })
  await settle(page)
  await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' })
  console.log(file)
}

async function home(s: Shooter, theme: Theme, viewport: { width: number; height: number }, file: string) {
  const page = await openApp(s, theme, viewport)
  await page.getByTestId('total-balance').waitFor()
  await shoot(page, file)
  await page.context().close()
}

async function sendConfirm(s: Shooter, theme: Theme, file: string) {
  const page = await openApp(s, theme, NARROW)
  await page.getByTestId('total-balance').waitFor()
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await pickToken(page, SEND.chip, SEND.row)
  await page.getByRole('textbox', { name: 'Recipient address' }).fill(SEND.address)
  await page.getByRole('textbox', { name: /^Amount/ }).fill(SEND.amount)
  await page.getByRole('textbox', { name: /^Comment/ }).fill(SEND.comment)
  await primary(page, 'Continue', true)
  await primary(page, 'Send', false)
  await shoot(page, file)
  await page.context().close()
}

async function swap(s: Shooter, theme: Theme, quotedFile: string, confirmFile: string) {
  const page = await openApp(s, theme, PHONE)
  await page.getByTestId('total-balance').waitFor()
  await page.getByRole('button', { name: 'Swap', exact: true }).click()
  await page.getByRole('button', { name: 'Choose what to send' }).click()
  await pickToken(page, ...SWAP.from)
  await page.getByRole('button', { name: 'Choose what to receive' }).click()
  await pickToken(page, ...SWAP.to)
  await page.getByRole('textbox', { name: 'Amount to swap' }).fill(SWAP.amount)
  await primary(page, 'Review order', false)
  await shoot(page, quotedFile)
  await primary(page, 'Review order', true)
  await page.getByRole('heading', { name: 'Confirm swap' }).waitFor()
  await primary(page, 'Confirm swap', false)
  await shoot(page, confirmFile)
  await page.context().close()
}

let server: RunningServer | undefined
if (!opts.base)
  server = await createServer({
    port: 0,
    host: '127.0.0.1',
    botToken: DEV_BOT_TOKEN,
    mode: 'development',
    database: { kind: 'pglite', dataDir: null },
    staticDir: process.env.DIST_DIR ?? 'dist',
    authMaxAgeSeconds: 86_400,
    copyFeedIntervalMs: 0,
  })
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS })
const shooter: Shooter = {
  url: (opts.base ?? server!.url).replace(/\/$/, ''),
  botToken: opts.base ? (process.env.BOT_TOKEN ?? DEV_BOT_TOKEN) : DEV_BOT_TOKEN,
  browser,
}
try {
  mkdirSync(opts.out, { recursive: true })
  for (const theme of themes) {
    const name = (shot: string) =>
      join(opts.out, `${shot}${theme === 'dark' ? '-dark' : ''}${opts.tag ? `-${opts.tag}` : ''}.png`)
    await home(shooter, theme, PHONE, name('home'))
    await home(shooter, theme, NARROW, name('home-320'))
    await sendConfirm(shooter, theme, name('send-confirm-320'))
    await swap(shooter, theme, name('swap'), name('swap-confirm'))
  }
} finally {
  await browser.close()
  await server?.close()
}
