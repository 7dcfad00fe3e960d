/** Server configuration from the environment (README, "Configuration"). */
import { type DatabaseConfig, DEFAULT_DB_TIMEOUTS } from '../db'
import type { SeasonConfig } from '../mining/season'
import { DEFAULT_WALLET_SECRET, accountOf } from './addresses'
import type { Clock } from './clock'
import type { Product } from '../payments/orders'
import type { PohProviderSetting } from '../poh/provider'
import type { DestinationStream } from 'pino'
import { type CspSources, originsOf } from './csp'
import { type LogLevel, defaultLogLevel, isLogLevel, LOG_LEVELS } from './log'
import { DEFAULT_RATE_LIMIT, type RateLimit } from './rateLimit'

export const DEV_BOT_TOKEN = 'dev-bot-token:switch-wallet'

/** The modes, by name: `NODE_ENV` must be exactly one of them (issue 12, item 8). */
export const MODES = ['production', 'development'] as const
export type Mode = (typeof MODES)[number]

/** How long a client may take to send a whole request, headers and body, by default. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000
/** How long an idle keep-alive connection is kept by default: above a proxy's usual idle timeout (60-65 s), so the proxy ends it first. */
export const DEFAULT_KEEP_ALIVE_TIMEOUT_MS = 75_000

export interface ServerConfig {
  port: number
  host: string
  botToken: string
  mode: Mode
  database: DatabaseConfig
  /** The built mini-app to serve; none: API only. */
  staticDir?: string | null
  authMaxAgeSeconds: number
  adminToken?: string
  /** Keys the derivation of wallet addresses (server/kernel/addresses.ts); required in production. */
  walletSecret?: string
  /** How often the copy-trade engine takes the next event of each followed trader's feed; 0: never. */
  copyFeedIntervalMs?: number
  /** How often guild ranks' cut-offs are recomputed (server/guilds/ranks.ts); 0: only when run by hand (runDue after a send). Default 5 minutes. */
  guildRanksIntervalMs?: number
  /** A request whose headers and body have not all arrived by then is cut off (408). */
  requestTimeoutMs?: number
  /** How long an idle keep-alive connection stays open (KEEP_ALIVE_TIMEOUT_MS); DEFAULT_KEEP_ALIVE_TIMEOUT_MS by default. */
  keepAliveTimeoutMs?: number
  /** The server's time; by default the system clock in production, a movable one in dev mode. */
  clock?: Clock
  /** The mining season's end and the PoH appeal's deadline (MINING_SEASON_ENDS_AT, MINING_APPEAL_UNTIL); none by default. */
  season?: SeasonConfig
  /**
   * The service wallet TON payments go to (SERVICE_TON_ADDRESS; required in production). Unset in
   * dev mode and tests: a fixed address derived from a name (server/payments/ton.ts).
   */
  serviceTonAddress?: string
  /**
   * The TON HTTP API the watcher reads (TON_API_URL, toncenter v3 style; TON_API_KEY sent as
   * X-API-Key). Production: toncenter by default. Unset in dev mode: the in-process stand-in.
   */
  tonApi?: { url: string; apiKey?: string }
  /**
   * The TEP-85 soulbound-token collection staking's tokens are minted in (SBT_COLLECTION_ADDRESS).
   * Unset in dev mode and tests: a fixed address derived from a name (server/staking/sbt.ts); unset
   * in production: SBT claims answer 409.
   */
  sbtCollectionAddress?: string
  /** How often the TON watcher reads the service wallet (TON_WATCH_INTERVAL_MS); 0 or unset: never. */
  tonWatchIntervalMs?: number
  /** The app's origin as TonConnect's manifest names it (APP_URL); by default the origin a request came to. */
  appUrl?: string
  /** Products besides the app's own, by name (tests: a product of their own to order and pay). */
  products?: Readonly<Record<string, Product>>
  /** The bot (server/bot); none: this server runs no bot. */
  bot?: BotConfig
  /** The bot's @username without the @ (BOT_USERNAME), for invite links; unset: the bot's getMe. */
  botUsername?: string
  /**
   * Proof of humanity (server/poh): the provider that sends the codes (POH_PROVIDER: `reference`,
   * the default, or `off`; tests: one of their own), and the wait from queued to sent (server/poh/seed.ts).
   */
  poh?: { provider?: PohProviderSetting; queueDelayMs?: number }
  /** The log level (LOG_LEVEL); by default `info`, or `silent` under vitest (server/kernel/log.ts). */
  logLevel?: LogLevel
  /** Where log lines go; stdout by default (tests: a stream of their own). */
  logDestination?: DestinationStream
  /** Production: GET /metrics answers only with this bearer token (METRICS_TOKEN); unset: it does not exist. Dev mode: open. */
  metricsToken?: string
  /**
   * Writes per user per window (server/kernel/rateLimit.ts); unset or null: no limit. A server made
   * in code (tests, benches) names its own; `npm start` (configFromEnv) runs with 60 a minute unless
   * RATE_LIMIT_WRITES and RATE_LIMIT_WINDOW_MS say otherwise.
   */
  rateLimit?: RateLimit | null
  /** Sources the production page's Content-Security-Policy allows besides its own (server/kernel/csp.ts). */
  csp?: CspSources
  /**
   * Dev mode only: each service's server list the page's client uses instead of its build's, asked
   * at every page load and written into the page (server/kernel/static.ts servedServersMeta). A
   * browser test puts a proxy first (tests/e2e/failover.test.ts). A production server refuses to
   * start with it: there the build's lists are the only ones, and the page's policy names them.
   */
  clientServers?: () => ClientServers
}

/** Server lists for the page's client, by service (none: the build's list stays). */
export type ClientServers = Partial<Record<'wallet' | 'mining', readonly string[]>>


/** The bot's connection to Telegram (README, "The bot and Telegram Stars"). The /start button opens `appUrl`. */
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
  const root = env.BOT_API_ROOT === undefined ? (production ? TELEGRAM_BOT_API : null) : env.BOT_API_ROOT.replace(/\/+$/, '')
  if (root !== null && !isHttpUrl(root)) return { error: `BOT_API_ROOT must be an http(s) URL such as ${TELEGRAM_BOT_API}, not "${env.BOT_API_ROOT}"` }
  const polling = env.BOT_POLLING
  if (polling !== undefined && polling !== 'on' && polling !== 'off') return { error: `BOT_POLLING must be "on" or "off", not "${polling}"` }
  let updates: BotConfig['updates']
  if (env.BOT_WEBHOOK_URL) {
    const url = env.BOT_WEBHOOK_URL
    if (polling === 'on') return { error: 'BOT_POLLING=on and BOT_WEBHOOK_URL exclude each other: Telegram sends updates one way' }
    const valid = production ? /^https:\/\//.test(url) && isHttpUrl(url) : url.startsWith('/') || isHttpUrl(url)
    if (!valid) return { error: `BOT_WEBHOOK_URL must be ${production ? 'an https URL' : 'an http(s) URL or a path'}, not "${url}"` }
    const secret = env.BOT_WEBHOOK_SECRET
    if (!secret || !WEBHOOK_SECRET.test(secret)) return { error: 'BOT_WEBHOOK_SECRET is required with BOT_WEBHOOK_URL: 1-256 characters of A-Z, a-z, 0-9, _ and -' }
    updates = { kind: 'webhook', url, secret }
  } else if (polling === 'on' || (polling === undefined && !production)) updates = { kind: 'polling' }
  else if (polling === 'off') updates = { kind: 'off' }
  else return { error: 'the bot needs BOT_WEBHOOK_URL and BOT_WEBHOOK_SECRET in production (or BOT_POLLING=on, or BOT_POLLING=off for no updates): refusing to start' }
  if (production && updates.kind === 'polling' && !env.APP_URL) return { error: "APP_URL is required in production with BOT_POLLING=on: the https URL of the mini-app the bot's button opens" }
  const contact = env.BOT_SUPPORT_CONTACT?.trim()
  if (contact !== undefined && contact !== '' && !isSupportContact(contact))
    return { error: `BOT_SUPPORT_CONTACT must be a Telegram @username, an e-mail address or an http(s) URL, not "${env.BOT_SUPPORT_CONTACT}"` }
  return { apiRoot: root, updates, ...(contact ? { supportContact: contact } : {}) }
}

/** Where a payer can write: @username (Telegram's rule: 5-32 characters), an e-mail address, an http(s) URL. */
const isSupportContact = (s: string) => /^@[A-Za-z][A-Za-z0-9_]{3,31}$/.test(s) || /^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/.test(s) || (isHttpUrl(s) && s.length <= 512)

/** The TON HTTP API a production server reads unless TON_API_URL says otherwise. */
export const DEFAULT_TON_API_URL = 'https://toncenter.com'
const isHttpUrl = (s: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(s).protocol)
  } catch {
    return false
  }
}

/**
 * The configuration, or one line saying why the server must not start. The mode is never guessed:
 * `NODE_ENV` names it (`npm start` passes `development` when it is unset), and a production server
 * needs its own secrets.
 */
export function configFromEnv(env: Record<string, string | undefined>): ServerConfig | { error: string } {
  const mode = env.NODE_ENV
  if (!MODES.includes(mode as Mode))
    return { error: `NODE_ENV must be exactly "production" or "development" (${mode === undefined ? 'it is not set' : `not "${mode}"`}): refusing to start` }
  if (mode === 'production' && !env.BOT_TOKEN) return { error: 'BOT_TOKEN is required in production (NODE_ENV=production): refusing to start' }
  if (mode === 'production' && (!env.WALLET_SECRET || env.WALLET_SECRET === DEFAULT_WALLET_SECRET))
    return { error: 'WALLET_SECRET is required in production (NODE_ENV=production): it keys every deposit address, refusing to start with the public default' }
  if (mode === 'production' && !env.DATABASE_URL)
    return { error: 'DATABASE_URL is required in production (NODE_ENV=production): the embedded database (PGlite) cannot fsync, so a machine crash could lose payments it answered; refusing to start' }
  const port = Number(env.PORT ?? 8080)
  if (!Number.isInteger(port) || port < 0 || port > 65535) return { error: `PORT must be a port number, not "${env.PORT}"` }
  const copyFeed = Number(env.COPY_FEED_INTERVAL_MS ?? 60_000)
  if (!Number.isInteger(copyFeed) || copyFeed < 0) return { error: 'COPY_FEED_INTERVAL_MS must be a whole number of milliseconds (0 turns the feed off)' }
  const maxAge = Number(env.AUTH_MAX_AGE_SECONDS ?? 86_400)
  if (!Number.isFinite(maxAge) || maxAge <= 0) return { error: 'AUTH_MAX_AGE_SECONDS must be a positive number of seconds' }
  const requestTimeout = Number(env.REQUEST_TIMEOUT_MS ?? DEFAULT_REQUEST_TIMEOUT_MS)
  if (!Number.isInteger(requestTimeout) || requestTimeout < 100) return { error: 'REQUEST_TIMEOUT_MS must be a whole number of milliseconds, at least 100' }
  const dbConnect = Number(env.DB_CONNECT_TIMEOUT_MS ?? DEFAULT_DB_TIMEOUTS.connectTimeoutMs)
  if (!Number.isInteger(dbConnect) || dbConnect < 100) return { error: 'DB_CONNECT_TIMEOUT_MS must be a whole number of milliseconds, at least 100' }
  const dbStatement = Number(env.DB_STATEMENT_TIMEOUT_MS ?? DEFAULT_DB_TIMEOUTS.statementTimeoutMs)
  if (!Number.isInteger(dbStatement) || dbStatement < 100) return { error: 'DB_STATEMENT_TIMEOUT_MS must be a whole number of milliseconds, at least 100' }
  const keepAlive = Number(env.KEEP_ALIVE_TIMEOUT_MS ?? DEFAULT_KEEP_ALIVE_TIMEOUT_MS)
  if (!Number.isInteger(keepAlive) || keepAlive < 1000) return { error: 'KEEP_ALIVE_TIMEOUT_MS must be a whole number of milliseconds, at least 1000' }
  const serviceTon = env.SERVICE_TON_ADDRESS?.trim() || undefined
  if (mode === 'production' && serviceTon === undefined)
    return { error: 'SERVICE_TON_ADDRESS is required in production (NODE_ENV=production): TON payments go to it, refusing to start with the dev address nobody holds' }
  if (serviceTon !== undefined && accountOf('TON', serviceTon) === null) return { error: `SERVICE_TON_ADDRESS must be a TON address, not "${serviceTon}"` }
  const sbtCollection = env.SBT_COLLECTION_ADDRESS?.trim() || undefined
  if (sbtCollection !== undefined && accountOf('TON', sbtCollection) === null) return { error: `SBT_COLLECTION_ADDRESS must be a TON address, not "${sbtCollection}"` }
  const tonApiUrl = env.TON_API_URL ?? (mode === 'production' ? DEFAULT_TON_API_URL : undefined)
  if (tonApiUrl !== undefined && !isHttpUrl(tonApiUrl)) return { error: `TON_API_URL must be an http(s) URL, not "${tonApiUrl}"` }
  const tonWatch = Number(env.TON_WATCH_INTERVAL_MS ?? 10_000)
  if (!Number.isInteger(tonWatch) || tonWatch < 0) return { error: 'TON_WATCH_INTERVAL_MS must be a whole number of milliseconds (0 turns the TON watcher off)' }
  if (env.APP_URL !== undefined && !isHttpUrl(env.APP_URL)) return { error: `APP_URL must be an http(s) URL, not "${env.APP_URL}"` }
  const season = { endsAt: env.MINING_SEASON_ENDS_AT ?? null, appealUntil: env.MINING_APPEAL_UNTIL ?? null }
  for (const [name, value] of [['MINING_SEASON_ENDS_AT', season.endsAt], ['MINING_APPEAL_UNTIL', season.appealUntil]] as const)
    if (value !== null && Number.isNaN(Date.parse(value))) return { error: `${name} must be an ISO date and time such as 2026-12-31T12:00:00Z, not "${value}"` }
  const pohProvider = env.POH_PROVIDER ?? 'reference'
  if (pohProvider !== 'reference' && pohProvider !== 'off') return { error: `POH_PROVIDER must be "reference" or "off", not "${pohProvider}"` }
  const bot = botConfigFromEnv(env, mode as Mode)
  if ('error' in bot) return bot
  if (env.LOG_LEVEL !== undefined && !isLogLevel(env.LOG_LEVEL)) return { error: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not "${env.LOG_LEVEL}"` }
  const writes = Number(env.RATE_LIMIT_WRITES ?? DEFAULT_RATE_LIMIT.writes)
  if (!Number.isInteger(writes) || writes < 0) return { error: 'RATE_LIMIT_WRITES must be a whole number of writes per user and window (0 turns the limit off)' }
  const window = Number(env.RATE_LIMIT_WINDOW_MS ?? DEFAULT_RATE_LIMIT.windowMs)
  if (!Number.isInteger(window) || window < 1000) return { error: 'RATE_LIMIT_WINDOW_MS must be a whole number of milliseconds, at least 1000' }
  const cspLists: Record<string, string[] | { error: string }> = {}
  for (const name of ['VITE_WALLET_SERVERS', 'VITE_MINING_SERVERS', 'CSP_CONNECT_SRC', 'CSP_IMG_SRC']) cspLists[name] = originsOf(env[name])
  for (const [name, list] of Object.entries(cspLists)) if ('error' in list) return { error: `${name} must be a comma-separated list of http(s) URLs: ${list.error}` }
  const listed = (name: string) => cspLists[name] as string[]
  const botUsername = env.BOT_USERNAME?.replace(/^@/, '')
  if (botUsername !== undefined && !/^[A-Za-z][A-Za-z0-9_]{3,31}$/.test(botUsername)) return { error: `BOT_USERNAME must be a Telegram bot username such as switch_wallet_bot, not "${env.BOT_USERNAME}"` }
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    botToken: env.BOT_TOKEN ?? DEV_BOT_TOKEN,
    mode: mode as Mode,
    database: env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL, connectTimeoutMs: dbConnect, statementTimeoutMs: dbStatement }
      : { kind: 'pglite', dataDir: env.DATA_DIR === ':memory:' ? null : (env.DATA_DIR ?? './data') },
    staticDir: 'dist',
    authMaxAgeSeconds: maxAge,
    adminToken: env.ADMIN_TOKEN,
    walletSecret: env.WALLET_SECRET,
    copyFeedIntervalMs: copyFeed,
    requestTimeoutMs: requestTimeout,
    keepAliveTimeoutMs: keepAlive,
    season,
    serviceTonAddress: serviceTon,
    sbtCollectionAddress: sbtCollection,
    tonApi: tonApiUrl === undefined ? undefined : { url: tonApiUrl, apiKey: env.TON_API_KEY || undefined },
    tonWatchIntervalMs: tonWatch,
    botUsername,
    appUrl: env.APP_URL,
    bot,
    poh: { provider: pohProvider },
    logLevel: defaultLogLevel(env),
    metricsToken: env.METRICS_TOKEN || undefined,
    rateLimit: writes === 0 ? null : { writes, windowMs: window },
    csp: { connect: [...listed('VITE_WALLET_SERVERS'), ...listed('VITE_MINING_SERVERS'), ...listed('CSP_CONNECT_SRC')], img: listed('CSP_IMG_SRC') },
  }
}

/**
 * The values of a configuration that must never leave the process (server/kernel/log.ts scrubs
 * them from every log line): the bot token, the wallet secret, the admin, metrics and webhook
 * tokens, the TON API key, the database's password.
 */
export function secretsOf(config: ServerConfig): string[] {
  const databasePassword = config.database.kind === 'postgres' ? passwordOf(config.database.url) : null
  const webhook = config.bot?.updates.kind === 'webhook' ? config.bot.updates.secret : undefined
  return [config.botToken, config.walletSecret, config.adminToken, config.metricsToken, webhook, config.tonApi?.apiKey, databasePassword].filter((s): s is string => typeof s === 'string' && s !== '')
}

function passwordOf(url: string): string | null {
  try {
    const password = new URL(url).password
    return password === '' ? null : decodeURIComponent(password)
  } catch {
    return null
  }
}
