/**
 * The browser-test helper: the reference server on a free port with a fresh in-memory database,
 * Debian's Chromium, and pages opened the way Telegram opens a mini-app (signed launch parameters
 * in the URL hash). Every request that is not to 127.0.0.1 is blocked.
 */
import { afterAll, beforeAll } from 'vitest'
import { type Browser, type Page, chromium } from 'playwright-core'
import { createServer, type RunningServer } from '../../server/app'
import { type InitDataUser, signInitData } from '../../server/kernel/auth'
import { DEMO_THEME } from '../../server/kernel/static'

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
export async function startStack(mode: 'development' | 'production' = 'development'): Promise<Stack> {
  const server = await createServer({
    port: 0,
    host: '127.0.0.1',
    botToken: TEST_BOT_TOKEN,
    mode,
    database: { kind: 'pglite', dataDir: null },
    staticDir: process.env.DIST_DIR ?? 'dist',
    authMaxAgeSeconds: 86_400,
  })
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
export function useStack(mode: 'development' | 'production' = 'development'): () => Stack {
  let stack: Stack | undefined
  beforeAll(async () => {
    stack = await startStack(mode)
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
}

export function launchHash(o: { user: TestUser; startParam?: string; theme?: Record<string, string>; botToken?: string }): string {
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
  const context = await stack.browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true })
  const page = await context.newPage()
  await page.route(/^(?!http:\/\/127\.0\.0\.1[:/])/, (r) => r.abort())
  if (!o.outsideTelegram) await page.addInitScript(TELEGRAM_HOST)
  page.on('pageerror', (e) => console.error(`[page error] ${e.message}`))
  const url = stack.server.url + (o.path ?? '/')
  await page.goto(o.outsideTelegram ? url : `${url}#${launchHash({ user: o.user ?? newUser(), ...o })}`)
  return page
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

/** Presses Telegram's back button. */
export const pressBack = (page: Page) =>
  page.evaluate(() => (window as unknown as { Telegram: { WebView: { receiveEvent(e: string): void } } }).Telegram.WebView.receiveEvent('back_button_pressed'))

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
  return { text: String(last.text ?? ''), visible: last.is_visible === true, active: last.is_active !== false, progress: last.is_progress_visible === true, color: String(last.color ?? '') }
}

/**
 * Presses Telegram's main (or secondary) button as a user would: once it shows `text`, visible
 * and active (polled: the app sets it up after a render), then Telegram's press event, `times`
 * times in a row (a double tap is 2).
 */
export async function pressMainButton(page: Page, text: string, kind: 'main' | 'secondary' = 'main', times = 1): Promise<void> {
  const ready = (b: MainButtonState | null) => b?.text === text && b.visible && b.active && !b.progress
  const deadline = Date.now() + 10_000
  let seen: MainButtonState | null = null
  while (Date.now() < deadline) {
    seen = await mainButton(page, kind)
    if (ready(seen)) break
    await page.waitForTimeout(50)
  }
  if (!ready(seen)) throw new Error(`the ${kind} button never read "${text}", visible and active: last ${JSON.stringify(seen)}`)
  await page.evaluate(
    ([event, n]) => {
      for (let i = 0; i < n; i++) (window as unknown as { Telegram: { WebView: { receiveEvent(e: string): void } } }).Telegram.WebView.receiveEvent(event)
    },
    [kind === 'main' ? 'main_button_pressed' : 'secondary_button_pressed', times] as const,
  )
}

/** Waits until Telegram's main button reads as given (text, and enabled or not); throws with what it read. */
export async function expectMainButton(page: Page, want: { text?: string; active?: boolean; visible?: boolean }): Promise<MainButtonState | null> {
  const matches = (b: MainButtonState | null) =>
    b !== null && (want.text === undefined || b.text === want.text) && (want.active === undefined || (b.active && !b.progress) === want.active) && (want.visible ?? true) === b.visible
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
  await page.evaluate((id) => (window as unknown as { Telegram: { WebView: { receiveEvent(e: string, d: unknown): void } } }).Telegram.WebView.receiveEvent('popup_closed', id === null ? {} : { button_id: id }), buttonId)
  return popups[nth - 1].data ?? {}
}

/** In a token picker: the network chip (null: leave the filter as it is), then the token's row. */
export async function pickToken(page: Page, chip: string | null, row: string): Promise<void> {
  if (chip) await page.getByRole('button', { name: chip, exact: true }).click()
  await page.getByRole('button', { name: row, exact: true }).click()
}

/**
 * On /swap: the token to send, then the token to receive, each as [network chip or null, token row]
 * in its picker. Without `to`, the receive picker is left open.
 */
export async function choosePair(page: Page, from: [string | null, string], to?: [string | null, string]): Promise<void> {
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
