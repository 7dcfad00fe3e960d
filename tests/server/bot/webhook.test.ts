/**
 * The bot on a webhook, as in production: set at start with Telegram's secret token;
 * a request without that token, or with another, is answered 401 and never processed; the
 * stand-in delivers updates to it as Telegram does.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { SECRET_HEADER } from '../../../server/bot/bot'
import { textMessage } from '../../../server/standins/botApi'
import { useServer } from '../helpers'
import { TEST_PRICE_STARS, botUser, callsOf, messagesTo, sleep, standInOf, testProduct } from './helpers'

const SECRET = 'webhook_Secret-token_1'
const test = testProduct()
const srv = useServer({
  mode: 'development',
  bot: { apiRoot: null, updates: { kind: 'webhook', url: '/telegram/webhook', secret: SECRET } },
  products: { test: test.product },
})

beforeAll(async () => {
  await srv.server.bot!.ready
})

const post = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${srv.server.url}/telegram/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })

describe('webhook', () => {
  it('is set at start on the server’s own URL, with the secret token and the updates it handles', async () => {
    const [set] = standInOf(srv.server).callsOf('setWebhook')
    expect(set.params).toMatchObject({
      url: `${srv.server.url}/telegram/webhook`,
      secret_token: SECRET,
      allowed_updates: ['message', 'pre_checkout_query'],
    })
    expect(standInOf(srv.server).callsOf('getUpdates')).toEqual([])
  })

  it('answers 401 without the secret token, or with a wrong one, and processes nothing', async () => {
    const standIn = standInOf(srv.server)
    const user = await botUser(srv.server)
    const update = { update_id: 900_001, ...textMessage(user, '/start') }
    const attempts: Record<string, string>[] = [
      {},
      { [SECRET_HEADER]: 'wrong' },
      { [SECRET_HEADER]: SECRET.slice(0, -1) },
      { [SECRET_HEADER]: SECRET + 'x' },
      { [SECRET_HEADER]: '' },
    ]
    for (const headers of attempts) {
      const r = await post(update, headers)
      expect(r.status, JSON.stringify(headers)).toBe(401)
      expect(await r.json()).toEqual({
        message: 'wrong or missing secret token',
        requestId: r.headers.get('x-request-id'),
      })
    }
    // Even a body that is not an update is not read without the token.
    expect((await post('{not json', {})).status).toBe(401)
    await sleep(300)
    expect(messagesTo(standIn, user.id)).toEqual([])
  })

  it('handles an update POSTed with the secret token', async () => {
    const standIn = standInOf(srv.server)
    const user = await botUser(srv.server)
    const r = await post({ update_id: 900_002, ...textMessage(user, '/start hello') }, { [SECRET_HEADER]: SECRET })
    expect(r.status).toBe(200)
    // grammY handles the update before answering: the reply is already sent.
    expect(messagesTo(standIn, user.id)).toHaveLength(1)
  })

  it('refuses a body that is not an update, or a malformed one, with the token: 400, not 500', async () => {
    const user = await botUser(srv.server)
    const start = textMessage(user, '/start')
    const malformed = [
      { update_id: 1, message: { ...start.message, chat: undefined } },
      { update_id: 1, message: { ...start.message, from: { id: 'x' } } },
      {
        update_id: 1,
        message: {
          ...start.message,
          successful_payment: {
            currency: 'XTR',
            total_amount: 1.5,
            invoice_payload: 'x',
            telegram_payment_charge_id: 'c',
          },
        },
      },
      { update_id: 1, pre_checkout_query: { id: 'q', currency: 'XTR', total_amount: 5, invoice_payload: 'x' } },
      { update_id: 1, message: start.message, pre_checkout_query: {} },
    ]
    for (const body of [
      '{not json',
      '[]',
      '{"message":{}}',
      'null',
      '{"update_id":"1"}',
      ...malformed.map((m) => JSON.stringify(m)),
    ])
      expect((await post(body, { [SECRET_HEADER]: SECRET })).status, body).toBe(400)
    await sleep(200)
    expect(messagesTo(standInOf(srv.server), user.id)).toEqual([])
  })

  it('takes and drops an update of a kind it does not handle', async () => {
    const r = await post(
      {
        update_id: 900_003,
        edited_message: { message_id: 1, date: 1, chat: { id: 1, type: 'private' }, text: '/start' },
      },
      { [SECRET_HEADER]: SECRET },
    )
    expect(r.status).toBe(200)
  })

  it('grants once when Telegram delivers the same successful_payment update twice', async () => {
    const standIn = standInOf(srv.server)
    const user = await botUser(srv.server)
    const order = await srv.server.payments.order(user.id, 'test', 'stars')
    const { chargeId, ...payment } = standIn.successfulPayment(user, order.id, TEST_PRICE_STARS)
    const update = { update_id: 900_004, ...payment }
    for (let i = 0; i < 2; i++) expect((await post(update, { [SECRET_HEADER]: SECRET })).status).toBe(200)
    expect(test.grants.filter((g) => g === order.id)).toHaveLength(1)
    expect(
      await srv.server.db.query("SELECT outcome FROM payments WHERE kind = 'stars' AND proof_id = $1", [chargeId]),
    ).toEqual([{ outcome: 'granted' }])
    expect(messagesTo(standIn, user.id)).toHaveLength(1)
  })

  it('a refunded_payment POSTed twice at once refunds its order once; a malformed one is refused with 400', async () => {
    const standIn = standInOf(srv.server)
    const user = await botUser(srv.server)
    const order = await srv.server.payments.order(user.id, 'test', 'stars')
    const { chargeId, ...payment } = standIn.successfulPayment(user, order.id, TEST_PRICE_STARS)
    expect((await post({ update_id: 900_006, ...payment }, { [SECRET_HEADER]: SECRET })).status).toBe(200)
    const refund = { update_id: 900_007, ...standIn.refundedPayment(user, chargeId) }
    const malformed = {
      ...refund,
      message: { ...refund.message, refunded_payment: { ...refund.message?.refunded_payment, total_amount: '50' } },
    }
    expect((await post(malformed, { [SECRET_HEADER]: SECRET })).status).toBe(400)
    expect(await srv.server.db.query('SELECT status FROM orders WHERE id = $1', [order.id])).toEqual([
      { status: 'granted' },
    ])
    const answers = await Promise.all([
      post(refund, { [SECRET_HEADER]: SECRET }),
      post(refund, { [SECRET_HEADER]: SECRET }),
    ])
    expect(answers.map((a) => a.status)).toEqual([200, 200])
    // The test product cannot take its grant back: flagged, once.
    expect(await srv.server.db.query('SELECT status, grant_state FROM orders WHERE id = $1', [order.id])).toEqual([
      { status: 'refunded', grant_state: 'flagged' },
    ])
    expect(
      await srv.server.db.query("SELECT outcome FROM payments WHERE kind = 'stars' AND proof_id = $1", [chargeId]),
    ).toEqual([{ outcome: 'refunded' }])
    expect(await Promise.all([0, 1].map(() => srv.server.payments.recordRefund('stars', chargeId)))).toEqual([
      { kind: 'duplicate' },
      { kind: 'duplicate' },
    ])
  })

  it('a reply the Bot API refuses for good (the user blocked the bot) is no reason to get the update again: 200', async () => {
    const standIn = standInOf(srv.server)
    const user = await botUser(srv.server)
    standIn.blocked.add(user.id)
    const r = await post({ update_id: 900_005, ...textMessage(user, '/start') }, { [SECRET_HEADER]: SECRET })
    expect(r.status).toBe(200)
    expect(messagesTo(standIn, user.id)).toHaveLength(1)
  })

  it('gets what the Bot API emits, delivered by the stand-in with the token', async () => {
    const standIn = standInOf(srv.server)
    const user = await botUser(srv.server, 'ru')
    standIn.emit(textMessage(user, '/start x1'))
    const [reply] = await callsOf(standIn, 'sendMessage', (c) => c.params.chat_id === user.id)
    expect(JSON.stringify(reply.params.reply_markup)).toContain('tgWebAppStartParam=x1')
  })
})
