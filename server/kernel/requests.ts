/**
 * Every request's id, log line and latency (docs/operations.md, "Logs").
 *
 * - The id is the caller's `x-request-id` when it is a sane token (1-128 characters of letters,
 *   digits and `._:-`), else a new UUID. Every answer carries it in `x-request-id`, every error
 *   answer with a JSON object body also as `requestId`, and every log line about the request as
 *   `requestId` (requestLog(c) is the request's logger).
 * - One `request` line per answer: method, route pattern, path, status, milliseconds, the user.
 * - The latency histogram is labelled by route pattern, never the raw path, so its series stay few.
 * - Every answer carries the security headers too (./headers.ts).
 */
import { randomUUID } from 'node:crypto'
import type { Context, MiddlewareHandler } from 'hono'
import { matchedRoutes } from 'hono/route'
import { SECURITY_HEADERS } from './headers'
import type { Logger } from './log'
import type { Metrics } from './metrics'

export const REQUEST_ID_HEADER = 'x-request-id'
const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/

/** The route pattern that answered: the last matched handler that is no middleware; files of the build and unmatched paths by name. */
export function routeOf(c: Context): string {
  const routes = matchedRoutes(c).filter((r) => r.method !== 'ALL')
  const route = routes.at(-1)?.path
  if (route !== undefined) return route
  return c.res.status < 400 ? '(static)' : '(unmatched)'
}

/** The request's logger (its lines carry its requestId); outside a request, `fallback`. */
export const requestLog = (c: Context, fallback: Logger): Logger => (c.get('log') as Logger | undefined) ?? fallback

export const requestIdOf = (c: Context): string | undefined => c.get('requestId') as string | undefined

export function requestContext(log: Logger, metrics: Metrics): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now()
    const given = c.req.header(REQUEST_ID_HEADER)
    const requestId = given !== undefined && SANE_ID.test(given) ? given : randomUUID()
    const reqLog = log.child({ requestId })
    c.set('requestId', requestId)
    c.set('log', reqLog)
    // Before the answer is made, so every answer made through the context starts with them; an
    // answer that came some other way gets them after.
    for (const name in SECURITY_HEADERS) c.header(name, SECURITY_HEADERS[name])
    await next()
    const status = c.res.status
    if (status >= 400 && (c.res.headers.get('content-type') ?? '').startsWith('application/json'))
      await addRequestId(c, requestId)
    let answered = setAnswerHeader(c.res, REQUEST_ID_HEADER, requestId)
    for (const name in SECURITY_HEADERS)
      if (!answered.headers.has(name)) answered = setAnswerHeader(answered, name, SECURITY_HEADERS[name])
    if (answered !== c.res) c.res = answered
    const seconds = (performance.now() - started) / 1000
    const route = routeOf(c)
    metrics.observe(c.req.method, route, status, seconds)
    const user = c.get('user') as { id: number } | undefined
    const line = {
      method: c.req.method,
      route,
      path: c.req.path,
      status,
      ms: Math.round(seconds * 10_000) / 10,
      ...(user ? { userId: user.id } : {}),
    }
    // A 503 is a dependency away (server/kernel/unavailable.ts), logged once where it is noticed: each call it turns away is a warning.
    if (status === 503) reqLog.warn(line, 'request')
    else if (status >= 500) reqLog.error(line, 'request')
    else reqLog.info(line, 'request')
  }
}

/**
 * A header on the answer as it is. Hono's c.header() after the answer is made rebuilds it around its
 * body as a stream, which @hono/node-server then writes through Web streams (a reader, and a timer
 * turn when the second read is not ready) instead of writing the string at once: at 500 clients of the
 * mixed load bench that was 30-60 us of the server's CPU a call. A Response whose headers cannot
 * change (none of ours) is copied with the header.
 */
export function setAnswerHeader(res: Response, name: string, value: string): Response {
  try {
    res.headers.set(name, value)
    return res
  } catch {
    // Immutable headers (a fetched answer passed on): a copy with the header.
    const headers = new Headers(res.headers)
    headers.set(name, value)
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers })
  }
}

/** The error's JSON body with `requestId` added (an object body only; anything else is left as it is). */
async function addRequestId(c: Context, requestId: string): Promise<void> {
  let body: unknown
  try {
    body = await c.res.clone().json()
  } catch {
    return
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body) || 'requestId' in body) return
  const headers = new Headers(c.res.headers)
  headers.delete('content-length')
  const res = new Response(JSON.stringify({ ...body, requestId }), { status: c.res.status, headers })
  // Hono's setter merges the old answer's headers in: start from none.
  c.res = undefined as unknown as Response
  c.res = res
}
