/**
 * Reading the launch parameters the way Telegram passes them: in the URL hash (`tgWebAppData`,
 * `tgWebAppVersion`, `tgWebAppPlatform`, `tgWebAppThemeParams`, `tgWebAppStartParam`), kept in
 * session storage so a reload of the web-view still has them. Parsed by hand: no mock, no SDK
 * state, the same in a production build as in a test.
 */
import type { LaunchPayload, TelegramUser } from '../../domain/app/events'
import { LANGUAGE_COOKIE, readCookie } from '../../domain/app/language'

const SESSION_KEY = 'switch-wallet/launch'

export interface LaunchParams {
  initDataRaw: string | null
  version: string
  platform: string
  theme: Record<string, string>
  startParam: string | null
}

export function parseLaunchParams(hash: string, search = ''): LaunchParams | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''))
  // A web_app button's URL carries the start parameter in its query (the bot's /start button does).
  const query = new URLSearchParams(search.replace(/^\?/, ''))
  const initDataRaw = params.get('tgWebAppData')
  if (!initDataRaw) return null
  let theme: Record<string, string> = {}
  try {
    const parsed = JSON.parse(params.get('tgWebAppThemeParams') ?? '{}') as unknown
    if (parsed && typeof parsed === 'object') theme = parsed as Record<string, string>
  } catch {
    // a broken theme is no reason to refuse the launch: the stylesheet has fallbacks
  }
  return {
    initDataRaw,
    version: params.get('tgWebAppVersion') ?? '6.0',
    platform: params.get('tgWebAppPlatform') ?? 'unknown',
    theme,
    startParam: params.get('tgWebAppStartParam') ?? query.get('tgWebAppStartParam'),
  }
}

/** The Telegram user of raw init data, as the app logs it: no hash, no signature. */
export function userOf(initDataRaw: string): {
  user: TelegramUser | null
  authDate: number | null
  startParam: string | null
} {
  const data = new URLSearchParams(initDataRaw)
  let user: TelegramUser | null = null
  try {
    const u = JSON.parse(data.get('user') ?? 'null') as Record<string, unknown> | null
    if (u && typeof u.id === 'number') {
      user = { id: u.id, firstName: String(u.first_name ?? '') }
      if (typeof u.last_name === 'string') user.lastName = u.last_name
      if (typeof u.username === 'string') user.username = u.username
      if (typeof u.language_code === 'string') user.languageCode = u.language_code
      if (u.is_premium === true) user.isPremium = true
    }
  } catch {
    user = null
  }
  const authDate = Number(data.get('auth_date'))
  return {
    user,
    authDate: Number.isFinite(authDate) && authDate > 0 ? authDate : null,
    startParam: data.get('start_param'),
  }
}

/** Dark when the background colour is dark (relative luminance). */
export function schemeOf(bg: string | undefined): 'light' | 'dark' {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(bg ?? '')
  if (!m) return 'light'
  const [r, g, b] = m.slice(1).map((h) => parseInt(h, 16) / 255)
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.5 ? 'dark' : 'light'
}

export function readLaunchParams(): LaunchParams | null {
  const fromHash = parseLaunchParams(window.location.hash, window.location.search)
  try {
    if (fromHash) sessionStorage.setItem(SESSION_KEY, window.location.hash)
    else {
      const saved = sessionStorage.getItem(SESSION_KEY)
      if (saved) return parseLaunchParams(saved)
    }
  } catch {
    // session storage refused: the hash is all there is
  }
  return fromHash
}

/** The launch facts; `telegramHost`: whether a Telegram host answered around the page (./host.ts). */
export function readLaunch(
  devBuild: boolean,
  telegramHost: boolean,
): { params: LaunchParams | null; launch: LaunchPayload } {
  const params = readLaunchParams()
  const who = params?.initDataRaw ? userOf(params.initDataRaw) : { user: null, authDate: null, startParam: null }
  return {
    params,
    launch: {
      insideTelegram: params?.initDataRaw != null,
      telegramHost,
      user: who.user,
      authDate: who.authDate,
      startParam: who.startParam ?? params?.startParam ?? null,
      platform: params?.platform ?? 'unknown',
      version: params?.version ?? 'unknown',
      location: window.location.pathname + window.location.search,
      cookieLanguage: readCookie(document.cookie, LANGUAGE_COOKIE),
      colorScheme: schemeOf(params?.theme.bg_color),
      devBuild,
      timeZone: deviceTimeZone(),
      ...(params ? { theme: { ...params.theme } } : {}),
    },
  }
}

/** The device's time zone, as Temporal (else Intl) names it; UTC where it cannot. */
export function deviceTimeZone(): string {
  try {
    // Temporal answers at once; Intl's first use loads the locale data (20-60 ms of a phone's launch).
    const temporal = (globalThis as { Temporal?: { Now: { timeZoneId(): string } } }).Temporal
    if (temporal) return temporal.Now.timeZoneId() || 'UTC'
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
  } catch {
    return 'UTC'
  }
}

/** Theme params as the CSS variables Telegram's own clients set: --tg-theme-bg-color and so on. */
export function applyTheme(theme: Record<string, string>, root: HTMLElement = document.documentElement): void {
  for (const [key, value] of Object.entries(theme)) {
    if (typeof value === 'string' && /^#[0-9a-f]{3,8}$/i.test(value))
      root.style.setProperty(`--tg-theme-${key.replace(/_/g, '-')}`, value)
  }
  root.dataset.scheme = schemeOf(theme.bg_color)
}
