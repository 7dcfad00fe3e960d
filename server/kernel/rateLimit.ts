/**
 * Per-user rate limits on writes (issue 19, "Operations"; README, "Operations"), by
 * hono-rate-limiter: each user (the Telegram id of the validated init data; the client's address
 * when a call has none) may make `writes` changing calls per `windowMs`. Reads are never limited:
 * GETs, and the POSTs that only read (below). Over the limit: 429 with Retry-After and a JSON body
 * the client reads as "too many requests" in the user's language (streams/http/client.ts).
 *
 * The counts live in this process's memory: with several server processes each counts its own
 * share, so a user can reach the limit once per process. That is fine for a guard against a runaway
 * client; a shared store (hono-rate-limiter takes one) would make it exact.
 */
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context, MiddlewareHandler } from 'hono'
import { rateLimiter } from 'hono-rate-limiter'
import { TOO_MANY_REQUESTS } from '../../domain/api/errors'
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
export const POST_READS: ReadonlySet<string> = new Set(['/balances', '/knownTokens', '/fetchRoute', '/v2/tc/simulate-swap'])

const isRead = (c: Context) => c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'OPTIONS' || POST_READS.has(c.req.path)

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

export function writeRateLimit(limit: RateLimit, metrics: Metrics): MiddlewareHandler {
  const perMinute = Math.round((limit.writes * 60_000) / limit.windowMs)
  return rateLimiter({
    windowMs: limit.windowMs,
    limit: limit.writes,
    standardHeaders: 'draft-6',
    keyGenerator: keyOf,
    skip: isRead,
    handler: (c) => {
      metrics.rateLimited.inc()
      // The seconds until this user's window starts over (what the limiter's own Retry-After says).
      const resetAt = (c.get('rateLimit') as { resetTime?: Date } | undefined)?.resetTime?.getTime()
      const seconds = Math.max(1, Math.ceil(((resetAt ?? Date.now() + limit.windowMs) - Date.now()) / 1000))
      const rate = limit.windowMs === 60_000 ? `${limit.writes} changes a minute` : `${limit.writes} changes in ${limit.windowMs / 1000} s (${perMinute} a minute)`
      return c.json({ message: `too many requests: at most ${rate}; try again in ${seconds} s`, code: TOO_MANY_REQUESTS, params: { seconds: String(seconds) } }, 429, { 'retry-after': String(seconds) })
    },
  }) as MiddlewareHandler
}
