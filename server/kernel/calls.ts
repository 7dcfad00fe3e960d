/**
 * The calls of the contract. Each needs genuine, fresh init data, and its user is who it says,
 * nothing else. Paths that are no call skip the check, so they end as a 404 or the page.
 */
import type { Hono, MiddlewareHandler } from 'hono'
import { type AppEnv, validateInitData } from './auth'
import type { Clock } from './clock'
import { CONTENT_TYPES } from './static'
import type { Users } from './users'
import { DEFAULT_LIMITS, checkValue } from './validate'

export const INIT_DATA_HEADER = 'telegramRawData'

/**
 * A browser's navigation (Sec-Fetch-Mode: navigate, asking for HTML, with no init data) is a page
 * load, even of a path that is also a call's: /mining/tasks is a screen and a call, and a reload
 * there gets the page, not a 401. The client's calls are fetches (mode cors), never navigations.
 */
const isPageLoad = (c: { req: { method: string; header(name: string): string | undefined } }) =>
  c.req.method === 'GET' &&
  c.req.header('sec-fetch-mode') === 'navigate' &&
  (c.req.header('accept') ?? '').includes('text/html') &&
  c.req.header(INIT_DATA_HEADER) === undefined

/** Checks the init data of every call of `api`, makes its user known, then limits its writes (`limitWrites`). */
export function authenticatedCalls(
  api: Hono<AppEnv>,
  o: {
    botToken: string
    authMaxAgeSeconds: number
    users: Users
    clock: Clock
    page: (query: URLSearchParams) => string | null
    limitWrites: MiddlewareHandler
  },
): MiddlewareHandler<AppEnv> {
  const isCall = (method: string, path: string) =>
    api.router.match(method === 'HEAD' ? 'GET' : method, path)[0].length > 0
  return async (c, next) => {
    const call = isCall(c.req.method, c.req.path)
    if (call && isPageLoad(c)) {
      const html = o.page(new URL(c.req.url).searchParams)
      if (html !== null)
        return c.body(html, 200, { 'content-type': CONTENT_TYPES['.html'], 'cache-control': 'no-store' })
    }
    if (!call) return next()
    const valid = validateInitData(c.req.header(INIT_DATA_HEADER), o.botToken, o.authMaxAgeSeconds)
    // Signed is not sane: a dev-mode token is public, and the names become rows.
    checkValue(valid.user, DEFAULT_LIMITS, [INIT_DATA_HEADER, 'user'])
    // First contact: a launch's signed start parameter may name who invited the user (only when new).
    await o.users.ensure(valid.user, { startParam: valid.startParam, now: o.clock.now() })
    c.set('user', valid.user)
    return o.limitWrites(c, next)
  }
}
