/**
 * The database goes away and comes back, under two server processes (server/main.ts, dev mode) on
 * one PostgreSQL of this file's own, while clients send money: every connection ended at once
 * (pg_terminate_backend, what a failover or an administrator does), PostgreSQL stopped for 10 s
 * (`pg_ctl stop -m fast`, then started), and PostgreSQL frozen for 10 s (SIGSTOP to all of its
 * processes, then SIGCONT).
 *
 * In each: both processes live; a call made while the database is away is answered 503 with
 * Retry-After, the service-unavailable code and its request id, within 10 s; /readyz says 503 and
 * /healthz 200 meanwhile; once the database is back, both answer again by themselves; and every
 * transfer answered 200 is in the ledger once, as is every one answered 503 and sent again with its
 * key. Work that arrives while the database is away (a TON payment seen by the watcher on the job
 * queue, a Stars payment taken by the bot's long polling) is granted once it is back, once.
 *
 * PostgreSQL only: an embedded database is inside the process and does not go away on its own.
 */
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Db, openDatabase } from '../../../server/db'
import { SERVICE_UNAVAILABLE } from '../../../domain/api/errors'
import { orderComment } from '../../../server/payments/orders'
import { serviceWallet } from '../../../server/payments/ton'
import { AUTOCLAIM } from '../../../server/mining/seed'
import { POH } from '../../../server/poh/seed'
import { type BotApiStandIn, startBotApiStandIn } from '../../../server/standins/botApi'
import { TonChain, tonApiStandinApp } from '../../../server/standins/tonApi'
import { type RunningPostgres, createDatabase, startPostgres } from '../../postgres.mjs'
import { type ServerProcess, startServerProcess } from '../../serverProcess'
import { type Answer, TEST_BOT, type User, call, newUser, onPostgres } from '../helpers'

const USDT_ARB = '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9'
/** What each transfer sends: small against the starter balance (500 USDT, 0.5 ETH for fees). */
const AMOUNT = '0.01'
/** Clients sending at once, each its own sender: half through each process. */
const SENDERS = 6
/** How long the database stays away in the stop and freeze faults. */
const AWAY_MS = 10_000
/** The longest a call may wait for its answer while the database is away. */
const ANSWER_WITHIN_MS = 10_000
/** How soon after the database is back both processes answer again (the test's patience, not a figure). */
const BACK_WITHIN_MS = 15_000

interface Sent {
  key: string
  sender: User
  status: number
  ms: number
  answer: Answer
}

describe.skipIf(!onPostgres())(
  'the database goes away and comes back, under two server processes',
  { timeout: 180_000 },
  () => {
    let cluster: RunningPostgres
    let databaseUrl: string
    let processes: ServerProcess[] = []
    /** Whether each process has ended (it must not). */
    const ended: boolean[] = []
    let db: Db
    let bot: BotApiStandIn
    let closeTonApi: () => Promise<void> = async () => {}
    const chain = new TonChain({ now: () => Date.now() })
    const service = serviceWallet()
    const senders: User[] = []
    const recipients: User[] = []
    let recipientAddresses: string[] = []
    /** Every transfer of the file, by key: the ledger is checked against all of them at the end of each case. */
    const transfers = new Map<string, Sent>()

    beforeAll(async () => {
      cluster = await startPostgres()
      databaseUrl = await createDatabase(cluster.url)
      bot = await startBotApiStandIn(TEST_BOT)
      const tonServer = serve({ fetch: tonApiStandinApp(chain).fetch, port: 0, hostname: '127.0.0.1' })
      await new Promise<void>((resolve) =>
        tonServer.listening ? resolve() : tonServer.once('listening', () => resolve()),
      )
      closeTonApi = () => new Promise<void>((resolve) => tonServer.close(() => resolve()))
      const env = {
        NODE_ENV: 'development',
        PORT: '0',
        DATABASE_URL: databaseUrl,
        BOT_TOKEN: TEST_BOT,
        BOT_API_ROOT: bot.url,
        TON_API_URL: `http://127.0.0.1:${(tonServer.address() as AddressInfo).port}`,
        TON_WATCH_INTERVAL_MS: '1000',
        COPY_FEED_INTERVAL_MS: '0',
        RATE_LIMIT_WRITES: '0',
      }
      // One process takes the bot's updates by long polling (two would take turns: Telegram's 409); both make invoices.
      processes = await Promise.all([
        startServerProcess({ ...env, BOT_POLLING: 'on' }),
        startServerProcess({ ...env, BOT_POLLING: 'off' }),
      ])
      processes.forEach((p, i) => {
        ended[i] = false
        void p.exited.then(() => (ended[i] = true))
      })
      db = await openDatabase({ kind: 'postgres', url: databaseUrl })
      for (let i = 0; i < SENDERS; i++) {
        senders.push(newUser({ language_code: 'en' }))
        recipients.push(newUser({ language_code: 'en' }))
      }
      for (const [i, u] of [...senders, ...recipients].entries())
        expect((await call(nth(i), '/tgUserWallets', u)).status).toBe(200)
      recipientAddresses = await Promise.all(
        recipients.map(
          async (r) => ((await call(one, '/tgUserWallets', r)).body as unknown as { address: string }[])[0].address,
        ),
      )
    }, 240_000)

    afterAll(async () => {
      await Promise.all(processes.map((p) => p.stop()))
      await db?.close()
      await closeTonApi()
      await bot?.close()
      cluster?.stop()
    })

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
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

    /** One transfer of sender k through process k % 2 with `key`, timed. */
    async function send(k: number, key: string): Promise<Sent> {
      const t0 = performance.now()
      const answer = await call(nth(k), '/transfer', senders[k], {
        to: recipientAddresses[k],
        amount: AMOUNT,
        tokenAddress: USDT_ARB,
        chainId: 42161,
        accountIndex: 0,
        comment: '',
        dry: false,
        idempotencyKey: key,
      })
      const sent = { key, sender: senders[k], status: answer.status, ms: performance.now() - t0, answer }
      transfers.set(key, sent)
      return sent
    }

    /** Every sender sending back to back, each a new key, until `stop` resolves; answers what each got. */
    async function load(name: string, stop: Promise<unknown>): Promise<Sent[]> {
      let running = true
      void stop.then(() => (running = false))
      const sent: Sent[] = []
      await Promise.all(
        senders.map(async (_, k) => {
          for (let n = 0; running; n++) {
            sent.push(await send(k, `${name}-${k}-${n}`))
            // While the database is away the answers come at once (refused connections): not a busy loop.
            if (sent.at(-1)?.status !== 200) await sleep(100)
          }
        }),
      )
      return sent
    }

    /** Both processes answer a call that reads the database, 200; answers how long that took from `since`. */
    async function bothBack(since: number): Promise<number> {
      const reader = senders[0]
      for (;;) {
        const answers = await Promise.all(
          processes.map((p) =>
            call(p, '/tgUserWallets', reader).then(
              (a) => a.status,
              () => 0,
            ),
          ),
        )
        if (answers.every((s) => s === 200)) return performance.now() - since
        if (performance.now() - since > BACK_WITHIN_MS)
          throw new Error(
            `the processes answer ${answers.join(', ')} ${BACK_WITHIN_MS / 1000} s after the database came back`,
          )
        await sleep(100)
      }
    }

    /** A refusal for want of the database is a 503 the client can act on: Retry-After, its code, the request id. */
    function expectUnavailable(refused: Sent[]) {
      for (const r of refused) {
        expect(r.status, `${r.key}: ${JSON.stringify(r.answer.body)}`).toBe(503)
        expect(r.answer.headers.get('retry-after')).toMatch(/^\d+$/)
        expect(r.answer.body.code).toBe(SERVICE_UNAVAILABLE)
        expect(r.answer.body.requestId).toBe(r.answer.headers.get('x-request-id'))
        expect(r.ms, `${r.key} answered after ${Math.round(r.ms)} ms`).toBeLessThan(ANSWER_WITHIN_MS)
      }
    }

    /**
     * Every transfer not answered 200 is sent again with its key (what the client's retry does) until
     * it is; then each key's transfer is in the ledger once, and each sender's balance is what its
     * transfers took, no more and no less.
     */
    async function expectLedgerExact() {
      for (const t of transfers.values()) {
        if (t.status === 200) continue
        const k = senders.indexOf(t.sender)
        const again = await send(k, t.key)
        expect(again.status, `${t.key} again: ${JSON.stringify(again.answer.body)}`).toBe(200)
      }
      const txIds = [...transfers.values()].map((t) => t.answer.body.txId as string)
      expect(new Set(txIds).size).toBe(transfers.size)
      const rows = await db.query<{ reference: string; withdrawals: number; deposits: number }>(
        `SELECT reference, count(*) FILTER (WHERE reason = 'withdrawal')::int AS withdrawals, count(*) FILTER (WHERE reason = 'deposit')::int AS deposits
       FROM ledger WHERE reference = ANY($1) GROUP BY reference`,
        [txIds],
      )
      expect(rows.length).toBe(txIds.length)
      expect(rows.filter((r) => r.withdrawals !== 1 || r.deposits !== 1)).toEqual([])
      for (const sender of senders) {
        const mine = [...transfers.values()].filter((t) => t.sender === sender).length
        const [{ withdrawals }] = await db.query<{ withdrawals: number }>(
          "SELECT count(*)::int AS withdrawals FROM ledger WHERE user_id = $1 AND reason = 'withdrawal'",
          [sender.id],
        )
        expect(withdrawals).toBe(mine)
        const [{ units }] = await db.query<{ units: string }>(
          "SELECT units::text FROM balances WHERE user_id = $1 AND account_index = 0 AND chain_id = '42161' AND lower(token_address) = lower($2)",
          [sender.id, USDT_ARB],
        )
        // 500 USDT (6 decimals) less 0.01 a transfer.
        expect(BigInt(units)).toBe(500_000_000n - BigInt(mine) * 10_000n)
      }
    }

    function expectAlive() {
      expect(ended).toEqual([false, false])
    }

    const probe = async (path: string) =>
      Promise.all(processes.map((p) => fetch(`${p.url}${path}`).then((r) => r.status)))

    it('every connection ended at once under load: the calls it cut are 503, both processes live and answer again', async () => {
      const terminated = (async () => {
        await sleep(1_500)
        // Twice, a moment apart: the pools' new connections are ended too.
        for (let i = 0; i < 2; i++) {
          await db.query(
            'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
          )
          await sleep(300)
        }
        return performance.now()
      })()
      const back = terminated.then(bothBack)
      const sent = await load(
        'terminate',
        terminated.then(() => sleep(2_000)),
      )
      expectAlive()
      const refused = sent.filter((s) => s.status !== 200)
      expectUnavailable(refused)
      expect(sent.filter((s) => s.status === 200).length).toBeGreaterThan(SENDERS)
      const backMs = await back
      console.log(
        `terminate: ${sent.length} transfers, ${refused.length} answered 503 (slowest ${Math.round(Math.max(0, ...refused.map((r) => r.ms)))} ms); both answering ${Math.round(backMs)} ms after the last termination`,
      )
      await expectLedgerExact()
    })

    it('PostgreSQL stopped for 10 s then started: 503 within 10 s meanwhile, not ready but live, then back by itself; queued payments granted once', async () => {
      // Orders to be paid while the database is away: a TON payment (the watcher, on the job queue) and Stars (the bot's long polling).
      const tonPayer = newUser({ language_code: 'en' })
      const starsPayer = newUser({ language_code: 'en' })
      for (const u of [tonPayer, starsPayer]) expect((await call(two, '/mining/user', u, {})).status).toBe(200)
      const tonOrder = await call(two, '/mining/autoclaim/external', tonPayer, {})
      expect(tonOrder.status).toBe(200)
      const starsOrder = await call(two, '/v2/poh/transaction', starsPayer, {
        payType: 'star',
        idempotencyKey: `stars-${starsPayer.id}`,
      })
      expect(starsOrder.status).toBe(200)
      const tonOrderId = tonOrder.body.orderId as string
      const starsOrderId = starsOrder.body.result.orderId as string

      let stoppedAt = 0
      let startedAt = 0
      let during: { ready: number[]; health: number[] } = { ready: [], health: [] }
      const outage = (async () => {
        await sleep(1_000)
        cluster.stopFast()
        stoppedAt = performance.now()
        chain.add({ account: service, value: AUTOCLAIM.tonNano.toString(), comment: orderComment(tonOrderId) })
        const { chargeId: _, ...paid } = bot.successfulPayment(
          { id: starsPayer.id, is_bot: false, first_name: starsPayer.first_name, language_code: 'en' },
          starsOrderId,
          POH.price.stars,
        )
        bot.emit(paid)
        await sleep(AWAY_MS / 2)
        during = { ready: await probe('/readyz'), health: await probe('/healthz') }
        await sleep(AWAY_MS / 2)
        cluster.start()
        startedAt = performance.now()
      })()
      const back = outage.then(() => bothBack(startedAt))
      const sent = await load(
        'stop',
        outage.then(() => sleep(2_000)),
      )
      expectAlive()
      expect(during).toEqual({ ready: [503, 503], health: [200, 200] })
      const away = sent.filter((s) => s.status !== 200)
      expect(away.length).toBeGreaterThan(0)
      expectUnavailable(away)
      const backMs = await back
      expect(await probe('/readyz')).toEqual([200, 200])
      console.log(
        `stop: ${sent.length} transfers, ${away.length} answered 503 over ${Math.round(startedAt - stoppedAt)} ms down (slowest ${Math.round(Math.max(...away.map((r) => r.ms)))} ms); both answering ${Math.round(backMs)} ms after the start`,
      )
      await expectLedgerExact()

      // What arrived while it was away is granted once it is back, once.
      const granted = async () =>
        db.query<{ order_id: string; kind: string; outcome: string }>(
          'SELECT order_id, kind, outcome FROM payments WHERE order_id = ANY($1) ORDER BY kind',
          [[tonOrderId, starsOrderId]],
        )
      for (const t0 = performance.now(); (await granted()).length < 2; await sleep(200))
        if (performance.now() - t0 > BACK_WITHIN_MS)
          throw new Error(`payments after the restart: ${JSON.stringify(await granted())}`)
      expect(await granted()).toEqual([
        { order_id: starsOrderId, kind: 'stars', outcome: 'granted' },
        { order_id: tonOrderId, kind: 'ton', outcome: 'granted' },
      ])
      const orders = await db.query<{ status: string }>('SELECT status FROM orders WHERE id = ANY($1)', [
        [tonOrderId, starsOrderId],
      ])
      expect(orders.map((o) => o.status)).toEqual(['granted', 'granted'])
      const [{ requests }] = await db.query<{ requests: number }>(
        'SELECT count(*)::int AS requests FROM poh_requests WHERE user_id = $1',
        [starsPayer.id],
      )
      expect(requests).toBe(1)
      expect(bot.callsOf('refundStarPayment')).toEqual([])
    })

    it('PostgreSQL frozen for 10 s: 503 within 10 s meanwhile, not ready but live, then back by itself', async () => {
      let frozenAt = 0
      let thawedAt = 0
      let during: { ready: number[]; health: number[] } = { ready: [], health: [] }
      const outage = (async () => {
        await sleep(1_000)
        cluster.freeze()
        frozenAt = performance.now()
        await sleep(AWAY_MS / 2)
        during = { ready: await probe('/readyz'), health: await probe('/healthz') }
        await sleep(Math.max(0, AWAY_MS - (performance.now() - frozenAt)))
        cluster.thaw()
        thawedAt = performance.now()
      })()
      const back = outage.then(() => bothBack(thawedAt))
      const sent = await load(
        'freeze',
        outage.then(() => sleep(2_000)),
      )
      expectAlive()
      expect(during).toEqual({ ready: [503, 503], health: [200, 200] })
      const away = sent.filter((s) => s.status !== 200)
      expect(away.length).toBeGreaterThan(0)
      expectUnavailable(away)
      const backMs = await back
      console.log(
        `freeze: ${sent.length} transfers, ${away.length} answered 503 over ${Math.round(thawedAt - frozenAt)} ms frozen (slowest ${Math.round(Math.max(...away.map((r) => r.ms)))} ms); both answering ${Math.round(backMs)} ms after the thaw`,
      )
      await expectLedgerExact()
    })
  },
)
