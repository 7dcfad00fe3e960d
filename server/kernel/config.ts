/** Server configuration from the environment (README, "Configuration"). */
import type { DatabaseConfig } from '../db'

export const DEV_BOT_TOKEN = 'dev-bot-token:switch-wallet'

export interface ServerConfig {
  port: number
  host: string
  botToken: string
  mode: 'development' | 'production'
  database: DatabaseConfig
  /** The built mini-app to serve; none: API only. */
  staticDir?: string | null
  authMaxAgeSeconds: number
  adminToken?: string
  /** Keys the derivation of wallet addresses (server/addresses.ts); a fixed default when absent. */
  walletSecret?: string
  /** How often the copy-trade engine takes the next event of each followed trader's feed; 0: never. */
  copyFeedIntervalMs?: number
}

export function configFromEnv(env: Record<string, string | undefined>): ServerConfig | { error: string } {
  const mode = env.NODE_ENV === 'production' ? 'production' : 'development'
  if (mode === 'production' && !env.BOT_TOKEN) return { error: 'BOT_TOKEN is required in production (NODE_ENV=production): refusing to start' }
  const port = Number(env.PORT ?? 8080)
  if (!Number.isInteger(port) || port < 0 || port > 65535) return { error: `PORT must be a port number, not "${env.PORT}"` }
  const copyFeed = Number(env.COPY_FEED_INTERVAL_MS ?? 60_000)
  if (!Number.isInteger(copyFeed) || copyFeed < 0) return { error: 'COPY_FEED_INTERVAL_MS must be a whole number of milliseconds (0 turns the feed off)' }
  const maxAge = Number(env.AUTH_MAX_AGE_SECONDS ?? 86_400)
  if (!Number.isFinite(maxAge) || maxAge <= 0) return { error: 'AUTH_MAX_AGE_SECONDS must be a positive number of seconds' }
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    botToken: env.BOT_TOKEN ?? DEV_BOT_TOKEN,
    mode,
    database: env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', dataDir: env.DATA_DIR === ':memory:' ? null : (env.DATA_DIR ?? './data') },
    staticDir: 'dist',
    authMaxAgeSeconds: maxAge,
    adminToken: env.ADMIN_TOKEN,
    walletSecret: env.WALLET_SECRET,
    copyFeedIntervalMs: copyFeed,
  }
}
