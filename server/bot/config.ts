/** The bot's settings from the environment (docs/operations.md, "Opening it in Telegram"). */
import { type ConfigPart, type Mode, isHttpUrl } from '../kernel/config'

/**
 * The bot's connection to Telegram (docs/operations.md, "Opening it in Telegram"). The /start
 * button opens `appUrl`.
 */
export interface BotConfig {
  /** The Bot API root (BOT_API_ROOT); null: the project's stand-in, started in-process (dev mode and tests only). */
  apiRoot: string | null
  /**
   * How updates arrive: Telegram POSTs them to `url` with `secret` (BOT_WEBHOOK_URL, BOT_WEBHOOK_SECRET;
   * a path alone is on this server's own URL), or long polling (BOT_POLLING=on), or none (BOT_POLLING=off:
   * this process makes invoices and refunds only).
   */
  updates: { kind: 'webhook'; url: string; secret: string } | { kind: 'polling' } | { kind: 'off' }
  /** Where /paysupport sends a payer (BOT_SUPPORT_CONTACT): an @username, an e-mail address or an http(s) URL; unset: the app's bug report. */
  supportContact?: string
}

export const TELEGRAM_BOT_API = 'https://api.telegram.org'
/** Telegram's rule for a webhook's secret token. */
const WEBHOOK_SECRET = /^[A-Za-z0-9_-]{1,256}$/

/**
 * The bot's settings, or why they make no sense. Production names how updates arrive and talks to
 * Telegram; dev mode defaults to the stand-in and long polling.
 */
export function botConfigFromEnv(env: Record<string, string | undefined>, mode: Mode): BotConfig | { error: string } {
  const production = mode === 'production'
  const root =
    env.BOT_API_ROOT === undefined ? (production ? TELEGRAM_BOT_API : null) : env.BOT_API_ROOT.replace(/\/+$/, '')
  if (root !== null && !isHttpUrl(root))
    return { error: `BOT_API_ROOT must be an http(s) URL such as ${TELEGRAM_BOT_API}, not "${env.BOT_API_ROOT}"` }
  const polling = env.BOT_POLLING
  if (polling !== undefined && polling !== 'on' && polling !== 'off')
    return { error: `BOT_POLLING must be "on" or "off", not "${polling}"` }
  let updates: BotConfig['updates']
  if (env.BOT_WEBHOOK_URL) {
    const url = env.BOT_WEBHOOK_URL
    if (polling === 'on')
      return { error: 'BOT_POLLING=on and BOT_WEBHOOK_URL exclude each other: Telegram sends updates one way' }
    const valid = production ? /^https:\/\//.test(url) && isHttpUrl(url) : url.startsWith('/') || isHttpUrl(url)
    if (!valid)
      return {
        error: `BOT_WEBHOOK_URL must be ${production ? 'an https URL' : 'an http(s) URL or a path'}, not "${url}"`,
      }
    const secret = env.BOT_WEBHOOK_SECRET
    if (!secret || !WEBHOOK_SECRET.test(secret))
      return {
        error: 'BOT_WEBHOOK_SECRET is required with BOT_WEBHOOK_URL: 1-256 characters of A-Z, a-z, 0-9, _ and -',
      }
    updates = { kind: 'webhook', url, secret }
  } else if (polling === 'on' || (polling === undefined && !production)) updates = { kind: 'polling' }
  else if (polling === 'off') updates = { kind: 'off' }
  else
    return {
      error:
        'the bot needs BOT_WEBHOOK_URL and BOT_WEBHOOK_SECRET in production (or BOT_POLLING=on, or BOT_POLLING=off for no updates): refusing to start',
    }
  if (production && updates.kind === 'polling' && !env.APP_URL)
    return {
      error:
        "APP_URL is required in production with BOT_POLLING=on: the https URL of the mini-app the bot's button opens",
    }
  const contact = env.BOT_SUPPORT_CONTACT?.trim()
  if (contact !== undefined && contact !== '' && !isSupportContact(contact))
    return {
      error: `BOT_SUPPORT_CONTACT must be a Telegram @username, an e-mail address or an http(s) URL, not "${env.BOT_SUPPORT_CONTACT}"`,
    }
  return { apiRoot: root, updates, ...(contact ? { supportContact: contact } : {}) }
}

/** Where a payer can write: @username (Telegram's rule: 5-32 characters), an e-mail address, an http(s) URL. */
const isSupportContact = (s: string) =>
  /^@[A-Za-z][A-Za-z0-9_]{3,31}$/.test(s) ||
  /^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/.test(s) ||
  (isHttpUrl(s) && s.length <= 512)

/** The bot's part of the server's configuration (server/config.ts). */
export interface BotSettings {
  /** The bot (server/bot); none: this server runs no bot. */
  bot?: BotConfig
}

export const botSettings: ConfigPart<BotSettings> = {
  fromEnv(env, mode) {
    const bot = botConfigFromEnv(env, mode)
    return 'error' in bot ? bot : { bot }
  },
  secrets: (config) => [config.bot?.updates.kind === 'webhook' ? config.bot.updates.secret : undefined],
}
