/**
 * The one admin check: support's reads (GET /bugReport/:ticket) need
 * `Authorization: Bearer <ADMIN_TOKEN>` in production. The header and the expected value are
 * compared as SHA-256 digests with timingSafeEqual: equal lengths always, so neither the token's
 * content nor its length shows in the answer's timing. In dev mode the check lets everyone through,
 * as the reads are a developer's tool there.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import type { Context, MiddlewareHandler } from 'hono'

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest()

/** True when `header` is exactly `Bearer <token>`; false for no token configured. Constant time in both. */
export function isAdminAuthorization(header: string | undefined, token: string | undefined): boolean {
  const presented = digest(header ?? '')
  // Compared even when no token is configured, so that case takes the same time as a wrong token.
  const expected = digest(token ? `Bearer ${token}` : '\u0000no admin token')
  return timingSafeEqual(presented, expected) && token !== undefined && token !== ''
}

/** The request carries `Authorization: Bearer <token>` (the same constant-time check); GET /metrics' token in production (server/kernel/metrics.ts). */
export const carriesBearer = (c: Context, token: string | undefined): boolean =>
  isAdminAuthorization(c.req.header('authorization'), token)

export function adminOnly(mode: 'development' | 'production', token: string | undefined): MiddlewareHandler {
  if (mode === 'development') return (_c, next) => next()
  return async (c, next) =>
    isAdminAuthorization(c.req.header('authorization'), token)
      ? next()
      : c.json(
          {
            message: token
              ? 'support access needs the admin token (Authorization: Bearer <ADMIN_TOKEN>)'
              : 'support access is off: the server has no ADMIN_TOKEN',
          },
          401,
        )
}
