/**
 * A paid period's deposit (staking.29-31) is an order of the payments module: made only
 * when its payment is granted, exactly once, each of the three ways (the custodial wallet's
 * transfer, Telegram Stars through the bot, an external wallet seen by the TON watcher). On PGlite
 * and PostgreSQL.
 */
import { isRight } from 'fp-ts/lib/Either'
import { describe, expect, it } from 'vitest'
import { endpoints } from '../../../domain/api/endpoints'
import { orderComment } from '../../../server/payments/orders'
import type { MovableClock } from '../../../server/kernel/clock'
import { type User, newUser, useServer } from '../helpers'
import { pollingBot, standInOf } from '../bot/helpers'
import { deposit, stakerWith } from './helpers'

const api = useServer({ bot: pollingBot })
const decodes = (name: keyof typeof endpoints, body: unknown) =>
  expect(isRight(endpoints[name].response.decode(body) as never), JSON.stringify(body)).toBe(true)
const staker = (amount: string) => stakerWith(api.server, newUser({ language_code: 'en' }), amount)
const deposits = async (user: User) =>
  (await api.call('/mining/staking/deposits', user)).body.deposits as {
    orderId: string | null
    amount: string
    period: string
  }[]
const lockOf = async (user: User) => (await api.call('/mining/user', user)).body.userMining.lockAmount
const statusOf = async (user: User, orderId: string) =>
  (await api.call(`/payments/orders/${orderId}`, user)).body.status
const from = (u: User) => ({ id: u.id, is_bot: false, first_name: u.first_name, language_code: 'en' })
let keys = 0
const transfer = (user: User, data: { to: string; amount: string; comment: string }, dry = false) =>
  api.call('/transfer', user, {
    ...data,
    tokenAddress: 'native',
    chainId: 'TON',
    accountIndex: 0,
    dry,
    idempotencyKey: `stake-pay-${++keys}-${Date.now()}`,
  })

describe('paid from the custodial wallet (internal)', () => {
  it('internal (staking.29): the answer is the transfer to make; the deposit exists once the transfer pays the order, once', async () => {
    const user = await staker('1000')
    const answer = await deposit(api.server, user, { amount: '500', period: '3mhp', type: 'internal' })
    expect(answer.status).toBe(200)
    decodes('stakingDeposit', answer.body)
    const { orderId, internal } = answer.body
    expect(internal).toEqual({
      to: api.server.ton.serviceAddress,
      amount: '0.5',
      tokenAddress: 'native',
      chainId: 'TON',
      comment: orderComment(orderId),
    })
    expect(answer.body.deposit).toBeUndefined()
    expect(await deposits(user)).toEqual([])
    expect(await lockOf(user)).toBe('0')
    expect((await transfer(user, internal, true)).status).toBe(200)
    expect(await deposits(user)).toEqual([])
    expect((await transfer(user, internal)).status).toBe(200)
    expect(await statusOf(user, orderId)).toBe('granted')
    expect(await deposits(user)).toEqual([expect.objectContaining({ orderId, amount: '500', period: '3mhp' })])
    expect(await lockOf(user)).toBe('500')
    // paid again: refused before anything moves; the same tap again answers the deposit
    expect(await transfer(user, internal)).toMatchObject({ status: 400, body: { path: 'comment' } })
    expect(await deposits(user)).toHaveLength(1)
  })

  it('the same tap twice is one order; a paid deposit still cannot lock more than is left when its payment arrives', async () => {
    const user = await staker('150')
    const first = await deposit(api.server, user, {
      amount: '150',
      period: '3mhp',
      type: 'internal',
      idempotencyKey: 'paid-tap',
    })
    const again = await deposit(api.server, user, {
      amount: '150',
      period: '3mhp',
      type: 'internal',
      idempotencyKey: 'paid-tap',
    })
    expect(again.body.orderId).toBe(first.body.orderId)
    expect(
      await deposit(api.server, user, { amount: '150', period: '3mhp', type: 'stars', idempotencyKey: 'paid-tap' }),
    ).toMatchObject({ status: 409, body: { path: 'idempotencyKey' } })
    // the SWITCH is staked for free meanwhile: the payment is refused, nothing moves, no deposit
    expect((await deposit(api.server, user, { amount: '100', period: '3m' })).status).toBe(200)
    expect(await transfer(user, first.body.internal)).toMatchObject({ status: 400, body: { path: 'comment' } })
    expect(await statusOf(user, first.body.orderId)).toBe('open')
    expect(await deposits(user)).toHaveLength(1)
    expect(await lockOf(user)).toBe('100')
  })

  it('a tap whose order can no longer be paid is not answered again: a new tap orders anew', async () => {
    const user = await staker('150')
    const late = await deposit(api.server, user, {
      amount: '100',
      period: '3mhp',
      type: 'external',
      idempotencyKey: 'late-tap',
    })
    ;(api.server.clock as MovableClock).advance(10 * 60_000)
    expect(
      await deposit(api.server, user, { amount: '100', period: '3mhp', type: 'external', idempotencyKey: 'late-tap' }),
    ).toMatchObject({ status: 409, body: { path: 'idempotencyKey' } })
    expect(
      (
        await deposit(api.server, user, {
          amount: '100',
          period: '3mhp',
          type: 'external',
          idempotencyKey: 'late-tap-2',
        })
      ).body.orderId,
    ).not.toBe(late.body.orderId)
  })
})

describe('paid with Telegram Stars', () => {
  it('stars (staking.30): the invoice link; the deposit is made on successful_payment, once however often it is delivered', async () => {
    const user = await staker('1000')
    const answer = await deposit(api.server, user, { amount: '250', period: '5y', type: 'stars' })
    expect(answer.status).toBe(200)
    decodes('stakingDeposit', answer.body)
    const { orderId, telegramLink } = answer.body
    const slug = String(telegramLink).split('$').pop() as string
    const standIn = standInOf(api.server)
    expect(standIn.invoices.get(slug)).toMatchObject({ currency: 'XTR', payload: orderId, prices: [{ amount: 200 }] })
    expect(await deposits(user)).toEqual([])
    const paid = await standIn.pay(slug, from(user))
    expect(paid.status).toBe('paid')
    await expect.poll(async () => (await deposits(user)).length, { timeout: 5_000 }).toBe(1)
    expect((await deposits(user))[0]).toMatchObject({ orderId, amount: '250', period: '5y' })
    // the same successful_payment delivered again makes nothing more
    const again = standIn.successfulPayment(from(user), orderId, 200)
    const { chargeId: _unused, ...update } = again
    standIn.emit({
      ...update,
      message: {
        ...update.message,
        successful_payment: {
          ...update.message?.successful_payment,
          telegram_payment_charge_id: (paid as { chargeId: string }).chargeId,
        },
      },
    } as never)
    await new Promise((r) => setTimeout(r, 300))
    expect(await deposits(user)).toHaveLength(1)
    expect(await lockOf(user)).toBe('250')
    expect(
      await api.server.db.query("SELECT 1 FROM payments WHERE order_id = $1 AND outcome = 'granted'", [orderId]),
    ).toHaveLength(1)
  })

  it("a pre-checkout the deposit no longer fits is refused in the payer's language: the app's language (users.language) before Telegram's", async () => {
    for (const [language, text] of [
      ['en', 'Not enough SWITCH. You can stake up to 100 SWITCH.'],
      ['ru', 'Недостаточно SWITCH. Можно застейкать не больше 100 SWITCH.'],
    ] as const) {
      const user = await staker('1000')
      // the app's language chosen in the app; the Telegram client still says 'en'
      expect((await api.call('/userLanguage', user, { language, chosenAt: Date.now() })).status).toBe(200)
      const { orderId, telegramLink } = (
        await deposit(api.server, user, { amount: '250', period: '5y', type: 'stars' })
      ).body
      expect((await deposit(api.server, user, { amount: '900', period: '3m' })).status).toBe(200)
      const paid = await standInOf(api.server).pay(String(telegramLink).split('$').pop() as string, from(user))
      expect(paid).toMatchObject({ status: 'failed', error: text })
      expect(await statusOf(user, orderId)).toBe('open')
      expect(await lockOf(user)).toBe('900')
    }
  })

  it('a cancelled Stars payment creates nothing', async () => {
    const user = await staker('1000')
    const { orderId, telegramLink } = (await deposit(api.server, user, { amount: '250', period: '5y', type: 'stars' }))
      .body
    const slug = String(telegramLink).split('$').pop() as string
    expect((await standInOf(api.server).pay(slug, from(user), 'cancel')).status).toBe('cancelled')
    await new Promise((r) => setTimeout(r, 200))
    expect(await statusOf(user, orderId)).toBe('open')
    expect(await deposits(user)).toEqual([])
    expect(await lockOf(user)).toBe('0')
  })
})

describe('paid from an external wallet', () => {
  it('external (staking.31): the TonConnect transaction; the deposit is made when the watcher sees the payment, once, the same transaction seen twice', async () => {
    const user = await staker('1000')
    const answer = await deposit(api.server, user, { amount: '1000', period: '100y', type: 'external' })
    expect(answer.status).toBe(200)
    decodes('stakingDeposit', answer.body)
    const { orderId, transaction } = answer.body
    expect(transaction.messages).toEqual([
      expect.objectContaining({ address: api.server.ton.serviceAddress, amount: '2000000000' }),
    ])
    await api.server.ton.watcher.poll()
    expect(await deposits(user)).toEqual([])
    const chain = api.server.ton.standin?.chain
    if (!chain) throw new Error('dev mode runs the TON API stand-in')
    const sent = await fetch(api.server.url + '/dev/ton/demoWallet/send', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(transaction),
    })
    expect(sent.status).toBe(200)
    await api.server.ton.watcher.poll()
    expect(await deposits(user)).toEqual([expect.objectContaining({ orderId, amount: '1000', period: '100y' })])
    // the same transaction again (a replayed hash), and a second payment of the order
    const [seen] = await api.server.db.query<{ proof_id: string }>(
      "SELECT proof_id FROM payments WHERE order_id = $1 AND outcome = 'granted'",
      [orderId],
    )
    chain.add({
      account: api.server.ton.serviceAddress,
      value: '2000000000',
      comment: orderComment(orderId),
      hash: seen.proof_id,
    })
    chain.add({ account: api.server.ton.serviceAddress, value: '2000000000', comment: orderComment(orderId) })
    await api.server.ton.watcher.poll()
    expect(await deposits(user)).toHaveLength(1)
    expect(await lockOf(user)).toBe('1000')
    const outcomes = await api.server.db.query<{ outcome: string }>(
      'SELECT outcome FROM payments WHERE order_id = $1 ORDER BY seen_at, outcome',
      [orderId],
    )
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(['granted', 'not-payable'])
  })
})
