/**
 * The reference bot server: the call contract of the spec over a simulated ledger, Telegram
 * init-data validation, and the built mini-app, from one origin. createApp opens the kernel
 * (server/kernel), makes the payments module and the bot (server/services.ts), starts each feature
 * of the list (server/features.ts; what a feature brings: server/feature.ts) and mounts what they serve.
 */
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { Hono, type MiddlewareHandler } from 'hono'
import type { ServerBot } from './bot/serve'
import { type ServerConfig, secretsOf } from './config'
import { type Db, openDatabase } from './db'
import type { FeatureParts, HandlesOf } from './feature'
import { SERVER_FEATURES } from './features'
import { openKernel } from './kernel'
import { type AppEnv, InitDataError, type InitDataUser } from './kernel/auth'
import { INIT_DATA_HEADER, authenticatedCalls } from './kernel/calls'
import type { Clock } from './kernel/clock'
import { DEFAULT_KEEP_ALIVE_TIMEOUT_MS, DEFAULT_REQUEST_TIMEOUT_MS } from './kernel/config'
import { cors } from './kernel/cors'
import { healthRoutes } from './kernel/health'
import type { Jobs } from './kernel/jobs'
import { InsufficientBalance, useBalanceCache } from './kernel/ledger'
import { logoRoutes } from './kernel/logos'
import { Metrics, countBotApiErrors, metricsRoutes } from './kernel/metrics'
import { DatabaseRateStore, writeRateLimit } from './kernel/rateLimit'
import { requestContext, requestLog, setAnswerHeader } from './kernel/requests'
import {
  CONTENT_TYPES,
  appPage,
  demoLaunchScript,
  demoTourOf,
  servedServersMeta,
  staticFiles,
  tourUser,
} from './kernel/static'
import { unavailableAnswer, unavailableDependency } from './kernel/unavailable'
import { DEMO_USER } from './kernel/users'
import { BadRequest, BodyIncomplete, NO_SUCH_CALL, PayloadTooLarge, inputLimits, tooLarge } from './kernel/validate'
import type { TonPayments } from './payments/external'
import type { Payments } from './payments/orders'
import { startServices } from './services'

export type { ServerConfig } from './config'
export { INIT_DATA_HEADER } from './kernel/calls'
export { DEMO_USER } from './kernel/users'

/** What the features hand the running server (FeatureParts.handles): mining's season, staking's soulbound tokens. */
type FeatureHandles = HandlesOf<(typeof SERVER_FEATURES)[number]>

export interface RunningServer extends FeatureHandles {
  url: string
  port: number
  db: Db
  /** Dev mode only: the user a plain browser opens the app as. */
  demoUser?: DemoUser
  /** The server's clock: movable in dev mode and tests (MovableClock), the system's in production. */
  clock: Clock
  /** The job queue (server/kernel/jobs.ts): started with the server, stopped by close(). */
  jobs: Jobs
  /** Orders and their payments (server/payments/orders.ts). */
  payments: Payments
  /** The external way: service wallet, TON watcher, TonConnect's files; dev mode's TON API stand-in and demo wallet. */
  ton: TonPayments
  /** The bot (server/bot), when configured: its Bot API client, and in dev mode and tests the in-process stand-in (`bot.standIn.url`). */
  bot: ServerBot | null
  /** Every route the app answers (method and pattern), middleware aside. */
  routes: readonly { method: string; path: string }[]
  /** The HTTP server's timeouts, as set (ms). */
  timeouts: { keepAliveMs: number; headersMs: number; requestMs: number }
  /** Stops taking calls, answers those in flight (cut after `graceMs`), stops the background work, closes the database. */
  close(graceMs?: number): Promise<void>
}

/** How long close() lets the calls in flight finish before cutting their connections: a SIGTERM's drain ends within 10 s. */
export const DRAIN_MS = 8_000

/** The demo user as init data names it, plus `firstName` for callers that prefer camel case. */
export type DemoUser = InitDataUser & { firstName: string }

export async function createApp(config: ServerConfig, db: Db) {
  const kernel = await openKernel(config, db, secretsOf(config))
  const { dev, clock, users, jobs, log } = kernel
  // Before any feature starts: the payments module, made with every feature's products (tests add their own), and
  // the bot (server/services.ts); the code each feature runs in another's transaction (a new user's, a claim's).
  const services = await startServices(
    kernel,
    config,
    Object.assign({}, ...SERVER_FEATURES.map((f) => f.products?.({ config, jobs })), config.products),
  )
  for (const f of SERVER_FEATURES) users.createdHooks.push(...(f.userCreated ?? []))
  const claimHooks = SERVER_FEATURES.flatMap((f) => f.claimHooks ?? [])
  const { payments, ton, bot } = services
  // Prometheus metrics (server/kernel/metrics.ts); the watcher's lag only where it runs.
  const metrics = new Metrics({
    db,
    now: () => clock.now(),
    watcherLag: (config.tonWatchIntervalMs ?? 0) > 0 ? () => ton.watcher.lagSeconds() : undefined,
  })
  bot?.api.config.use(countBotApiErrors(metrics))
  if (dev) await users.ensure(DEMO_USER)
  // Each feature in the list's order: its jobs, what it serves.
  const parts: FeatureParts[] = [services.parts]
  for (const f of SERVER_FEATURES) parts.push((await f.start?.({ ...kernel, ...services, config, claimHooks })) ?? {})

  const app = new Hono<AppEnv>()
  app.onError((err, c) => {
    if (err instanceof BadRequest)
      return c.json({ message: err.message, ...(err.path ? { path: err.path } : {}), ...(err.coded ?? {}) }, err.status)
    if (err instanceof InitDataError) return c.json({ message: err.message }, 401)
    if (err instanceof PayloadTooLarge) return tooLarge(c, err.limit)
    // The client stopped sending (cut off by the request time-out) or left: whatever is answered.
    if (err instanceof BodyIncomplete) return c.json({ message: err.message }, 408, { connection: 'close' })
    if (err instanceof InsufficientBalance) return c.json({ message: 'not enough balance', path: 'amount' }, 400)
    // The database, Telegram or the TON network away: 503, try again (the outage itself is logged once, not per call).
    const away = unavailableDependency(err)
    if (away !== null) return unavailableAnswer(c, away)
    requestLog(c, log).error({ err }, 'server error')
    return c.json({ message: 'server error' }, 500)
  })
  // First: the request's id, its log line, its latency and the security headers wrap everything after (server/kernel/requests.ts).
  app.use('*', requestContext(log, metrics))
  // Telegram's webhook, ahead of the calls' body limits: an update may be larger, and without the secret token nothing is read.
  if (bot?.webhookPath) app.post(bot.webhookPath, (c) => bot.runner.webhook(c))
  app.use('*', cors([INIT_DATA_HEADER, 'x-client', 'walletindex', 'content-type', 'authorization']))
  // Bad input is a 4xx before any route runs (server/kernel/validate.ts).
  app.use('*', inputLimits())
  // No init data: logos, liveness, readiness, metrics, then the public routes (TonConnect's files, the features').
  app.route('/', logoRoutes(kernel.logos)).get('/health', (c) => c.json({ ok: true, mode: config.mode }))
  app.route('/', healthRoutes({ db, jobs })).route('/', metricsRoutes(metrics, config.mode, config.metricsToken))
  for (const p of parts) if (p.public) app.route('/', p.public)
  // Dev mode only; in production anything under /dev is a 404.
  if (dev) for (const p of parts) if (p.dev) app.route('/', p.dev)
  app.all('/dev/*', async (c, next) => (dev ? next() : c.json({ message: 'not found' }, 404)))
  // The page; in dev mode with demo launch parameters signed fresh on every load, the stand-ins' scripts, and with
  // clientServers (tests) the server lists the page's client uses instead of its build's. `npm run dev`: the script for Vite's page.
  // The tour of the demo (README.md, "Tour of the demo"): ?user=new, ?theme=dark, ?devtools pick
  // the demo launch (server/kernel/static.ts).
  const demoLaunch = (query: URLSearchParams) => {
    const tour = demoTourOf(query)
    return demoLaunchScript(config.botToken, tourUser(tour, DEMO_USER), tour)
  }
  const devScripts = (origin: string, query: URLSearchParams) => demoLaunch(query) + services.devScripts(origin)
  const { page, headers } = appPage({
    staticDir: config.staticDir,
    dev,
    csp: config.csp,
    devHead: (query) => (config.clientServers ? servedServersMeta(config.clientServers()) : '') + devScripts('', query),
  })
  app.get('/dev/launchScript', (c) => c.text(devScripts(new URL(c.req.url).origin, new URL(c.req.url).searchParams)))
  if (config.staticDir !== null) app.use('*', staticFiles(config.staticDir ?? 'dist', page, headers))
  // The calls: genuine, fresh init data for the user it names (server/kernel/calls.ts), then per-user limits on writes.
  const api = new Hono<AppEnv>()
  for (const p of parts) if (p.api) api.route('/', p.api)
  const limitWrites: MiddlewareHandler = config.rateLimit
    ? writeRateLimit(config.rateLimit, metrics, new DatabaseRateStore(db, clock))
    : (_c, next) => next()
  app.use(
    '*',
    authenticatedCalls(api, {
      botToken: config.botToken,
      authMaxAgeSeconds: config.authMaxAgeSeconds,
      users,
      clock,
      page,
      limitWrites,
    }),
  )
  app.route('/', api)
  // SPA fallback: a page load of a client-side route gets index.html; anything else is a JSON 404 (that quotes no path back).
  app.notFound((c) => {
    const html =
      c.req.method === 'GET' && (c.req.header('accept') ?? '').includes('text/html')
        ? page(new URL(c.req.url).searchParams)
        : null
    return html !== null
      ? c.body(html, 200, { 'content-type': CONTENT_TYPES['.html'], 'cache-control': 'no-store' })
      : c.json(NO_SUCH_CALL, 404)
  })
  const handles = Object.assign({}, ...parts.map((p) => p.handles)) as FeatureHandles
  return Object.assign(app, { jobs, clock, payments, ton, bot, handles })
}

export async function createServer(config: ServerConfig): Promise<RunningServer> {
  // Where a production page's client sends the user's calls is its build's, and nothing else.
  if (config.clientServers && config.mode !== 'development')
    throw new Error(
      'clientServers is for dev mode and tests only: a production page uses the server lists of its build',
    )
  const db = await openDatabase(config.database)
  // Only with the embedded database does every ledger change pass through this process.
  useBalanceCache(db, config.database.kind === 'pglite')
  const app = await createApp(config, db)
  // A client that never finishes its request is cut off: Node answers 408 and closes the socket.
  const requestTimeout = config.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS
  const serverOptions = {
    requestTimeout,
    headersTimeout: Math.min(requestTimeout, 10_000),
    connectionsCheckingInterval: Math.min(1_000, Math.max(50, requestTimeout / 4)),
  }
  /** Set by close(): every answer from then on closes its connection, so a keep-alive client does not hold the drain open. */
  let draining = false
  const fetch = async (request: Request, env: unknown) => {
    const res = await app.fetch(request, env)
    if (draining) setAnswerHeader(res, 'connection', 'close')
    return res
  }
  const server = serve({ fetch, port: config.port, hostname: config.host, serverOptions })
  // An idle keep-alive connection outlives a proxy's (60-65 s is usual), so the proxy, not this
  // server, ends it: never a request sent on a socket this server is closing (ECONNRESET). Node
  // counts headersTimeout from a request's first byte, not from the idle time before it, so it
  // stays short (tests/server/kernel/drain.test.ts).
  if ('keepAliveTimeout' in server) server.keepAliveTimeout = config.keepAliveTimeoutMs ?? DEFAULT_KEEP_ALIVE_TIMEOUT_MS
  await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', () => resolve())))
  const port = (server.address() as AddressInfo).port
  await app.jobs.start()
  const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`
  // In the background: an unreachable Bot API is logged and tried again, never in the way of the server.
  app.bot?.start(url)
  const http = server as import('node:http').Server
  return {
    url,
    port,
    db,
    demoUser: config.mode === 'development' ? { ...DEMO_USER, firstName: DEMO_USER.first_name } : undefined,
    clock: app.clock,
    ...app.handles,
    jobs: app.jobs,
    payments: app.payments,
    ton: app.ton,
    bot: app.bot,
    routes: app.routes.filter((r) => r.method !== 'ALL').map((r) => ({ method: r.method, path: r.path })),
    timeouts: { keepAliveMs: http.keepAliveTimeout, headersMs: http.headersTimeout, requestMs: http.requestTimeout },
    /**
     * Drains: no new connection is taken, the calls in flight are answered (each closing its
     * connection), then the bot, the job queue (runs under way end) and the TON watcher stop, and
     * the database closes. Connections still open after `graceMs` are cut.
     */
    async close(graceMs = DRAIN_MS) {
      draining = true
      const closed = new Promise<void>((resolve) => http.close(() => resolve()))
      // Keep-alive clients idle now, or once their answer is out, would hold close() open.
      http.closeIdleConnections()
      const sweep = setInterval(() => http.closeIdleConnections(), 100)
      const cut = setTimeout(() => http.closeAllConnections(), graceMs)
      cut.unref()
      try {
        await Promise.all([closed, app.bot?.close(), app.jobs.stop()])
      } finally {
        clearInterval(sweep)
        clearTimeout(cut)
      }
      await app.ton.close()
      await db.close()
    },
  }
}
