/**
 * The external way with two server processes on one PostgreSQL: both run the TON watcher
 * as a periodic job on the queue over one TON API (the stand-in); each transaction is settled once
 * and each order granted once. And without the queue, two watchers polling at the same moment still
 * process each transaction once (the cursor row's lock). PostgreSQL only: an embedded database
 * belongs to one process.
 */
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, createServer } from '../../../server/app'
import type { Clock } from '../../../server/kernel/clock'
import { Address } from '@ton/core'
import { type Product, orderComment } from '../../../server/payments/orders'
import { TON_WATCHER_JOB, TonApi, TonWatcher } from '../../../server/payments/watcher'
import { type TonApiStandin, startTonApiStandin } from '../../../server/standins/tonApi'
import { onPostgres, testConfig } from '../helpers'

const PRICE = 1_000_000_000n
const INTERVAL_MS = 10_000

/** One clock for both servers and the stand-in, moved only by the test. */
const clock: Clock & { t: number } = { t: Date.parse('2030-01-01T00:00:00.000Z'), now: () => clock.t }

const product: Product = {
  price: () => ({ stars: 1, tonNano: PRICE }),
  refusal: async () => null,
  grant: async (tx, order) =>
    void (await tx.query('INSERT INTO two_watchers_grants (order_id) VALUES ($1)', [order.id])),
}

describe.skipIf(!onPostgres())('two servers watching one service wallet on one PostgreSQL', () => {
  let a: RunningServer
  let b: RunningServer
  let standin: TonApiStandin
  let nextUser = 8_000_000 + Math.floor(Math.random() * 1_000_000)

  beforeAll(async () => {
    standin = await startTonApiStandin({ clock })
    const config = await testConfig({
      clock,
      products: { test: product },
      tonApi: { url: standin.url },
      tonWatchIntervalMs: INTERVAL_MS,
    })
    // One after the other: the first creates the schema, the second finds it.
    a = await createServer(config)
    b = await createServer(config)
    await a.db.query('CREATE TABLE two_watchers_grants (order_id TEXT NOT NULL)')
  }, 120_000)
  afterAll(async () => {
    await a?.close()
    await b?.close()
    await standin?.close()
  })

  const orders = async (n: number) => {
    const made = []
    for (let i = 0; i < n; i++) {
      const userId = ++nextUser
      await a.db.query('INSERT INTO users (id, first_name) VALUES ($1, $2)', [userId, `Payer ${userId}`])
      made.push(await (i % 2 === 0 ? a : b).payments.order(userId, 'test', 'external'))
    }
    return made
  }
  const settledOnce = async (hashes: string[]) => {
    const rows = await a.db.query<{ proof_id: string; n: number }>(
      "SELECT proof_id, count(*)::int AS n FROM payments WHERE kind = 'ton' AND proof_id = ANY($1) GROUP BY proof_id",
      [hashes],
    )
    return rows.length === hashes.length && rows.every((r) => r.n === 1)
  }

  it('settles each transaction once and grants each order once, the job running in one of them per interval', async () => {
    expect(a.ton.serviceAddress).toBe(b.ton.serviceAddress)
    const [underpaid, ...paid] = await orders(31)
    const txs = paid.map((o) =>
      standin.chain.add({ account: a.ton.serviceAddress, value: PRICE.toString(), comment: orderComment(o.id) }),
    )
    // And a repeated payment, an underpaid one and one naming no order.
    txs.push(
      standin.chain.add({ account: a.ton.serviceAddress, value: PRICE.toString(), comment: orderComment(paid[0].id) }),
    )
    txs.push(standin.chain.add({ account: a.ton.serviceAddress, value: '1', comment: orderComment(underpaid.id) }))
    txs.push(standin.chain.add({ account: a.ton.serviceAddress, value: PRICE.toString(), comment: 'hello' }))
    // Both servers' chains are one: one watcher job waits.
    expect(
      await a.db.query("SELECT 1 FROM jobs WHERE name = $1 AND state = 'pending'", [TON_WATCHER_JOB]),
    ).toHaveLength(1)
    for (let i = 0; i < 4; i++) {
      clock.t += INTERVAL_MS
      const [byA, byB] = await Promise.all([a.jobs.runDue(), b.jobs.runDue()])
      expect(byA + byB).toBeLessThanOrEqual(1)
    }
    expect(await settledOnce(txs.map((t) => t.hash))).toBe(true)
    const grants = await a.db.query<{ order_id: string; n: number }>(
      'SELECT order_id, count(*)::int AS n FROM two_watchers_grants GROUP BY order_id',
    )
    expect(grants.map((g) => g.order_id).sort()).toEqual(paid.map((o) => o.id).sort())
    expect(grants.every((g) => g.n === 1)).toBe(true)
    const outcomes = await a.db.query<{ outcome: string; n: number }>(
      "SELECT outcome, count(*)::int AS n FROM payments WHERE kind = 'ton' AND proof_id = ANY($1) GROUP BY outcome ORDER BY outcome",
      [txs.map((t) => t.hash)],
    )
    expect(outcomes).toEqual([
      { outcome: 'granted', n: 30 },
      { outcome: 'not-payable', n: 1 },
      { outcome: 'underpaid', n: 1 },
      { outcome: 'unknown-order', n: 1 },
    ])
  })

  it('without the queue, two watchers polling at once still process each transaction once', async () => {
    const wallet = new Address(0, createHash('sha256').update(`two-watchers-${Math.random()}`).digest()).toString({
      bounceable: false,
      urlSafe: true,
    })
    const api = new TonApi({ baseUrl: standin.url })
    const watchers = [a, b].map(
      (s) => new TonWatcher(s.db, s.payments, api, wallet, clock, { pageSize: 4, log: () => {} }),
    )
    const paid = await orders(20)
    const txs = paid.map((o) =>
      standin.chain.add({ account: wallet, value: PRICE.toString(), comment: orderComment(o.id) }),
    )
    const seen = (await Promise.all([...watchers, ...watchers].map((w) => w.poll()))).flat()
    const later = (await Promise.all(watchers.map((w) => w.poll()))).flat()
    const all = [...seen, ...later].map((s) => s.hash)
    expect(all.sort()).toEqual(txs.map((t) => t.hash).sort())
    expect(await settledOnce(txs.map((t) => t.hash))).toBe(true)
    expect(
      (await a.db.query('SELECT 1 FROM two_watchers_grants WHERE order_id = ANY($1)', [paid.map((o) => o.id)])).length,
    ).toBe(20)
  })
})
