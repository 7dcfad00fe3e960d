/**
 * The verification pipeline (doc 2 §4; docs/features/poh.md, "The pipeline"), paid from the
 * in-app wallet: received, queued (internalInQueue), the code sent as the comment of a small
 * transaction in the wallet's history (responsing), confirmed by the right code (confirmProve, +5 %
 * at the claim), wrong codes limited to POH.maxWrongCodes, one proof per person. The queue's loop is
 * stopped: the test runs the due jobs itself (jobs.runDue) and moves the server's clock. On PGlite
 * and PostgreSQL.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import type { EventInput } from '../../../domain/events'
import { codeEpic } from '../../../streams/poh/epics'
import { loadAllFeatures } from '../../../streams/features'
import { isRight } from 'fp-ts/lib/Either'
import { Ok, POH_WRONG_CODE, PohInfo, PohWrongCodeParams } from '../../../domain/poh/codecs'
import { pohScreenFor } from '../../../domain/poh/routing'
import { ApiErrorBody } from '../../../domain/api/codecs'
import { MiningUserAnswer } from '../../../domain/mining/firstScreenCodecs'
import { CLAIM_WINDOW_MS } from '../../../domain/mining/accrual'
import type { MovableClock } from '../../../server/kernel/clock'
import { orderComment } from '../../../server/payments/orders'
import { MESSAGES, MESSAGES_RU } from '../../../server/poh/requests'
import { POH } from '../../../server/poh/seed'
import { type User, newUser, useServer } from '../helpers'
import { codesInHistory, decodes, onTheWire, pay, statusOf, tonNano, wrongCode } from './helpers'

const QUEUE_DELAY_MS = 60_000
const api = useServer({ poh: { queueDelayMs: QUEUE_DELAY_MS } })
const clock = () => api.server.clock as MovableClock
beforeAll(async () => {
  await api.server.jobs.stop()
  // The poh slice folds its events once its feature is loaded (the unit project loads every feature first; server-pg does not).
  await loadAllFeatures()
})

const walletUser = async () => {
  const user = newUser()
  await api.call('/tgUserWallets', user)
  await api.call('/mining/user', user, {})
  return user
}
/** Paid from the in-app wallet and walked to `responsing`; answers the code the history shows. */
async function toCode(user: User): Promise<string> {
  expect((await pay(api.server, user, 'internal')).status).toBe(200)
  await api.server.jobs.runDue()
  clock().advance(QUEUE_DELAY_MS)
  await api.server.jobs.runDue()
  expect(await statusOf(api.server, user)).toBe('responsing')
  const [code] = await codesInHistory(api.server, user)
  return code
}
const check = (user: User, code: string) => api.call('/v2/poh/checkCode', user, { code })
const record = async (user: User) => decodes(MiningUserAnswer, (await api.call('/mining/user', user)).body).userMining

describe('the pipeline, paid from the in-app wallet', () => {
  it('internal, paid at once: received, then queued, then responsing with the code in the wallet history; the right code confirms', async () => {
    const user = await walletUser()
    const before = await tonNano(api.server, user.id)
    expect(await statusOf(api.server, user)).toBeUndefined()
    const paid = await pay(api.server, user, 'internal')
    expect(paid.status).toBe(200)
    expect(paid.body.result).toEqual({ orderId: expect.stringMatching(/^SW/), status: 'granted' })
    const orderId = paid.body.result.orderId as string
    // the money moved once, the withdrawal in the history names the order
    expect(await tonNano(api.server, user.id)).toBe(before - POH.price.tonNano)
    const history = (await api.call('/history?limit=10&offset=0&accountIndex=0', user)).body as unknown as Record<
      string,
      unknown
    >[]
    expect(history[0]).toMatchObject({
      type: 'withdrawal',
      symbol: 'TON',
      amount: POH.price.tonNano.toString(),
      to: api.server.ton.serviceAddress,
      comment: orderComment(orderId),
    })
    expect(await statusOf(api.server, user)).toBe('received')

    await api.server.jobs.runDue()
    expect(await statusOf(api.server, user)).toBe('internalInQueue')
    // the provider's queue: nothing is sent before its delay
    clock().advance(QUEUE_DELAY_MS - 1_000)
    await api.server.jobs.runDue()
    expect(await statusOf(api.server, user)).toBe('internalInQueue')
    expect(await codesInHistory(api.server, user)).toEqual([])
    clock().advance(1_000)
    await api.server.jobs.runDue()
    expect(await statusOf(api.server, user)).toBe('responsing')

    const codes = await codesInHistory(api.server, user)
    expect(codes).toHaveLength(1)
    expect(codes[0]).toMatch(/^\d{6}$/)
    // the code's transaction: POH.codeNano from the service wallet
    expect(await tonNano(api.server, user.id)).toBe(before - POH.price.tonNano + POH.codeNano)
    expect((await record(user))?.confirmProve).toBe(false)

    const ok = await check(user, codes[0])
    expect(ok.status).toBe(200)
    decodes(Ok, ok.body)
    expect(await statusOf(api.server, user)).toBeUndefined()
    expect((await record(user))?.confirmProve).toBe(true)
    // the same code again: nothing awaits a code any more
    expect(await check(user, codes[0])).toMatchObject({
      status: 409,
      body: { path: 'code', message: MESSAGES.confirmed },
    })
  })

  it('[poh.1] a user confirmed through the pipeline gets 5 % more at the claim', async () => {
    const user = await walletUser()
    expect((await check(user, await toCode(user))).status).toBe(200)
    clock().advance(CLAIM_WINDOW_MS)
    const seen = await record(user)
    const claimed = await api.call('/mining/claim', user, {
      idempotencyKey: `poh-claim-${user.id}`,
      windowStart: seen?.windowStart,
    })
    expect(claimed.status).toBe(200)
    const nano = (s: string) => BigInt(s.split('.')[0]) * 10n ** 9n + BigInt((s.split('.')[1] ?? '').padEnd(9, '0'))
    expect(nano(claimed.body.claimed)).toBeGreaterThan(0n)
    expect(nano(claimed.body.bonus)).toBe((nano(claimed.body.claimed) * 5n) / 100n)
  })

  it('the same tap twice pays once; without enough TON nothing is paid and no request is made', async () => {
    const user = await walletUser()
    const before = await tonNano(api.server, user.id)
    const [a, b] = await Promise.all([
      pay(api.server, user, 'internal', 'same-tap'),
      pay(api.server, user, 'internal', 'same-tap'),
    ])
    expect([a.status, b.status]).toEqual([200, 200])
    expect(b.body.result.orderId).toBe(a.body.result.orderId)
    expect((await pay(api.server, user, 'internal', 'same-tap')).body.result.orderId).toBe(a.body.result.orderId)
    expect(await pay(api.server, user, 'star', 'same-tap')).toMatchObject({
      status: 409,
      body: { path: 'idempotencyKey' },
    })
    expect(await tonNano(api.server, user.id)).toBe(before - POH.price.tonNano)
    expect(await api.server.db.query('SELECT 1 FROM poh_requests WHERE user_id = $1', [user.id])).toHaveLength(1)

    const poor = await walletUser()
    const held = await tonNano(api.server, poor.id)
    await api.server.db.query(
      "UPDATE balances SET units = $2 WHERE user_id = $1 AND account_index = 0 AND chain_id = 'TON' AND token_address = 'native'",
      [poor.id, (POH.price.tonNano - 1n).toString()],
    )
    const refused = await pay(api.server, poor, 'internal')
    expect(refused).toMatchObject({
      status: 409,
      body: { path: 'payType', message: expect.stringContaining('Not enough TON') },
    })
    expect(await tonNano(api.server, poor.id)).toBe(POH.price.tonNano - 1n)
    expect(await statusOf(api.server, poor)).toBeUndefined()
    expect(held).toBeGreaterThan(0n)
  })
})

describe('the status and what PoH grants', () => {
  it("[poh.4] the info's status is received, internalInQueue, responsing or internalError, and none before any request (the intro)", async () => {
    // the client's codec takes the four and none, and nothing else
    const price = { tonAmount: { tonAmount: '1', amount: '3.00', starAmount: 150 } }
    for (const status of ['received', 'internalInQueue', 'responsing', 'internalError'])
      expect(isRight(PohInfo.decode({ ...price, inProgressStatus: status })), status).toBe(true)
    expect(isRight(PohInfo.decode(price))).toBe(true)
    for (const status of ['confirmed', 'started', '', null])
      expect(isRight(PohInfo.decode({ ...price, inProgressStatus: status })), String(status)).toBe(false)
    // the server's answers along one request: none, received, internalInQueue, responsing, and internalError once it fails
    const user = await walletUser()
    const seen: (string | undefined)[] = [await statusOf(api.server, user)]
    expect((await pay(api.server, user, 'internal')).status).toBe(200)
    seen.push(await statusOf(api.server, user))
    await api.server.jobs.runDue()
    seen.push(await statusOf(api.server, user))
    clock().advance(QUEUE_DELAY_MS)
    await api.server.jobs.runDue()
    seen.push(await statusOf(api.server, user))
    const [code] = await codesInHistory(api.server, user)
    for (let i = 0; i < POH.maxWrongCodes; i++) await check(user, wrongCode(code))
    seen.push(await statusOf(api.server, user))
    expect(seen).toEqual([undefined, 'received', 'internalInQueue', 'responsing', 'internalError'])
    // no status means not started: the intro
    expect(pohScreenFor({ status: seen[0] as undefined, confirmed: false, failureSeen: false, awaiting: false })).toBe(
      'intro',
    )
  })

  it('[poh.2] the closed beta opens after PoH: confirmProve, what the beta reads (docs/features/poh.md), is false until the right code, true after', async () => {
    const user = await walletUser()
    expect((await record(user))?.confirmProve).toBe(false)
    const code = await toCode(user)
    expect((await record(user))?.confirmProve).toBe(false)
    expect((await check(user, wrongCode(code))).status).toBe(400)
    expect((await record(user))?.confirmProve).toBe(false)
    expect((await check(user, code)).status).toBe(200)
    expect((await record(user))?.confirmProve).toBe(true)
    // another user, not verified, stays outside
    expect((await record(await walletUser()))?.confirmProve).toBe(false)
  })
})

describe('on the wire', () => {
  const price = { tonAmount: { tonAmount: '1', amount: '3.00', starAmount: 150 } }
  const body = (req: { body?: string | null }) => JSON.parse(req.body ?? 'null') as Record<string, unknown>

  it('[poh.24] once all six boxes are filled the code is checked by POST check code with JSON {code}; five send nothing', async () => {
    const user = await walletUser()
    const code = await toCode(user)
    const typed = (digits: string) =>
      digits.split('').map((d, index) => ({ type: 'poh/codeTyped', payload: { index, text: d } }) as EventInput)
    const wire = onTheWire(
      api.server,
      user,
      [
        { type: 'poh/infoReceived', payload: { info: { ...price, inProgressStatus: 'responsing' } } },
        ...typed(code.slice(0, 4)),
      ] as EventInput[],
      codeEpic,
    )
    wire.tap(typed(code)[4])
    await new Promise((r) => setTimeout(r, 200))
    expect(wire.sent).toEqual([])
    wire.tap(typed(code)[5])
    await expect.poll(() => wire.answered.length, { timeout: 10_000 }).toBe(1)
    wire.stop()
    const [req] = wire.sent
    expect([req.method, new URL(req.url).pathname, new URL(req.url).search]).toEqual(['POST', '/v2/poh/checkCode', ''])
    expect(body(req)).toEqual({ code })
    expect(wire.answered).toEqual([200])
    expect(wire.out).toEqual(['poh/codeSubmitted', 'poh/confirmed'])
    expect((await record(user))?.confirmProve).toBe(true)
  })
})

describe('wrong codes', () => {
  it(`a wrong code is a 400 naming code, counted; the ${POH.maxWrongCodes}th fails the request (internalError), and the user may pay again`, async () => {
    const user = await walletUser()
    const code = await toCode(user)
    for (let i = 1; i < POH.maxWrongCodes; i++) {
      const wrong = await check(user, wrongCode(code))
      expect(wrong).toMatchObject({
        status: 400,
        body: {
          path: 'code',
          message: expect.stringContaining(
            `${POH.maxWrongCodes - i} ${POH.maxWrongCodes - i === 1 ? 'try' : 'tries'} left`,
          ),
        },
      })
      // the tries left, as the client reads them (the house's error body, its code and params)
      expect(decodes(ApiErrorBody, wrong.body)).toMatchObject({
        code: POH_WRONG_CODE,
        params: { triesLeft: String(POH.maxWrongCodes - i) },
      })
      expect(decodes(PohWrongCodeParams, wrong.body.params)).toEqual({ triesLeft: String(POH.maxWrongCodes - i) })
      expect(await statusOf(api.server, user)).toBe('responsing')
    }
    const last = await check(user, wrongCode(code))
    expect(last).toMatchObject({
      status: 400,
      body: {
        path: 'code',
        message: expect.stringContaining('no tries are left'),
        code: POH_WRONG_CODE,
        params: { triesLeft: '0' },
      },
    })
    expect(await statusOf(api.server, user)).toBe('internalError')
    expect((await api.call('/v2/poh/info', user)).body).toMatchObject({ attempt: 1, failure: 'wrong-codes' })
    // the right code is too late now: the request failed
    expect(await check(user, code)).toMatchObject({ status: 409, body: { path: 'code' } })
    expect((await record(user))?.confirmProve).toBe(false)

    // paying again starts a new request with a new code
    const again = await toCode(user)
    expect(await codesInHistory(api.server, user)).toHaveLength(2)
    expect((await check(user, again)).status).toBe(200)
    expect((await record(user))?.confirmProve).toBe(true)
  })

  it('guesses sent at once are counted one by one: ten wrong codes together are five 400s and five 409s, the request failed', async () => {
    const user = await walletUser()
    const code = await toCode(user)
    const guesses = Array.from({ length: 10 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'))
    const answers = await Promise.all(guesses.map((g) => check(user, g)))
    expect(answers.filter((a) => a.status === 400)).toHaveLength(POH.maxWrongCodes)
    expect(answers.filter((a) => a.status === 409)).toHaveLength(10 - POH.maxWrongCodes)
    expect(await statusOf(api.server, user)).toBe('internalError')
    expect(
      await api.server.db.query<{ wrong_codes: number }>('SELECT wrong_codes FROM poh_requests WHERE user_id = $1', [
        user.id,
      ]),
    ).toEqual([{ wrong_codes: POH.maxWrongCodes }])
  })
})

describe('one person, one proof', () => {
  it('a confirmed user is refused before any payment, every way, and so is a user whose verification is under way', async () => {
    const user = await walletUser()
    expect((await check(user, await toCode(user))).status).toBe(200)
    const held = await tonNano(api.server, user.id)
    const orders = async (u: User) =>
      (await api.server.db.query('SELECT 1 FROM orders WHERE user_id = $1', [u.id])).length
    const ordered = await orders(user)
    for (const payType of ['internal', 'star', 'external'] as const)
      expect(await pay(api.server, user, payType)).toMatchObject({ status: 409, body: { message: MESSAGES.confirmed } })
    expect(await api.call('/v2/poh/priceCheck', user, {})).toMatchObject({
      status: 409,
      body: { message: MESSAGES.confirmed },
    })
    expect(await orders(user)).toBe(ordered)
    expect(await tonNano(api.server, user.id)).toBe(held)

    const waiting = await walletUser()
    expect((await pay(api.server, waiting, 'internal')).status).toBe(200)
    for (const payType of ['internal', 'star', 'external'] as const)
      expect(await pay(api.server, waiting, payType)).toMatchObject({
        status: 409,
        body: { message: MESSAGES.underway },
      })
  })

  it("a refusal reads in the user's language: the one the app set, else Telegram's", async () => {
    const user = newUser({ language_code: 'ru' })
    await api.call('/tgUserWallets', user)
    await api.call('/mining/user', user, {})
    expect((await check(user, await toCode(user))).status).toBe(200)
    expect(await pay(api.server, user, 'star')).toMatchObject({ status: 409, body: { message: MESSAGES_RU.confirmed } })
    expect(await api.call('/v2/poh/priceCheck', user, {})).toMatchObject({
      status: 409,
      body: { message: MESSAGES_RU.confirmed },
    })
    expect((await api.call('/userLanguage', user, { language: 'en', chosenAt: Date.now() })).status).toBe(200)
    expect(await pay(api.server, user, 'star')).toMatchObject({ status: 409, body: { message: MESSAGES.confirmed } })

    const poor = newUser({ language_code: 'ru' })
    await api.call('/tgUserWallets', poor)
    await api.server.db.query(
      "UPDATE balances SET units = 0 WHERE user_id = $1 AND account_index = 0 AND chain_id = 'TON' AND token_address = 'native'",
      [poor.id],
    )
    expect(await pay(api.server, poor, 'internal')).toMatchObject({
      status: 409,
      body: { path: 'payType', message: 'Недостаточно TON в кошельке: подтверждение стоит 1 TON.' },
    })
  })

  it('two payments at once from one user make one request; the other is refused and its money stays', async () => {
    const user = await walletUser()
    const before = await tonNano(api.server, user.id)
    const answers = await Promise.all([
      pay(api.server, user, 'internal'),
      pay(api.server, user, 'internal'),
      pay(api.server, user, 'internal'),
    ])
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
    expect(answers.filter((a) => a.status === 409)).toHaveLength(2)
    expect(await tonNano(api.server, user.id)).toBe(before - POH.price.tonNano)
    expect(await api.server.db.query('SELECT 1 FROM poh_requests WHERE user_id = $1', [user.id])).toHaveLength(1)
  })
})

describe('bad input', () => {
  it('is a 4xx naming the field', async () => {
    const user = await walletUser()
    expect(await api.call('/v2/poh/transaction', user, { payType: 'card' })).toMatchObject({
      status: 400,
      body: { path: 'payType' },
    })
    expect(await api.call('/v2/poh/transaction', user, {})).toMatchObject({ status: 400, body: { path: 'payType' } })
    expect(await api.call('/v2/poh/transaction', user, { payType: 'star', idempotencyKey: '' })).toMatchObject({
      status: 400,
      body: { path: 'idempotencyKey' },
    })
    expect(await api.call('/v2/poh/checkCode', user, {})).toMatchObject({ status: 400, body: { path: 'code' } })
    for (const code of ['12345', '1234567', '12345a', ' 123456', '１２３４５６'])
      expect(await api.call('/v2/poh/checkCode', user, { code }), code).toMatchObject({
        status: 400,
        body: { path: 'code' },
      })
    expect(await api.call('/v2/poh/checkCode', user, { code: 123456 })).toMatchObject({
      status: 400,
      body: { path: 'code' },
    })
    expect((await api.call('/v2/poh/checkCode', user, { code: '123456' })).status).toBe(409)
    expect((await api.call('/v2/poh/transaction', null, { payType: 'star' })).status).toBe(401)
  })
})
