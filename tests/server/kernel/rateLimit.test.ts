/**
 * The write rate limit's counts live in the database (server/kernel/rateLimit.ts DatabaseRateStore;
 * docs/operations.md, "Write rate limit"): a window on the server's clock, counts that a restart
 * does not forget, ended windows deleted, and a database that does not answer is its own failure,
 * not the limiter's. On PGlite and on PostgreSQL; two processes on one PostgreSQL share the counts
 * (tests/server/kernel/twoProcesses.test.ts).
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import type { RunningServer } from '../../../server/app'
import { Availability, type DatabaseConfig, type Db } from '../../../server/db'
import { MovableClock } from '../../../server/kernel/clock'
import { Metrics } from '../../../server/kernel/metrics'
import { DatabaseRateStore, writeRateLimit } from '../../../server/kernel/rateLimit'
import { type User, call, newUser, startTestServer, testDatabase } from '../helpers'

const LIMIT = { writes: 3, windowMs: 60_000 }
let chosen = Date.now()
const write = (server: RunningServer, user: User) =>
  call(server, '/userLanguage', user, { language: 'en', chosenAt: ++chosen })
const statuses = async (server: RunningServer, user: User, n: number) => {
  const out: number[] = []
  for (let i = 0; i < n; i++) out.push((await write(server, user)).status)
  return out
}

describe('the write rate limit, counted in the database', () => {
  it('the limit reached is 429 with Retry-After until the window has passed on the server’s clock; reads are never limited', async () => {
    const clock = new MovableClock()
    const server = await startTestServer({ rateLimit: LIMIT, clock })
    try {
      const user = newUser()
      expect(await statuses(server, user, 3)).toEqual([200, 200, 200])
      const refused = await write(server, user)
      expect(refused.status).toBe(429)
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(55)
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60)
      // Reads go on, GETs and the POSTs that only read, however many.
      for (let i = 0; i < 5; i++) {
        expect((await call(server, '/balances', user, { accountIndex: 0 })).status).toBe(200)
        expect((await call(server, '/tgUserWallets', user)).status).toBe(200)
      }
      // Half the window later on the server's clock: still refused, with half the wait.
      clock.advance(30_000)
      const later = await write(server, user)
      expect(later.status).toBe(429)
      expect(Number(later.headers.get('retry-after'))).toBeLessThanOrEqual(30)
      // The window has passed on the server's clock (no real time has): a new one starts.
      clock.advance(30_000)
      expect(await statuses(server, user, 4)).toEqual([200, 200, 200, 429])
    } finally {
      await server.close()
    }
  })

  it('a restart on the same database does not forget the counts', async () => {
    const given = await testDatabase()
    const database: DatabaseConfig =
      given.kind === 'pglite' ? { kind: 'pglite', dataDir: mkdtempSync(join(tmpdir(), 'rate-limit-')) } : given
    const clock = new MovableClock()
    const user = newUser()
    const first = await startTestServer({ rateLimit: LIMIT, clock, database })
    try {
      expect(await statuses(first, user, 2)).toEqual([200, 200])
    } finally {
      await first.close()
    }
    const second = await startTestServer({ rateLimit: LIMIT, clock, database })
    try {
      expect(await statuses(second, user, 2)).toEqual([200, 429])
    } finally {
      await second.close()
    }
  }, 60_000)

  it('the rows of windows that have ended are deleted', async () => {
    const clock = new MovableClock()
    const server = await startTestServer({ rateLimit: LIMIT, clock })
    try {
      const [gone, stays] = [newUser(), newUser()]
      const rows = async () =>
        (
          await server.db.query<{ key: string }>(
            'SELECT key FROM rate_limit_windows WHERE key = ANY($1) ORDER BY key',
            [[`user:${gone.id}`, `user:${stays.id}`]],
          )
        ).map((r) => r.key)
      expect((await write(server, gone)).status).toBe(200)
      expect(await rows()).toEqual([`user:${gone.id}`])
      clock.advance(2 * LIMIT.windowMs)
      expect((await write(server, stays)).status).toBe(200)
      // The sweep is not waited for by the write that started it.
      for (let i = 0; i < 100 && (await rows()).length > 1; i++) await new Promise((r) => setTimeout(r, 20))
      expect(await rows()).toEqual([`user:${stays.id}`])
    } finally {
      await server.close()
    }
  })

  it('a database that does not answer the count: its error goes on as it is, and reads do not ask', async () => {
    const failure = Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' })
    const db = {
      query: () => Promise.reject(failure),
      transaction: () => Promise.reject(failure),
      close: async () => {},
      instance: {},
      availability: new Availability(),
    } as unknown as Db
    let seen: unknown = null
    const app = new Hono()
      .onError((err, c) => {
        seen = err
        return c.json({ message: 'as the app answers a database that does not answer' }, 503)
      })
      .use('*', async (c, next) => {
        c.set('user' as never, { id: 7 } as never)
        await next()
      })
      .use(
        '*',
        writeRateLimit(LIMIT, new Metrics({ db, now: Date.now }), new DatabaseRateStore(db, new MovableClock())),
      )
      .post('/userLanguage', (c) => c.json({ ok: true }))
      .get('/balances', (c) => c.json([]))
    const refused = await app.request('/userLanguage', { method: 'POST' })
    expect(refused.status).toBe(503)
    expect(seen).toBe(failure)
    expect((await app.request('/balances')).status).toBe(200)
  })
})
