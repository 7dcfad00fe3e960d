/**
 * The browser-test helper: the reference server on a free port with a fresh in-memory database,
 * Debian's Chromium, and pages opened the way Telegram opens a mini-app (signed launch parameters
 * in the URL hash). Every request that is not to 127.0.0.1 is blocked.
 */
import { afterAll, beforeAll } from 'vitest'
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core'
import { createRequire } from 'node:module'
import type { AxeResults, RunOptions } from 'axe-core'
import { createServer, type RunningServer } from '../../server/app'
import type { ServerConfig } from '../../server/config'
import { type InitDataUser, signInitData } from '../../server/kernel/auth'
import { DEMO_THEME } from '../../server/kernel/static'
import { migratedPglite } from '../setup/pgliteTemplate'

export const CHROMIUM = '/usr/bin/chromium'
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
export const TEST_BOT_TOKEN = '7000000001:test-bot-token-for-browser-tests'

export const LIGHT_THEME = DEMO_THEME

export type TestUser = InitDataUser

let nextUserId = 2_000_000 + Math.floor(Math.random() * 1_000_000)
/** A fresh user each call, so tests never share balances or history. */
export const newUser = (over: Partial<TestUser> = {}): TestUser => ({
  id: nextUserId++,
  first_name: 'Alice',
  language_code: 'en',
  ...over,
})

export interface Stack {
  server: RunningServer
  browser: Browser
  close(): Promise<void>
}

/** Starts the server (dev mode: new users get the starter balances) and the browser. */
/** The bot polling the Bot API stand-in and a TON watcher every 500 ms: for Stars and TON payments end to end. */
export const PAYING_STACK: Partial<ServerConfig> = {
  bot: { apiRoot: null, updates: { kind: 'polling' } },
  tonWatchIntervalMs: 500,
}

export async function startStack(
  mode: 'development' | 'production' = 'development',
  over: Partial<ServerConfig> = {},
): Promise<Stack> {
  const server = await createServer({
    port: 0,
    host: '127.0.0.1',
    botToken: TEST_BOT_TOKEN,
    mode,
    database: await migratedPglite(),
    staticDir: process.env.DIST_DIR ?? 'dist',
    authMaxAgeSeconds: 86_400,
    ...over,
  })
  // A stack given a bot (polling the Bot API stand-in: Stars payments) starts once the bot has.
  if (over.bot) await server.bot?.ready
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS })
  return {
    server,
    browser,
    async close() {
      await browser.close()
      await server.close()
    },
  }
}

/**
 * One stack for a whole test file: started before its tests, closed after them. Returns a getter,
 * since the stack exists only once beforeAll has run.
 */
export function useStack(
  mode: 'development' | 'production' = 'development',
  over: Partial<ServerConfig> = {},
): () => Stack {
  let stack: Stack | undefined
  beforeAll(async () => {
    stack = await startStack(mode, over)
  })
  afterAll(async () => {
    await stack?.close()
  })
  return () => {
    if (!stack) throw new Error('the stack is not started yet')
    return stack
  }
}

export interface OpenOptions {
  user?: TestUser
  /** Path and query the bot opens, e.g. '/?selectedWalletIndex=1'. */
  path?: string
  startParam?: string
  theme?: Record<string, string>
  /** Leave out the launch parameters: a plain browser outside Telegram. */
  outsideTelegram?: boolean
  botToken?: string
  /**
   * Let the full-screen banners show. Off unless asked: the page's local storage starts
   * with every banner at its cap (the scheduler's 'finish'), so no banner covers another test's screens.
   */
  banners?: boolean
}

/** The banners' kept state with every banner at its cap (domain/banners/config.ts), set only where nothing is kept yet. */
export const NO_BANNERS = `
  if (localStorage.getItem('banners') === null) localStorage.setItem('banners', ${JSON.stringify(
    JSON.stringify({
      current: 'finish',
      shows: {
        openLeagueIntro: 1,
        bigPumpDecember: 1,
        sniping: 1,
        earlyAirdrop: 1,
        punkDeposit: 1,
        inviteContest: 1,
        newTradeFlow: 1,
        districtClash: 1000,
      },
      passed: {},
      muted: false,
      mutedAt: 0,
      lastShownAt: null,
      districtClashSeenAt: null,
    }),
  )});
`

export function launchHash(o: {
  user: TestUser
  startParam?: string
  theme?: Record<string, string>
  botToken?: string
}): string {
  const initData = signInitData({ botToken: o.botToken ?? TEST_BOT_TOKEN, user: o.user, startParam: o.startParam })
  const params = new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: 'ios',
    tgWebAppThemeParams: JSON.stringify(o.theme ?? LIGHT_THEME),
  })
  if (o.startParam) params.set('tgWebAppStartParam', o.startParam)
  return params.toString()
}

/** Opens the mini-app in a new phone-sized page, as Telegram would for this user. */
export async function openApp(stack: Stack, o: OpenOptions = {}): Promise<Page> {
  const context = await stack.browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    hasTouch: true,
  })
  return openAppIn(context, stack, o)
}

/**
 * The test plays Telegram's part as the mobile clients do: a `TelegramWebviewProxy` that takes the
 * mini-app's method calls (recorded in `window.__tgCalls` for assertions); Telegram's answers are
 * sent with `window.Telegram.WebView.receiveEvent`, which the SDK installs.
 */
const TELEGRAM_HOST = `
  window.__tgCalls = [];
  window.TelegramWebviewProxy = {
    postEvent(type, data) {
      const params = data ? JSON.parse(data) : null;
      window.__tgCalls.push({ type, data: params });
      // Telegram answers a clipboard read with the clipboard's text.
      if (type === 'web_app_read_text_from_clipboard')
        navigator.clipboard.readText().catch(() => null).then((text) =>
          window.Telegram.WebView.receiveEvent('clipboard_text_received', { req_id: params.req_id, data: text }));
      // Telegram's cloud storage (CloudStorage's custom methods), kept in the page's local storage
      // under '__tgCloud' so that, like Telegram's, it outlives a reload.
      if (type === 'web_app_invoke_custom_method') {
        const cloud = JSON.parse(localStorage.getItem('__tgCloud') || '{}');
        const p = params.params || {};
        let result = null;
        if (params.method === 'getStorageValues') result = Object.fromEntries((p.keys || []).map((k) => [k, cloud[k] ?? '']));
        else if (params.method === 'getStorageKeys') result = Object.keys(cloud);
        else if (params.method === 'saveStorageValue') { cloud[p.key] = p.value; result = true; }
        else if (params.method === 'deleteStorageValues') { for (const k of p.keys || []) delete cloud[k]; result = true; }
        localStorage.setItem('__tgCloud', JSON.stringify(cloud));
        setTimeout(() => window.Telegram.WebView.receiveEvent('custom_method_invoked', result === null ? { req_id: params.req_id, error: 'unknown method' } : { req_id: params.req_id, result }), 0);
      }
    }
  };
`

export interface TelegramCall {
  type: string
  data: Record<string, unknown> | null
}
/** The method calls the mini-app made to Telegram, in order. */
export const telegramCalls = (page: Page): Promise<TelegramCall[]> =>
  page.evaluate(() => (window as unknown as { __tgCalls: TelegramCall[] }).__tgCalls)

/**
 * The wallet home with its data in: the total shown and no skeleton left (the tokens and the history's
 * rows or its empty state). Only then does what lies below a list (the cells under the tokens) stop
 * moving, so that a tap lands on it and not on the row that took its place.
 */
export async function homeSettled(page: Page) {
  await page.getByTestId('total-balance').waitFor({ timeout: 15_000 })
  await page.waitForFunction(
    () => document.querySelector('main') !== null && document.querySelector('main .skeleton') === null,
    undefined,
    { timeout: 15_000 },
  )
}

/**
 * Telegram's back button, pressed; resolves once the screen it leads to has been drawn (two frames
 * later), so that the test's next tap lands on that screen and not on the one leaving.
 */
export const pressBack = (page: Page) =>
  page.evaluate(async () => {
    ;(window as unknown as { Telegram: { WebView: { receiveEvent(e: string): void } } }).Telegram.WebView.receiveEvent(
      'back_button_pressed',
    )
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))
  })

export interface MainButtonState {
  text: string
  visible: boolean
  active: boolean
  progress: boolean
  /** Its background colour, '' when the app left Telegram's default. */
  color: string
}
/** Telegram's main button as the app last set it up (`web_app_setup_main_button`); null: never. */
export async function mainButton(page: Page, kind: 'main' | 'secondary' = 'main'): Promise<MainButtonState | null> {
  const method = kind === 'main' ? 'web_app_setup_main_button' : 'web_app_setup_secondary_button'
  const last = (await telegramCalls(page)).filter((c) => c.type === method).at(-1)?.data
  if (!last) return null
  return {
    text: String(last.text ?? ''),
    visible: last.is_visible === true,
    active: last.is_active !== false,
    progress: last.is_progress_visible === true,
    color: String(last.color ?? ''),
  }
}

/**
 * Presses Telegram's main (or secondary) button as a user would: once it shows `text`, visible
 * and active (polled: the app sets it up after a render), then Telegram's press event, `times`
 * times in a row (a double tap is 2).
 */
export async function pressMainButton(
  page: Page,
  text: string,
  kind: 'main' | 'secondary' = 'main',
  times = 1,
): Promise<void> {
  const ready = (b: MainButtonState | null) => b?.text === text && b.visible && b.active && !b.progress
  const deadline = Date.now() + 10_000
  let seen: MainButtonState | null = null
  while (Date.now() < deadline) {
    seen = await mainButton(page, kind)
    if (ready(seen)) break
    await page.waitForTimeout(50)
  }
  if (!ready(seen))
    throw new Error(`the ${kind} button never read "${text}", visible and active: last ${JSON.stringify(seen)}`)
  await page.evaluate(
    ([event, n]) => {
      for (let i = 0; i < n; i++)
        (
          window as unknown as { Telegram: { WebView: { receiveEvent(e: string): void } } }
        ).Telegram.WebView.receiveEvent(event)
    },
    [kind === 'main' ? 'main_button_pressed' : 'secondary_button_pressed', times] as const,
  )
}

/** Waits until Telegram's main button reads as given (text, and enabled or not); throws with what it read. */
export async function expectMainButton(
  page: Page,
  want: { text?: string; active?: boolean; visible?: boolean },
): Promise<MainButtonState | null> {
  const matches = (b: MainButtonState | null) =>
    b !== null &&
    (want.text === undefined || b.text === want.text) &&
    (want.active === undefined || (b.active && !b.progress) === want.active) &&
    (want.visible ?? true) === b.visible
  const deadline = Date.now() + 10_000
  let seen: MainButtonState | null = null
  while (Date.now() < deadline) {
    seen = await mainButton(page)
    if (matches(seen)) return seen
    await page.waitForTimeout(50)
  }
  throw new Error(`the main button never read ${JSON.stringify(want)}: last ${JSON.stringify(seen)}`)
}

/** A screen's primary action as a test uses it: Telegram's main button reading `text`. */
export const telegramMainButton = (page: Page, text: string) => ({
  click: () => pressMainButton(page, text),
  dblclick: () => pressMainButton(page, text, 'main', 2),
  expectEnabled: (active: boolean) => expectMainButton(page, { text, active }),
})

/**
 * Answers the popup the app opened (`web_app_open_popup`, the `nth` one, from 1) with the button
 * `buttonId` (null: closed without a choice), as Telegram would; answers the popup's params.
 */
export async function answerPopup(page: Page, nth: number, buttonId: string | null): Promise<Record<string, unknown>> {
  const deadline = Date.now() + 10_000
  let popups: TelegramCall[] = []
  while (Date.now() < deadline) {
    popups = (await telegramCalls(page)).filter((c) => c.type === 'web_app_open_popup')
    if (popups.length >= nth) break
    await page.waitForTimeout(50)
  }
  if (popups.length < nth) throw new Error(`popup ${nth} never opened (${popups.length} so far)`)
  await page.evaluate(
    (id) =>
      (
        window as unknown as { Telegram: { WebView: { receiveEvent(e: string, d: unknown): void } } }
      ).Telegram.WebView.receiveEvent('popup_closed', id === null ? {} : { button_id: id }),
    buttonId,
  )
  return popups[nth - 1].data ?? {}
}

/** In a token picker: the network chip (null: leave the filter as it is), then the token's row. */
export async function pickToken(page: Page, chip: string | null, row: string): Promise<void> {
  if (chip) await page.getByRole('button', { name: chip, exact: true }).click()
  await page.getByRole('button', { name: row, exact: true }).click()
}

/** From the wallet home: the send form filled (a token from the picker, the recipient, the amount), then Continue to its confirm. */
export async function fillSend(
  page: Page,
  to: string,
  amount: string,
  token: [chip: string | null, row: string] = ['ARB', 'USDT ARB'],
): Promise<void> {
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await pickToken(page, ...token)
  await page.getByRole('textbox', { name: 'Recipient address' }).fill(to)
  await page.getByRole('textbox', { name: /^Amount/ }).fill(amount)
  await telegramMainButton(page, 'Continue').click()
}

/**
 * On /swap: the token to send, then the token to receive, each as [network chip or null, token row]
 * in its picker. Without `to`, the receive picker is left open.
 */
export async function choosePair(
  page: Page,
  from: [string | null, string],
  to?: [string | null, string],
): Promise<void> {
  await page.getByRole('button', { name: 'Choose what to send' }).click()
  await pickToken(page, ...from)
  await page.getByRole('button', { name: 'Choose what to receive' }).click()
  if (to) await pickToken(page, ...to)
}

/** Calls the server as this user would from the app (signed init data); answers the JSON body. */
export async function callApi<T>(stack: Stack, user: TestUser, path: string, body?: unknown): Promise<T> {
  const res = await fetch(stack.server.url + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { telegramRawData: signInitData({ botToken: TEST_BOT_TOKEN, user }), 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return (await res.json()) as T
}

/**
 * Telegram Desktop's night theme as it hands it to a mini-app: the dark theme the accessibility
 * checks use beside LIGHT_THEME.
 */
export const DARK_THEME = {
  bg_color: '#17212b',
  secondary_bg_color: '#0e1621',
  text_color: '#f5f5f5',
  hint_color: '#708499',
  link_color: '#6ab3f3',
  button_color: '#5288c1',
  button_text_color: '#ffffff',
  header_bg_color: '#17212b',
  accent_text_color: '#6ab2f2',
  section_bg_color: '#17212b',
  section_header_text_color: '#6ab3f3',
  subtitle_text_color: '#708499',
  destructive_text_color: '#ec3942',
}

/** A phone-sized browser context of its own (theme-coloured, 390 px unless told), for openAppIn. */
export const newPhoneContext = (stack: Stack, o: { width?: number; colorScheme?: 'light' | 'dark' } = {}) =>
  stack.browser.newContext({
    viewport: { width: o.width ?? 390, height: 844 },
    deviceScaleFactor: 2,
    hasTouch: true,
    colorScheme: o.colorScheme ?? 'light',
  })

/**
 * Opens the mini-app as openApp does, in a new page of a context the caller keeps (a new page is a
 * new tab: its own session storage, so a fresh launch, while the context's width and colour scheme
 * stay).
 */
export async function openAppIn(context: BrowserContext, stack: Stack, o: OpenOptions = {}): Promise<Page> {
  const page = await context.newPage()
  await page.route(/^(?!http:\/\/127\.0\.0\.1[:/])/, (r) => r.abort())
  if (!o.outsideTelegram) await page.addInitScript(TELEGRAM_HOST)
  if (!o.outsideTelegram && o.banners !== true) await page.addInitScript(NO_BANNERS)
  page.on('pageerror', (e) => console.error(`[page error] ${e.message}`))
  const url = stack.server.url + (o.path ?? '/')
  await page.goto(o.outsideTelegram ? url : `${url}#${launchHash({ user: o.user ?? newUser(), ...o })}`)
  return page
}

/**
 * Waits until the page stands still: web fonts loaded, every finite animation and transition
 * finished (a sheet sliding in, a fade: measured halfway they give wrong colours and boxes), then
 * two frames. Endless ones (skeleton shimmer, spinners) are left running.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready
    const finite = document
      .getAnimations()
      .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
    await Promise.race([
      Promise.all(finite.map((a) => a.finished.catch(() => undefined))),
      new Promise((r) => setTimeout(r, 3_000)),
    ])
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))
  })
}

/** axe-core's WCAG 2.0, 2.1 and 2.2 level A and AA rules. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']

/**
 * axe-core's source. The checks below put it into a page once and run it there directly, asking
 * for violations only (sending the source with every call and gathering every passing node too
 * costs about three times the check itself).
 */
const AXE_SOURCE: string = (createRequire(import.meta.url)('axe-core') as { source: string }).source

/** Puts axe-core into every frame of the page that does not hold it yet (a reload or a new page drops it). */
async function injectAxe(page: Page): Promise<void> {
  for (const frame of page.frames()) {
    const has = await frame
      .evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function')
      .catch(() => true)
    if (!has) await frame.evaluate(AXE_SOURCE).catch(() => undefined)
  }
}

/**
 * axe-core's serious and critical WCAG A/AA violations on the page as it stands (or inside the
 * element `within` selects: an open sheet, a panel), one line each: rule id, impact, the element
 * (CSS target), what is wrong (axe's summary, e.g. the contrast ratio and colours) and the
 * element's HTML. The same rule with the same summary on several elements (ten history rows) is one
 * line naming the first and how many.
 */
export async function accessibilityViolations(page: Page, within?: string): Promise<string[]> {
  await injectAxe(page)
  // Only the violations are built in full: the passes and the incomplete are never read.
  const options: RunOptions = { runOnly: { type: 'tag', values: WCAG_TAGS }, resultTypes: ['violations'] }
  const results = (await page.evaluate(
    ({ within, options }) =>
      (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<unknown> } }).axe.run(
        within ? { include: [within] } : document,
        options,
      ),
    { within: within ?? null, options: options as Record<string, unknown> },
  )) as AxeResults
  const lines = new Map<string, { line: string; count: number }>()
  for (const v of results.violations) {
    if (v.impact !== 'serious' && v.impact !== 'critical') continue
    for (const n of v.nodes) {
      const summary = (n.failureSummary ?? v.help)
        .replace(/\s+/g, ' ')
        .replace(/^Fix (any|all) of the following: /, '')
        .trim()
      const key = `${v.id} ${summary}`
      const seen = lines.get(key)
      if (seen) seen.count++
      else
        lines.set(key, {
          line: `axe ${v.id} (${v.impact}) at ${n.target.join(' ')}: ${summary} — ${n.html.replace(/\s+/g, ' ').slice(0, 160)}`,
          count: 1,
        })
    }
  }
  return [...lines.values()].map(({ line, count }) =>
    count > 1 ? `${line} (and ${count - 1} more element(s) alike)` : line,
  )
}

/** Fails with every serious or critical axe violation on the page, each with its rule, element and summary. */
export async function expectAccessible(page: Page, where = '', within?: string): Promise<void> {
  const found = await accessibilityViolations(page, within)
  if (found.length > 0)
    throw new Error(`${where ? where + ': ' : ''}${found.length} accessibility violation(s):\n${found.join('\n')}`)
}

/**
 * What does not fit at the page's current width, measured on element boxes and text boxes (never
 * screenshot pixels), one line each with the element, its text and its sizes:
 * - the document scrolls sideways;
 * - a text (amount, address, label, button, cell title...) runs past the box of an element that
 *   holds it: spilling over its neighbours, or cut, unless it is cut with an ellipsis and the full
 *   value is in a title or aria-label on the way up;
 * - a text, or a control's box, reaches past the viewport's left or right edge (what a clipping
 *   ancestor hides does not count);
 * - an empty input's placeholder is wider than the input's text area.
 * A horizontally scrolling row of items (a single-line flex row that scrolls, like the network
 * chips) may run on past its box; the items themselves must still fit their text.
 */
export async function overflowFindings(page: Page, within?: string): Promise<string[]> {
  return page.evaluate((within) => {
    const root = within ? document.querySelector(within) : document.body
    if (!root) return [`nothing matches ${within} to measure`]
    const found: string[] = []
    const viewport = document.documentElement.clientWidth
    const round = (n: number) => Math.round(n * 10) / 10
    const clean = (s: string) => s.replace(/\s+/g, ' ').trim()
    const describe = (el: Element) => {
      const testid = el.getAttribute('data-testid')
      const label = el.getAttribute('aria-label')
      const classes =
        typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\s+/).join('.') : ''
      return `<${el.tagName.toLowerCase()}${classes}${testid ? ` data-testid=${testid}` : ''}${label ? ` aria-label="${label}"` : ''}>`
    }
    const inline = (display: string) => display === 'inline' || display === 'contents'
    /** Hidden from sight: not rendered, invisible, transparent, or the visually-hidden 1 px clip. */
    const unseen = (el: Element) => {
      for (let e: Element | null = el; e; e = e.parentElement) {
        const s = getComputedStyle(e)
        if (s.visibility !== 'visible' || s.opacity === '0' || s.display === 'none') return true
        if (s.clip !== 'auto' && s.clip !== '') return true
        const box = e.getBoundingClientRect()
        if (s.overflow !== 'visible' && (box.width <= 1 || box.height <= 1)) return true
      }
      return false
    }
    /** A single-line flex row that scrolls sideways: its items may run on past its box. */
    const scrollingRow = (s: CSSStyleDeclaration) =>
      (s.overflowX === 'auto' || s.overflowX === 'scroll') &&
      (s.display === 'flex' || s.display === 'inline-flex') &&
      s.flexDirection.startsWith('row') &&
      s.flexWrap === 'nowrap'
    /** The title or aria-label from `el` up that holds the whole text, if any. */
    const fullValueNear = (el: Element, text: string) => {
      for (let e: Element | null = el; e && e !== document.body; e = e.parentElement)
        for (const attr of ['title', 'aria-label']) if (clean(e.getAttribute(attr) ?? '').includes(text)) return true
      return false
    }

    const scroll = document.documentElement.scrollWidth
    if (scroll > viewport + 1)
      found.push(`the document scrolls sideways: scrollWidth ${scroll} px in a ${viewport} px viewport`)

    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
    const reported = new Set<Element>()
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = clean(node.textContent ?? '')
      const parent = node.parentElement
      if (!text || !parent || parent.closest('script, style, noscript, template')) continue
      const range = document.createRange()
      range.selectNodeContents(node)
      const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0)
      if (rects.length === 0 || unseen(parent)) continue
      let left = Math.min(...rects.map((r) => r.left))
      let right = Math.max(...rects.map((r) => r.right))
      const width = right - left
      let contentReported = false
      for (let el: Element | null = parent; el && el !== document.body; el = el.parentElement) {
        const s = getComputedStyle(el)
        if (inline(s.display)) continue
        const box = el.getBoundingClientRect()
        const innerLeft = box.left + el.clientLeft
        const innerRight = innerLeft + el.clientWidth
        const runsPast = left < innerLeft - 1 || right > innerRight + 1
        if (runsPast && !contentReported && !scrollingRow(s)) {
          contentReported = true
          const clipped = s.overflowX !== 'visible'
          const ellipsis = clipped && s.textOverflow === 'ellipsis'
          const whole = clean(el.textContent ?? '')
          if (!(ellipsis && fullValueNear(el, whole)) && !reported.has(el)) {
            reported.add(el)
            const why = !clipped
              ? 'spills past its box'
              : ellipsis
                ? 'is cut with an ellipsis, and no title or aria-label holds the full value'
                : 'is cut off'
            found.push(
              `${describe(el)} "${whole.slice(0, 120)}" ${why}: text ${round(width)} px wide at ${round(left)}..${round(right)}, box content ${round(el.clientWidth)} px at ${round(innerLeft)}..${round(innerRight)} (scrollWidth ${el.scrollWidth}, clientWidth ${el.clientWidth})`,
            )
          }
        }
        // What a clipping ancestor hides is not seen, so it is not past the viewport either.
        if (s.overflowX !== 'visible') {
          left = Math.max(left, innerLeft)
          right = Math.min(right, innerRight)
        }
        // A positioned box (a tooltip, a badge) is placed, not squeezed: its ancestors' boxes are not its limits.
        if (s.position === 'absolute' || s.position === 'fixed') contentReported = true
      }
      if (right > left && (left < -1 || right > viewport + 1) && !reported.has(parent)) {
        reported.add(parent)
        found.push(
          `${describe(parent)} "${text.slice(0, 120)}" reaches past the ${left < -1 ? 'left' : 'right'} edge: seen at ${round(left)}..${round(right)} in a ${viewport} px viewport`,
        )
      }
    }

    for (const control of root.querySelectorAll(
      'button, input, textarea, select, [role="button"], [role="slider"], [role="link"], a[href]',
    )) {
      if (unseen(control) || reported.has(control)) continue
      const box = control.getBoundingClientRect()
      if (box.width === 0 || box.height === 0) continue
      let left = box.left
      let right = box.right
      for (let el = control.parentElement; el && el !== document.body; el = el.parentElement) {
        const s = getComputedStyle(el)
        if (s.overflowX === 'visible') continue
        const b = el.getBoundingClientRect()
        left = Math.max(left, b.left + el.clientLeft)
        right = Math.min(right, b.left + el.clientLeft + el.clientWidth)
      }
      if (right > left && (left < -1 || right > viewport + 1))
        found.push(
          `${describe(control)} "${clean(control.textContent ?? '').slice(0, 80)}" reaches past the ${left < -1 ? 'left' : 'right'} edge: its box ${round(box.left)}..${round(box.right)} (${round(box.width)} px) in a ${viewport} px viewport`,
        )
      if (
        (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) &&
        control.value === '' &&
        control.placeholder
      ) {
        const s = getComputedStyle(control)
        const context = document.createElement('canvas').getContext('2d')
        if (!context) continue
        context.font = s.font
        const room = control.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight)
        const lines =
          control instanceof HTMLTextAreaElement
            ? Math.max(
                1,
                Math.floor(
                  (control.clientHeight - parseFloat(s.paddingTop) - parseFloat(s.paddingBottom)) /
                    (parseFloat(s.lineHeight) || parseFloat(s.fontSize) * 1.2),
                ),
              )
            : 1
        const needed = context.measureText(control.placeholder).width
        if (needed > room * lines + 1)
          found.push(
            `${describe(control)} placeholder "${control.placeholder}" is cut off: ${round(needed)} px of text in ${round(room)} px${lines > 1 ? ` x ${lines} lines` : ''}`,
          )
      }
    }
    return [...new Set(found)]
  }, within)
}

/** Fails with everything overflowFindings finds at the page's current width. */
export async function expectNoOverflow(page: Page, where = '', within?: string): Promise<void> {
  const found = await overflowFindings(page, within)
  if (found.length > 0)
    throw new Error(
      `${where ? where + ': ' : ''}${found.length} overflow(s) at ${page.viewportSize()?.width} px:\n${found.join('\n')}`,
    )
}
