/**
 * Paying for proof of humanity by Telegram Stars and from an external wallet (poh.14,
 * poh.15, poh.17): a request exists only once the payment is granted, exactly once however often
 * the proof arrives; the paying wallet is the wallet the proof binds (one wallet, one proof). On
 * PGlite and PostgreSQL.
 */
import { createHash } from 'node:crypto'
import { Address } from '@ton/core'
import { beforeAll, describe, expect, it } from 'vitest'
import { TonConnectTransaction } from '../../../domain/payments/codecs'
import type { MovableClock } from '../../../server/kernel/clock'
import { orderComment } from '../../../server/payments/orders'
import { MESSAGES } from '../../../server/poh/requests'
import { POH } from '../../../server/poh/seed'
import { type User, newUser, useServer } from '../helpers'
import { pollingBot, standInOf } from '../bot/helpers'
import { codesInHistory, decodes, pay, statusOf } from './helpers'

const QUEUE_DELAY_MS = 30_000
const api = useServer({ bot: pollingBot, poh: { queueDelayMs: QUEUE_DELAY_MS } })
const clock = () => api.server.clock as MovableClock
beforeAll(async () => {
  await api.server.jobs.stop()
})
const from = (u: User) => ({ id: u.id, is_bot: false, first_name: u.first_name, language_code: 'en' })
const walletUser = async () => {
  const user = newUser({ language_code: 'en' })
  await api.call('/tgUserWallets', user)
  await api.call('/mining/user', user, {})
  return user
}
const requests = (user: User) =>
  api.server.db.query<{ status: string; wallet: string; pay_type: string; failure: string | null }>(
    'SELECT status, wallet, pay_type, failure FROM poh_requests WHERE user_id = $1 ORDER BY id',
    [user.id],
  )
const granted = (orderId: string) =>
  api.server.db.query("SELECT 1 FROM payments WHERE order_id = $1 AND outcome = 'granted'", [orderId])
/** A wallet of the user's own, outside the app. */
const outsideWallet = (name: string) =>
  new Address(0, createHash('sha256').update(`poh-tests/${name}/${Date.now()}`).digest()).toString({
    bounceable: false,
    urlSafe: true,
  })
const chain = () => {
  const c = api.server.ton.standin?.chain
  if (!c) throw new Error('dev mode runs the TON API stand-in')
  return c
}
async function toResponsing(user: User) {
  await api.server.jobs.runDue()
  clock().advance(QUEUE_DELAY_MS)
  await api.server.jobs.runDue()
  expect(await statusOf(api.server, user)).toBe('responsing')
}

describe('Telegram Stars', () => {
  it('star: the invoice link (result.payUrl); received on successful_payment, once however often it is delivered; the code then reaches the in-app wallet', async () => {
    const user = await walletUser()
    const answer = await pay(api.server, user, 'star')
    expect(answer.status).toBe(200)
    const { payUrl, orderId } = answer.body.result
    const slug = String(payUrl).split('$').pop() as string
    const standIn = standInOf(api.server)
    expect(standIn.invoices.get(slug)).toMatchObject({
      currency: 'XTR',
      payload: orderId,
      prices: [{ amount: POH.price.stars }],
    })
    expect(await statusOf(api.server, user)).toBeUndefined()

    const paid = await standIn.pay(slug, from(user))
    expect(paid.status).toBe('paid')
    await expect.poll(() => statusOf(api.server, user), { timeout: 5_000 }).toBe('received')
    // the same successful_payment delivered again grants nothing more
    const again = standIn.successfulPayment(from(user), orderId, POH.price.stars)
    standIn.emit({
      ...again,
      message: {
        ...again.message,
        successful_payment: {
          ...again.message?.successful_payment,
          telegram_payment_charge_id: (paid as { chargeId: string }).chargeId,
        },
      },
    } as never)
    await new Promise((r) => setTimeout(r, 300))
    expect(await requests(user)).toEqual([expect.objectContaining({ status: 'received', pay_type: 'star' })])
    expect(await granted(orderId)).toHaveLength(1)

    await toResponsing(user)
    expect(await codesInHistory(api.server, user)).toHaveLength(1)
    expect(
      (await api.call('/v2/poh/checkCode', user, { code: (await codesInHistory(api.server, user))[0] })).status,
    ).toBe(200)
  })

  it('a cancelled invoice makes nothing; an invoice paid while another verification is under way is refused at pre-checkout with the reason (Telegram takes nothing)', async () => {
    const user = await walletUser()
    const first = await pay(api.server, user, 'star')
    const slug = (u: string) => u.split('$').pop() as string
    expect((await standInOf(api.server).pay(slug(first.body.result.payUrl), from(user), 'cancel')).status).toBe(
      'cancelled',
    )
    await new Promise((r) => setTimeout(r, 200))
    expect(await statusOf(api.server, user)).toBeUndefined()

    // a second invoice is ordered, then the user pays from the in-app wallet meanwhile
    const second = await pay(api.server, user, 'star')
    expect((await pay(api.server, user, 'internal')).status).toBe(200)
    const late = await standInOf(api.server).pay(slug(second.body.result.payUrl), from(user))
    expect(late).toMatchObject({ status: 'failed', error: MESSAGES.underway })
    await new Promise((r) => setTimeout(r, 200))
    expect(await granted(second.body.result.orderId)).toEqual([])
    expect(await requests(user)).toEqual([expect.objectContaining({ pay_type: 'internal' })])
  })
})

describe('an external wallet over TonConnect', () => {
  it('external: the TonConnect transaction to send (result); received when the watcher sees it, once (a replayed hash, a second payment); the proof binds the paying wallet', async () => {
    const user = await walletUser()
    const answer = await pay(api.server, user, 'external')
    expect(answer.status).toBe(200)
    // what the client hands to TonConnect, read with its codec
    const transaction = decodes(TonConnectTransaction, answer.body.result)
    expect(transaction.messages).toEqual([
      expect.objectContaining({ address: api.server.ton.serviceAddress, amount: POH.price.tonNano.toString() }),
    ])
    expect(transaction.validUntil).toBeGreaterThan(Math.floor(api.server.clock.now() / 1000))
    const [{ id: orderId }] = await api.server.db.query<{ id: string }>(
      "SELECT id FROM orders WHERE user_id = $1 AND product = 'poh'",
      [user.id],
    )
    await api.server.ton.watcher?.poll()
    expect(await statusOf(api.server, user)).toBeUndefined()

    const wallet = outsideWallet('payer')
    chain().add({
      account: api.server.ton.serviceAddress,
      from: wallet,
      value: POH.price.tonNano.toString(),
      comment: orderComment(orderId),
    })
    await api.server.ton.watcher?.poll()
    expect(await statusOf(api.server, user)).toBe('received')
    const [seen] = await api.server.db.query<{ proof_id: string }>(
      "SELECT proof_id FROM payments WHERE order_id = $1 AND outcome = 'granted'",
      [orderId],
    )
    chain().add({
      account: api.server.ton.serviceAddress,
      from: wallet,
      value: POH.price.tonNano.toString(),
      comment: orderComment(orderId),
      hash: seen.proof_id,
    })
    chain().add({
      account: api.server.ton.serviceAddress,
      from: wallet,
      value: POH.price.tonNano.toString(),
      comment: orderComment(orderId),
    })
    await api.server.ton.watcher?.poll()
    expect(await requests(user)).toEqual([
      expect.objectContaining({ status: 'received', pay_type: 'external', wallet }),
    ])
    expect(await granted(orderId)).toHaveLength(1)

    await toResponsing(user)
    const [code] = await codesInHistory(api.server, user)
    expect((await api.call('/v2/poh/checkCode', user, { code })).status).toBe(200)
    expect((await requests(user))[0].status).toBe('confirmed')
  })

  it('one wallet, one proof: a wallet that proved one person pays for another, whose request fails at once (internalError); nobody gets a code for it', async () => {
    const wallet = outsideWallet('shared')
    const payFrom = async (user: User) => {
      expect((await pay(api.server, user, 'external')).status).toBe(200)
      const [{ id }] = await api.server.db.query<{ id: string }>(
        "SELECT id FROM orders WHERE user_id = $1 AND product = 'poh' ORDER BY created_at DESC LIMIT 1",
        [user.id],
      )
      chain().add({
        account: api.server.ton.serviceAddress,
        from: wallet,
        value: POH.price.tonNano.toString(),
        comment: orderComment(id),
      })
      await api.server.ton.watcher?.poll()
    }
    const first = await walletUser()
    await payFrom(first)
    await toResponsing(first)
    expect(
      (await api.call('/v2/poh/checkCode', first, { code: (await codesInHistory(api.server, first))[0] })).status,
    ).toBe(200)

    const second = await walletUser()
    await payFrom(second)
    expect(await statusOf(api.server, second)).toBe('internalError')
    expect(await requests(second)).toEqual([
      expect.objectContaining({ status: 'internalError', failure: 'wallet-used' }),
    ])
    await api.server.jobs.runDue()
    clock().advance(QUEUE_DELAY_MS)
    await api.server.jobs.runDue()
    expect(await statusOf(api.server, second)).toBe('internalError')
    expect(await codesInHistory(api.server, second)).toEqual([])
  })

  it('two people paying from one wallet at once: the first right code proves it, the other is refused with the wallet message', async () => {
    const wallet = outsideWallet('race')
    const users = [await walletUser(), await walletUser()]
    for (const user of users) {
      expect((await pay(api.server, user, 'external')).status).toBe(200)
      const [{ id }] = await api.server.db.query<{ id: string }>(
        "SELECT id FROM orders WHERE user_id = $1 AND product = 'poh'",
        [user.id],
      )
      chain().add({
        account: api.server.ton.serviceAddress,
        from: wallet,
        value: POH.price.tonNano.toString(),
        comment: orderComment(id),
      })
    }
    await api.server.ton.watcher?.poll()
    await api.server.jobs.runDue()
    clock().advance(QUEUE_DELAY_MS)
    await api.server.jobs.runDue()
    const codes = await Promise.all(users.map(async (u) => (await codesInHistory(api.server, u))[0]))
    const answers = await Promise.all(users.map((u, i) => api.call('/v2/poh/checkCode', u, { code: codes[i] })))
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
    expect(answers.find((a) => a.status === 409)?.body.message).toBe(MESSAGES.walletUsed)
    expect(
      await api.server.db.query("SELECT 1 FROM poh_requests WHERE wallet = $1 AND status = 'confirmed'", [wallet]),
    ).toHaveLength(1)
  })
})
