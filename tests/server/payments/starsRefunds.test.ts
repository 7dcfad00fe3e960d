/**
 * A Telegram Stars payment refunded outside this server (by the bot's owner, or by Telegram): the
 * bot gets a message with refunded_payment, through the real grammY bot on long polling against the
 * Bot API stand-in. The payment is marked refunded once, and an order it had granted is refunded,
 * its grant taken back where that can be done exactly ('undone') or left for an operator
 * ('flagged'), per product (docs/operations.md, "Telegram Stars refunds and support"). A refund of
 * a charge this server never saw is logged and ignored. On PGlite and PostgreSQL. The job queue's
 * loop is stopped: the tests run due jobs themselves and move the server's clock.
 */
import { Writable } from 'node:stream'
import { beforeAll, describe, expect, it } from 'vitest'
import { CLAIM_WINDOW_MS } from '../../../domain/mining/accrual'
import { TEXTS } from '../../../server/bot/texts'
import type { MovableClock } from '../../../server/kernel/clock'
import { AUTOCLAIM } from '../../../server/mining/seed'
import type { Order, Product } from '../../../server/payments/orders'
import { STARS_REFUND_JOB } from '../../../server/payments/stars'
import { sbtProduct } from '../../../server/staking/sbt'
import { type User, newUser, useServer } from '../helpers'
import { TEST_PRICE_STARS, callsOf, messagesTo, pollingBot, standInOf, testProduct } from '../bot/helpers'
import { pay as payPoh, statusOf as pohStatus } from '../poh/helpers'
import { deposit, stakerWith } from '../staking/helpers'

/** The server's log lines (its bot logs at level error), parsed. */
const logged: { msg?: string }[] = []
const sink = new Writable({
  write(chunk: Buffer, _enc, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) logged.push(JSON.parse(line) as { msg?: string })
    done()
  },
})

const test = testProduct()
/** A product whose undo changes something, then fails: the change must not stay. */
const brokenUndo: Product = {
  ...testProduct().product,
  undo: async (tx, order) => {
    await tx.query("UPDATE users SET language = 'ru' WHERE id = $1", [order.userId])
    throw new Error('the undo fell over')
  },
}
const QUEUE_DELAY_MS = 60_000
const api = useServer({
  bot: pollingBot,
  products: { test: test.product, broken: brokenUndo },
  poh: { queueDelayMs: QUEUE_DELAY_MS },
  logLevel: 'error',
  logDestination: sink,
})
const clock = () => api.server.clock as MovableClock

beforeAll(async () => {
  await api.server.bot!.ready
  await api.server.jobs.stop()
})

const from = (u: User) => ({ id: u.id, is_bot: false, first_name: u.first_name, language_code: 'en' })
const slugOf = (link: string) => link.split('$').pop() as string
const orderRow = async (orderId: string) =>
  (
    await api.server.db.query<{ status: string; grant_state: string | null; grant_note: string | null }>(
      'SELECT status, grant_state, grant_note FROM orders WHERE id = $1',
      [orderId],
    )
  )[0]
const paymentOutcome = async (chargeId: string) =>
  (
    await api.server.db.query<{ outcome: string }>(
      "SELECT outcome FROM payments WHERE kind = 'stars' AND proof_id = $1",
      [chargeId],
    )
  )[0]?.outcome
const logOf = (chargeId: string) => logged.map((l) => l.msg ?? '').filter((m) => m.includes(chargeId))
const ledger = async (userId: number, reason: string) =>
  (
    await api.server.db.query<{ delta: string }>(
      'SELECT delta::text AS delta FROM ledger WHERE user_id = $1 AND reason = $2',
      [userId, reason],
    )
  ).map((r) => r.delta)

/** Pays an invoice link as `user` through the stand-in; waits until the order is granted; answers the charge. */
async function payInvoice(user: User, link: string, orderId: string): Promise<string> {
  const paid = await standInOf(api.server).pay(slugOf(link), from(user))
  expect(paid.status).toBe('paid')
  await expect.poll(async () => (await orderRow(orderId)).status, { timeout: 5_000 }).toBe('granted')
  return paid.chargeId as string
}

/** Telegram tells the bot that `chargeId` was refunded; waits until its order is refunded. */
async function refundOutside(user: User, chargeId: string, orderId: string) {
  standInOf(api.server).emit(standInOf(api.server).refundedPayment(from(user), chargeId))
  await expect.poll(async () => (await orderRow(orderId)).status, { timeout: 5_000 }).toBe('refunded')
  expect(await paymentOutcome(chargeId)).toBe('refunded')
  return orderRow(orderId)
}

async function miner(): Promise<User> {
  const user = newUser({ language_code: 'en' })
  await api.call('/tgUserWallets', user)
  await api.call('/mining/user', user, {})
  return user
}
const autoclaimActive = async (user: User) =>
  (await api.call('/mining/user', user)).body.userMining.autoclaimActive as boolean
async function autoclaimPaid(user: User) {
  const answer = await api.call('/mining/autoclaim/stars', user, {})
  expect(answer.status).toBe(200)
  const orderId = answer.body.orderId as string
  return { orderId, chargeId: await payInvoice(user, answer.body.data.link as string, orderId) }
}

const staker = () => stakerWith(api.server, newUser({ language_code: 'en' }), '1000')
const deposits = async (user: User) =>
  (await api.call('/mining/staking/deposits', user)).body.deposits as {
    _id: string
    orderId: string | null
    amount: string
    dttmClaimed: string | null
  }[]
const lockOf = async (user: User) => (await api.call('/mining/user', user)).body.userMining.lockAmount as string
const totalStaked = async () => (await api.call('/mining/staking/total', null)).body.totalAmount as string
async function stakePaid(user: User) {
  const answer = await deposit(api.server, user, { amount: '250', period: '5y', type: 'stars' })
  expect(answer.status).toBe(200)
  const orderId = answer.body.orderId as string
  return { orderId, chargeId: await payInvoice(user, answer.body.telegramLink as string, orderId) }
}

async function pohPaid(user: User) {
  const answer = await payPoh(api.server, user, 'star')
  expect(answer.status).toBe(200)
  const { payUrl, orderId } = answer.body.result as { payUrl: string; orderId: string }
  return { orderId, chargeId: await payInvoice(user, payUrl, orderId) }
}
const pohRequest = async (orderId: string) =>
  (
    await api.server.db.query<{ status: string; failure: string | null; code: string | null }>(
      'SELECT status, failure, code FROM poh_requests WHERE order_id = $1',
      [orderId],
    )
  )[0]
/** Runs the PoH pipeline as far as it goes now and after its queue's delay. */
async function runPipeline() {
  await api.server.jobs.runDue()
  clock().advance(QUEUE_DELAY_MS)
  await api.server.jobs.runDue()
}

describe('autoclaim refunded', () => {
  it('not used yet: the order is refunded and autoclaim stops at once (undone)', async () => {
    const user = await miner()
    const { orderId, chargeId } = await autoclaimPaid(user)
    expect(await autoclaimActive(user)).toBe(true)
    const order = await refundOutside(user, chargeId, orderId)
    expect(order).toMatchObject({
      status: 'refunded',
      grant_state: 'undone',
      grant_note: expect.stringMatching(/stopped at .* claimed nothing/),
    })
    expect(await autoclaimActive(user)).toBe(false)
    expect((await api.call('/mining/autoclaim', user)).body.active).toBe(false)
    // the buyer sees the order refunded
    expect((await api.call(`/payments/orders/${orderId}`, user)).body.status).toBe('refunded')
    // its job, when it comes, claims nothing
    clock().advance(CLAIM_WINDOW_MS - AUTOCLAIM.leadMs + 1_000)
    await api.server.jobs.runDue()
    expect(await ledger(user.id, 'autoclaim')).toEqual([])
    expect(logOf(chargeId)).toEqual([
      expect.stringMatching(
        new RegExp(`order ${orderId} \\(autoclaim, user ${user.id}\\) refunded outside this server, its grant undone`),
      ),
    ])
  })

  it('that has claimed since it was paid: stopped, and flagged for an operator (what it claimed stays the user’s)', async () => {
    const user = await miner()
    const { orderId, chargeId } = await autoclaimPaid(user)
    clock().advance(CLAIM_WINDOW_MS - AUTOCLAIM.leadMs + 1_000)
    await api.server.jobs.runDue()
    const claimed = await ledger(user.id, 'autoclaim')
    expect(claimed).toHaveLength(1)
    const order = await refundOutside(user, chargeId, orderId)
    expect(order).toMatchObject({
      status: 'refunded',
      grant_state: 'flagged',
      grant_note: expect.stringMatching(/stopped at .* claimed for the user since the grant/),
    })
    expect(await autoclaimActive(user)).toBe(false)
    expect(await ledger(user.id, 'autoclaim')).toEqual(claimed)
    expect(logOf(chargeId)).toEqual([expect.stringContaining('its grant FLAGGED for an operator')])
  })
})

describe('a paid staking deposit refunded', () => {
  it('not claimed: cancelled as if never made, its stake unlocked with no reward (undone)', async () => {
    const user = await staker()
    const before = await totalStaked()
    const { orderId, chargeId } = await stakePaid(user)
    expect(await lockOf(user)).toBe('250')
    const [made] = await deposits(user)
    const order = await refundOutside(user, chargeId, orderId)
    expect(order).toMatchObject({
      status: 'refunded',
      grant_state: 'undone',
      grant_note: expect.stringContaining(`deposit ${made._id} of 250`),
    })
    expect(await deposits(user)).toEqual([])
    expect(await lockOf(user)).toBe('0')
    expect(await totalStaked()).toBe(before)
    expect(await ledger(user.id, 'stake-refund')).toEqual(['-250000000000'])
    expect(await ledger(user.id, 'stake-reward')).toEqual([])
    // the SWITCH itself stays: it was always the user's
    expect((await api.call('/mining/user', user)).body.userMining.gotAmount).toBe('1000')
  })

  it('already claimed with its reward: nothing changes, flagged', async () => {
    const user = await staker()
    const { orderId, chargeId } = await stakePaid(user)
    const [made] = await deposits(user)
    // its period over (as dev mode's seed makes one claimable), then claimed
    await api.server.db.query('UPDATE staking_deposits SET dttm_ended = $2 WHERE id = $1', [
      made._id,
      new Date(clock().now() - 1_000).toISOString(),
    ])
    expect((await api.call(`/mining/staking/deposits/${made._id}/claim`, user, {})).status).toBe(200)
    const reward = await ledger(user.id, 'stake-reward')
    const order = await refundOutside(user, chargeId, orderId)
    expect(order).toMatchObject({
      status: 'refunded',
      grant_state: 'flagged',
      grant_note: expect.stringMatching(new RegExp(`deposit ${made._id} .* was claimed at`)),
    })
    expect(await deposits(user)).toEqual([expect.objectContaining({ _id: made._id, dttmClaimed: expect.any(String) })])
    expect(await ledger(user.id, 'stake-reward')).toEqual(reward)
    expect(await ledger(user.id, 'stake-refund')).toEqual([])
  })
})

describe('proof of humanity refunded', () => {
  it('before its code is drawn: the request stops, failed, and no code is ever sent (undone)', async () => {
    const user = await miner()
    const { orderId, chargeId } = await pohPaid(user)
    // queued for the provider, its code not drawn yet
    await api.server.jobs.runDue()
    expect(await pohRequest(orderId)).toMatchObject({ status: 'internalInQueue', code: null })
    const order = await refundOutside(user, chargeId, orderId)
    expect(order).toMatchObject({
      status: 'refunded',
      grant_state: 'undone',
      grant_note: expect.stringContaining('stopped before its code was sent'),
    })
    await runPipeline()
    expect(await pohRequest(orderId)).toMatchObject({ status: 'internalError', failure: 'refunded', code: null })
    expect(await pohStatus(api.server, user)).toBe('internalError')
    expect(await ledger(user.id, 'poh-code')).toEqual([])
  })

  it('its code sent to the wallet: the request stays, flagged', async () => {
    const user = await miner()
    const { orderId, chargeId } = await pohPaid(user)
    await runPipeline()
    expect(await pohRequest(orderId)).toMatchObject({ status: 'responsing' })
    const order = await refundOutside(user, chargeId, orderId)
    expect(order).toMatchObject({
      status: 'refunded',
      grant_state: 'flagged',
      grant_note: expect.stringContaining('its code was sent'),
    })
    expect(await pohRequest(orderId)).toMatchObject({ status: 'responsing' })
  })
})

describe('once, and only for what this server took', () => {
  it('the same refund delivered twice, or recorded twice at once, takes the grant back once', async () => {
    const user = await staker()
    const { orderId, chargeId } = await stakePaid(user)
    const standIn = standInOf(api.server)
    const update = standIn.refundedPayment(from(user), chargeId)
    standIn.emit(update)
    standIn.emit(update)
    await expect.poll(async () => (await orderRow(orderId)).status, { timeout: 5_000 }).toBe('refunded')
    // and twice at once, as two processes taking it would (concurrent transactions on PostgreSQL)
    const again = await Promise.all([
      api.server.payments.recordRefund('stars', chargeId),
      api.server.payments.recordRefund('stars', chargeId),
    ])
    expect(again.map((r) => r.kind)).toEqual(['duplicate', 'duplicate'])
    await new Promise((r) => setTimeout(r, 300))
    expect(await ledger(user.id, 'stake-refund')).toEqual(['-250000000000'])
    expect(logOf(chargeId)).toHaveLength(1)
    expect(await lockOf(user)).toBe('0')
  })

  it('two deliveries racing in the database: one records the refund, the other finds it done', async () => {
    const user = await staker()
    const { orderId, chargeId } = await stakePaid(user)
    const records = await Promise.all([
      api.server.payments.recordRefund('stars', chargeId),
      api.server.payments.recordRefund('stars', chargeId),
    ])
    expect(records.map((r) => r.kind).sort()).toEqual(['duplicate', 'granted'])
    expect(await orderRow(orderId)).toMatchObject({ status: 'refunded', grant_state: 'undone' })
    expect(await ledger(user.id, 'stake-refund')).toEqual(['-250000000000'])
  })

  it('a refund of a charge this server never saw is logged and ignored', async () => {
    const user = newUser({ language_code: 'en' })
    const chargeId = 'stxsi-never-seen-here'
    const standIn = standInOf(api.server)
    standIn.emit(standIn.refundedPayment(from(user), chargeId, { amount: 77, payload: 'SWZZZZZZZZZZZZZZZZ' }))
    await expect
      .poll(() => logOf(chargeId), { timeout: 5_000 })
      .toEqual([expect.stringMatching(/no payment of this charge was recorded here, ignored$/)])
    expect(await paymentOutcome(chargeId)).toBeUndefined()
    expect(messagesTo(standIn, user.id)).toEqual([])
  })

  it('a payment that granted nothing is marked refunded; this server’s own refund of it then changes nothing more', async () => {
    const user = await miner()
    const order = await api.server.payments.order(user.id, 'test', 'stars')
    const standIn = standInOf(api.server)
    // underpaid: this server refunds it by its job, which has not run yet when the owner refunds it
    const { chargeId, ...paid } = standIn.successfulPayment(from(user), order.id, TEST_PRICE_STARS - 1)
    standIn.emit(paid)
    await expect.poll(() => paymentOutcome(chargeId), { timeout: 5_000 }).toBe('underpaid')
    standIn.emit(standIn.refundedPayment(from(user), chargeId))
    await expect.poll(() => paymentOutcome(chargeId), { timeout: 5_000 }).toBe('refunded')
    expect(logOf(chargeId)).toEqual([
      expect.stringContaining('the payment had granted nothing (underpaid); marked refunded'),
    ])
    expect((await orderRow(order.id)).status).toBe('open')
    // the job finds the charge refunded already (CHARGE_ALREADY_REFUNDED counts as done) and tells the payer once
    await api.server.jobs.runDue()
    await callsOf(standIn, 'refundStarPayment', (c) => c.params.telegram_payment_charge_id === chargeId)
    expect(
      await api.server.db.query('SELECT 1 FROM jobs WHERE name = $1 AND data->>$2 = $3', [
        STARS_REFUND_JOB,
        'chargeId',
        chargeId,
      ]),
    ).toEqual([])
    expect(messagesTo(standIn, user.id).map((m) => m.params.text)).toEqual([TEXTS.en.refunded(TEST_PRICE_STARS - 1)])
    expect(await paymentOutcome(chargeId)).toBe('refunded')
  })
})

describe('products that cannot take a grant back', () => {
  it('a product with no undo is flagged; one whose undo fails is flagged and what it changed is rolled back', async () => {
    const user = await miner()
    for (const product of ['test', 'broken']) {
      const order = await api.server.payments.order(user.id, product, 'stars')
      const { chargeId, ...paid } = standInOf(api.server).successfulPayment(from(user), order.id, TEST_PRICE_STARS)
      standInOf(api.server).emit(paid)
      await expect.poll(async () => (await orderRow(order.id)).status, { timeout: 5_000 }).toBe('granted')
      expect(await refundOutside(user, chargeId, order.id)).toMatchObject({
        status: 'refunded',
        grant_state: 'flagged',
        grant_note:
          product === 'test'
            ? 'test has no way to take its grant back'
            : 'taking the grant back failed, nothing was changed: the undo fell over',
      })
    }
    const [row] = await api.server.db.query<{ language: string | null }>('SELECT language FROM users WHERE id = $1', [
      user.id,
    ])
    expect(row.language).not.toBe('ru')
  })

  it('a soulbound token, minted on chain, is flagged with its owner', async () => {
    const order = {
      id: 'SWAAAAAAAAAAAAAAAA',
      userId: 1,
      product: 'sbt',
      params: { stakingPeriod: '5y', owner: '0:abc' },
    } as unknown as Order
    expect(await sbtProduct().undo!(api.server.db, order, clock().now())).toEqual({
      state: 'flagged',
      note: expect.stringContaining('5y soulbound token is minted to 0:abc'),
    })
  })
})

describe('the payer', () => {
  it('is told nothing more by the bot: Telegram shows its own message of the refund', async () => {
    const user = await miner()
    const { orderId, chargeId } = await autoclaimPaid(user)
    // What the payment itself said (its grant's message may still be on its way on a loaded machine):
    // counted once nothing more has come for 300 ms.
    let told = -1
    for (
      let seen = messagesTo(standInOf(api.server), user.id).length;
      seen !== told;
      seen = messagesTo(standInOf(api.server), user.id).length
    ) {
      told = seen
      await new Promise((r) => setTimeout(r, 300))
    }
    await refundOutside(user, chargeId, orderId)
    await new Promise((r) => setTimeout(r, 200))
    expect(messagesTo(standInOf(api.server), user.id)).toHaveLength(told)
  })
})
