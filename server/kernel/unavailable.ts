/**
 * A dependency that does not answer (the database, Telegram's Bot API, the TON API) is the
 * service's passing trouble, not the caller's fault and no bug: the call is answered 503 with
 * Retry-After, its request id (server/kernel/requests.ts) and a code the client words in the user's
 * language as "try again" (domain/api/errors.ts SERVICE_UNAVAILABLE).
 */
import type { Context } from 'hono'
import { BotError, GrammyError, HttpError } from 'grammy'
import { SERVICE_UNAVAILABLE } from '../../domain/api/errors'
import { DatabaseUnavailable } from '../db'

/** What a 503 asks the client to wait: about what a restart or a failover of the database takes. */
export const RETRY_AFTER_SECONDS = 5

export type Dependency = 'the database' | 'Telegram' | 'the TON network'

/** A dependency other than the database did not answer (the database's own is DatabaseUnavailable). */
export class DependencyUnavailable extends Error {
  constructor(
    readonly dependency: Dependency,
    cause?: unknown,
  ) {
    super(`${dependency} is not answering`, { cause })
    this.name = 'DependencyUnavailable'
  }
}

/**
 * Whether a Bot API failure is Telegram's passing trouble: no answer at all (grammY's HttpError: the
 * network), Telegram's own 5xx, or its flood limit. A 4xx is an answer (a bad request of ours).
 */
export const isBotApiUnavailable = (e: unknown): boolean =>
  e instanceof HttpError || (e instanceof GrammyError && (e.error_code >= 500 || e.error_code === 429))

/** Runs a Bot API call; its unavailability becomes a DependencyUnavailable, anything else stays as it is. */
export async function viaTelegram<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (e) {
    throw isBotApiUnavailable(e) ? new DependencyUnavailable('Telegram', e) : e
  }
}

/** Which dependency `e` says is away, or null when `e` is something else. */
export function unavailableDependency(thrown: unknown): Dependency | null {
  // A bot handler's failure comes wrapped by grammY (a webhook update: server/bot/bot.ts).
  const e = thrown instanceof BotError ? thrown.error : thrown
  if (e instanceof DatabaseUnavailable) return 'the database'
  if (e instanceof DependencyUnavailable) return e.dependency
  return null
}

/** The 503: what is away, when to try again, in the body (the client's code and seconds) and in Retry-After. */
export function unavailableAnswer(c: Context, dependency: Dependency) {
  const seconds = String(RETRY_AFTER_SECONDS)
  return c.json(
    {
      message: `${dependency} is not answering; try again in ${seconds} s`,
      code: SERVICE_UNAVAILABLE,
      params: { seconds },
    },
    503,
    { 'retry-after': seconds, 'cache-control': 'no-store' },
  )
}
