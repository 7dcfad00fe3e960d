/**
 * The Bot API stand-in (server/standins/botApi.ts) answers as Telegram's Bot API does, for the
 * methods the bot uses: the {ok, result} / {ok: false, error_code, description} shapes, getUpdates'
 * long polling with offset and timeout, one getUpdates at a time, webhook delivery with the secret
 * token, Stars invoices' rules, the pay flow and refunds, and its control endpoints.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer as createHttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type BotApiStandIn, WEBHOOK_ATTEMPTS, startBotApiStandIn, textMessage } from '../../../server/standins/botApi'

const TOKEN = '4242:stand-in-tests'
let standIn: BotApiStandIn
beforeAll(async () => {
  standIn = await startBotApiStandIn(TOKEN, { preCheckoutTimeoutMs: 300 })
})
afterAll(async () => {
  await standIn?.close()
})

const api = async (method: string, params: Record<string, unknown> = {}, token = TOKEN) => {
  const r = await fetch(`${standIn.url}/bot${token}/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(params),
  })
  return {
    status: r.status,
    body: (await r.json()) as { ok: boolean; result?: unknown; error_code?: number; description?: string },
  }
}
const from = { id: 501, is_bot: false, first_name: 'Payer', language_code: 'en' }

describe('the Bot API stand-in', () => {
  it('listens on 127.0.0.1 only, and answers in the Bot API’s shapes', async () => {
    expect(standIn.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(await api('getMe')).toEqual({
      status: 200,
      body: {
        ok: true,
        result: expect.objectContaining({ id: 4242, is_bot: true, username: standIn.botInfo.username }),
      },
    })
    expect(await api('getMe', {}, '4242:wrong')).toEqual({
      status: 401,
      body: { ok: false, error_code: 401, description: 'Unauthorized' },
    })
    expect(await api('sendPhoto')).toEqual({
      status: 404,
      body: { ok: false, error_code: 404, description: 'Not Found: method not found' },
    })
    expect(await api('sendMessage', { chat_id: 1, text: ' ' })).toEqual({
      status: 400,
      body: { ok: false, error_code: 400, description: 'Bad Request: message text is empty' },
    })
    // Parameters in the query string, as Telegram takes them too.
    const r = await fetch(
      `${standIn.url}/bot${TOKEN}/sendMessage?chat_id=7&text=hi&reply_markup=${encodeURIComponent('{"inline_keyboard":[]}')}`,
    )
    expect(await r.json()).toMatchObject({
      ok: true,
      result: { chat: { id: 7 }, text: 'hi', reply_markup: { inline_keyboard: [] } },
    })
  })

  it('getUpdates: waits up to timeout, confirms by offset, and one call at a time', async () => {
    expect((await api('getUpdates', { timeout: 0 })).body.result).toEqual([])
    const started = Date.now()
    const waiting = api('getUpdates', { timeout: 5 })
    await new Promise((r) => setTimeout(r, 100))
    const id = standIn.emit(textMessage(from, 'hello'))
    const got = await waiting
    expect(Date.now() - started).toBeLessThan(2_000)
    expect(got.body.result).toEqual([
      expect.objectContaining({ update_id: id, message: expect.objectContaining({ text: 'hello' }) }),
    ])
    // Not confirmed yet: the same update again; asked past it: gone.
    expect((await api('getUpdates', { offset: id })).body.result).toHaveLength(1)
    expect((await api('getUpdates', { offset: id + 1 })).body.result).toEqual([])
    const second = standIn.emit(textMessage(from, 'again'))
    expect((await api('getUpdates', { offset: id })).body.result).toEqual([
      expect.objectContaining({ update_id: second }),
    ])
    // A timeout with nothing new ends empty, after about that long.
    const t0 = Date.now()
    expect((await api('getUpdates', { offset: second + 1, timeout: 1 })).body.result).toEqual([])
    expect(Date.now() - t0).toBeGreaterThanOrEqual(900)
    // A second getUpdates ends the one waiting with Telegram's conflict.
    const older = api('getUpdates', { offset: second + 1, timeout: 5 })
    await new Promise((r) => setTimeout(r, 100))
    const newer = api('getUpdates', { offset: second + 1, timeout: 0 })
    expect((await older).body).toEqual({
      ok: false,
      error_code: 409,
      description: 'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running',
    })
    expect((await newer).body).toEqual({ ok: true, result: [] })
  })

  it('Stars invoices: XTR takes no provider token and exactly one price', async () => {
    const base = { title: 'T', description: 'D', payload: 'p', currency: 'XTR', prices: [{ label: 'T', amount: 5 }] }
    expect((await api('createInvoiceLink', { ...base, provider_token: '' })).body).toEqual({
      ok: true,
      result: expect.stringMatching(/^https:\/\/t\.me\/\$[A-Za-z0-9_-]+$/),
    })
    expect((await api('createInvoiceLink', { ...base, provider_token: '123:TEST' })).body).toMatchObject({
      ok: false,
      error_code: 400,
    })
    expect(
      (await api('createInvoiceLink', { ...base, prices: [...base.prices, { label: 'tip', amount: 1 }] })).body,
    ).toMatchObject({ ok: false, error_code: 400 })
    expect((await api('createInvoiceLink', { ...base, title: 'x'.repeat(33) })).body).toMatchObject({
      ok: false,
      error_code: 400,
    })
  })

  it('pays: pre_checkout_query, the answer awaited; ok gives successful_payment and a charge that can be refunded once', async () => {
    const link = (
      await api('createInvoiceLink', {
        title: 'T',
        description: 'D',
        payload: 'order-1',
        provider_token: '',
        currency: 'XTR',
        prices: [{ label: 'T', amount: 7 }],
      })
    ).body.result as string
    const slug = link.split('$')[1]
    const offset = Math.max(
      0,
      ...((await api('getUpdates')).body.result as { update_id: number }[]).map((u) => u.update_id + 1),
    )
    const paying = standIn.pay(slug, from)
    let updates: {
      update_id: number
      pre_checkout_query?: { id: string; total_amount: number; invoice_payload: string; currency: string }
    }[] = []
    await expect
      .poll(async () => (updates = (await api('getUpdates', { offset })).body.result as typeof updates).length)
      .toBe(1)
    const query = updates[0].pre_checkout_query!
    expect(query).toMatchObject({ total_amount: 7, invoice_payload: 'order-1', currency: 'XTR', from })
    expect((await api('answerPreCheckoutQuery', { pre_checkout_query_id: query.id, ok: true })).body).toEqual({
      ok: true,
      result: true,
    })
    const paid = await paying
    expect(paid).toEqual({ status: 'paid', chargeId: expect.any(String) })
    const [payment] = (await api('getUpdates', { offset: updates[0].update_id + 1 })).body.result as {
      message: { successful_payment: unknown }
    }[]
    expect(payment.message.successful_payment).toEqual({
      currency: 'XTR',
      total_amount: 7,
      invoice_payload: 'order-1',
      telegram_payment_charge_id: paid.chargeId,
      provider_payment_charge_id: '',
    })
    // Answered twice, or too late: Telegram's error.
    expect((await api('answerPreCheckoutQuery', { pre_checkout_query_id: query.id, ok: true })).body).toMatchObject({
      ok: false,
      error_code: 400,
    })
    expect((await api('refundStarPayment', { user_id: 999, telegram_payment_charge_id: paid.chargeId })).body).toEqual({
      ok: false,
      error_code: 400,
      description: 'Bad Request: CHARGE_NOT_FOUND',
    })
    expect(
      (await api('refundStarPayment', { user_id: from.id, telegram_payment_charge_id: paid.chargeId })).body,
    ).toEqual({ ok: true, result: true })
    expect(
      (await api('refundStarPayment', { user_id: from.id, telegram_payment_charge_id: paid.chargeId })).body,
    ).toEqual({ ok: false, error_code: 400, description: 'Bad Request: CHARGE_ALREADY_REFUNDED' })
    // Nobody answers the pre-checkout: failed when Telegram would give up; cancel emits nothing.
    expect(await standIn.pay(slug, from)).toEqual({ status: 'failed', error: expect.stringMatching(/did not answer/) })
    const before = standIn.calls.length
    expect(await standIn.pay(slug, from, 'cancel')).toEqual({ status: 'cancelled' })
    expect(standIn.calls.length).toBe(before)
  })

  it('delivers to a webhook with its secret token, in order, and gives an update up after a few refusals', async () => {
    const seen: { secret: string | undefined; update: { update_id: number; message?: { text: string } } }[] = []
    const hook = createHttpServer((req, res) => {
      let body = ''
      req.on('data', (d) => (body += d))
      req.on('end', () => {
        const update = JSON.parse(body)
        seen.push({ secret: req.headers['x-telegram-bot-api-secret-token'] as string | undefined, update })
        res.statusCode = update.message?.text === 'refuse me' ? 500 : 200
        res.end()
      })
    })
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', () => r()))
    try {
      await api('getUpdates', { offset: -1 })
      await api('getUpdates', { offset: 1_000_000 })
      expect(
        (
          await api('setWebhook', {
            url: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`,
            secret_token: 'bad secret!',
          })
        ).body,
      ).toMatchObject({ ok: false, error_code: 400 })
      expect(
        (
          await api('setWebhook', {
            url: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`,
            secret_token: 's3cret',
          })
        ).body,
      ).toEqual({ ok: true, result: true })
      expect((await api('getUpdates')).body).toMatchObject({ ok: false, error_code: 409 })
      standIn.emit(textMessage(from, 'refuse me'))
      standIn.emit(textMessage(from, 'one'))
      await expect.poll(() => seen.filter((s) => s.update.message?.text === 'one').length, { timeout: 10_000 }).toBe(1)
      expect(seen.filter((s) => s.update.message?.text === 'refuse me')).toHaveLength(WEBHOOK_ATTEMPTS)
      expect(seen.every((s) => s.secret === 's3cret')).toBe(true)
      expect(standIn.undelivered.map((u) => u.message?.text)).toEqual(['refuse me'])
    } finally {
      await api('deleteWebhook')
      hook.close()
    }
  })

  it('control endpoints: emit an update, pay an invoice, read the calls', async () => {
    const emitted = await fetch(`${standIn.url}/standin/updates`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(textMessage(from, '/start x')),
    })
    expect(await emitted.json()).toEqual({ ok: true, result: { update_id: expect.any(Number) } })
    const unknown = await fetch(`${standIn.url}/standin/invoices/nope/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from }),
    })
    expect(unknown.status).toBe(404)
    const calls = (await (await fetch(`${standIn.url}/standin/calls`)).json()) as { result: { method: string }[] }
    expect(calls.result.map((c) => c.method)).toContain('createInvoiceLink')
  })
})
