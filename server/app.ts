/**
 * The reference bot server: the call contract of the spec over a simulated ledger, Telegram
 * init-data validation, and the built mini-app, from one origin.
 */
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { type Context, Hono, type MiddlewareHandler } from 'hono'
import { appRoutes } from './app/routes'
import { devBotRoutes, devHostScript } from './bot/devHost'
import { type ServerBot, serverBot } from './bot/serve'
import { copyFeedAdminRoutes, copyTradeRoutes } from './copyTrade/routes'
import { scheduleFeed } from './copyTrade/engine'
import { type Db, openDatabase } from './db'
import { referralClaimHook } from './friends/bonuses'
import { attributeReferral } from './friends/referrals'
import { friendsRoutes, inviteBotName } from './friends/routes'
import { reportRoutes, supportRoutes } from './devtools/routes'
import { adminOnly } from './kernel/admin'
import { type AppEnv, InitDataError, type InitDataUser, validateInitData } from './kernel/auth'
import { loadCatalogue } from './kernel/catalogue'
import { DEFAULT_KEEP_ALIVE_TIMEOUT_MS, DEFAULT_REQUEST_TIMEOUT_MS, type ServerConfig, secretsOf } from './kernel/config'
import { cors } from './kernel/cors'
import { Jobs } from './kernel/jobs'
import { InsufficientBalance, useBalanceCache } from './kernel/ledger'
import { LOGO_HEADERS, loadLogos } from './kernel/logos'
import { CONTENT_TYPES, demoLaunchScript, demoTourOf, readIndex, servedServersMeta, staticFiles, tourUser } from './kernel/static'
import { contentSecurityPolicy } from './kernel/csp'
import { healthRoutes } from './kernel/health'
import { createLogger, defaultLogLevel, logCallback, registerSecrets } from './kernel/log'
import { Metrics, countBotApiErrors, metricsRoutes } from './kernel/metrics'
import { DatabaseRateStore, writeRateLimit } from './kernel/rateLimit'
import { requestContext, requestLog, setAnswerHeader } from './kernel/requests'
import { Users } from './kernel/users'
import { unavailableAnswer, unavailableDependency, viaTelegram } from './kernel/unavailable'
import { BadRequest, BodyIncomplete, DEFAULT_LIMITS, NO_SUCH_CALL, PayloadTooLarge, checkQuery, checkValue, limitsOf } from './kernel/validate'
import { miningDevRoutes } from './mining/dev'
import { miningRoutes } from './mining/routes'
import type { SeasonConfig } from './mining/season'
import { type Clock, MovableClock, systemClock } from './kernel/clock'
import { type TonPayments, startTonPayments } from './payments/external'
import { Payments } from './payments/orders'
import { internalPayments } from './payments/internal'
import { type PaymentWays, orderRoutes, productPaymentRoutes } from './payments/routes'
import { type InvoiceText, starsInvoiceLink } from './payments/stars'
import { tonConnectTransaction } from './payments/ton'
import { autoclaimProduct, defineAutoclaimJob } from './mining/autoclaim'
import { allianceBonusHook } from './guilds/bonus'
import { GUILD_RANKS_INTERVAL_MS, defineGuildJob } from './guilds/ranks'
import { guildRoutes } from './guilds/routes'
import type { ClaimHook } from './mining/miner'
import { INVOICE_TEXTS } from './mining/seed'
import { demoWalletScript } from './standins/demoWallet'
import { transferRoutes } from './send/routes'
import { toolLogoSvg } from './swap/logos'
import { loadPartnerLogos } from './tasks/logos'
import { swapRoutes } from './swap/routes'
import { depositSimulatorRoutes } from './wallet/depositSimulator'
import { walletRoutes } from './wallet/routes'
import { airdropRoutes } from './airdrops/routes'
import { OWN_CHANNELS } from './tasks/catalogue'
import { dailyBoostOffered } from './tasks/daily'
import { recordTaskFacts } from './tasks/facts'
import { type WalletProofs, tasksRoutes } from './tasks/routes'
import { tonApiPublicKeys } from './payments/tonProof'
import { defineVerifyJob } from './tasks/verify'
import { stakingProduct } from './staking/product'
import { stakingRoutes } from './staking/routes'
import { DEV_SBT_COLLECTION, type SbtMinting, sbtMinting, sbtProduct } from './staking/sbt'
import { STAKING_INVOICE_TEXTS } from './staking/seed'
import { pohDevRoutes, seedDemoPoh } from './poh/dev'
import { definePohJobs } from './poh/pipeline'
import { POH_PRODUCT, pohProduct } from './poh/product'
import { FailingSwitch, type PohProvider, referenceProvider } from './poh/provider'
import { pohRoutes } from './poh/routes'
import { POH_INVOICE_TEXTS } from './poh/seed'

export type { ServerConfig } from './kernel/config'

export interface RunningServer {
  url: string
  port: number
  db: Db
  /** Dev mode only: the user a plain browser opens the app as. */
  demoUser?: DemoUser
  /** The server's clock: movable in dev mode and tests (MovableClock), the system's in production. */
  clock: Clock
  /** The mining season, as configured (dev mode changes it through POST /dev/mining/season). */
  season: SeasonConfig
  /** The job queue (server/kernel/jobs.ts): started with the server, stopped by close(). */
  jobs: Jobs
  /** Orders and their payments (server/payments/orders.ts). */
  payments: Payments
  /** The external way: service wallet, TON watcher, TonConnect's files; dev mode's TON API stand-in and demo wallet. */
  ton: TonPayments
  /** The bot (server/bot), when configured: its Bot API client, and in dev mode and tests the in-process stand-in (`bot.standIn.url`). */
  bot: ServerBot | null
  /** Staking's soulbound tokens: the collection and its watcher (server/staking/sbt.ts). */
  sbt: SbtMinting
  /** Every route the app answers (method and pattern), middleware aside. */
  routes: readonly { method: string; path: string }[]
  /** The HTTP server's timeouts, as set (ms). */
  timeouts: { keepAliveMs: number; headersMs: number; requestMs: number }
  /** Stops taking calls, answers those in flight (cut after `graceMs`), stops the background work, closes the database. */
  close(graceMs?: number): Promise<void>
}

/** How long close() lets the calls in flight finish before cutting their connections: a SIGTERM's drain ends within 10 s. */
export const DRAIN_MS = 8_000

export const DEMO_USER: InitDataUser = { id: 1_000_001, first_name: 'Demo', language_code: 'en' }
/** The demo user as init data names it, plus `firstName` for callers that prefer camel case. */
export type DemoUser = InitDataUser & { firstName: string }
export const INIT_DATA_HEADER = 'telegramRawData'

export async function createApp(config: ServerConfig, db: Db) {
  const dev = config.mode === 'development'
  const catalogue = await loadCatalogue(db)
  const logos = await loadLogos(catalogue.tokens.map((t) => t.symbol))
  const partnerLogos = await loadPartnerLogos()
  const users = new Users(db, catalogue, dev, config.walletSecret)
  // Time is the server's: movable only in dev mode and tests; a production server runs on the system clock.
  const clock: Clock = config.clock ?? (dev ? new MovableClock() : systemClock)
  // Structured logs (server/kernel/log.ts): every line about a request carries its id (kernel/requests.ts);
  // none holds a secret of this configuration.
  registerSecrets(secretsOf(config))
  const log = createLogger(config.logLevel ?? defaultLogLevel(), config.logDestination)
  // The database away and back: two lines for the operator, not one per call it turns away (503s).
  db.availability.onChange((change) =>
    change.available
      ? log.info({ downMs: change.downMs }, `database: answering again after ${change.downMs} ms`)
      : log.warn({ err: change.cause }, 'database: not answering; calls are answered 503 with Retry-After until it is back'),
  )
  const jobs = new Jobs(db, clock, { log: logCallback(log) })
  // Proof of humanity's provider (server/poh/provider.ts): POH_PROVIDER=off turns it off; dev mode can make it fail (POST /dev/poh/providerFails).
  const pohSetting = config.poh?.provider ?? 'reference'
  const pohOn = () => pohSetting !== 'off'
  // Every paid feature is a product of the one payments module (server/payments); tests add their own.
  const payments = new Payments(db, clock, { autoclaim: autoclaimProduct(jobs), staking: stakingProduct(), sbt: sbtProduct(), [POH_PRODUCT]: pohProduct({ jobs, providerOn: pohOn }), ...config.products })
  // What a claim pays besides the claimer (referrals, alliances: the features add theirs here).
  const claimHooks: ClaimHook[] = [referralClaimHook]
  // A new user's first contact names who referred them (server/friends/referrals.ts).
  users.createdHooks.push(attributeReferral)
  // guilds.23: the alliance bonus, on the claimer's own claim (server/guilds/bonus.ts).
  claimHooks.push(allianceBonusHook)
  // Guild ranks' cut-offs, recomputed in batch on the queue (README, "Guilds and alliances").
  defineGuildJob(jobs, db, () => clock.now(), config.guildRanksIntervalMs ?? GUILD_RANKS_INTERVAL_MS)
  defineAutoclaimJob(jobs, db, clock, claimHooks)
  const ton = await startTonPayments({ config, db, clock, jobs, payments, log })
  const pohDevSwitch = dev && pohSetting === 'reference' ? new FailingSwitch(referenceProvider(db, ton.serviceAddress)) : null
  const pohProvider: PohProvider | null = pohSetting === 'off' ? null : pohSetting === 'reference' ? (pohDevSwitch ?? referenceProvider(db, ton.serviceAddress)) : pohSetting
  definePohJobs(jobs, db, clock, { provider: () => pohProvider, queueDelayMs: config.poh?.queueDelayMs, log: logCallback(log) })
  // The bot's /start is a first contact too: a new user is created there, referred by its start parameter.
  const onStart = (from: InitDataUser, startParam: string | null) => users.ensure(from, { startParam, now: clock.now() })
  const bot = config.bot ? await serverBot(config.bot, { token: config.botToken, mode: config.mode, db, payments, jobs, appUrl: config.appUrl, onStart, log: logCallback(log) }) : null
  // Prometheus metrics (server/kernel/metrics.ts); the watcher's lag only where it runs.
  const metrics = new Metrics({ db, now: () => clock.now(), watcherLag: (config.tonWatchIntervalMs ?? 0) > 0 ? () => ton.watcher.lagSeconds() : undefined })
  bot?.api.config.use(countBotApiErrors(metrics))
  /** How each way is paid for a product: the bot's invoice, a TonConnect transaction, the service wallet. */
  const paymentWays = (texts: Readonly<Record<'en' | 'ru', InvoiceText>>): PaymentWays => ({
    starsInvoice: (order, language) => {
      if (bot === null) throw new BadRequest('Telegram Stars are not available: this server runs without its bot', undefined, 409)
      return viaTelegram(() => starsInvoiceLink(bot.api, order, texts[language === 'ru' ? 'ru' : 'en']))
    },
    tonTransaction: (order) => tonConnectTransaction(order, ton.serviceAddress, clock.now()),
    serviceAddress: ton.serviceAddress,
  })
  // Staking's soulbound tokens (server/staking/sbt.ts): minted in the collection, seen there by a second watcher read in the TON watcher's job.
  const sbt = sbtMinting({ db, clock, payments, collection: config.sbtCollectionAddress ?? (dev ? DEV_SBT_COLLECTION : null), authority: ton.serviceAddress, tonApiUrl: ton.apiUrl, tonApiKey: config.tonApi?.apiKey, watch: ton.alsoWatch })
  // A TON wallet is linked with TonConnect's ton_proof (server/payments/tonProof.ts): signed for the app's
  // host (APP_URL's; in dev mode and tests the host a request came to), its key read from the TON API when
  // the proof carries no state init. A production server without APP_URL links no wallet (503).
  const walletProofs: WalletProofs = {
    domainOf: (url) => (config.appUrl ? new URL(config.appUrl).host : dev ? new URL(url).host : null),
    publicKeyOf: tonApiPublicKeys({ baseUrl: ton.apiUrl, apiKey: config.tonApi?.apiKey }),
  }
  // Tasks (issue 16): swaps and deposits recorded as the tasks' facts, subscriptions checked by the bot after their delay.
  recordTaskFacts(db, catalogue, clock)
  defineVerifyJob(jobs, db, bot && ((chatId, userId) => bot.api.getChatMember(chatId, userId)), () => clock.now(), logCallback(log))
  // Dev mode and tests: the stand-in has the project's channels, with the bot as their admin.
  for (const chatId of Object.values(OWN_CHANNELS)) bot?.standIn?.addChat(chatId)
  const season: SeasonConfig = { endsAt: config.season?.endsAt ?? null, appealUntil: config.season?.appealUntil ?? null }
  if (dev) await users.ensure(DEMO_USER)
  if (dev) await seedDemoPoh(db, DEMO_USER.id, clock.now())

  const app = new Hono<AppEnv>()
  app.onError((err, c) => {
    if (err instanceof BadRequest) return c.json({ message: err.message, ...(err.path ? { path: err.path } : {}), ...(err.coded ?? {}) }, err.status)
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

  // Bad input is a 4xx before any route runs (issue 12): a body declared larger than the route
  // takes (header only, so no call pays for a stream wrapper; jsonBody() also counts chunked and
  // undeclared bodies), and query values that are too long or not storable text.
  app.use('*', async (c, next) => {
    const limit = limitsOf(c.req.path).bodyBytes
    if (Number(c.req.header('content-length') ?? 0) > limit) return tooLarge(c, limit)
    if (c.req.url.includes('?')) checkQuery(c.req.queries())
    return next()
  })

  app.get('/logos/tools/:file', (c) => {
    const svg = toolLogoSvg(c.req.param('file').replace(/\.svg$/, ''))
    return svg === null ? c.json({ message: 'no such logo' }, 404) : c.body(svg, 200, { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' })
  })
  app.get('/logos/networks/:file', (c) => {
    const svg = logos.network(c.req.param('file').replace(/\.svg$/, ''))
    return svg === null ? c.json({ message: 'no such logo' }, 404) : c.body(svg, 200, LOGO_HEADERS)
  })
  app.get('/logos/partners/:file', (c) => {
    const svg = partnerLogos.svg(c.req.param('file').replace(/\.svg$/, ''))
    return svg === null ? c.json({ message: 'no such logo' }, 404) : c.body(svg, 200, LOGO_HEADERS)
  })
  app.get('/logos/:file', (c) => c.body(logos.token(c.req.param('file').replace(/\.svg$/, '')), 200, LOGO_HEADERS))
  app.get('/health', (c) => c.json({ ok: true, mode: config.mode }))
  // Liveness, readiness and metrics: no init data (they are no calls of the app's api below).
  app.route('/', healthRoutes({ db, jobs })).route('/', metricsRoutes(metrics, config.mode, config.metricsToken))
  app.route('/', ton.routes)
  // Support reads reports behind the one admin check; the simulators exist in dev mode only.
  app.route('/', supportRoutes(db, adminOnly(config.mode, config.adminToken)))
  if (dev) app.route('/', depositSimulatorRoutes(db, catalogue, users)).route('/', copyFeedAdminRoutes(db, catalogue))
  if (dev && clock instanceof MovableClock) app.route('/', miningDevRoutes(clock, season))
  if (pohDevSwitch) app.route('/', pohDevRoutes(pohDevSwitch))
  if (dev && bot?.standIn) app.route('/', devBotRoutes(bot.standIn, config.botToken, config.authMaxAgeSeconds))
  app.all('/dev/*', async (c, next) => (dev ? next() : c.json({ message: 'not found' }, 404)))
  /** The demo launch for a dev page asked with this query (the tour's ?user=new, ?theme=dark, ?devtools: kernel/static.ts). */
  const demoLaunch = (query: URLSearchParams) => {
    const tour = demoTourOf(query)
    return demoLaunchScript(config.botToken, tourUser(tour, DEMO_USER), tour)
  }
  // For `npm run dev`: the page served by Vite gets the same demo launch parameters (its query passed on).
  app.get('/dev/launchScript', (c) => c.text(demoLaunch(new URL(c.req.url).searchParams) + (ton.standin ? demoWalletScript(new URL(c.req.url).origin) : '') + (bot?.standIn ? devHostScript(new URL(c.req.url).origin) : '')))

  // The page: index.html (dev: with demo launch parameters, signed fresh on every load).
  const index = config.staticDir === null ? null : readIndex(config.staticDir ?? 'dist')
  // Dev mode with the TON API stand-in: the demo wallet too (server/standins/demoWallet.ts), before the app loads;
  // with the Bot API stand-in, the page's stand-in for Telegram's payment sheet (server/bot/devHost.ts).
  // With clientServers (tests), the server lists the page's client uses instead of its build's.
  const devHead = (query: URLSearchParams) =>
    (config.clientServers ? servedServersMeta(config.clientServers()) : '') + demoLaunch(query) + (ton.standin ? demoWalletScript('') : '') + (bot?.standIn ? devHostScript('') : '')
  const page = (query: URLSearchParams) => (index === null ? null : dev ? index.replace('<head>', `<head>${devHead(query)}`) : index)
  // Production: the page's Content-Security-Policy (server/kernel/csp.ts), computed once per page text.
  let policy: { html: string; headers: Record<string, string> } | null = null
  const pageHeaders = (html: string): Record<string, string> => {
    if (dev) return {}
    if (policy?.html !== html) policy = { html, headers: { 'content-security-policy': contentSecurityPolicy(html, config.csp) } }
    return policy.headers
  }
  if (config.staticDir !== null) app.use('*', staticFiles(config.staticDir ?? 'dist', page, pageHeaders))

  // The calls of the contract. Each needs genuine, fresh init data, and its user is who it says,
  // nothing else. Paths that are no call skip the check, so they end as a 404 or the page.
  const api = new Hono<AppEnv>().route('/', walletRoutes(db, catalogue, users, (userId) => dailyBoostOffered(db, userId, clock.now()))).route('/', reportRoutes(db)).route('/', appRoutes(db)).route('/', transferRoutes(db, catalogue, internalPayments(payments, ton.serviceAddress))).route('/', swapRoutes(db, catalogue)).route('/', miningRoutes(db, clock, season, claimHooks)).route('/', guildRoutes(db, clock))
    .route('/', friendsRoutes(db, inviteBotName(config.botUsername, bot && (() => viaTelegram(() => bot.api.getMe())))))
    .route('/', productPaymentRoutes('/mining/autoclaim', 'autoclaim', payments, paymentWays(INVOICE_TEXTS.autoclaim)))
    .route('/', orderRoutes(payments)).route('/', copyTradeRoutes(db, catalogue, users))
    .route('/', tasksRoutes(db, catalogue, clock, jobs, walletProofs)).route('/', airdropRoutes(db, clock))
    .route('/', stakingRoutes({ db, clock, payments, ways: paymentWays(STAKING_INVOICE_TEXTS), sbt }))
    .route('/', pohRoutes({ db, clock, jobs, catalogue, payments, ways: paymentWays(POH_INVOICE_TEXTS), providerOn: pohOn }))
  const isCall = (method: string, path: string) => api.router.match(method === 'HEAD' ? 'GET' : method, path)[0].length > 0
  // A browser's navigation (Sec-Fetch-Mode: navigate, asking for HTML, with no init data) is a page
  // load, even of a path that is also a call's: /mining/tasks is a screen and a call, and a reload
  // there gets the page, not a 401. The client's calls are fetches (mode cors), never navigations.
  const isPageLoad = (c: { req: { method: string; header(name: string): string | undefined } }) =>
    c.req.method === 'GET' &&
    c.req.header('sec-fetch-mode') === 'navigate' &&
    (c.req.header('accept') ?? '').includes('text/html') &&
    c.req.header(INIT_DATA_HEADER) === undefined
  // Per-user limits on writes (server/kernel/rateLimit.ts), once the user is known.
  const limitWrites: MiddlewareHandler = config.rateLimit ? writeRateLimit(config.rateLimit, metrics, new DatabaseRateStore(db, clock)) : (_c, next) => next()
  app.use('*', async (c, next) => {
    const call = isCall(c.req.method, c.req.path)
    if (call && isPageLoad(c)) {
      const html = page(new URL(c.req.url).searchParams)
      if (html !== null) return c.body(html, 200, { 'content-type': CONTENT_TYPES['.html'], 'cache-control': 'no-store' })
    }
    if (!call) return next()
    const valid = validateInitData(c.req.header(INIT_DATA_HEADER), config.botToken, config.authMaxAgeSeconds)
    // Signed is not sane: a dev-mode token is public, and the names become rows.
    checkValue(valid.user, DEFAULT_LIMITS, [INIT_DATA_HEADER, 'user'])
    // First contact: a launch's signed start parameter may name who invited the user (only when new).
    await users.ensure(valid.user, { startParam: valid.startParam, now: clock.now() })
    c.set('user', valid.user)
    return limitWrites(c, next)
  })
  app.route('/', api)
  // SPA fallback: a page load of a client-side route gets index.html; anything else is a JSON 404.
  app.notFound((c) => {
    const html = c.req.method === 'GET' && (c.req.header('accept') ?? '').includes('text/html') ? page(new URL(c.req.url).searchParams) : null
    if (html !== null) return c.body(html, 200, { 'content-type': CONTENT_TYPES['.html'], 'cache-control': 'no-store' })
    // The path is not quoted back: it is the caller's text, and a 404 needs none of it.
    return c.json(NO_SUCH_CALL, 404)
  })
  // The copy-trade engine's simulated trader feed (off unless configured: tests push it by hand).
  scheduleFeed(jobs, db, catalogue, config.copyFeedIntervalMs ?? 0)
  return Object.assign(app, { jobs, clock, season, payments, ton, bot, sbt })
}

/** 413, saying what the call takes. The rest of the body is read and dropped by the adapter, so the client gets to read this. */
function tooLarge(c: Context, limit: number) {
  const size = limit >= 1024 * 1024 ? `${limit / (1024 * 1024)} MB` : `${limit / 1024} KB`
  return c.json({ message: `the request body is larger than ${size} (${limit} bytes), the most this call takes` }, 413)
}

export async function createServer(config: ServerConfig): Promise<RunningServer> {
  // Where a production page's client sends the user's calls is its build's, and nothing else.
  if (config.clientServers && config.mode !== 'development') throw new Error('clientServers is for dev mode and tests only: a production page uses the server lists of its build')
  const db = await openDatabase(config.database)
  // Only with the embedded database does every ledger change pass through this process.
  useBalanceCache(db, config.database.kind === 'pglite')
  const app = await createApp(config, db)
  // A client that never finishes its request is cut off: Node answers 408 and closes the socket.
  const requestTimeout = config.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS
  const serverOptions = { requestTimeout, headersTimeout: Math.min(requestTimeout, 10_000), connectionsCheckingInterval: Math.min(1_000, Math.max(50, requestTimeout / 4)) }
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
  // stays short (tests/server/kernel/keepAlive.test.ts).
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
    season: app.season,
    jobs: app.jobs,
    payments: app.payments,
    ton: app.ton,
    bot: app.bot,
    sbt: app.sbt,
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
