/**
 * The TON watcher (the external way) against the TON API stand-in, on the database of the
 * run (PGlite in project unit, PostgreSQL in server-pg): a payment in full grants its order once;
 * over-, under-, repeated and unknown payments are recorded with what settle made of them and grant
 * nothing more; bounced and aborted transactions are passed over; the cursor (last lt and hash)
 * keeps a transaction from being processed twice, and the payments key does when the cursor is
 * lost; the watcher pages through a long history by lt; it runs as a periodic job on the queue.
 */
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Address, beginCell, storeMessage } from '@ton/core'
import { type Db, openDatabase } from '../../../server/db'
import type { Clock } from '../../../server/kernel/clock'
import { Jobs } from '../../../server/kernel/jobs'
import { type Order, Payments, type Product, orderComment } from '../../../server/payments/orders'
import { commentCell } from '../../../server/payments/ton'
import {
  type ApiTransaction,
  TON_WATCHER_JOB,
  TonApi,
  TonWatcher,
  readTransaction,
  scheduleTonWatcher,
} from '../../../server/payments/watcher'
import { type TonApiStandin, startTonApiStandin } from '../../../server/standins/tonApi'
import { testDatabase } from '../helpers'

const API_KEY = 'watcher-test-key'
const PRICE = 2_000_000_000n

class TestClock implements Clock {
  t = Date.parse('2030-01-01T00:00:00.000Z')
  now() {
    return this.t
  }
}

/** A product of the test's own: granting records a row, so a test counts grants. */
const testProduct = (_db: () => Db): Product => ({
  price: () => ({ stars: 10, tonNano: PRICE }),
  refusal: async () => null,
  grant: async (tx, order) =>
    void (await tx.query('INSERT INTO watcher_test_grants (order_id, user_id) VALUES ($1, $2)', [
      order.id,
      order.userId,
    ])),
})

let db: Db
let standin: TonApiStandin
const clock = new TestClock()
let payments: Payments
let nextUser = 7_000_000 + Math.floor(Math.random() * 1_000_000)

beforeAll(async () => {
  db = await openDatabase(await testDatabase())
  await db.query('CREATE TABLE watcher_test_grants (order_id TEXT NOT NULL, user_id BIGINT NOT NULL)')
  standin = await startTonApiStandin({ clock, apiKey: API_KEY })
  payments = new Payments(db, clock, { test: testProduct(() => db) })
}, 120_000)
afterAll(async () => {
  await standin?.close()
  await db?.close()
})

/** A service wallet of the test's own: each test reads its own account and cursor. */
const newWallet = () =>
  new Address(0, createHash('sha256').update(`watcher-test-wallet-${Math.random()}`).digest()).toString({
    bounceable: false,
    urlSafe: true,
  })

async function newOrder(): Promise<Order> {
  const userId = ++nextUser
  await db.query('INSERT INTO users (id, first_name) VALUES ($1, $2)', [userId, `Payer ${userId}`])
  return payments.order(userId, 'test', 'external')
}

function watcherFor(wallet: string, options: { pageSize?: number; maxPages?: number; apiKey?: string | null } = {}) {
  const log: string[] = []
  const api = new TonApi({ baseUrl: standin.url, apiKey: options.apiKey === undefined ? API_KEY : options.apiKey })
  return { watcher: new TonWatcher(db, payments, api, wallet, clock, { ...options, log: (m) => log.push(m) }), log }
}

const pay = (
  wallet: string,
  value: bigint,
  comment: string | null,
  over: { bounced?: boolean; aborted?: boolean; hash?: string } = {},
) => standin.chain.add({ account: wallet, value: value.toString(), comment, ...over })

const grantsOf = async (orderId: string) =>
  (await db.query('SELECT 1 FROM watcher_test_grants WHERE order_id = $1', [orderId])).length
const recorded = (hash: string) =>
  db.query<{ outcome: string; order_id: string | null; amount: string; detail: Record<string, unknown> }>(
    "SELECT outcome, order_id, amount::text AS amount, detail FROM payments WHERE kind = 'ton' AND proof_id = $1",
    [hash],
  )
const statusOf = async (orderId: string) =>
  (
    await db.query<{ status: string; proof_id: string | null }>('SELECT status, proof_id FROM orders WHERE id = $1', [
      orderId,
    ])
  )[0]

describe('the TON watcher', () => {
  it('grants an order paid in full once, and a second look finds nothing new', async () => {
    const wallet = newWallet()
    const { watcher } = watcherFor(wallet)
    const order = await newOrder()
    const tx = pay(wallet, PRICE, orderComment(order.id))
    expect(await watcher.poll()).toEqual([{ hash: tx.hash, lt: tx.lt, outcome: 'granted', orderId: order.id }])
    expect(await grantsOf(order.id)).toBe(1)
    expect(await statusOf(order.id)).toEqual({ status: 'granted', proof_id: tx.hash })
    expect(await recorded(tx.hash)).toEqual([
      {
        outcome: 'granted',
        order_id: order.id,
        amount: PRICE.toString(),
        detail: { lt: tx.lt, from: tx.in_msg?.source, comment: orderComment(order.id) },
      },
    ])
    expect(await watcher.poll()).toEqual([])
    expect(await grantsOf(order.id)).toBe(1)
    const [cursor] = await db.query<{ last_lt: string; last_hash: string }>(
      'SELECT last_lt::text AS last_lt, last_hash FROM ton_watch_cursor WHERE account = $1',
      [watcher.account],
    )
    expect(cursor).toEqual({ last_lt: tx.lt, last_hash: tx.hash })
  })

  it('grants an overpaid order (recording what came), and records an underpaid one without granting it', async () => {
    const wallet = newWallet()
    const { watcher, log } = watcherFor(wallet)
    const over = await newOrder()
    const under = await newOrder()
    const a = pay(wallet, PRICE + 1n, `  ${orderComment(over.id)} thanks`)
    const b = pay(wallet, PRICE - 1n, orderComment(under.id))
    expect((await watcher.poll()).map((s) => s.outcome)).toEqual(['granted', 'underpaid'])
    expect(await recorded(a.hash)).toMatchObject([{ outcome: 'granted', amount: (PRICE + 1n).toString() }])
    expect(await recorded(b.hash)).toMatchObject([
      { outcome: 'underpaid', order_id: under.id, amount: (PRICE - 1n).toString() },
    ])
    expect([await grantsOf(over.id), await grantsOf(under.id)]).toEqual([1, 0])
    expect((await statusOf(under.id)).status).toBe('open')
    expect(log).toEqual([expect.stringContaining(`${b.hash} (lt ${b.lt}) of ${PRICE - 1n} nanotons`)])
    // The underpaid order can still be paid in full.
    const c = pay(wallet, PRICE, orderComment(under.id))
    expect(await watcher.poll()).toEqual([{ hash: c.hash, lt: c.lt, outcome: 'granted', orderId: under.id }])
    expect(await grantsOf(under.id)).toBe(1)
  })

  it('records payments naming no order, or an order nobody has, as unknown-order and grants nothing', async () => {
    const wallet = newWallet()
    const { watcher } = watcherFor(wallet)
    const noComment = pay(wallet, PRICE, null)
    const other = pay(wallet, PRICE, 'for coffee')
    const nobody = pay(wallet, PRICE, orderComment('SWAAAAAAAAAAAAAAAA'))
    expect((await watcher.poll()).map((s) => [s.outcome, s.orderId])).toEqual([
      ['unknown-order', null],
      ['unknown-order', null],
      ['unknown-order', 'SWAAAAAAAAAAAAAAAA'],
    ])
    for (const tx of [noComment, other, nobody])
      expect(await recorded(tx.hash)).toMatchObject([{ outcome: 'unknown-order' }])
  })

  it('grants a repeated payment nothing: a second transfer for a paid order is not-payable, a transaction seen again is a duplicate', async () => {
    const wallet = newWallet()
    const { watcher } = watcherFor(wallet)
    const order = await newOrder()
    const first = pay(wallet, PRICE, orderComment(order.id))
    const second = pay(wallet, PRICE, orderComment(order.id))
    // The API lists the first transaction again further on (a replay): its hash was settled already.
    pay(wallet, PRICE, orderComment(order.id), { hash: first.hash })
    const seen = await watcher.poll()
    expect(seen.map((s) => s.outcome)).toEqual(['granted', 'not-payable', 'duplicate'])
    expect(await recorded(first.hash)).toMatchObject([{ outcome: 'granted' }])
    expect(await recorded(second.hash)).toMatchObject([{ outcome: 'not-payable', order_id: order.id }])
    expect(await grantsOf(order.id)).toBe(1)
    // The cursor lost (a restored backup, say): everything is read again and nothing is granted again.
    await db.query('UPDATE ton_watch_cursor SET last_lt = NULL, last_hash = NULL WHERE account = $1', [watcher.account])
    expect((await watcher.poll()).map((s) => s.outcome)).toEqual(['duplicate', 'duplicate', 'duplicate'])
    expect(await grantsOf(order.id)).toBe(1)
    expect((await db.query("SELECT 1 FROM payments WHERE kind = 'ton' AND order_id = $1", [order.id])).length).toBe(2)
  })

  it('passes over bounced messages and aborted transactions: no money came in, nothing is recorded', async () => {
    const wallet = newWallet()
    const { watcher } = watcherFor(wallet)
    const order = await newOrder()
    const bounced = pay(wallet, PRICE, orderComment(order.id), { bounced: true })
    const aborted = pay(wallet, PRICE, orderComment(order.id), { aborted: true })
    expect(await watcher.poll()).toEqual([
      { hash: bounced.hash, lt: bounced.lt, outcome: 'passed-over', orderId: null },
      { hash: aborted.hash, lt: aborted.lt, outcome: 'passed-over', orderId: null },
    ])
    expect(await recorded(bounced.hash)).toEqual([])
    expect(await recorded(aborted.hash)).toEqual([])
    expect(await grantsOf(order.id)).toBe(0)
    const paid = pay(wallet, PRICE, orderComment(order.id))
    expect(await watcher.poll()).toEqual([{ hash: paid.hash, lt: paid.lt, outcome: 'granted', orderId: order.id }])
  })

  it('reads the service wallet oldest first, page by page, by lt; a run reads at most maxPages and the next goes on', async () => {
    const wallet = newWallet()
    const orders = await Promise.all(Array.from({ length: 23 }, () => newOrder()))
    const txs = orders.map((o) => pay(wallet, PRICE, orderComment(o.id)))
    const { watcher } = watcherFor(wallet, { pageSize: 5, maxPages: 2 })
    // A page after the first starts at the last lt read (inclusive, its hash checked): 5 new, then 4.
    const first = await watcher.poll()
    expect(first.map((s) => s.hash)).toEqual(txs.slice(0, 9).map((t) => t.hash))
    const rest = [...(await watcher.poll()), ...(await watcher.poll())]
    expect(rest.map((s) => s.hash)).toEqual(txs.slice(9).map((t) => t.hash))
    expect(await watcher.poll()).toEqual([])
    expect(new Set([...first, ...rest].map((s) => s.outcome))).toEqual(new Set(['granted']))
    for (const o of orders) expect(await grantsOf(o.id)).toBe(1)
    // One run with room for everything reads the whole history of another wallet.
    const wallet2 = newWallet()
    for (let i = 0; i < 12; i++) pay(wallet2, 1n, `tip ${i}`)
    expect((await watcherFor(wallet2, { pageSize: 2 }).watcher.poll()).map((s) => s.outcome)).toEqual(
      Array(12).fill('unknown-order'),
    )
  })

  it('takes the comment from the message body it decodes, as the demo wallet sends it (an internal message BOC)', async () => {
    const wallet = newWallet()
    const { watcher } = watcherFor(wallet)
    const order = await newOrder()
    const from = new Address(0, Buffer.alloc(32, 9))
    const boc = beginCell()
      .store(
        storeMessage({
          info: {
            type: 'internal',
            ihrDisabled: true,
            bounce: false,
            bounced: false,
            src: from,
            dest: Address.parse(wallet),
            value: { coins: PRICE },
            ihrFee: 0n,
            forwardFee: 0n,
            createdLt: 0n,
            createdAt: 0,
          },
          body: commentCell(orderComment(order.id)),
        }),
      )
      .endCell()
      .toBoc()
      .toString('base64')
    const res = await fetch(`${standin.url}/api/v3/message`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
      body: JSON.stringify({ boc }),
    })
    expect(res.status).toBe(200)
    const [seen] = await watcher.poll()
    expect(seen).toMatchObject({ outcome: 'granted', orderId: order.id })
    expect(await recorded(seen.hash)).toMatchObject([
      {
        amount: PRICE.toString(),
        detail: { from: `0:${from.hash.toString('hex').toUpperCase()}`, comment: orderComment(order.id) },
      },
    ])
  })

  it('checks the hash at the lt it read last: another transaction named there is told, not processed', async () => {
    const wallet = newWallet()
    const order = await newOrder()
    const tx = pay(wallet, PRICE, orderComment(order.id))
    const { watcher, log } = watcherFor(wallet)
    await watcher.poll()
    const forged = { ...tx, hash: 'Zm9yZ2Vk' }
    const lying = new TonWatcher(db, payments, { transactions: async () => [forged] }, wallet, clock, {
      log: (m) => log.push(m),
    })
    expect(await lying.poll()).toEqual([])
    expect(log).toEqual([
      `TON watcher: the API now names Zm9yZ2Vk at lt ${tx.lt}, where ${tx.hash} was processed; it is not processed again`,
    ])
    expect(await recorded('Zm9yZ2Vk')).toEqual([])
  })

  it('fails a run whose API refuses (here a missing key) and keeps its place: the next run settles', async () => {
    const wallet = newWallet()
    const order = await newOrder()
    const tx = pay(wallet, PRICE, orderComment(order.id))
    await expect(watcherFor(wallet, { apiKey: null }).watcher.poll()).rejects.toThrow(/answered 401/)
    const { watcher } = watcherFor(wallet)
    expect(
      (
        await db.query<{ last_lt: string | null }>(
          'SELECT last_lt::text AS last_lt FROM ton_watch_cursor WHERE account = $1',
          [watcher.account],
        )
      )[0].last_lt,
    ).toBeNull()
    expect(await watcher.poll()).toEqual([{ hash: tx.hash, lt: tx.lt, outcome: 'granted', orderId: order.id }])
  })
})

describe('reading a toncenter v3 transaction', () => {
  const base: ApiTransaction = {
    hash: 'h',
    lt: '10',
    now: 1,
    description: { aborted: false },
    in_msg: {
      source: '0:AA',
      destination: '0:BB',
      value: '5',
      bounced: false,
      message_content: { decoded: { type: 'text_comment', comment: 'hi' } },
    },
  }
  it('is an incoming transfer with the API-decoded comment when no body is given', () => {
    expect(readTransaction(base)).toEqual({
      kind: 'transfer',
      hash: 'h',
      lt: 10n,
      now: 1,
      from: '0:AA',
      value: 5n,
      comment: 'hi',
    })
  })
  it('passes over the wallet own sends (an external message, no source) and empty in_msg', () => {
    expect(readTransaction({ ...base, in_msg: { ...base.in_msg, source: null } })).toMatchObject({
      kind: 'passed-over',
      why: 'not an incoming transfer',
    })
    expect(readTransaction({ ...base, in_msg: null })).toMatchObject({
      kind: 'passed-over',
      why: 'not an incoming transfer',
    })
  })
  it('reads the comment from the body over the API decoding, and none from a body that is no comment', () => {
    const body = commentCell('from body').toBoc().toString('base64')
    expect(
      readTransaction({
        ...base,
        in_msg: { ...base.in_msg, message_content: { body, decoded: { type: 'text_comment', comment: 'decoded' } } },
      }),
    ).toMatchObject({ comment: 'from body' })
    const jetton = beginCell().storeUint(0x7362d09c, 32).endCell().toBoc().toString('base64')
    expect(
      readTransaction({ ...base, in_msg: { ...base.in_msg, message_content: { body: jetton, decoded: null } } }),
    ).toMatchObject({ comment: null })
  })
})

describe('the watcher job', () => {
  it('runs every interval on the queue and settles what came in since', async () => {
    const wallet = newWallet()
    const { watcher } = watcherFor(wallet)
    const jobs = new Jobs(db, clock, { log: () => {} })
    scheduleTonWatcher(jobs, watcher, 15_000)
    const order = await newOrder()
    pay(wallet, PRICE, orderComment(order.id))
    // Not before its interval has passed.
    expect(await jobs.runDue()).toBe(0)
    expect(await grantsOf(order.id)).toBe(0)
    clock.t += 15_000
    expect(await jobs.runDue()).toBe(1)
    expect(await grantsOf(order.id)).toBe(1)
    expect(await db.query("SELECT 1 FROM jobs WHERE name = $1 AND state = 'pending'", [TON_WATCHER_JOB])).toHaveLength(
      1,
    )
    await db.query('DELETE FROM jobs WHERE name = $1', [TON_WATCHER_JOB])
  })
})
