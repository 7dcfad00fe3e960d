/**
 * What can go wrong with a call, as plain JSON so it can travel in an event (DESIGN §4).
 * `rejected` is a 4xx answer: an answer, not a failure, carrying the server's message and path,
 * and, where the server gives them, a stable code (an i18n key the screen words it by) and the
 * values its text needs; the message is the fallback for a code the client does not know.
 */
export type RequestError =
  | { kind: 'noInitData'; message: string }
  | { kind: 'network'; message: string }
  | { kind: 'timeout'; message: string }
  | { kind: 'server'; message: string; status: number }
  | { kind: 'rejected'; message: string; status: number; path?: string; code?: string; params?: Record<string, string> }
  | { kind: 'decode'; message: string; path: string }
  /** 429 from the server's per-user limit on writes (server/kernel/rateLimit.ts): try again after `retryAfterSeconds`. */
  | { kind: 'throttled'; message: string; retryAfterSeconds: number }
  /** 503 from a server whose database or other dependency is briefly away (server/kernel/unavailable.ts): try again after `retryAfterSeconds`. */
  | { kind: 'unavailable'; message: string; retryAfterSeconds: number }

/** The code of the server's 429 for too many writes (server/kernel/rateLimit.ts): the client reads it as `throttled`. */
export const TOO_MANY_REQUESTS = 'too-many-requests'
/** The code of the server's 503 when a dependency does not answer (server/kernel/unavailable.ts): the client reads it as `unavailable`. */
export const SERVICE_UNAVAILABLE = 'service-unavailable'

export const isRequestError = (e: unknown): e is RequestError =>
  typeof e === 'object' &&
  e !== null &&
  typeof (e as RequestError).kind === 'string' &&
  typeof (e as RequestError).message === 'string' &&
  ['noInitData', 'network', 'timeout', 'server', 'rejected', 'decode', 'throttled', 'unavailable'].includes(
    (e as RequestError).kind,
  )

/** Any thrown thing as a RequestError, so an epic's catchError always has one to report. */
export function toRequestError(e: unknown): RequestError {
  if (isRequestError(e)) return e
  const message = e instanceof Error ? e.message : String(e)
  return { kind: 'network', message }
}
