/**
 * Operations (docs/operations.md): structured logs with a request id on every line
 * about a request and in every error answer, liveness and readiness, Prometheus metrics, per-user
 * limits on writes, and the production page's Content-Security-Policy.
 */
import { Availability } from '../../../server/db'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, createServer } from '../../../server/app'
import {
  TONCONNECT_BRIDGES,
  TONCONNECT_ICON_HOSTS,
  contentSecurityPolicy,
  inlineScriptHashes,
} from '../../../server/kernel/csp'
import { type MovableClock } from '../../../server/kernel/clock'
import { configFromEnv } from '../../../server/config'
import { Metrics, metricsRoutes } from '../../../server/kernel/metrics'
import { type Answer, type User, call, newUser, testConfig } from '../helpers'

/** Log lines a server wrote, parsed. */
function logSink() {
  const lines: Record<string, unknown>[] = []
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>)
      done()
    },
  })
  return { lines, stream }
}

/** One sample of a metric from the exposition text, by its labels; 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const m = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!m || m[1] !== name) continue
    const got = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]))
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(m[3])
  }
  return 0
}

const write = (server: RunningServer, user: User, language: 'en' | 'ru' = 'en') =>
  call(server, '/userLanguage', user, { language, chosenAt: Date.now() })
const metricsText = async (server: RunningServer) => (await fetch(`${server.url}/metrics`)).text()

const sink = logSink()
let server: RunningServer
/** Three writes per user in a 1.5 s window: small enough to reach in a test, short enough to wait out. */
const WINDOW_MS = 1_500
beforeAll(async () => {
  server = await createServer(
    await testConfig({
      logLevel: 'info',
      logDestination: sink.stream,
      rateLimit: { writes: 3, windowMs: WINDOW_MS },
      tonWatchIntervalMs: 3_600_000,
    }),
  )
}, 120_000)
afterAll(async () => {
  await server?.close()
}, 60_000)

describe('request ids and logs', () => {
  it('a sane x-request-id is kept: on the answer and on the log line about the request', async () => {
    const user = newUser()
    const r = await call(
      server,
      '/balances',
      user,
      { accountIndex: 0 },
      { headers: { 'x-request-id': 'trace-7.a:b_c' } },
    )
    expect(r.status).toBe(200)
    expect(r.headers.get('x-request-id')).toBe('trace-7.a:b_c')
    const line = sink.lines.find((l) => l.requestId === 'trace-7.a:b_c')
    expect(line).toMatchObject({
      level: 'info',
      msg: 'request',
      method: 'POST',
      route: '/balances',
      path: '/balances',
      status: 200,
      userId: user.id,
    })
    expect(typeof line?.time).toBe('string')
  })

  it('an id that is no sane token is replaced by a new one; without one, each request gets its own', async () => {
    const odd = await call(server, '/health', null, undefined, { headers: { 'x-request-id': 'x'.repeat(200) } })
    const spaced = await call(server, '/health', null, undefined, { headers: { 'x-request-id': 'a b' } })
    const [a, b] = [odd.headers.get('x-request-id'), spaced.headers.get('x-request-id')]
    for (const id of [a, b]) expect(id).toMatch(/^[0-9a-f-]{36}$/)
    expect(a).not.toBe(b)
  })

  it('every error answer names its request id, in the body and the header, and its log line has it', async () => {
    const answers: Answer[] = [
      await call(server, '/transfer', newUser(), { to: 'nowhere' }), // 400
      await call(server, '/balances', null, { accountIndex: 0 }), // 401: no init data
      await call(server, '/no/such/call', null, { x: 1 }), // 404
    ]
    expect(answers.map((a) => a.status)).toEqual([400, 401, 404])
    for (const a of answers) {
      const id = a.headers.get('x-request-id')
      expect(a.body.requestId).toBe(id)
      expect(typeof a.body.message).toBe('string')
      expect(sink.lines.filter((l) => l.requestId === id).map((l) => l.status)).toEqual([a.status])
    }
  })

  it('every request line carries a request id', () => {
    const requests = sink.lines.filter((l) => l.msg === 'request')
    expect(requests.length).toBeGreaterThan(3)
    for (const l of requests) expect(l.requestId).toEqual(expect.any(String))
  })
})

describe('health and readiness', () => {
  it('/healthz: the process answers, with no init data', async () => {
    expect(await call(server, '/healthz', null)).toEqual({ status: 200, body: { status: 'ok' } })
  })

  it('/readyz: database, migrations and job queue, each ok', async () => {
    expect(await call(server, '/readyz', null)).toEqual({
      status: 200,
      body: { status: 'ready', checks: { database: { ok: true }, migrations: { ok: true }, jobs: { ok: true } } },
    })
  })

  it('/readyz is 503 naming the migration that is not recorded, and ready again once it is', async () => {
    const [row] = await server.db.query<{ name: string; checksum: string | null }>(
      'SELECT name, checksum FROM schema_migrations ORDER BY name DESC LIMIT 1',
    )
    await server.db.query('DELETE FROM schema_migrations WHERE name = $1', [row.name])
    const r = await call(server, '/readyz', null)
    expect(r.status).toBe(503)
    expect(r.body).toMatchObject({
      status: 'not ready',
      checks: {
        database: { ok: true },
        migrations: { ok: false, error: `not applied: ${row.name}` },
        jobs: { ok: true },
      },
    })
    expect(r.body.requestId).toBe(r.headers.get('x-request-id'))
    await server.db.query('INSERT INTO schema_migrations (name, checksum) VALUES ($1, $2)', [row.name, row.checksum])
    expect((await call(server, '/readyz', null)).status).toBe(200)
  })

  it('/readyz is 503 while the job queue is stopped, and ready again once it runs', async () => {
    await server.jobs.stop()
    const r = await call(server, '/readyz', null)
    expect(r.status).toBe(503)
    expect(r.body.checks.jobs).toEqual({ ok: false, error: 'the job queue is not running' })
    await server.jobs.start()
    expect((await call(server, '/readyz', null)).status).toBe(200)
  })

  it('/readyz is 503 when the database refuses or does not answer (in 2 s); /healthz still answers', async () => {
    const query = server.db.query
    try {
      // What a closed pool or a dropped connection gives, then a database that hangs.
      for (const broken of [
        () => Promise.reject(new Error('Cannot use a pool after calling end on the pool')),
        () => new Promise<never>((_, reject) => setTimeout(() => reject(new Error('too late')), 3_000)),
      ]) {
        server.db.query = broken
        const r = await call(server, '/readyz', null)
        expect(r.status).toBe(503)
        expect(r.body.checks.database).toEqual({
          ok: false,
          error: expect.stringMatching(/Cannot use a pool|gave no answer within 2000 ms/),
        })
        expect(r.body.checks.migrations).toEqual({ ok: false, error: 'not checked: the database does not answer' })
        expect((await call(server, '/healthz', null)).status).toBe(200)
      }
    } finally {
      server.db.query = query
    }
    expect((await call(server, '/readyz', null)).status).toBe(200)
  })
})

describe('metrics', () => {
  it('request latency by route pattern and status class, never by raw path; the count moves', async () => {
    const labels = { method: 'GET', route: '/logos/:file', status_class: '2xx' }
    const before = sample(await metricsText(server), 'switch_http_request_duration_seconds_count', labels)
    for (const file of ['ETH.svg', 'TON.svg']) expect((await fetch(`${server.url}/logos/${file}`)).status).toBe(200)
    const text = await metricsText(server)
    expect(sample(text, 'switch_http_request_duration_seconds_count', labels)).toBe(before + 2)
    expect(sample(text, 'switch_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(before + 2)
    expect(text).not.toContain('ETH.svg')
    expect(
      sample(text, 'switch_http_request_duration_seconds_count', {
        method: 'POST',
        route: '/transfer',
        status_class: '4xx',
      }),
    ).toBeGreaterThan(0)
  })

  it("the job queue's depth and the age of its oldest due job, per job name, read from the jobs table", async () => {
    const now = server.clock.now()
    const at = (ms: number) => new Date(ms).toISOString()
    // A name no process defines: it stays due however long the test takes.
    for (const [runAt, key] of [
      [now - 90_000, 'a'],
      [now - 30_000, 'b'],
      [now + 600_000, 'c'],
    ] as const)
      await server.db.query(
        `INSERT INTO jobs (name, data, run_at, singleton_key, created_at) VALUES ('ops.test', 'null'::jsonb, $1::timestamptz, $2, $3::timestamptz)`,
        [at(runAt), key, at(now)],
      )
    try {
      const text = await metricsText(server)
      expect(sample(text, 'switch_job_queue_depth', { job: 'ops.test' })).toBe(2)
      const age = sample(text, 'switch_job_queue_oldest_due_age_seconds', { job: 'ops.test' })
      expect(age).toBeGreaterThanOrEqual(90)
      expect(age).toBeLessThan(150)
    } finally {
      await server.db.query(`DELETE FROM jobs WHERE name = 'ops.test'`)
    }
    expect(sample(await metricsText(server), 'switch_job_queue_depth', { job: 'ops.test' })).toBe(0)
  })

  it("the TON watcher's lag grows with the clock and drops once it has read the wallet to its end", async () => {
    ;(server.clock as MovableClock).advance(120_000)
    expect(sample(await metricsText(server), 'switch_ton_watcher_lag_seconds')).toBeGreaterThanOrEqual(120)
    await server.ton.watcher.poll()
    expect(sample(await metricsText(server), 'switch_ton_watcher_lag_seconds')).toBeLessThan(60)
  })

  it('Bot API errors are counted by method and error code', async () => {
    const withBot = await createServer(await testConfig({ bot: { apiRoot: null, updates: { kind: 'off' } } }))
    try {
      const before = sample(await metricsText(withBot), 'switch_bot_api_errors_total', {
        method: 'getChatMember',
        code: '400',
      })
      await expect(withBot.bot!.api.getChatMember(-100_999_999, 1)).rejects.toThrow()
      expect(
        sample(await metricsText(withBot), 'switch_bot_api_errors_total', { method: 'getChatMember', code: '400' }),
      ).toBe(before + 1)
    } finally {
      await withBot.close()
    }
  }, 120_000)

  it('production: /metrics exists only with the configured bearer token', async () => {
    const db = {
      query: async () => [],
      transaction: async () => undefined,
      close: async () => {},
      availability: new Availability(),
    } as never
    const routes = metricsRoutes(new Metrics({ db, now: Date.now }), 'production', 'scrape-secret')
    expect((await routes.request('/metrics')).status).toBe(404)
    expect((await routes.request('/metrics', { headers: { authorization: 'Bearer wrong-secret!' } })).status).toBe(404)
    const ok = await routes.request('/metrics', { headers: { authorization: 'Bearer scrape-secret' } })
    expect(ok.status).toBe(200)
    expect(await ok.text()).toContain('switch_http_request_duration_seconds')
    const none = metricsRoutes(new Metrics({ db, now: Date.now }), 'production', undefined)
    expect((await none.request('/metrics', { headers: { authorization: 'Bearer ' } })).status).toBe(404)
  })
})

describe('per-user limits on writes', () => {
  it('the fourth write in the window is 429 with Retry-After and a body the client words; reads go on; another user is not limited; after the window it is allowed again', async () => {
    const [a, b] = [newUser(), newUser()]
    for (let i = 0; i < 3; i++) expect((await write(server, a)).status).toBe(200)
    const refused = await write(server, a)
    expect(refused.status).toBe(429)
    const retryAfter = Number(refused.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(Math.ceil(WINDOW_MS / 1000))
    expect(refused.body).toEqual({
      message: expect.stringMatching(/^too many requests: at most 3 changes in 1.5 s/),
      code: 'too-many-requests',
      params: { seconds: String(retryAfter) },
    })
    expect(refused.body.requestId).toBe(refused.headers.get('x-request-id'))
    // Reads are never limited, POST reads included.
    expect((await call(server, '/balances', a, { accountIndex: 0 })).status).toBe(200)
    expect((await call(server, '/tgUserWallets', a)).status).toBe(200)
    // Per user, not global.
    expect((await write(server, b)).status).toBe(200)
    expect(sample(await metricsText(server), 'switch_rate_limited_total')).toBeGreaterThanOrEqual(1)
    await new Promise((r) => setTimeout(r, WINDOW_MS + 100))
    expect((await write(server, a)).status).toBe(200)
  })

  it('the configuration: 60 writes a minute by default, RATE_LIMIT_WRITES=0 turns it off, nonsense refuses to start', () => {
    const env = { NODE_ENV: 'development' }
    expect(configFromEnv(env)).toMatchObject({ rateLimit: { writes: 60, windowMs: 60_000 } })
    expect(configFromEnv({ ...env, RATE_LIMIT_WRITES: '120', RATE_LIMIT_WINDOW_MS: '30000' })).toMatchObject({
      rateLimit: { writes: 120, windowMs: 30_000 },
    })
    expect(configFromEnv({ ...env, RATE_LIMIT_WRITES: '0' })).toMatchObject({ rateLimit: null })
    expect(configFromEnv({ ...env, RATE_LIMIT_WRITES: 'many' })).toEqual({
      error: expect.stringContaining('RATE_LIMIT_WRITES'),
    })
    expect(configFromEnv({ ...env, LOG_LEVEL: 'loud' })).toEqual({
      error: expect.stringContaining('LOG_LEVEL must be one of'),
    })
    expect(configFromEnv({ ...env, LOG_LEVEL: 'debug' })).toMatchObject({ logLevel: 'debug' })
    expect(configFromEnv({ ...env, VITEST: 'true', LOG_LEVEL: undefined })).toMatchObject({ logLevel: 'silent' })
  })
})

describe('Content-Security-Policy of the production page', () => {
  const dist = mkdtempSync(join(tmpdir(), 'dist-csp-'))
  const inline = "(function(){document.documentElement.dataset.x='1'})()"
  writeFileSync(
    join(dist, 'index.html'),
    `<!doctype html><html><head><script>${inline}</script><script type="module" src="/assets/index.js"></script></head><body></body></html>`,
  )

  it('production pages carry it: own origin, the inline script by its hash, TonConnect, framing by Telegram only', async () => {
    const prod = await createServer(
      await testConfig({ mode: 'production', staticDir: dist, csp: { connect: ['https://api.example.org'] } }),
    )
    try {
      for (const path of ['/', '/index.html', '/swap']) {
        const r = await fetch(prod.url + path, { headers: { accept: 'text/html' } })
        expect(r.status, path).toBe(200)
        const csp = r.headers.get('content-security-policy') ?? ''
        const directives = Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]))
        expect(directives['default-src']).toEqual(["'self'"])
        expect(directives['script-src']).toEqual(["'self'", ...inlineScriptHashes(`<script>${inline}</script>`)])
        expect(directives['script-src'].join(' ')).not.toMatch(/unsafe/)
        expect(directives['connect-src']).toEqual(
          expect.arrayContaining([
            "'self'",
            'https://api.example.org',
            'https://config.ton.org',
            'https://bridge.tonapi.io',
            'https://walletbot.me',
          ]),
        )
        expect(directives['media-src']).toEqual(["'self'"])
        expect(directives['object-src']).toEqual(["'none'"])
        expect(directives['frame-ancestors']).toEqual(['https://web.telegram.org', 'https://*.telegram.org'])
      }
      // The calls' answers are no pages: no policy there.
      expect((await fetch(prod.url + '/health')).headers.get('content-security-policy')).toBeNull()
    } finally {
      await prod.close()
    }
  }, 120_000)

  it("dev mode sends none (its page carries the demo's inline launch scripts)", async () => {
    const dev = await createServer(await testConfig({ staticDir: dist }))
    try {
      expect(
        (await fetch(dev.url + '/', { headers: { accept: 'text/html' } })).headers.get('content-security-policy'),
      ).toBeNull()
    } finally {
      await dev.close()
    }
  }, 120_000)

  it("the bridges and icon hosts are those of the installed TonConnect SDK's wallets list", () => {
    const sdk = readFileSync(join('node_modules', '@tonconnect', 'sdk', 'lib', 'esm', 'index.mjs'), 'utf8')
    const list = sdk.slice(sdk.indexOf('FALLBACK_WALLETS_LIST = ['))
    const bridges = new Set([...list.matchAll(/type: 'sse',\s*url: '([^']+)'/g)].map((m) => new URL(m[1]).origin))
    const icons = new Set([...list.matchAll(/image: '([^']+)'/g)].map((m) => new URL(m[1]).origin))
    expect([...bridges].sort()).toEqual([...TONCONNECT_BRIDGES])
    expect([...icons].sort()).toEqual([...TONCONNECT_ICON_HOSTS])
    expect(contentSecurityPolicy('<html></html>')).toContain("script-src 'self';")
  })
})
