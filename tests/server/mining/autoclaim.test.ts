/** Autoclaim (tasks.43-52): bought with TON from the custodial wallet, then claimed for the user by the job queue. */
import { isRight } from 'fp-ts/lib/Either'
import { describe, expect, it } from 'vitest'
import { endpoints } from '../../../domain/api/endpoints'
import { CLAIM_WINDOW_MS, HOUR_MS } from '../../../domain/mining/accrual'
import { MovableClock } from '../../../server/kernel/clock'
import { AUTOCLAIM } from '../../../server/mining/seed'
import { type User, call, newUser, onPostgres, startTestServer, testConfig, useServer } from '../helpers'
import { createServer } from '../../../server/app'

const api = useServer()
const clock = () => api.server.clock as MovableClock
const decodes = (name: keyof typeof endpoints, body: unknown) =>
  expect(isRight(endpoints[name].response.decode(body) as never), JSON.stringify(body)).toBe(true)
let keys = 0
const transfer = (user: User, data: { to: string; amount: string; comment: string }, dry: boolean) =>
  api.call('/transfer', user, {
    ...data,
    tokenAddress: 'native',
    chainId: 'TON',
    accountIndex: 0,
    dry,
    idempotencyKey: `pay-${++keys}-${Date.now()}`,
  })
async function miner() {
  const user = newUser()
  await api.call('/tgUserWallets', user)
  await api.call('/mining/user', user, {})
  return user
}
const order = async (user: User) => {
  const answer = await api.call('/mining/autoclaim/internal', user, {})
  expect(answer.status).toBe(200)
  decodes('autoclaimInternal', answer.body)
  return answer.body as { data: { to: string; amount: string; comment: string }; orderId: string }
}
const ledger = (userId: number, reason: string) =>
  api.server.db.query<{ delta: string }>('SELECT delta::text AS delta FROM ledger WHERE user_id = $1 AND reason = $2', [
    userId,
    reason,
  ])

describe('autoclaim bought from the custodial wallet', () => {
  it('[tasks.51] the offer: 195 Stars or the TON price, not active yet', async () => {
    const user = await miner()
    const { body } = await api.call('/mining/autoclaim', user)
    decodes('autoclaimOffer', body)
    expect(body).toEqual({ stars: 195, ton: '0.5', days: AUTOCLAIM.days, active: false, until: null })
  })

  it('[tasks.44] [tasks.50] dry run, then the transfer: the order is granted in the transfer, once, and autoclaim is on', async () => {
    const user = await miner()
    const o = await order(user)
    expect(o.data).toMatchObject({ amount: '0.5', comment: expect.stringContaining(o.orderId) })
    expect((await api.call(`/payments/orders/${o.orderId}`, user)).body).toMatchObject({
      status: 'open',
      product: 'autoclaim',
      way: 'internal',
    })
    const dry = await transfer(user, o.data, true)
    expect(dry.status).toBe(200)
    expect((await api.call(`/payments/orders/${o.orderId}`, user)).body.status).toBe('open')
    const paid = await transfer(user, o.data, false)
    expect(paid.status).toBe(200)
    const status = await api.call(`/payments/orders/${o.orderId}`, user)
    decodes('order', status.body)
    expect(status.body.status).toBe('granted')
    expect((await api.call('/mining/user', user)).body.userMining).toMatchObject({
      autoclaimActive: true,
      dttmLastPayment: expect.any(String),
    })
    expect((await api.call('/mining/autoclaim', user)).body).toMatchObject({ active: true, until: expect.any(String) })
    // the same payment again: refused before anything moves
    const again = await transfer(user, o.data, false)
    expect(again.status).toBe(400)
    expect(again.body.path).toBe('comment')
    expect(await ledger(user.id, 'withdrawal')).toHaveLength(1)
    // and a new order while it is active is refused
    expect((await api.call('/mining/autoclaim/internal', user, {})).status).toBe(409)
  })

  it('a transfer to the service wallet that pays no order of the sender exactly is refused under comment, and nothing moves', async () => {
    const user = await miner()
    const stranger = await miner()
    const o = await order(user)
    expect((await transfer(user, { ...o.data, comment: 'hello' }, true)).body.path).toBe('comment')
    expect((await transfer(user, { ...o.data, amount: '0.4' }, false)).body.path).toBe('comment')
    // another user's order is not theirs to pay, nor to read
    expect((await transfer(stranger, o.data, false)).body.path).toBe('comment')
    expect((await api.call(`/payments/orders/${o.orderId}`, stranger)).status).toBe(404)
    expect(await ledger(user.id, 'withdrawal')).toHaveLength(0)
    expect(await ledger(stranger.id, 'withdrawal')).toHaveLength(0)
  })

  it('not enough TON: the dry run refuses under amount', async () => {
    const user = await miner()
    const o = await order(user)
    // spend the wallet's TON first
    const held = await api.server.db.query<{ units: string }>(
      "SELECT units::text AS units FROM balances WHERE user_id = $1 AND account_index = 0 AND chain_id = 'TON' AND token_address = 'native'",
      [user.id],
    )
    await api.server.db.query(
      "UPDATE balances SET units = 1000 WHERE user_id = $1 AND account_index = 0 AND chain_id = 'TON' AND token_address = 'native'",
      [user.id],
    )
    expect(held.length).toBe(1)
    const dry = await transfer(user, o.data, true)
    expect(dry.status).toBe(400)
    expect(dry.body.path).toBe('amount')
  })

  it("paid: the queue claims before each deadline, so no window burns while an unpaid miner's do; after the paid period it turns off", async () => {
    const user = await miner()
    const unpaid = await miner()
    const o = await order(user)
    expect((await transfer(user, o.data, false)).status).toBe(200)
    for (let window = 0; window < 3; window++) {
      clock().advance(CLAIM_WINDOW_MS - AUTOCLAIM.leadMs + 1000)
      await api.server.jobs.runDue()
    }
    const r = (await api.call('/mining/user', user)).body.userMining
    expect(r.burnedAmount).toBe('0')
    expect(await ledger(user.id, 'autoclaim')).toHaveLength(3)
    expect(await ledger(user.id, 'burn')).toHaveLength(0)
    // the same hours without autoclaim: each of the three windows burned (mining.5)
    expect(Number((await api.call('/mining/user', unpaid)).body.userMining.burnedAmount)).toBeGreaterThan(0)
    expect(await ledger(unpaid.id, 'burn')).not.toHaveLength(0)
    // past the paid period the next run turns it off
    clock().advance(AUTOCLAIM.days * 24 * HOUR_MS)
    await api.server.jobs.runDue()
    expect((await api.call('/mining/user', user)).body.userMining.autoclaimActive).toBe(false)
  })
})

describe.runIf(onPostgres())('two server processes on one PostgreSQL', () => {
  it('each due autoclaim runs once', async () => {
    const shared = new MovableClock()
    const config = await testConfig({ clock: shared })
    const a = await createServer(config)
    const b = await createServer({ ...config })
    try {
      const users: User[] = []
      for (let i = 0; i < 6; i++) {
        const user = newUser()
        await call(a, '/tgUserWallets', user)
        await call(a, '/mining/user', user, {})
        const o = (await call(b, '/mining/autoclaim/internal', user, {})).body
        expect(
          (
            await call(i % 2 ? a : b, '/transfer', user, {
              ...o.data,
              tokenAddress: 'native',
              chainId: 'TON',
              accountIndex: 0,
              dry: false,
              idempotencyKey: `two-key-${i}`,
            })
          ).status,
        ).toBe(200)
        users.push(user)
      }
      shared.advance(CLAIM_WINDOW_MS - AUTOCLAIM.leadMs + 1000)
      await Promise.all([a.jobs.runDue(), b.jobs.runDue(), a.jobs.runDue(), b.jobs.runDue()])
      const claims = await a.db.query<{ user_id: string }>(
        `SELECT user_id FROM ledger WHERE reason = 'autoclaim' AND user_id = ANY($1::bigint[])`,
        [users.map((u) => u.id)],
      )
      expect(claims.map((r) => Number(r.user_id)).sort()).toEqual(users.map((u) => u.id).sort())
    } finally {
      await a.close()
      await b.close()
    }
  })
})

describe('no stand-ins in production', () => {
  it('a production server answers the order calls only with init data', async () => {
    const server = await startTestServer({ mode: 'production', walletSecret: 'autoclaim-production-secret' })
    try {
      expect((await call(server, '/mining/autoclaim/internal', null, {})).status).toBe(401)
    } finally {
      await server.close()
    }
  })
})
