/**
 * SIGTERM drains a server process (server/main.ts, what `npm start` runs): it stops taking
 * connections, answers the calls in flight (here one waiting on a slow Bot API), stops the job queue
 * and the bot, and exits 0 within 10 s. And the HTTP server's idle keep-alive outlives a proxy's
 * (60-65 s), while its headers timeout, counted from a request's first byte, stays short.
 */
import { connect } from 'node:net'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { configFromEnv } from '../../../server/config'
import { type BotApiStandIn, startBotApiStandIn } from '../../../server/standins/botApi'
import { createDatabase } from '../../postgres.mjs'
import { type ServerProcess, startServerProcess } from '../../serverProcess'
import { TEST_BOT, call, newUser, onPostgres, startTestServer } from '../helpers'

/** How long the Bot API takes to make an invoice link here: the call is in flight when SIGTERM comes. */
const SLOW_MS = 2_500

describe('SIGTERM', () => {
  let bot: BotApiStandIn
  let slowApi: { url: string; close(): Promise<void> }
  let server: ServerProcess

  beforeAll(async () => {
    bot = await startBotApiStandIn(TEST_BOT)
    // The Bot API, with invoice links made slowly.
    const app = new Hono().all('*', async (c) => {
      if (c.req.path.endsWith('/createInvoiceLink')) await new Promise((r) => setTimeout(r, SLOW_MS))
      const url = new URL(c.req.url)
      const body = c.req.method === 'GET' ? undefined : await c.req.arrayBuffer()
      // A long poll cut by the server's exit: nobody reads this answer.
      return fetch(`${bot.url}${url.pathname}${url.search}`, {
        method: c.req.method,
        headers: c.req.raw.headers,
        body,
      }).catch(() => new Response(null, { status: 502 }))
    })
    const http = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' })
    await new Promise<void>((resolve) => (http.listening ? resolve() : http.once('listening', () => resolve())))
    slowApi = {
      url: `http://127.0.0.1:${(http.address() as { port: number }).port}`,
      close: () => new Promise((r) => http.close(() => r())),
    }
    const database: Record<string, string> = onPostgres()
      ? { DATABASE_URL: await createDatabase(process.env.TEST_PG_URL ?? inject('pgAdminUrl')) }
      : { DATA_DIR: ':memory:' }
    server = await startServerProcess({
      NODE_ENV: 'development',
      PORT: '0',
      BOT_TOKEN: TEST_BOT,
      BOT_API_ROOT: slowApi.url,
      COPY_FEED_INTERVAL_MS: '0',
      LOG_LEVEL: 'info',
      ...database,
    })
  }, 120_000)

  afterAll(async () => {
    await server?.kill()
    await slowApi?.close()
    await bot?.close()
  })

  it('answers the calls in flight, takes no new connection, stops the queue and the bot, and exits 0 within 10 s', async () => {
    const payer = newUser({ language_code: 'en' })
    expect((await call(server, '/mining/user', payer, {})).status).toBe(200)
    const t0 = performance.now()
    const inFlight = call(server, '/mining/autoclaim/stars', payer, {})
    await new Promise((r) => setTimeout(r, 500))
    process.kill(server.pid, 'SIGTERM')
    const signalled = performance.now()
    // A new connection after the signal is refused (the call in flight is still waiting on the Bot API).
    await new Promise((r) => setTimeout(r, 300))
    const late = await fetch(`${server.url}/healthz`).then(
      (r) => r.status,
      (e: { cause?: { code?: string } }) => e.cause?.code,
    )
    expect(late).toBe('ECONNREFUSED')
    const answer = await inFlight
    expect(answer.status).toBe(200)
    expect(answer.body.data.link).toMatch(/^https?:\/\//)
    expect(performance.now() - t0).toBeGreaterThanOrEqual(SLOW_MS)
    expect(await server.exited).toBe(0)
    const exitMs = performance.now() - signalled
    expect(exitMs).toBeLessThan(10_000)
    const lines = server
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { msg: string })
      .map((l) => l.msg)
    expect(lines).toContain('stopped')
    expect(lines).not.toContain('stopping: not drained in time; exiting')
    console.log(`SIGTERM: the call in flight answered 200, exit 0 ${Math.round(exitMs)} ms after the signal`)
  })
})

describe('keep-alive', () => {
  it('an idle connection is kept beyond a proxy’s idle timeout by default', () => {
    const config = configFromEnv({ NODE_ENV: 'development' })
    expect('error' in config ? config.error : config.keepAliveTimeoutMs).toBeGreaterThan(65_000)
  })

  it('a keep-alive connection idle for longer than the headers timeout is served, and closed once idle past the keep-alive timeout', async () => {
    // Short timeouts to see the rule in seconds: headers within 1 s (from a request's first byte), idle 3 s.
    const server = await startTestServer({ requestTimeoutMs: 1_000, keepAliveTimeoutMs: 3_000 })
    try {
      expect(server.timeouts).toEqual({ keepAliveMs: 3_000, headersMs: 1_000, requestMs: 1_000 })
      const { port } = new URL(server.url)
      const socket = connect(Number(port), '127.0.0.1')
      let received = ''
      let closedAt = 0
      socket.on('data', (d) => (received += d.toString()))
      socket.on('close', () => (closedAt = performance.now()))
      await new Promise((r) => socket.once('connect', r))
      const request = 'GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n'
      socket.write(request)
      await new Promise((r) => setTimeout(r, 2_000))
      socket.write(request)
      const secondAt = performance.now()
      await new Promise((r) => setTimeout(r, 500))
      expect(received.match(/HTTP\/1\.1 200 OK/g)?.length).toBe(2)
      expect(closedAt).toBe(0)
      await new Promise((r) => setTimeout(r, 4_000))
      expect(closedAt).toBeGreaterThan(secondAt + 2_500)
      socket.destroy()
    } finally {
      await server.close()
    }
  })
})
