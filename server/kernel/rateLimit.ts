/**
 * Per-user rate limits on writes (docs/operations.md, "Write rate limit"),
 * by hono-rate-limiter: each user (the Telegram id of the validated init data; the client's address
 * when a call has none) may make `writes` changing calls per `windowMs`. Reads are never limited:
 * GETs, and the POSTs that only read (below). Over the limit: 429 with Retry-After and a JSON body
 * the client reads as "too many requests" in the user's language (streams/http/client.ts).
 *
 * The counts live in the database (DatabaseRateStore, migration 027), so every server process on
 * it counts the same writes: a user gets `writes` in a window, however many processes answer. A
 * window is fixed and per caller: it starts at the caller's first write and lasts `windowMs` on the
 * server's clock (the server owns time: dev mode's movable clock moves it too).
 */
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context, MiddlewareHandler } from 'hono'
import { rateLimiter } from 'hono-rate-limiter'
import { TOO_MANY_REQUESTS } from '../../domain/api/errors'
import type { Db } from '../db'
import type { Clock } from './clock'
import type { Metrics } from './metrics'

export interface RateLimit {
  /** Writes one user may make per window. */
  writes: number
  windowMs: number
}

/** Far above what a person tapping through the app does (a confirm gives one request), low enough to stop a runaway client. */
export const DEFAULT_RATE_LIMIT: RateLimit = { writes: 60, windowMs: 60_000 }

/** The code of the 429's body: the client reads it as its own kind of failure and words it (streams/http/client.ts, src/ui/errorText.ts). */
export { TOO_MANY_REQUESTS }

/** POST calls that change nothing: balances, the token list, quotes. */
export const POST_READS: ReadonlySet<string> = new Set([
  '/balances',
  '/knownTokens',
  '/fetchRoute',
  '/v2/tc/simulate-swap',
])

const isRead = (c: Context) =>
  c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'OPTIONS' || POST_READS.has(c.req.path)

/** Who a call counts against: its user, or where it came from. */
function keyOf(c: Context): string {
  const user = c.get('user') as { id: number } | undefined
  if (user) return `user:${user.id}`
  try {
    return `ip:${getConnInfo(c).remote.address ?? 'unknown'}`
  } catch {
    return 'ip:unknown'
  }
}

/** What hono-rate-limiter asks of a store (its Store type, as far as the limiter here uses it). */
export interface RateStore {
  init(options: { windowMs: number }): void
  increment(key: string): Promise<{ totalHits: number; resetTime: Date }>
  decrement(key: string): Promise<void>
  resetKey(key: string): Promise<void>
  get(key: string): Promise<{ totalHits: number; resetTime: Date } | undefined>
}

/**
 * The counts in table rate_limit_windows: a write is one upsert that starts the caller's window
 * again when it has ended, else adds one, and answers the count and the window's start. Windows
 * that have ended are deleted by one statement now and then (at most once a window per process,
 * not waited for). The window's end is on the server's clock; the Date handed back is when that
 * is in real time, which the limiter's RateLimit-Reset and our Retry-After count down to.
 *
 * A database that does not answer: the error goes on as it is (the request would fail on the
 * database next anyway, and the app answers a database's failure as such, not as the limiter's).
 */
export class DatabaseRateStore implements RateStore {
  private windowMs = DEFAULT_RATE_LIMIT.windowMs
  private sweptAt = Number.NEGATIVE_INFINITY

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  init(options: { windowMs: number }): void {
    this.windowMs = options.windowMs
  }

  async increment(key: string) {
    const now = this.clock.now()
    const [row] = await this.db.query<{ window_start: string | number; hits: number }>(
      `INSERT INTO rate_limit_windows (key, window_start, hits) VALUES ($1, $2::bigint, 1)
       ON CONFLICT (key) DO UPDATE SET
         window_start = CASE WHEN rate_limit_windows.window_start <= $2::bigint - $3::bigint THEN EXCLUDED.window_start ELSE rate_limit_windows.window_start END,
         hits = CASE WHEN rate_limit_windows.window_start <= $2::bigint - $3::bigint THEN 1 ELSE rate_limit_windows.hits + 1 END
       RETURNING window_start, hits`,
      [key, now, this.windowMs],
      { name: 'rateLimit.hit' },
    )
    this.sweep(now)
    return { totalHits: Number(row.hits), resetTime: this.resetTime(Number(row.window_start), now) }
  }

  async decrement(key: string): Promise<void> {
    await this.db.query('UPDATE rate_limit_windows SET hits = hits - 1 WHERE key = $1 AND hits > 0', [key])
  }

  async resetKey(key: string): Promise<void> {
    await this.db.query('DELETE FROM rate_limit_windows WHERE key = $1', [key])
  }

  async get(key: string) {
    const now = this.clock.now()
    const [row] = await this.db.query<{ window_start: string | number; hits: number }>(
      'SELECT window_start, hits FROM rate_limit_windows WHERE key = $1',
      [key],
    )
    if (row === undefined || Number(row.window_start) <= now - this.windowMs) return undefined
    return { totalHits: Number(row.hits), resetTime: this.resetTime(Number(row.window_start), now) }
  }

  /** When the window that started at `start` (server clock) ends, in real time; never further than a window away. */
  private resetTime(start: number, now: number): Date {
    const left = Math.min(Math.max(start + this.windowMs - now, 0), this.windowMs)
    return new Date(Date.now() + left)
  }

  /** Deletes the rows of windows that have ended, at most once a window in this process; a failure waits for the next. */
  private sweep(now: number): void {
    if (now - this.sweptAt < this.windowMs) return
    this.sweptAt = now
    void this.db
      .query('DELETE FROM rate_limit_windows WHERE window_start <= $1::bigint', [now - this.windowMs])
      .catch(() => undefined)
  }
}

export function writeRateLimit(limit: RateLimit, metrics: Metrics, store: RateStore): MiddlewareHandler {
  const perMinute = Math.round((limit.writes * 60_000) / limit.windowMs)
  return rateLimiter({
    windowMs: limit.windowMs,
    limit: limit.writes,
    standardHeaders: 'draft-6',
    keyGenerator: keyOf,
    skip: isRead,
    store,
    handler: (c) => {
      metrics.rateLimited.inc()
      // The seconds until this user's window starts over (what the limiter's own Retry-After says).
      const resetAt = (c.get('rateLimit') as { resetTime?: Date } | undefined)?.resetTime?.getTime()
      const seconds = Math.max(1, Math.ceil(((resetAt ?? Date.now() + limit.windowMs) - Date.now()) / 1000))
      const rate =
        limit.windowMs === 60_000
          ? `${limit.writes} changes a minute`
          : `${limit.writes} changes in ${limit.windowMs / 1000} s (${perMinute} a minute)`
      return c.json(
        {
          message: `too many requests: at most ${rate}; try again in ${seconds} s`,
          code: TOO_MANY_REQUESTS,
          params: { seconds: String(seconds) },
        },
        429,
        { 'retry-after': String(seconds) },
      )
    },
  }) as MiddlewareHandler
}
