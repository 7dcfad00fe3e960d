/**
 * Autoclaim paid with Telegram Stars (through the bot on the Bot API stand-in) and from an external
 * wallet (a transaction on the TON API stand-in, seen by the watcher): each grants exactly once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../../server/app'
import { type User, call, newUser, startTestServer } from '../helpers'
import { pollingBot, standInOf } from '../bot/helpers'
import { orderComment } from '../../../server/payments/orders'
import { isRight } from 'fp-ts/lib/Either'
import { endpoints } from '../../../domain/api/endpoints'

const decodes = (name: keyof typeof endpoints, body: unknown) =>
  expect(isRight(endpoints[name].response.decode(body) as never), JSON.stringify(body)).toBe(true)

let server: RunningServer
beforeAll(async () => {
  server = await startTestServer({ bot: pollingBot })
}, 120_000)
afterAll(async () => {
  await server?.close()
})

async function miner(): Promise<User> {
  const user = newUser({ language_code: 'en' })
  await call(server, '/tgUserWallets', user)
  await call(server, '/mining/user', user, {})
  return user
}
const statusOf = async (user: User, orderId: string) =>
  (await call(server, `/payments/orders/${orderId}`, user)).body.status
const from = (u: User) => ({ id: u.id, is_bot: false, first_name: u.first_name, language_code: 'en' })
const autoclaimActive = async (user: User) => (await call(server, '/mining/user', user)).body.userMining.autoclaimActive

describe('autoclaim paid with Telegram Stars', () => {
  it('[tasks.51] the invoice costs 195 Stars; paid (tasks.48, the server half), the order is granted once, when successful_payment arrives', async () => {
    const user = await miner()
    const answer = await call(server, '/mining/autoclaim/stars', user, {})
    expect(answer.status).toBe(200)
    decodes('autoclaimStars', answer.body)
    const { data, orderId } = answer.body
    const slug = String(data.link).split('$').pop() as string
    const standIn = standInOf(server)
    const invoice = standIn.invoices.get(slug)
    expect(invoice).toMatchObject({ currency: 'XTR', payload: orderId, prices: [{ amount: 195 }] })
    const made = standIn.callsOf('createInvoiceLink').find((c) => c.params.payload === orderId)
    expect(made?.params).toMatchObject({ currency: 'XTR', provider_token: '', prices: [{ amount: 195 }] })
    expect(await statusOf(user, orderId)).toBe('open')
    const paid = await standIn.pay(slug, from(user))
    expect(paid.status).toBe('paid')
    await expect.poll(() => statusOf(user, orderId), { timeout: 5_000 }).toBe('granted')
    expect(await autoclaimActive(user)).toBe(true)
    // the same successful_payment delivered again grants nothing more
    const again = standIn.successfulPayment(from(user), orderId, 195)
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
    const grants = await server.db.query("SELECT 1 FROM payments WHERE order_id = $1 AND outcome = 'granted'", [
      orderId,
    ])
    expect(grants).toHaveLength(1)
  })

  it('a cancelled invoice grants nothing (tasks.48, the server half)', async () => {
    const user = await miner()
    const { data, orderId } = (await call(server, '/mining/autoclaim/stars', user, {})).body
    const slug = String(data.link).split('$').pop() as string
    expect((await standInOf(server).pay(slug, from(user), 'cancel')).status).toBe('cancelled')
    await new Promise((r) => setTimeout(r, 200))
    expect(await statusOf(user, orderId)).toBe('open')
    expect(await autoclaimActive(user)).toBe(false)
  })
})

describe('autoclaim paid from an external wallet', () => {
  it('wallet approval is not payment (tasks.49, the server half): the order is granted when the watcher sees the transaction, once', async () => {
    const user = await miner()
    const answer = await call(server, '/mining/autoclaim/external', user, {})
    expect(answer.status).toBe(200)
    decodes('autoclaimExternal', answer.body)
    const { data, orderId } = answer.body
    const [message] = data.transaction.messages
    expect(message).toMatchObject({ address: server.ton.serviceAddress, amount: '500000000' })
    expect(data.transaction.validUntil * 1000).toBeLessThanOrEqual(server.clock.now() + 10 * 60_000)
    await server.ton.watcher.poll()
    expect(await statusOf(user, orderId)).toBe('open')
    const chain = server.ton.standin?.chain
    if (!chain) throw new Error('dev mode runs the TON API stand-in')
    const tx = chain.add({ account: server.ton.serviceAddress, value: '500000000', comment: orderComment(orderId) })
    await server.ton.watcher.poll()
    expect(await statusOf(user, orderId)).toBe('granted')
    expect(await autoclaimActive(user)).toBe(true)
    // the same transaction seen again, and an underpaying one for a new order, grant nothing
    chain.add({ account: server.ton.serviceAddress, value: '500000000', comment: orderComment(orderId), hash: tx.hash })
    await server.ton.watcher.poll()
    const other = await miner()
    const second = (await call(server, '/mining/autoclaim/external', other, {})).body.orderId
    chain.add({ account: server.ton.serviceAddress, value: '499999999', comment: orderComment(second) })
    await server.ton.watcher.poll()
    expect(await statusOf(other, second)).toBe('open')
    const outcomes = await server.db.query<{ order_id: string; outcome: string }>(
      "SELECT order_id, outcome FROM payments WHERE kind = 'ton' AND order_id = ANY($1::text[]) ORDER BY seen_at",
      [[orderId, second]],
    )
    expect(outcomes).toEqual([
      { order_id: orderId, outcome: 'granted' },
      { order_id: second, outcome: 'underpaid' },
    ])
  })
})
