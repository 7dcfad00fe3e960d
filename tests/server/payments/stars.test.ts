/**
 * Telegram Stars ("Payments"), through the real grammY bot on long polling against the
 * Bot API stand-in, on both databases: the invoice (XTR, empty provider token, exactly one price,
 * the order as payload); pre_checkout_query answered within 1 s, ok only for a payable order;
 * successful_payment granting once per telegram_payment_charge_id; Stars that arrive for an order
 * that can no longer be granted refunded with refundStarPayment.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import type { User } from 'grammy/types'
import type { MovableClock } from '../../../server/kernel/clock'
import type { Order } from '../../../server/payments/orders'
import { INVOICE_TITLE_MAX, settleStarsPayment, starsInvoiceLink } from '../../../server/payments/stars'
import { TEXTS } from '../../../server/bot/texts'
import { useServer } from '../helpers'
import {
  TEST_PRICE_STARS,
  botUser,
  callsOf,
  messagesTo,
  pollingBot,
  sleep,
  standInOf,
  testProduct,
} from '../bot/helpers'

const test = testProduct()
const srv = useServer({ mode: 'development', bot: pollingBot, products: { test: test.product } })

beforeAll(async () => {
  await srv.server.bot!.ready
})

const TEXT = { title: 'Test product', description: 'A product of the Stars tests.' }

/** An open Stars order of the test product, and its invoice's slug. */
async function invoiceFor(user: User): Promise<{ order: Order; link: string; slug: string }> {
  const order = await srv.server.payments.order(user.id, 'test', 'stars')
  const link = await starsInvoiceLink(srv.server.bot!.api, order, TEXT)
  return { order, link, slug: link.replace('https://t.me/$', '') }
}

const paymentRows = (orderId: string) =>
  srv.server.db.query<{ proof_id: string; outcome: string; amount: string }>(
    "SELECT proof_id, outcome, amount::text AS amount FROM payments WHERE kind = 'stars' AND order_id = $1 ORDER BY seen_at, proof_id",
    [orderId],
  )
const grantsOf = (orderId: string) => test.grants.filter((g) => g === orderId).length
const runJobs = () => srv.server.jobs.runDue()

describe('the invoice', () => {
  it('is in XTR, with an empty provider token, exactly one price of the order, and the order as payload', async () => {
    const standIn = standInOf(srv.server)
    const user = await botUser(srv.server)
    const { order, link, slug } = await invoiceFor(user)
    expect(link).toMatch(/^https:\/\/t\.me\/\$[A-Za-z0-9_-]+$/)
    const [made] = standIn.callsOf('createInvoiceLink').filter((c) => c.params.payload === order.id)
    expect(made.params).toEqual({
      title: TEXT.title,
      description: TEXT.description,
      payload: order.id,
      provider_token: '',
      currency: 'XTR',
      prices: [{ label: TEXT.title, amount: TEST_PRICE_STARS }],
    })
    expect(standIn.invoices.get(slug)).toMatchObject({
      currency: 'XTR',
      providerToken: '',
      payload: order.id,
      prices: [{ amount: order.priceStars }],
    })
  })

  it('is made only for a Stars order, with texts Telegram takes', async () => {
    const user = await botUser(srv.server)
    const api = srv.server.bot!.api
    const internal = await srv.server.payments.order(user.id, 'test', 'internal')
    await expect(starsInvoiceLink(api, internal, TEXT)).rejects.toThrow(/not with Telegram Stars/)
    const order = await srv.server.payments.order(user.id, 'test', 'stars')
    await expect(starsInvoiceLink(api, order, { ...TEXT, title: 'x'.repeat(INVOICE_TITLE_MAX + 1) })).rejects.toThrow(
      /title/,
    )
    await expect(starsInvoiceLink(api, order, { ...TEXT, description: ' ' })).rejects.toThrow(/description/)
  })
})

describe('pre_checkout_query', () => {
  it('is answered ok for a payable order, within 1 s, and the payment grants it', async () => {
    const standIn = standInOf(srv.server)
    const user = await botUser(srv.server)
    const { order, slug } = await invoiceFor(user)
    const asked = Date.now()
    const paid = await standIn.pay(slug, user)
    expect(paid.status).toBe('paid')
    const [answer] = standIn.callsOf('answerPreCheckoutQuery').filter((c) => c.at >= asked && c.params.ok === true)
    expect(answer.at - asked).toBeLessThan(1_000)
    console.info(`pre_checkout_query answered in ${answer.at - asked} ms`)
    await expect.poll(() => grantsOf(order.id)).toBe(1)
    expect(await srv.server.payments.orderOf(user.id, order.id)).toMatchObject({ status: 'granted' })
    expect(await paymentRows(order.id)).toEqual([
      { proof_id: paid.chargeId, outcome: 'granted', amount: String(TEST_PRICE_STARS) },
    ])
    const [told] = await callsOf(standIn, 'sendMessage', (c) => c.params.chat_id === user.id)
    expect(told.params.text).toBe(TEXTS.en.paid(TEST_PRICE_STARS))
  })

  /** Pays an invoice expecting the bot to refuse: the answer's error, and how long it took. */
  async function refused(slug: string, user: User) {
    const standIn = standInOf(srv.server)
    const asked = Date.now()
    const result = await standIn.pay(slug, user)
    const [answer] = standIn
      .callsOf('answerPreCheckoutQuery')
      .filter((c) => c.at >= asked && c.params.ok === false && (c.params.error_message as string) === result.error)
    expect(result.status).toBe('failed')
    expect(answer.at - asked).toBeLessThan(1_000)
    return String(result.error)
  }

  it('is answered with an error, within 1 s, for an unknown order, a paid one, an expired one, and another user’s', async () => {
    const standIn = standInOf(srv.server)
    const [user, other] = [await botUser(srv.server), await botUser(srv.server)]
    const unknown = await srv.server.bot!.api.createInvoiceLink(
      'Nothing',
      'No such order',
      'SWAAAAAAAAAAAAAAAA',
      '',
      'XTR',
      [{ label: 'Nothing', amount: 5 }],
    )
    expect(await refused(unknown.replace('https://t.me/$', ''), user)).toBe('This order does not exist.')

    const paidOne = await invoiceFor(user)
    expect((await standIn.pay(paidOne.slug, user)).status).toBe('paid')
    await expect.poll(() => grantsOf(paidOne.order.id)).toBe(1)
    expect(await refused(paidOne.slug, user)).toBe('This order is already paid or closed.')

    expect(await refused((await invoiceFor(user)).slug, other)).toBe('This order does not exist.')

    const expiring = await invoiceFor(user)
    ;(srv.server.clock as MovableClock).advance(srv.server.payments.orderValidMs + 1_000)
    expect(await refused(expiring.slug, user)).toMatch(/expired/)
    expect(grantsOf(expiring.order.id)).toBe(0)
  })

  it('says why in Russian to a Russian client', async () => {
    const user = await botUser(srv.server, 'ru')
    const { slug } = await invoiceFor(user)
    test.refused.add(user.id)
    expect(await refused(slug, user)).toBe(TEXTS.ru.notPayable(''))
  })

  it('a cancelled invoice emits nothing and grants nothing', async () => {
    const standIn = standInOf(srv.server)
    const user = await botUser(srv.server)
    const { order, slug } = await invoiceFor(user)
    const before = standIn.calls.length
    expect(await standIn.pay(slug, user, 'cancel')).toEqual({ status: 'cancelled' })
    await sleep(200)
    expect(standIn.calls.slice(before).filter((c) => c.method === 'answerPreCheckoutQuery')).toEqual([])
    expect(await paymentRows(order.id)).toEqual([])
    expect(grantsOf(order.id)).toBe(0)
  })
})

describe('successful_payment', () => {
  it('grants once when the same update comes twice (one charge id)', async () => {
    const standIn = standInOf(srv.server)
    const user = await botUser(srv.server)
    const { order } = await invoiceFor(user)
    const { chargeId, ...update } = standIn.successfulPayment(user, order.id, TEST_PRICE_STARS)
    standIn.emit(update)
    standIn.emit(update)
    await callsOf(standIn, 'sendMessage', (c) => c.params.chat_id === user.id)
    await sleep(300)
    await runJobs()
    expect(grantsOf(order.id)).toBe(1)
    expect(await paymentRows(order.id)).toEqual([
      { proof_id: chargeId, outcome: 'granted', amount: String(TEST_PRICE_STARS) },
    ])
    expect(messagesTo(standIn, user.id)).toHaveLength(1)
    expect(
      standIn.callsOf('refundStarPayment').filter((c) => c.params.telegram_payment_charge_id === chargeId),
    ).toEqual([])
  })

  it('two charges for one order: the first grants, the second is refunded', async () => {
    const standIn = standInOf(srv.server)
    const user = await botUser(srv.server)
    const { order, slug } = await invoiceFor(user)
    // Both pass the pre-checkout while the order is open, then both pay.
    const [a, b] = await Promise.all([standIn.pay(slug, user), standIn.pay(slug, user)])
    expect([a.status, b.status]).toEqual(['paid', 'paid'])
    await runJobs()
    const [refund] = await callsOf(standIn, 'refundStarPayment')
    const refundedCharge = refund.params.telegram_payment_charge_id
    expect([a.chargeId, b.chargeId]).toContain(refundedCharge)
    expect(refund.params.user_id).toBe(user.id)
    expect(grantsOf(order.id)).toBe(1)
    await expect
      .poll(async () => (await paymentRows(order.id)).map((r) => r.outcome).sort())
      .toEqual(['granted', 'refunded'])
    expect(standIn.charges.get(String(refundedCharge))?.refunded).toBe(true)
    await expect
      .poll(() => messagesTo(standIn, user.id).map((m) => m.params.text))
      .toEqual(expect.arrayContaining([TEXTS.en.paid(TEST_PRICE_STARS), TEXTS.en.refunded(TEST_PRICE_STARS)]))
  })

  it('two charges racing in the database: one grant, one refund', async () => {
    const standIn = standInOf(srv.server)
    const user = await botUser(srv.server)
    const { order } = await invoiceFor(user)
    const deps = { db: srv.server.db, payments: srv.server.payments, jobs: srv.server.jobs, log: () => {} }
    const payments = [
      standIn.successfulPayment(user, order.id, TEST_PRICE_STARS),
      standIn.successfulPayment(user, order.id, TEST_PRICE_STARS),
    ]
    const outcomes = await Promise.all(
      payments.map((p) => settleStarsPayment(deps, p.message!.successful_payment!, user, user.id)),
    )
    expect([...outcomes].sort()).toEqual(['granted', 'not-payable'])
    expect(grantsOf(order.id)).toBe(1)
    await runJobs()
    const loser = payments[outcomes.indexOf('not-payable')].chargeId
    const ours = (c: { params: Record<string, unknown> }) =>
      payments.some((p) => p.chargeId === c.params.telegram_payment_charge_id)
    await callsOf(standIn, 'refundStarPayment', ours)
    expect(
      standIn
        .callsOf('refundStarPayment')
        .filter(ours)
        .map((c) => c.params.telegram_payment_charge_id),
    ).toEqual([loser])
  })

  it('refunds Stars that arrive for an order that can no longer be granted: unknown, not an order, refused, underpaid, closed', async () => {
    const standIn = standInOf(srv.server)
    const user = await botUser(srv.server, 'ru')
    const charges: string[] = []
    const pay = (payload: string, amount = TEST_PRICE_STARS) => {
      const { chargeId, ...update } = standIn.successfulPayment(user, payload, amount)
      charges.push(chargeId)
      standIn.emit(update)
      return chargeId
    }
    const [refusedOrder, underpaid, closed] = [
      (await invoiceFor(user)).order,
      (await invoiceFor(user)).order,
      (await invoiceFor(user)).order,
    ]
    await srv.server.db.query("UPDATE orders SET status = 'cancelled' WHERE id = $1", [closed.id])
    pay('SWBBBBBBBBBBBBBBBB')
    pay('not an order at all')
    pay(underpaid.id, TEST_PRICE_STARS - 1)
    pay(closed.id)
    // Refused from now on: the product says no when the payment arrives.
    test.refused.add(user.id)
    pay(refusedOrder.id)

    // A payment is marked refunded once Telegram has answered the refund: wait for the marks, not the calls.
    const outcomes = async () =>
      (
        await srv.server.db.query<{ outcome: string }>(
          "SELECT outcome FROM payments WHERE kind = 'stars' AND proof_id = ANY($1)",
          [charges],
        )
      ).map((r) => r.outcome)
    await expect
      .poll(
        async () => {
          await runJobs()
          return outcomes()
        },
        { timeout: 10_000 },
      )
      .toEqual(charges.map(() => 'refunded'))
    expect(
      standIn.callsOf('refundStarPayment').filter((c) => charges.includes(String(c.params.telegram_payment_charge_id))),
    ).toHaveLength(charges.length)
    for (const id of charges) expect(standIn.charges.get(id)?.refunded, id).toBe(true)
    expect(grantsOf(refusedOrder.id) + grantsOf(underpaid.id) + grantsOf(closed.id)).toBe(0)
    await expect
      .poll(
        () => messagesTo(standIn, user.id).filter((m) => m.params.text === TEXTS.ru.refunded(TEST_PRICE_STARS)).length,
      )
      .toBe(4)
    expect(
      messagesTo(standIn, user.id).filter((m) => m.params.text === TEXTS.ru.refunded(TEST_PRICE_STARS - 1)),
    ).toHaveLength(1)
  }, 30_000)
})
