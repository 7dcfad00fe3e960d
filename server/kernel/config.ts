/**
 * The kernel's configuration from the environment (docs/operations.md, "Configuration"). The payments module,
 * the bot and each feature read their own settings (ConfigPart); server/config.ts puts them together.
 */
import { type DatabaseConfig, DEFAULT_DB_TIMEOUTS } from '../db'
import { DEFAULT_WALLET_SECRET } from './addresses'
import type { Clock } from './clock'
import type { DestinationStream } from 'pino'
import { type CspSources, originsOf } from './csp'
import { type LogLevel, defaultLogLevel, isLogLevel, LOG_LEVELS } from './log'
import { DEFAULT_RATE_LIMIT, type RateLimit } from './rateLimit'

export const DEV_BOT_TOKEN = 'dev-bot-token:switch-wallet'

/** The modes, by name: `NODE_ENV` must be exactly one of them. */
export const MODES = ['production', 'development'] as const
export type Mode = (typeof MODES)[number]

/** How long a client may take to send a whole request, headers and body, by default. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000
/** How long an idle keep-alive connection is kept by default: above a proxy's usual idle timeout (60-65 s), so the proxy ends it first. */
export const DEFAULT_KEEP_ALIVE_TIMEOUT_MS = 75_000

/** The environment a configuration is read from (process.env). */
export type Env = Record<string, string | undefined>

/**
 * The settings one part of the server reads (the payments module, the bot, a feature): from the
 * environment, or one line saying why the server must not start; and which of them are secrets
 * (server/kernel/log.ts keeps them out of every log line).
 */
export interface ConfigPart<C extends object> {
  fromEnv(env: Env, mode: Mode): C | { error: string }
  secrets?(config: C): readonly (string | undefined)[]
}

export interface KernelConfig {
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
  /** A request whose headers and body have not all arrived by then is cut off (408). */
  requestTimeoutMs?: number
  /** How long an idle keep-alive connection stays open (KEEP_ALIVE_TIMEOUT_MS); DEFAULT_KEEP_ALIVE_TIMEOUT_MS by default. */
  keepAliveTimeoutMs?: number
  /** The server's time; by default the system clock in production, a movable one in dev mode. */
  clock?: Clock
  /** The app's origin as TonConnect's manifest names it (APP_URL); by default the origin a request came to. */
  appUrl?: string
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

/** Whether `s` is an http(s) URL (the settings that name a server or a page). */
export const isHttpUrl = (s: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(s).protocol)
  } catch {
    return false
  }
}

/**
 * The kernel's configuration, or one line saying why the server must not start. The mode is never
 * guessed: `NODE_ENV` names it (`npm start` passes `development` when it is unset), and a
 * production server needs its own secrets.
 */
export function kernelConfigFromEnv(env: Env): KernelConfig | { error: string } {
  const mode = env.NODE_ENV
  if (!MODES.includes(mode as Mode))
    return {
      error: `NODE_ENV must be exactly "production" or "development" (${mode === undefined ? 'it is not set' : `not "${mode}"`}): refusing to start`,
    }
  if (mode === 'production' && !env.BOT_TOKEN)
    return { error: 'BOT_TOKEN is required in production (NODE_ENV=production): refusing to start' }
  if (mode === 'production' && (!env.WALLET_SECRET || env.WALLET_SECRET === DEFAULT_WALLET_SECRET))
    return {
      error:
        'WALLET_SECRET is required in production (NODE_ENV=production): it keys every deposit address, refusing to start with the public default',
    }
  if (mode === 'production' && !env.DATABASE_URL)
    return {
      error:
        'DATABASE_URL is required in production (NODE_ENV=production): the embedded database (PGlite) cannot fsync, so a machine crash could lose payments it answered; refusing to start',
    }
  const port = Number(env.PORT ?? 8080)
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    return { error: `PORT must be a port number, not "${env.PORT}"` }
  const maxAge = Number(env.AUTH_MAX_AGE_SECONDS ?? 86_400)
  if (!Number.isFinite(maxAge) || maxAge <= 0)
    return { error: 'AUTH_MAX_AGE_SECONDS must be a positive number of seconds' }
  const requestTimeout = Number(env.REQUEST_TIMEOUT_MS ?? DEFAULT_REQUEST_TIMEOUT_MS)
  if (!Number.isInteger(requestTimeout) || requestTimeout < 100)
    return { error: 'REQUEST_TIMEOUT_MS must be a whole number of milliseconds, at least 100' }
  const dbConnect = Number(env.DB_CONNECT_TIMEOUT_MS ?? DEFAULT_DB_TIMEOUTS.connectTimeoutMs)
  if (!Number.isInteger(dbConnect) || dbConnect < 100)
    return { error: 'DB_CONNECT_TIMEOUT_MS must be a whole number of milliseconds, at least 100' }
  const dbStatement = Number(env.DB_STATEMENT_TIMEOUT_MS ?? DEFAULT_DB_TIMEOUTS.statementTimeoutMs)
  if (!Number.isInteger(dbStatement) || dbStatement < 100)
    return { error: 'DB_STATEMENT_TIMEOUT_MS must be a whole number of milliseconds, at least 100' }
  const keepAlive = Number(env.KEEP_ALIVE_TIMEOUT_MS ?? DEFAULT_KEEP_ALIVE_TIMEOUT_MS)
  if (!Number.isInteger(keepAlive) || keepAlive < 1000)
    return { error: 'KEEP_ALIVE_TIMEOUT_MS must be a whole number of milliseconds, at least 1000' }
  if (env.APP_URL !== undefined && !isHttpUrl(env.APP_URL))
    return { error: `APP_URL must be an http(s) URL, not "${env.APP_URL}"` }
  if (env.LOG_LEVEL !== undefined && !isLogLevel(env.LOG_LEVEL))
    return { error: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not "${env.LOG_LEVEL}"` }
  const writes = Number(env.RATE_LIMIT_WRITES ?? DEFAULT_RATE_LIMIT.writes)
  if (!Number.isInteger(writes) || writes < 0)
    return { error: 'RATE_LIMIT_WRITES must be a whole number of writes per user and window (0 turns the limit off)' }
  const window = Number(env.RATE_LIMIT_WINDOW_MS ?? DEFAULT_RATE_LIMIT.windowMs)
  if (!Number.isInteger(window) || window < 1000)
    return { error: 'RATE_LIMIT_WINDOW_MS must be a whole number of milliseconds, at least 1000' }
  const cspLists: Record<string, string[] | { error: string }> = {}
  for (const name of ['VITE_WALLET_SERVERS', 'VITE_MINING_SERVERS', 'CSP_CONNECT_SRC', 'CSP_IMG_SRC'])
    cspLists[name] = originsOf(env[name])
  for (const [name, list] of Object.entries(cspLists))
    if ('error' in list) return { error: `${name} must be a comma-separated list of http(s) URLs: ${list.error}` }
  const listed = (name: string) => cspLists[name] as string[]
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
    requestTimeoutMs: requestTimeout,
    keepAliveTimeoutMs: keepAlive,
    appUrl: env.APP_URL,
    logLevel: defaultLogLevel(env),
    metricsToken: env.METRICS_TOKEN || undefined,
    rateLimit: writes === 0 ? null : { writes, windowMs: window },
    csp: {
      connect: [...listed('VITE_WALLET_SERVERS'), ...listed('VITE_MINING_SERVERS'), ...listed('CSP_CONNECT_SRC')],
      img: listed('CSP_IMG_SRC'),
    },
  }
}

/**
 * The kernel's values that must never leave the process (server/kernel/log.ts scrubs them from
 * every log line): the bot token, the wallet secret, the admin and metrics tokens, the database's
 * password. The other parts name theirs (ConfigPart.secrets).
 */
export function kernelSecrets(config: KernelConfig): (string | null | undefined)[] {
  const databasePassword = config.database.kind === 'postgres' ? passwordOf(config.database.url) : null
  return [config.botToken, config.walletSecret, config.adminToken, config.metricsToken, databasePassword]
}

function passwordOf(url: string): string | null {
  try {
    const password = new URL(url).password
    return password === '' ? null : decodeURIComponent(password)
  } catch {
    return null
  }
}
