/**
 * Two server processes on one PostgreSQL: two OS processes of server/main.ts (what
 * `npm start` runs, dev mode), each on its own port, one DATABASE_URL, started at the same moment;
 * both run the job queue. They share one Bot API stand-in and one TON API stand-in, run by this test.
 * Their clocks are dev mode's movable ones, moved by the same amount in both (POST /dev/clock), in
 * whole intervals of the periodic jobs (all three run every 5 minutes here), so that each move makes
 * each periodic job due exactly once. What a run does is counted where it lands: the ledger, the
 * tables, the calls the stand-ins got; never the logs.
 *
 * - copy feed, guild ranks, TON watcher: one run per due time (checked after every move);
 * - the watcher grants each payment it sees once; autoclaim claims once per window;
 * - a subscription check asks Telegram once per click and completes the task once;
 * - the PoH pipeline sends each request's code once;
 * - a Stars successful_payment delivered twice to one process, or to both, grants once;
 * - a Stars refunded_payment delivered to both refunds the order and undoes its grant once;
 * - two processes starting at once make dev mode's demo data once;
 * - the write rate limit counts a user's writes on both processes together.
 *
 * PostgreSQL only: an embedded database belongs to one process.
 */
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { Address } from '@ton/core'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { SECRET_HEADER } from '../../../server/bot/bot'
import { FEED_JOB } from '../../../server/copyTrade/engine'
import { type Db, openDatabase } from '../../../server/db'
import { GUILD_JOB, GUILD_RANKS_INTERVAL_MS } from '../../../server/guilds/ranks'
import { AUTOCLAIM } from '../../../server/mining/seed'
import { CLAIM_WINDOW_MS } from '../../../domain/mining/accrual'
import { orderComment } from '../../../server/payments/orders'
import { STARS_REFUND_JOB } from '../../../server/payments/stars'
import { serviceWallet } from '../../../server/payments/ton'
import { TON_WATCHER_JOB } from '../../../server/payments/watcher'
import { POH } from '../../../server/poh/seed'
import { type BotApiStandIn, startBotApiStandIn } from '../../../server/standins/botApi'
import { TonChain, tonApiStandinApp } from '../../../server/standins/tonApi'
import { OWN_CHANNELS } from '../../../server/tasks/catalogue'
import { createDatabase } from '../../postgres.mjs'
import { type ServerProcess, startServerProcess } from '../../serverProcess'
import { type Json, TEST_BOT, type User, call, newUser, onPostgres } from '../helpers'

/** Every periodic job's interval here: the guild ranks' own (not configurable), the others set to it. */
const INTERVAL_MS = GUILD_RANKS_INTERVAL_MS
const PERIODIC = [FEED_JOB, GUILD_JOB, TON_WATCHER_JOB]
const WEBHOOK_PATH = '/telegram/webhook'
const WEBHOOK_SECRET = 'two-processes_secret'
const TRADER = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
const USDT_ARB = '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9'
/** The write rate limit of both processes: 5 writes a minute per user, whichever process takes them. */
const WRITES_PER_WINDOW = 5
const RATE_WINDOW_MS = 60_000

describe.skipIf(!onPostgres())('two server processes on one PostgreSQL', { timeout: 60_000 }, () => {
  let processes: ServerProcess[] = []
  let db: Db
  let bot: BotApiStandIn
  let closeTonApi: () => Promise<void> = async () => {}
  const chain = new TonChain({ now: () => Date.now() + movedMs })
  /** How far the test moved both processes' clocks. */
  let movedMs = 0
  /** The TON API's reads of the service wallet: one per run of the watcher (fewer than a page of transactions here). */
  let serviceWalletReads = 0
  const service = serviceWallet()

  beforeAll(async () => {
    bot = await startBotApiStandIn(TEST_BOT)
    for (const chatId of Object.values(OWN_CHANNELS)) bot.addChat(chatId)
    const tonApi = new Hono()
      .use('/api/v3/transactions', async (c, next) => {
        const account = c.req.query('account')
        if (account && Address.isFriendly(account) && Address.parse(account).equals(Address.parse(service)))
          serviceWalletReads++
        await next()
      })
      .route('/', tonApiStandinApp(chain))
    const tonServer = serve({ fetch: tonApi.fetch, port: 0, hostname: '127.0.0.1' })
    await new Promise<void>((resolve) =>
      tonServer.listening ? resolve() : tonServer.once('listening', () => resolve()),
    )
    closeTonApi = () => new Promise<void>((resolve) => tonServer.close(() => resolve()))
    const databaseUrl = await createDatabase(process.env.TEST_PG_URL ?? inject('pgAdminUrl'))
    const env = {
      NODE_ENV: 'development',
      PORT: '0',
      DATABASE_URL: databaseUrl,
      BOT_TOKEN: TEST_BOT,
      BOT_API_ROOT: bot.url,
      BOT_WEBHOOK_URL: WEBHOOK_PATH,
      BOT_WEBHOOK_SECRET: WEBHOOK_SECRET,
      TON_API_URL: `http://127.0.0.1:${(tonServer.address() as AddressInfo).port}`,
      TON_WATCH_INTERVAL_MS: String(INTERVAL_MS),
      COPY_FEED_INTERVAL_MS: String(INTERVAL_MS),
      // Above what any user here writes in the other tests (3 at most), low enough to reach.
      RATE_LIMIT_WRITES: String(WRITES_PER_WINDOW),
      RATE_LIMIT_WINDOW_MS: String(RATE_WINDOW_MS),
    }
    // At the same moment, on a new database: both migrate, both start the queue, both seed dev mode's demo data.
    processes = await Promise.all([startServerProcess(env), startServerProcess(env)])
    db = await openDatabase({ kind: 'postgres', url: databaseUrl })
    // The copy feed steps only for a followed trader.
    const follower = await user(0)
    const started = await call(one, '/startMonitoringCopyTrade', follower, {
      accountIndex: 0,
      chainId: 42161,
      followedAddress: TRADER,
      ante: 0.1,
      protocols: ['uniswapUniversalRouter'],
      depositInNano: '150000000',
      fromToken: USDT_ARB,
    })
    expect(started.status).toBe(200)
  }, 180_000)

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()))
    await db?.close()
    await closeTonApi()
    await bot?.close()
  })

  /** Process 1, process 2, and a process by turns. */
  const one = {
    get url() {
      return processes[0].url
    },
  }
  const two = {
    get url() {
      return processes[1].url
    },
  }
  const nth = (i: number) => (i % 2 === 0 ? one : two)

  /** A new user with a wallet and a mining profile, made through process i % 2. */
  async function user(i: number): Promise<User> {
    const u = newUser({ language_code: 'en' })
    expect((await call(nth(i), '/tgUserWallets', u)).status).toBe(200)
    expect((await call(nth(i), '/mining/user', u, {})).status).toBe(200)
    return u
  }

  /** Waits until `done` answers true. */
  async function until(done: () => Promise<boolean>, what: string) {
    for (const started = Date.now(); !(await done()); await new Promise((r) => setTimeout(r, 50)))
      if (Date.now() - started > 20_000) throw new Error(`${what}: still not so after 20 s`)
  }

  /** The periodic jobs' runs so far, counted by what each run leaves: a feed step, a generation of the guild lists, a read of the service wallet. */
  async function periodicRuns() {
    const [feed] = await db.query<{ steps: number }>(
      'SELECT next_seq::int AS steps FROM copy_feed WHERE followed_address = $1 AND chain_id = $2',
      [TRADER.toLowerCase(), '42161'],
    )
    const [guilds] = await db.query<{ generation: string }>(
      'SELECT last_value::text AS generation FROM guild_generation',
    )
    return { feedSteps: feed?.steps ?? 0, guildGenerations: Number(guilds.generation), watcherRuns: serviceWalletReads }
  }

  /**
   * Moves both processes' clocks `intervals` periodic intervals ahead; waits until both have worked
   * off everything due (every periodic job's next run ahead, nothing due or running); then each
   * periodic job has run once, whichever process ran it, however far the clocks moved.
   */
  async function advance(intervals: number): Promise<number> {
    const before = await periodicRuns()
    const advanceMs = intervals * INTERVAL_MS
    const moved = await Promise.all(
      processes.map(async (p) => (await call(p, '/dev/clock', null, { advanceMs })).body as Json),
    )
    movedMs += advanceMs
    const now = new Date(Math.max(...moved.map((m) => Number(m.now))))
    await until(async () => {
      const [jobs] = await db.query<{ busy: number; chains: number }>(
        `SELECT (SELECT count(*)::int FROM jobs WHERE state = 'running' OR (state = 'pending' AND run_at <= $1)) AS busy,
                (SELECT count(*)::int FROM jobs WHERE name = ANY($2) AND state = 'pending' AND run_at > $1) AS chains`,
        [now, PERIODIC],
      )
      return jobs.busy === 0 && jobs.chains === PERIODIC.length
    }, `the work due at ${now.toISOString()} done`)
    expect(await periodicRuns()).toEqual({
      feedSteps: before.feedSteps + 1,
      guildGenerations: before.guildGenerations + 1,
      watcherRuns: before.watcherRuns + 1,
    })
    return now.getTime()
  }
  const clockNow = async () => Number((await call(one, '/dev/clock', null)).body.now)

  it('two processes started at once on a new database make dev mode’s demo data once', async () => {
    const twice = await db.query(
      "SELECT user_id FROM ledger WHERE reason = 'dev-seed' GROUP BY user_id HAVING count(*) > 1",
    )
    expect(twice).toEqual([])
    const [{ miners }] = await db.query<{ miners: number }>(
      "SELECT count(DISTINCT user_id)::int AS miners FROM ledger WHERE reason = 'dev-seed'",
    )
    expect(miners).toBeGreaterThan(200)
  })

  it('the copy feed, guild ranks and the TON watcher each run once per due time, in one process or the other', async () => {
    for (let i = 0; i < 3; i++) await advance(1)
    // One chain each, whichever process started first.
    const chains = await db.query<{ name: string; n: number }>(
      "SELECT name, count(*)::int AS n FROM jobs WHERE name = ANY($1) AND state IN ('pending', 'running') GROUP BY name ORDER BY name",
      [PERIODIC],
    )
    expect(chains).toEqual([...PERIODIC].sort().map((name) => ({ name, n: 1 })))
  })

  it('the TON watcher grants each payment it sees once; autoclaim then claims once per window', async () => {
    const miners = await Promise.all([0, 1, 2, 3].map(user))
    const orders: string[] = []
    for (const [i, m] of miners.entries()) {
      const answer = await call(nth(i), '/mining/autoclaim/external', m, {})
      expect(answer.status).toBe(200)
      orders.push(answer.body.orderId as string)
    }
    const paid = orders.map((orderId) =>
      chain.add({ account: service, value: AUTOCLAIM.tonNano.toString(), comment: orderComment(orderId) }),
    )
    // The first order paid a second time (another transaction), and the second's transaction seen again (the same hash).
    const again = chain.add({ account: service, value: AUTOCLAIM.tonNano.toString(), comment: orderComment(orders[0]) })
    chain.add({
      account: service,
      value: AUTOCLAIM.tonNano.toString(),
      comment: orderComment(orders[1]),
      hash: paid[1].hash,
    })
    await advance(1)
    const payments = await db.query<{ proof_id: string; order_id: string; outcome: string }>(
      "SELECT proof_id, order_id, outcome FROM payments WHERE kind = 'ton' AND order_id = ANY($1) ORDER BY proof_id",
      [orders],
    )
    const expected = [
      ...paid.map((tx, i) => ({ proof_id: tx.hash, order_id: orders[i], outcome: 'granted' })),
      { proof_id: again.hash, order_id: orders[0], outcome: 'not-payable' },
    ]
    expect(payments).toEqual(expected.sort((a, b) => (a.proof_id < b.proof_id ? -1 : 1)))
    const granted = await db.query<{ status: string }>('SELECT status FROM orders WHERE id = ANY($1)', [orders])
    expect(granted.map((o) => o.status)).toEqual(orders.map(() => 'granted'))

    /** Moves the clocks into the autoclaim's lead before every miner's deadline (whole intervals), and waits for the claims. */
    const toClaimTime = async () => {
      const windows = await db.query<{ start: Date }>(
        'SELECT window_start AS start FROM mining_users WHERE user_id = ANY($1)',
        [miners.map((m) => m.id)],
      )
      const starts = windows.map((w) => w.start.getTime())
      const now = await clockNow()
      const intervals = Math.ceil((Math.max(...starts) + CLAIM_WINDOW_MS - AUTOCLAIM.leadMs - now) / INTERVAL_MS)
      const at = await advance(intervals)
      expect(at).toBeLessThan(Math.min(...starts) + CLAIM_WINDOW_MS)
    }
    const claims = async () =>
      db.query<{ user_id: string; reference: string; n: number }>(
        "SELECT user_id::text, reference, count(*)::int AS n FROM ledger WHERE reason = 'autoclaim' AND user_id = ANY($1) GROUP BY user_id, reference ORDER BY user_id, reference",
        [miners.map((m) => m.id)],
      )
    await toClaimTime()
    const first = await claims()
    expect(first.map((c) => [c.user_id, c.n])).toEqual(miners.map((m) => [String(m.id), 1]).sort())
    await toClaimTime()
    const both = await claims()
    expect(both).toHaveLength(miners.length * 2)
    expect(both.every((c) => c.n === 1)).toBe(true)
  })

  it('a subscription check asks Telegram once per click and completes the task once', async () => {
    const users = await Promise.all([0, 1, 2, 3].map(user))
    const members = users.slice(0, 2)
    for (const u of members)
      bot.setChatMember(OWN_CHANNELS.subscription, { id: u.id, is_bot: false, first_name: u.first_name }, 'member')
    // Each click reaches both processes at once (a double tap on a flaky network); one check each.
    for (const u of users) {
      const clicks = await Promise.all(
        [one, two].map((p) => call(p, '/mining/taskStarted', u, { code: 'subscription' })),
      )
      expect(clicks.map((c) => c.status)).toEqual([200, 200])
    }
    await advance(1)
    const asked = (u: User) => bot.callsOf('getChatMember').filter((c) => Number(c.params.user_id) === u.id).length
    expect(users.map(asked)).toEqual([1, 1, 1, 1])
    const rewards = await db.query<{ user_id: string; n: number }>(
      "SELECT user_id::text, count(*)::int AS n FROM ledger WHERE reason = 'task' AND reference LIKE 'subscription:%' AND user_id = ANY($1) GROUP BY user_id ORDER BY user_id",
      [users.map((u) => u.id)],
    )
    expect(rewards).toEqual(
      members.map((u) => ({ user_id: String(u.id), n: 1 })).sort((a, b) => (a.user_id < b.user_id ? -1 : 1)),
    )
    const outcomes = await db.query<{ user_id: string; outcome: string }>(
      "SELECT user_id::text, outcome FROM task_starts WHERE code = 'subscription' AND user_id = ANY($1)",
      [users.map((u) => u.id)],
    )
    expect(Object.fromEntries(outcomes.map((o) => [o.user_id, o.outcome]))).toEqual(
      Object.fromEntries(users.map((u, i) => [String(u.id), i < 2 ? 'done' : 'not-member'])),
    )
  })

  /** PoH requests paid in this file: their codes are counted once the pipeline has run. */
  const pohPayers: User[] = []

  it('a Stars successful_payment delivered twice to one process, or once to each, grants once', async () => {
    const payers = await Promise.all([0, 1].map(user))
    const webhook = (p: { url: string }, update: unknown) =>
      fetch(`${p.url}${WEBHOOK_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SECRET_HEADER]: WEBHOOK_SECRET },
        body: JSON.stringify(update),
      })
    const deliveries = [
      [one, one],
      [one, two],
    ]
    const charges: string[] = []
    const orders: string[] = []
    for (const [i, u] of payers.entries()) {
      const invoice = await call(nth(i), '/v2/poh/transaction', u, { payType: 'star', idempotencyKey: `stars-${u.id}` })
      expect(invoice.status).toBe(200)
      const orderId = invoice.body.result.orderId as string
      const { chargeId, ...update } = bot.successfulPayment(
        { id: u.id, is_bot: false, first_name: u.first_name, language_code: 'en' },
        orderId,
        POH.price.stars,
      )
      const answers = await Promise.all(deliveries[i].map((p) => webhook(p, { update_id: 700_000 + i, ...update })))
      expect(answers.map((a) => a.status)).toEqual([200, 200])
      charges.push(chargeId)
      orders.push(orderId)
    }
    const payments = await db.query<{ proof_id: string; order_id: string; outcome: string }>(
      "SELECT proof_id, order_id, outcome FROM payments WHERE kind = 'stars' AND order_id = ANY($1) ORDER BY order_id",
      [orders],
    )
    expect(payments).toEqual(
      orders
        .map((orderId, i) => ({ proof_id: charges[i], order_id: orderId, outcome: 'granted' }))
        .sort((a, b) => (a.order_id < b.order_id ? -1 : 1)),
    )
    // Granted once: one request each, one "paid" message each, nothing refunded.
    const requests = await db.query<{ user_id: string; n: number }>(
      'SELECT user_id::text, count(*)::int AS n FROM poh_requests WHERE user_id = ANY($1) GROUP BY user_id ORDER BY user_id',
      [payers.map((u) => u.id)],
    )
    expect(requests.map((r) => r.n)).toEqual([1, 1])
    expect(
      payers.map((u) => bot.callsOf('sendMessage').filter((c) => Number(c.params.chat_id) === u.id).length),
    ).toEqual([1, 1])
    expect(bot.callsOf('refundStarPayment')).toEqual([])
    expect(await db.query('SELECT 1 FROM jobs WHERE name = $1', [STARS_REFUND_JOB])).toEqual([])
    pohPayers.push(...payers)
  })

  it('a Stars refunded_payment delivered once to each process refunds the order once, its grant undone once', async () => {
    const payer = await user(0)
    const webhook = (p: { url: string }, update: unknown) =>
      fetch(`${p.url}${WEBHOOK_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SECRET_HEADER]: WEBHOOK_SECRET },
        body: JSON.stringify(update),
      })
    const invoice = await call(one, '/v2/poh/transaction', payer, {
      payType: 'star',
      idempotencyKey: `refund-${payer.id}`,
    })
    expect(invoice.status).toBe(200)
    const orderId = invoice.body.result.orderId as string
    const from = { id: payer.id, is_bot: false, first_name: payer.first_name, language_code: 'en' }
    const { chargeId, ...payment } = bot.successfulPayment(from, orderId, POH.price.stars)
    expect((await webhook(two, { update_id: 710_000, ...payment })).status).toBe(200)
    // The clocks do not move here: the request waits in the queue, its code not drawn yet.
    const refund = { update_id: 710_001, ...bot.refundedPayment(from, chargeId) }
    const answers = await Promise.all([webhook(one, refund), webhook(two, refund)])
    expect(answers.map((a) => a.status)).toEqual([200, 200])
    expect(await db.query('SELECT status, grant_state FROM orders WHERE id = $1', [orderId])).toEqual([
      { status: 'refunded', grant_state: 'undone' },
    ])
    expect(await db.query("SELECT outcome FROM payments WHERE kind = 'stars' AND order_id = $1", [orderId])).toEqual([
      { outcome: 'refunded' },
    ])
    expect(await db.query('SELECT status, failure, code FROM poh_requests WHERE order_id = $1', [orderId])).toEqual([
      { status: 'internalError', failure: 'refunded', code: null },
    ])
    // Recorded by one process only: the other found it done and said nothing.
    const said = processes.map(
      (p) =>
        p
          .output()
          .split('\n')
          .filter((line) => line.includes(chargeId) && line.includes('stars: refunded_payment')).length,
    )
    expect(said.reduce((a, b) => a + b, 0)).toBe(1)
  })

  it('the PoH pipeline sends each request’s code once', async () => {
    const payers = await Promise.all([0, 1, 2, 3].map(user))
    const paid = await Promise.all(
      payers.map((u, i) =>
        call(nth(i), '/v2/poh/transaction', u, { payType: 'internal', idempotencyKey: `internal-${u.id}` }),
      ),
    )
    expect(paid.map((p) => p.body.result?.status)).toEqual(payers.map(() => 'granted'))
    pohPayers.push(...payers)
    // Queued at once, sent after the provider's delay (POH.queueDelayMs, less than an interval).
    await advance(1)
    const ids = pohPayers.map((u) => u.id)
    await until(
      async () =>
        (await db.query("SELECT 1 FROM poh_requests WHERE user_id = ANY($1) AND status = 'responsing'", [ids]))
          .length === ids.length,
      'every request responsing',
    )
    const codes = await db.query<{ user_id: string; reference: string; n: number }>(
      "SELECT l.user_id::text, l.reference, count(*)::int AS n FROM ledger l WHERE l.reason = 'poh-code' AND l.user_id = ANY($1) GROUP BY l.user_id, l.reference",
      [ids],
    )
    const requests = await db.query<{ user_id: string; id: string }>(
      'SELECT user_id::text, id::text FROM poh_requests WHERE user_id = ANY($1)',
      [ids],
    )
    expect(codes.map((c) => [c.user_id, c.reference, c.n]).sort()).toEqual(
      requests.map((r) => [r.user_id, `poh-code:${r.id}`, 1]).sort(),
    )
    // Paid once each, from the in-app wallet.
    const withdrawals = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM payments WHERE kind = 'ledger' AND user_id = ANY($1)",
      [payers.map((u) => u.id)],
    )
    expect(withdrawals).toEqual([{ n: payers.length }])
  })

  it('a user writing on both processes by turns is limited at the configured total, not at that much per process', async () => {
    const writer = await user(0) // its mining profile: the first write, on process 1
    const write = (i: number) =>
      call(nth(i), '/userLanguage', writer, { language: i % 2 === 0 ? 'en' : 'ru', chosenAt: Date.now() + i })
    const answers = []
    for (let i = 1; i <= WRITES_PER_WINDOW + 1; i++) answers.push(await write(i))
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 429, 429])
    for (const refused of answers.slice(-2)) {
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(RATE_WINDOW_MS / 1000)
      expect(refused.body.code).toBe('too-many-requests')
    }
    // Once the window has passed on the servers' clocks (moved together), each takes writes again.
    await advance(1)
    expect((await write(0)).status).toBe(200)
    expect((await write(1)).status).toBe(200)
  })
})
