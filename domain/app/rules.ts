/**
 * App-level rules of the specs: start_param, language, maintenance, the storage-reset tap run and
 * the bottom menu. Pure functions; constants cite the rule they come from (spec/RULES.md).
 */

/** app.1 */
export const APP_VERSION = 'v1.1.2'

/** app.3: chain ids and their labels. EVM chains are numbers, TON is the string 'TON'. */
export type ChainId = 'TON' | 1 | 10 | 42161 | 8453 | 324
export const CHAIN_LABELS: Record<string, string> = {
  1: 'ETH',
  10: 'OP',
  42161: 'ARB',
  TON: 'TON',
  8453: 'Base',
  324: 'ZKSync',
}
/**
 * Where Telegram's QR scanner is offered (web_app_open_scan_qr_popup, Bot API 6.4): inside a
 * Telegram host, on the clients with a camera scanner (iOS and Android). The desktop and web
 * clients have none; the bridge still checks the client's version before opening it.
 */
export const QR_SCANNER_PLATFORMS: readonly string[] = ['ios', 'android', 'android_x']
export const qrScannerAvailable = (app: { telegramHost: boolean; platform: string }) => app.telegramHost && QR_SCANNER_PLATFORMS.includes(app.platform)

/** app.18: the only chainId values a start_param may carry. */
export const START_PARAM_CHAINS = ['TON', '1', '10', '42161', '8453', '324'] as const

/**
 * app.9: the host of the product's bot server. The spec does not name it; chosen here once. A
 * server URL containing it is the production service.
 */
export const BOT_HOST = 'bot.switch-wallet.app'

/** app.9: a server URL containing the bot host means production; any other URL is not production. */
export function isProductionServer(url: string, botHost: string = BOT_HOST): boolean {
  return botHost !== '' && url.toLowerCase().includes(botHost.toLowerCase())
}

/** app.4 */
export const NO_INIT_DATA_MESSAGE = 'Only possible to use inside telegram bot'

// ---------------------------------------------------------------- start_param (app.16-18)

export interface StartParams {
  swapFrom?: string
  swapTo?: string
  chainId?: ChainId
  tab?: string
  boostToOpen?: string
  alliance?: string
  ref?: string
  /** Time-travel panel in production builds (issue 4): only behind this start parameter. */
  devtools?: string
}
export interface StartParamRejection {
  key: string
  value: string
  reason: string
}
export interface ParsedStartParam {
  params: StartParams
  rejected: StartParamRejection[]
}

const KNOWN_KEYS = ['swapFrom', 'swapTo', 'chainId', 'tab', 'boostToOpen', 'alliance', 'ref', 'devtools'] as const
type KnownKey = (typeof KNOWN_KEYS)[number]
const isKnownKey = (k: string): k is KnownKey => (KNOWN_KEYS as readonly string[]).includes(k)

const BASE64 = /^[A-Za-z0-9+/_]+={0,2}$/
const B64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/**
 * Decodes base64 (standard, or with '_' for '/' since start_param allows only [A-Za-z0-9_-]),
 * padding optional. Returns null unless the text decodes to printable ASCII, as an address does.
 * Written out by hand so domain/ depends on neither atob (browser) nor Buffer (Node).
 */
export function decodeBase64Text(input: string): string | null {
  if (!BASE64.test(input)) return null
  const body = input.replace(/=+$/, '').replace(/_/g, '/')
  if (body.length % 4 === 1) return null
  let bits = 0
  let value = 0
  let out = ''
  for (const ch of body) {
    value = (value << 6) | B64_ALPHABET.indexOf(ch)
    bits += 6
    if (bits >= 8) {
      bits -= 8
      const code = (value >> bits) & 0xff
      if (code < 0x20 || code > 0x7e) return null
      out += String.fromCharCode(code)
    }
  }
  return out.length > 0 ? out : null
}

/** app.16: start_param is dash-separated key/value pairs, e.g. `swapFrom-<b64>-swapTo-<b64>-chainId-42161`. */
export function parseStartParam(raw: string | null | undefined): ParsedStartParam {
  const params: StartParams = {}
  const rejected: StartParamRejection[] = []
  if (!raw) return { params, rejected }
  const parts = raw.split('-')
  for (let i = 0; i < parts.length; i += 2) {
    const key = parts[i]
    const value = parts[i + 1]
    if (value === undefined || value === '') {
      rejected.push({ key, value: '', reason: 'key without a value' })
      continue
    }
    if (!isKnownKey(key)) {
      rejected.push({ key, value, reason: 'unknown key' })
      continue
    }
    switch (key) {
      case 'swapFrom':
      case 'swapTo': {
        const address = decodeBase64Text(value)
        if (address === null) rejected.push({ key, value, reason: 'not a base64-encoded address' })
        else params[key] = address
        break
      }
      case 'chainId': {
        const chain = parseChainId(value)
        if (chain === null) rejected.push({ key, value, reason: `chainId must be one of ${START_PARAM_CHAINS.join(', ')}` })
        else params.chainId = chain
        break
      }
      // guilds.22: an alliance is a handle, word characters only (guilds.11; domain/guilds/rules.ts ALLIANCE_NAME).
      case 'alliance': {
        if (!/^\w{1,32}$/.test(value)) rejected.push({ key, value, reason: 'alliance must be word characters only, at most 32' })
        else params.alliance = value
        break
      }
      default:
        params[key] = value
    }
  }
  return { params, rejected }
}

/** app.18 */
export function parseChainId(value: string): ChainId | null {
  if (!(START_PARAM_CHAINS as readonly string[]).includes(value)) return null
  return value === 'TON' ? 'TON' : (Number(value) as ChainId)
}

// ---------------------------------------------------------------- language (app.19-21)

export type Language = 'en' | 'ru'
export const LANGUAGES: readonly Language[] = ['en', 'ru']
/** The cookie that remembers the picked language (app.19; the spec does not name it). */
export const LANGUAGE_COOKIE = 'lang'

const asLanguage = (value: string | null | undefined): Language | null => {
  const primary = value?.trim().toLowerCase().split(/[-_]/)[0]
  return (LANGUAGES as readonly string[]).includes(primary ?? '') ? (primary as Language) : null
}

/** Cookie, then query `lang` (app.19), then the Telegram user's language (app.20), else en (app.21). */
export function resolveLanguage(sources: {
  cookie?: string | null
  query?: string | null
  user?: string | null
}): Language {
  return asLanguage(sources.cookie) ?? asLanguage(sources.query) ?? asLanguage(sources.user) ?? 'en'
}

/** Reads one cookie out of a `document.cookie` string. */
export function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const [k, ...rest] = part.trim().split('=')
    if (k === name) return decodeURIComponent(rest.join('='))
  }
  return null
}

// ---------------------------------------------------------------- maintenance (app.24-26)

export const MAINTENANCE_STORAGE_KEY = 'isMaintenance'
/** app.24: exactly the string 'true'. */
export const isMaintenanceFlag = (stored: string | null | undefined): boolean => stored === 'true'
/** app.25 */
export const MAINTENANCE_WINDOW = '19/04/25 07:00 - 13:00 UTC'

// ---------------------------------------------------------------- storage reset taps (app.27-28)

export const RESET_TAPS = 25
export const RESET_TAP_GAP_MS = 1000

export interface TapRun {
  count: number
  lastAt: number
}
/**
 * One tap on the wallet chooser title. A tap within 1 s of the previous one extends the run, a
 * later one starts a new run; the 25th tap of a run resets storage (and the run).
 */
export function registerTap(run: TapRun | null, at: number): { run: TapRun | null; reset: boolean } {
  const count = run !== null && at - run.lastAt <= RESET_TAP_GAP_MS ? run.count + 1 : 1
  return count >= RESET_TAPS ? { run: null, reset: true } : { run: { count, lastAt: at }, reset: false }
}

// ---------------------------------------------------------------- copy feedback (wallet.21-25, refill.11-12)

/** wallet.24-25, refill.11-12: a copy control's feedback shows for 1000 ms. */
export const COPY_FEEDBACK_MS = 1000

// ---------------------------------------------------------------- bottom menu (app.29-31)

export type MenuItemId = 'mining' | 'frens' | 'bigpump' | 'home' | 'stats'
export interface MenuItem {
  id: MenuItemId
  /** In-app route, or null for an item that opens an outside link. */
  route: string | null
}
/** app.29, in the order the bar shows them. */
export const MENU_ITEMS: readonly MenuItem[] = [
  { id: 'home', route: '/' },
  { id: 'mining', route: '/mining' },
  { id: 'frens', route: '/mining/frens' },
  { id: 'bigpump', route: null },
  { id: 'stats', route: null },
]

const routeMatches = (route: string, path: string) =>
  route === '/' || path === route || path.startsWith(route + '/')

/** app.30-31: the item whose route is the longest match of the path; home when none matches. */
export function activeMenuItem(path: string, items: readonly MenuItem[] = MENU_ITEMS): MenuItemId {
  let best: MenuItem | null = null
  for (const item of items) {
    if (item.route === null || !routeMatches(item.route, path)) continue
    if (best === null || item.route.length > (best.route ?? '').length) best = item
  }
  return best?.id ?? 'home'
}
