/**
 * Staking deposits on the server: configs, free deposits locking SWITCH in the ledger,
 * concurrent deposits, the claim at dttmEnded, one user's deposits out of another's reach, bad
 * input as 4xx with the field's path. On PGlite and PostgreSQL.
 */
import { isRight } from 'fp-ts/lib/Either'
import { describe, expect, it } from 'vitest'
import { endpoints } from '../../../domain/api/endpoints'
import { MovableClock } from '../../../server/kernel/clock'
import { hourRewardUnits, rewardUnits } from '../../../server/staking/reward'
import { addMonths } from '../../../domain/staking/unlock'
import { PERIOD_MONTHS } from '../../../domain/staking/rules'
import { totalInLedger } from '../../../server/staking/deposits'
import { STAKING_PERIODS } from '../../../server/staking/seed'
import { fromUnits, toUnits } from '../../../domain/money'
import { type User, newUser, useServer } from '../helpers'
import { deposit, stakerWith } from './helpers'

// The 31st: three months on is April's last day.
const FIXED = Date.UTC(2026, 0, 31, 12)
const api = useServer({ clock: new MovableClock({ now: () => FIXED }) })
const clock = () => api.server.clock as MovableClock
const decodes = (name: keyof typeof endpoints, body: unknown) =>
  expect(isRight(endpoints[name].response.decode(body) as never), JSON.stringify(body)).toBe(true)
const units = (s: string) => toUnits(s, 9) as bigint
const text = (u: bigint) => fromUnits(u, 9)
const record = async (user: User) => (await api.call('/mining/user', user)).body.userMining
const ledger = (userId: number, reason: string) =>
  api.server.db.query<{ delta: string; token_address: string }>(
    'SELECT delta::text AS delta, token_address FROM ledger WHERE user_id = $1 AND reason = $2 ORDER BY id',
    [userId, reason],
  )
const staker = (amount: string) => stakerWith(api.server, newUser(), amount)
const claim = (user: User, id: string) => api.call(`/mining/staking/deposits/${id}/claim`, user, {})

describe('configs and total', () => {
  // staking.1's icons are the client's (tests/src/staking): here the periods and their months
  it('[staking.2] [staking.3] the six periods of 3, 3, 6, 12, 60 and 1200 months, free 3 months first; apy a fraction, bounds as decimal strings, prices for the paid ones only', async () => {
    const { status, body } = await api.call('/mining/staking/configs', newUser())
    expect(status).toBe(200)
    decodes('stakingConfigs', body)
    expect(body.configs.paidPeriods).toEqual(['3mhp', '5y', '100y'])
    expect(Object.keys(body.configs.stakingConfig)).toEqual(['3m', '3mhp', '6m', '1y', '5y', '100y'])
    expect(PERIOD_MONTHS).toEqual({ '3mhp': 3, '3m': 3, '6m': 6, '1y': 12, '5y': 60, '100y': 1200 })
    expect(body.configs.stakingConfig['3m']).toEqual({ apy: 0.05, minSwitchAmount: '10', maxSwitchAmount: '50000' })
    expect(body.configs.stakingConfig['3mhp']).toEqual({
      apy: 0.3,
      minSwitchAmount: '100',
      maxSwitchAmount: '50000',
      priceAmount: { ton: '0.5', stars: 100 },
    })
    expect(body.configs.stakingConfig['100y'].priceAmount).toEqual({ ton: '2', stars: 400 })
  })
})

describe('a free deposit', () => {
  it('locks the stake in the ledger at once: the deposit exact, lockAmount, the total', async () => {
    const before = units((await api.call('/mining/staking/total', newUser())).body.totalAmount)
    const user = await staker('2500.5')
    const now = clock().now()
    const answer = await deposit(api.server, user, { amount: '1000.25', period: '3m' })
    expect(answer.status).toBe(200)
    decodes('stakingDeposit', answer.body)
    const amount = units('1000.25')
    const end = addMonths(now, 3)
    expect(new Date(end).toISOString()).toBe(new Date(now).toISOString().replace(/^2026-01-31/, '2026-04-30'))
    expect(answer.body.deposit).toEqual({
      _id: expect.stringMatching(/^\d+$/),
      amount: '1000.25',
      period: '3m',
      apy: 0.05,
      hourReward: text(hourRewardUnits(amount, 50_000n)),
      dttmStarted: new Date(now).toISOString(),
      dttmEnded: new Date(end).toISOString(),
      reward: text(rewardUnits(amount, 50_000n, now, end, end)),
      dttmClaimed: null,
      orderId: null,
    })
    // 1000.25 × 0.05 / 8760 = 0.005709189... floored to the nano
    expect(answer.body.deposit.hourReward).toBe('0.005709189')
    expect(await record(user)).toMatchObject({ gotAmount: '2500.5', lockAmount: '1000.25' })
    expect(await ledger(user.id, 'stake-lock')).toEqual([{ delta: String(amount), token_address: 'SWITCH-STAKED' }])
    const list = await api.call('/mining/staking/deposits', user)
    decodes('stakingDeposits', list.body)
    expect(list.body).toEqual({ deposits: [answer.body.deposit], serverTime: clock().now() })
    const total = await api.call('/mining/staking/total', user)
    decodes('stakingTotal', total.body)
    expect(units(total.body.totalAmount) - before).toBe(amount)
  })

  it('one tap, one deposit: the same idempotency key answers the same deposit; another request under it is a 409', async () => {
    const user = await staker('500')
    const first = await deposit(api.server, user, { amount: '100', period: '6m', idempotencyKey: 'tap-0001' })
    const again = await deposit(api.server, user, { amount: '100', period: '6m', idempotencyKey: 'tap-0001' })
    expect(again.body).toEqual(first.body)
    expect((await api.call('/mining/staking/deposits', user)).body.deposits).toHaveLength(1)
    expect(await deposit(api.server, user, { amount: '101', period: '6m', idempotencyKey: 'tap-0001' })).toMatchObject({
      status: 409,
      body: { path: 'idempotencyKey' },
    })
    expect((await record(user)).lockAmount).toBe('100')
  })

  it('concurrent deposits never lock more than got minus locked', async () => {
    const user = await staker('1000')
    await deposit(api.server, user, { amount: '65', period: '1y' })
    // 935 left: of 20 deposits of 100 at once, 9 fit
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => deposit(api.server, user, { amount: '100', period: '3m' })),
    )
    const ok = answers.filter((a) => a.status === 200)
    expect(ok).toHaveLength(9)
    for (const a of answers.filter((x) => x.status !== 200))
      expect(a).toMatchObject({ status: 409, body: { path: 'amount' } })
    expect(await record(user)).toMatchObject({ gotAmount: '1000', lockAmount: '965' })
    const [{ sum }] = await api.server.db.query<{ sum: string }>(
      'SELECT sum(amount)::text AS sum FROM staking_deposits WHERE user_id = $1',
      [user.id],
    )
    expect(units(sum)).toBe(units('965'))
    // and concurrent deposits of different sizes, the rest of the balance exactly
    const sizes = ['10', '20', '30', '5', '35', '15', '25']
    const more = await Promise.all(sizes.map((amount) => deposit(api.server, user, { amount, period: '6m' })))
    const locked = more.reduce((s, a, i) => (a.status === 200 ? s + units(sizes[i]) : s), units('965'))
    expect(locked).toBeLessThanOrEqual(units('1000'))
    expect(units((await record(user)).lockAmount)).toBe(locked)
  })
})

describe('claiming a deposit', () => {
  it('[staking.38] not before dttmEnded, exactly at it yes, once: the stake unlocked and the whole reward paid', async () => {
    const user = await staker('5000')
    const { body } = await deposit(api.server, user, { amount: '4000', period: '3m' })
    const id = body.deposit._id as string
    const end = Date.parse(body.deposit.dttmEnded)
    expect(await claim(user, id)).toMatchObject({ status: 409, body: { path: 'id' } })
    clock().advance(end - 1 - clock().now())
    expect(await claim(user, id)).toMatchObject({ status: 409, body: { path: 'id' } })
    clock().advance(1)
    expect(clock().now()).toBe(end)
    const claimed = await claim(user, id)
    expect(claimed.status).toBe(200)
    decodes('claimStakingDeposit', claimed.body)
    const reward = rewardUnits(
      units('4000'),
      STAKING_PERIODS['3m'].apyPpm,
      Date.parse(body.deposit.dttmStarted),
      end,
      end,
    )
    expect(claimed.body).toEqual({
      deposit: { ...body.deposit, dttmClaimed: new Date(end).toISOString() },
      stake: '4000',
      reward: text(reward),
    })
    // 4000 × 0.05 × 89 days / 365 days
    expect(claimed.body.reward).toBe('48.767123287')
    expect(await claim(user, id)).toMatchObject({ status: 409, body: { path: 'id' } })
    expect(await record(user)).toMatchObject({ gotAmount: text(units('5000') + reward), lockAmount: '0' })
    expect(await ledger(user.id, 'stake-unlock')).toEqual([
      { delta: String(-units('4000')), token_address: 'SWITCH-STAKED' },
    ])
    expect(await ledger(user.id, 'stake-reward')).toEqual([{ delta: String(reward), token_address: 'SWITCH' }])
    // claimed deposits stay in the list, with their claim
    expect((await api.call('/mining/staking/deposits', user)).body.deposits[0].dttmClaimed).toBe(
      new Date(end).toISOString(),
    )
  })

  it('two claims at once pay once', async () => {
    const user = await staker('100')
    const { body } = await deposit(api.server, user, { amount: '100', period: '3m' })
    clock().advance(Date.parse(body.deposit.dttmEnded) - clock().now())
    const answers = await Promise.all(Array.from({ length: 5 }, () => claim(user, body.deposit._id)))
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
    expect(await ledger(user.id, 'stake-reward')).toHaveLength(1)
  })

  it("a user cannot read or claim another's deposit", async () => {
    const owner = await staker('300')
    const other = await staker('300')
    const { body } = await deposit(api.server, owner, { amount: '200', period: '3m' })
    expect((await api.call('/mining/staking/deposits', other)).body.deposits).toEqual([])
    clock().advance(Date.parse(body.deposit.dttmEnded) - clock().now())
    expect(await claim(other, body.deposit._id)).toMatchObject({ status: 404, body: { path: 'id' } })
    expect((await api.call('/mining/staking/deposits', owner)).body.deposits[0].dttmClaimed).toBeNull()
    expect((await record(other)).gotAmount).toBe('300')
    for (const id of ['abc', '-1', '1e3', '9'.repeat(30), '0'])
      expect(await claim(owner, id), id).toMatchObject({ status: 404, body: { path: 'id' } })
    expect(await api.call(`/mining/staking/deposits/${body.deposit._id}/claim`, null, {})).toMatchObject({
      status: 401,
    })
  })
})

describe('bad input is a 4xx with the field', () => {
  it('amounts (min, max, what is left), periods, types and keys; a refusal the user can meet carries its code and values (staking.32)', async () => {
    const user = await staker('60000')
    const R = 'staking.refusals.'
    const cases: [Record<string, unknown>, number, string, string?, Record<string, string>?][] = [
      [{ amount: 100, period: '3m' }, 400, 'amount'],
      [{ amount: '1,5', period: '3m' }, 400, 'amount'],
      [{ amount: '-10', period: '3m' }, 400, 'amount'],
      [{ amount: '10.0000000001', period: '3m' }, 400, 'amount', `${R}amount-format`],
      [{ amount: '9'.repeat(25), period: '3m' }, 400, 'amount', `${R}amount-format`],
      [{ amount: '0', period: '3m' }, 400, 'amount', `${R}amount-zero`],
      [{ amount: '9.999999999', period: '3m' }, 400, 'amount', 'staking.stake.errors.min-amount', { amount: '10' }],
      [
        { amount: '50000.000000001', period: '3m' },
        400,
        'amount',
        'staking.stake.errors.max-amount',
        { amount: '50000' },
      ],
      [
        { amount: '99.99', period: '3mhp', type: 'internal' },
        400,
        'amount',
        'staking.stake.errors.min-amount',
        { amount: '100' },
      ],
      [{ amount: '60000.5', period: '3m' }, 409, 'amount', 'staking.stake.errors.not-enough', { amount: '60000' }],
      [{ amount: '10', period: '2y' }, 400, 'period'],
      [{ amount: '10' }, 400, 'period'],
      [{ amount: '10', period: '3m', type: 'stars' }, 400, 'type', `${R}free-period`],
      [{ amount: '100', period: '3mhp' }, 400, 'type', `${R}payment-missing`],
      [{ amount: '100', period: '3mhp', type: 'card' }, 400, 'type'],
      [{ amount: '10', period: '3m', idempotencyKey: '' }, 400, 'idempotencyKey'],
      [{ amount: '10', period: '3m', idempotencyKey: 'k'.repeat(129) }, 400, 'idempotencyKey'],
      [{ amount: '10', period: '3m', idempotencyKey: 'k'.repeat(101) }, 400, 'idempotencyKey'],
      [{ amount: '10', period: '3m', idempotencyKey: 'k'.repeat(7) }, 400, 'idempotencyKey'],
      [{ amount: '10', period: '3m', idempotencyKey: 'a key with spaces' }, 400, 'idempotencyKey'],
    ]
    for (const [body, status, path, code, params] of cases) {
      const answer = await api.call('/mining/staking/deposit', user, body)
      expect(answer, JSON.stringify(body)).toMatchObject({ status, body: { path, message: expect.any(String) } })
      // a shape no screen can send has no code: the English message is all there is
      expect(answer.body.code, JSON.stringify(body)).toBe(code)
      if (code !== undefined) expect(answer.body.params, JSON.stringify(body)).toEqual(params ?? {})
    }
    // the bounds themselves are fine
    expect((await deposit(api.server, user, { amount: '10', period: '3m' })).status).toBe(200)
    expect((await deposit(api.server, user, { amount: '50000', period: '3m' })).status).toBe(200)
    // more than is left: 409 at amount, with what is left
    expect(await deposit(api.server, user, { amount: '9990.000000001', period: '3m' })).toMatchObject({
      status: 409,
      body: {
        path: 'amount',
        code: 'staking.stake.errors.not-enough',
        params: { amount: '9990' },
        message: 'not enough SWITCH: 9990 available to stake',
      },
    })
    // staking.15's order: not enough before below the minimum
    expect((await deposit(api.server, user, { amount: '9990.5', period: '3m' })).body.code).toBe(
      'staking.stake.errors.not-enough',
    )
    expect((await record(user)).lockAmount).toBe('50010')
    expect(
      await api.call('/mining/staking/deposit', user, undefined, { method: 'POST', raw: '{"amount":' }),
    ).toMatchObject({ status: 400 })
  })

  it('claims refused carry their codes: not yours, locked, claimed', async () => {
    const user = await staker('100')
    const { body } = await deposit(api.server, user, { amount: '100', period: '3m' })
    expect((await claim(user, body.deposit._id)).body).toMatchObject({ code: 'staking.refusals.locked', path: 'id' })
    expect((await claim(newUser(), body.deposit._id)).body).toMatchObject({
      code: 'staking.refusals.no-deposit',
      path: 'id',
    })
    clock().advance(Date.parse(body.deposit.dttmEnded) - clock().now())
    expect((await claim(user, body.deposit._id)).status).toBe(200)
    expect((await claim(user, body.deposit._id)).body).toMatchObject({ code: 'staking.refusals.claimed', path: 'id' })
  })
})

describe('the total staked by everyone (staking.4)', () => {
  it('is a running total kept exact by concurrent deposits and claims of many users: equal to what the ledger locks', async () => {
    const total = async () => units((await api.call('/mining/staking/total', newUser())).body.totalAmount)
    const inLedger = async () => totalInLedger(api.server.db)
    expect(await total()).toBe(await inLedger())
    const users = await Promise.all(Array.from({ length: 6 }, () => staker('1000')))
    // each has one deposit that ends now, to claim while the others stake
    const first = await Promise.all(users.map((u) => deposit(api.server, u, { amount: '100.000000001', period: '3m' })))
    const before = await total()
    expect(before).toBe(await inLedger())
    clock().advance(Math.max(...first.map((a) => Date.parse(a.body.deposit.dttmEnded))) - clock().now())
    const sizes = ['10', '20.5', '30.25', '40.125', '50.0625']
    const calls = users.flatMap((u, i) => [
      claim(u, first[i].body.deposit._id).then((a) => (a.status === 200 ? -units('100.000000001') : 0n)),
      ...sizes.map((amount) =>
        deposit(api.server, u, { amount, period: '6m' }).then((a) => (a.status === 200 ? units(amount) : 0n)),
      ),
      // more than is left once the others are in: some of these are refused, and change nothing
      deposit(api.server, u, { amount: '850', period: '1y' }).then((a) => (a.status === 200 ? units('850') : 0n)),
    ])
    const changes = await Promise.all(calls)
    const expected = before + changes.reduce((s, c) => s + c, 0n)
    expect(await total()).toBe(expected)
    expect(await inLedger()).toBe(expected)
    const [row] = await api.server.db.query<{ units: string }>('SELECT units::text AS units FROM staking_total')
    expect(BigInt(row.units)).toBe(expected)
  })
})
