/**
 * CORS for pages on other origins (the Vite dev server, a mirror). Auth is a header, never a
 * cookie, so any origin may call: `*` needs no `Vary: Origin`. Headers are set before the handler
 * runs, so they travel with its answer instead of making Hono rebuild it afterwards.
 */
import type { MiddlewareHandler } from 'hono'

export function cors(allowHeaders: readonly string[], maxAgeSeconds = 600): MiddlewareHandler {
  const preflight = {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'GET,HEAD,POST,OPTIONS',
    'access-control-allow-headers': allowHeaders.join(','),
    'access-control-max-age': String(maxAgeSeconds),
  }
  return async (c, next) => {
    if (!c.req.header('origin')) return next()
    if (c.req.method === 'OPTIONS' && c.req.header('access-control-request-method')) return c.body(null, 204, preflight)
    c.header('access-control-allow-origin', '*')
    return next()
  }
}
