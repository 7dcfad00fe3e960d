/**
 * Staking's soulbound tokens (staking.44-47): the offer's thresholds exact, the claim's
 * TEP-85 mint transaction, granted once per period when the collection's watcher sees the mint.
 * On PGlite and PostgreSQL.
 */
import { Address, Cell } from '@ton/core'
import { isRight } from 'fp-ts/lib/Either'
import { describe, expect, it } from 'vitest'
import { endpoints } from '../../../domain/api/endpoints'
import { toUnits } from '../../../domain/money'
import { type OfferInput, DEV_SBT_COLLECTION, readMint, sbtClaimable, sbtOffer } from '../../../server/staking/sbt'
import { SBT } from '../../../server/staking/seed'
import { type User, newUser, useServer } from '../helpers'
import { deposit, stakerWith } from './helpers'
import { link, testWallet } from '../tonProof'

const api = useServer()
const decodes = (name: keyof typeof endpoints, body: unknown) =>
  expect(isRight(endpoints[name].response.decode(body) as never), JSON.stringify(body)).toBe(true)
const u = (s: string) => toUnits(s, 9) as bigint
const staker = (amount: string) => stakerWith(api.server, newUser(), amount)
/** Anyone's address: no user here has proven it. */
const STRANGER = Address.parse('EQC98_qAmNEptUtPc7W6xdHh_ZHrBUFpw5Ft_IzNU20QAJav')
/**
 * A staker with a wallet of their own proven: the token's owner. The row is written as a proof
 * writes it (server/tasks/routes.ts; the proof itself is tested in tests/server/tasks/tonProof.test.ts
 * and through the route in the owner's test below), so addWallet's reward is not part of what the
 * staker got (staking.46's share).
 */
async function provenStaker(amount: string): Promise<{ user: User; owner: Address }> {
  const user = await staker(amount)
  const wallet = testWallet(`sbt-${user.id}`)
  await api.server.db.query(
    'INSERT INTO task_ton_wallets (user_id, address, raw_address, public_key, set_at, proven_at) VALUES ($1, $2, $3, $4, now(), now())',
    [user.id, wallet.friendly, wallet.address.toRawString(), wallet.publicKey.toString('hex')],
  )
  return { user, owner: wallet.address }
}
const claimSbt = (user: User, query: string) => api.call(`/v2/mining/staking/sbt/claim?${query}`, user)
const sbts = async (user: User) => (await api.call('/v2/mining/staking/sbt', user)).body
const send = (tx: unknown) =>
  fetch(api.server.url + '/dev/ton/demoWallet/send', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(tx),
  })
const input = (o: Partial<OfferInput>): OfferInput => ({ deposits: [], held: new Set(), got: 0n, locked: 0n, ...o })

describe('the offer (staking.45-46), exact', () => {
  it('[staking.45] the first deposit of at least 5000 whose period has no token: 4999.99 no, 5000 yes', () => {
    expect(
      sbtOffer(input({ deposits: [{ period: '6m', amount: u('4999.99') }], got: u('10000'), locked: u('4999.99') })),
    ).toBeNull()
    expect(
      sbtOffer(input({ deposits: [{ period: '6m', amount: u('5000') }], got: u('10000'), locked: u('5000') })),
    ).toBe('6m')
    expect(
      sbtOffer(
        input({
          deposits: [{ period: '6m', amount: u('4999.999999999') }],
          got: u('10000'),
          locked: u('4999.999999999'),
        }),
      ),
    ).toBeNull()
    // oldest first, passing periods that have their token
    const deposits = [
      { period: '1y' as const, amount: u('6000') },
      { period: '3m' as const, amount: u('5000') },
      { period: '5y' as const, amount: u('7000') },
    ]
    expect(sbtOffer(input({ deposits, got: u('100000'), locked: u('18000') }))).toBe('1y')
    expect(sbtOffer(input({ deposits, held: new Set(['1y']), got: u('100000'), locked: u('18000') }))).toBe('3m')
    expect(
      sbtOffer(input({ deposits, held: new Set(['1y', '3m', '5y']), got: u('100000'), locked: u('18000') })),
    ).toBeNull()
  })

  it('[staking.46] failing that, all-in at locked/got >= 0.96 and locked >= 100 with none held: 0.9599 no, 0.96 yes; 99.99 no, 100 yes', () => {
    expect(sbtOffer(input({ got: u('10000'), locked: u('9599') }))).toBeNull()
    expect(sbtOffer(input({ got: u('10000'), locked: u('9600') }))).toBe('allIn')
    expect(sbtOffer(input({ got: u('10000'), locked: u('9599.999999999') }))).toBeNull()
    // locked 99.99 at 100 % of got: no; 100: yes
    expect(sbtOffer(input({ got: u('99.99'), locked: u('99.99') }))).toBeNull()
    expect(sbtOffer(input({ got: u('100'), locked: u('100') }))).toBe('allIn')
    expect(sbtOffer(input({ got: u('104.1666'), locked: u('100') }))).toBe('allIn')
    expect(sbtOffer(input({ got: u('104.2'), locked: u('100') }))).toBeNull()
    expect(sbtOffer(input({ got: u('100'), locked: u('100'), held: new Set(['allIn']) }))).toBeNull()
    expect(sbtOffer(input({ got: 0n, locked: 0n }))).toBeNull()
    // a deposit's token comes first: with both, the deposit's period
    expect(
      sbtOffer(input({ deposits: [{ period: '3m', amount: u('5000') }], got: u('5000'), locked: u('5000') })),
    ).toBe('3m')
    expect(
      sbtClaimable(
        input({ deposits: [{ period: '3m', amount: u('5000') }], got: u('5000'), locked: u('5000') }),
        'allIn',
      ),
    ).toBe(true)
  })
})

describe('claiming a token', () => {
  it('[staking.44] the claim answers the TEP-85 mint to the collection; the token is the user’s when the watcher sees it, once per period', async () => {
    const { user, owner: OWNER } = await provenStaker('6000')
    expect((await deposit(api.server, user, { amount: '5000', period: '6m' })).status).toBe(200)
    expect(await sbts(user)).toEqual([])
    expect(await claimSbt(user, 'stakingPeriod=1y&address=' + OWNER.toString())).toMatchObject({
      status: 409,
      body: { code: 'staking.refusals.sbt-not-offered', path: 'stakingPeriod' },
    })
    const answer = await claimSbt(user, 'stakingPeriod=6m&address=' + OWNER.toString())
    expect(answer.status).toBe(200)
    decodes('claimSbt', answer.body)
    const { orderId, messages, validUntil } = answer.body
    expect(validUntil * 1000).toBeGreaterThan(api.server.clock.now())
    expect(messages).toHaveLength(1)
    expect(messages[0]).toMatchObject({ address: DEV_SBT_COLLECTION, amount: String(SBT.mintValueNano) })
    const mint = readMint(Cell.fromBase64(messages[0].payload))
    expect(mint?.owner.equals(OWNER)).toBe(true)
    expect(mint?.content).toBe(`6m/${orderId}.json`)
    const body = Cell.fromBase64(messages[0].payload).beginParse()
    expect(body.loadUint(32)).toBe(1)
    // the wallet's approval is not the token: the mint seen on chain is
    await api.server.sbt.watcher?.poll()
    expect(await sbts(user)).toEqual([])
    expect((await send({ messages })).status).toBe(200)
    await api.server.sbt.watcher?.poll()
    const list = await sbts(user)
    decodes('stakingSbts', list)
    expect(list).toEqual([{ stakingPeriod: '6m' }])
    // once per period: a second claim is refused, a second mint of another order grants nothing
    const second = await claimSbt(user, 'stakingPeriod=6m&address=' + OWNER.toString())
    expect(second).toMatchObject({ status: 409, body: { code: 'staking.refusals.sbt-held' } })
    expect((await send({ messages })).status).toBe(200)
    await api.server.sbt.watcher?.poll()
    expect(await sbts(user)).toEqual([{ stakingPeriod: '6m' }])
    expect(await api.server.db.query('SELECT 1 FROM staking_sbts WHERE user_id = $1', [user.id])).toHaveLength(1)
  })

  it('[staking.46] all-in on the server: 959.99 of 1000 locked no, 960 yes; 99.99 locked of 104 no, 100 yes; two open claims grant one token, and none once held', async () => {
    const { user, owner: OWNER } = await provenStaker('1000')
    expect((await deposit(api.server, user, { amount: '959.99', period: '1y' })).status).toBe(200)
    expect(await claimSbt(user, 'stakingPeriod=allIn&address=' + OWNER.toString())).toMatchObject({ status: 409 })
    expect((await deposit(api.server, user, { amount: '10', period: '3m' })).status).toBe(200)
    const a = await claimSbt(user, 'stakingPeriod=allIn&address=' + OWNER.toString())
    const b = await claimSbt(user, 'stakingPeriod=allIn&address=' + OWNER.toString())
    expect([a.status, b.status]).toEqual([200, 200])
    expect((await send({ messages: a.body.messages })).status).toBe(200)
    expect((await send({ messages: b.body.messages })).status).toBe(200)
    await api.server.sbt.watcher?.poll()
    expect(await sbts(user)).toEqual([{ stakingPeriod: 'allIn' }])
    const outcomes = await api.server.db.query<{ outcome: string }>(
      'SELECT outcome FROM payments WHERE order_id = ANY($1::text[])',
      [[a.body.orderId, b.body.orderId]],
    )
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(['granted', 'not-payable'])
    // held: no all-in again, though the ratio and the amount still qualify
    expect(await claimSbt(user, 'stakingPeriod=allIn&address=' + OWNER.toString())).toMatchObject({
      status: 409,
      body: { code: 'staking.refusals.sbt-held' },
    })

    // locked at least 100: 99.99 of 104 (0.9614) is not enough, 100 of 104 (0.9615) is
    const small = await provenStaker('104')
    expect((await deposit(api.server, small.user, { amount: '89.99', period: '1y' })).status).toBe(200)
    expect((await deposit(api.server, small.user, { amount: '10', period: '3m' })).status).toBe(200)
    expect(await claimSbt(small.user, 'stakingPeriod=allIn&address=' + small.owner.toString())).toMatchObject({
      status: 409,
      body: { code: 'staking.refusals.sbt-not-offered' },
    })
    const hundred = await provenStaker('104')
    expect((await deposit(api.server, hundred.user, { amount: '90', period: '1y' })).status).toBe(200)
    expect((await deposit(api.server, hundred.user, { amount: '10', period: '3m' })).status).toBe(200)
    expect((await claimSbt(hundred.user, 'stakingPeriod=allIn&address=' + hundred.owner.toString())).status).toBe(200)
  })

  it('the owner is the wallet the user proved, and no other: an unproven address is refused; bad input is a 4xx with its path', async () => {
    const user = await staker('6000')
    await deposit(api.server, user, { amount: '5000', period: '1y' })
    expect(await claimSbt(user, 'stakingPeriod=1y')).toMatchObject({
      status: 409,
      body: { path: 'address', code: 'staking.refusals.sbt-wallet' },
    })
    // anyone's address, with no proven wallet: no mint to it
    expect(await claimSbt(user, 'stakingPeriod=1y&address=' + STRANGER.toString())).toMatchObject({
      status: 409,
      body: { path: 'address', code: 'staking.refusals.sbt-wallet' },
    })
    expect(await claimSbt(user, 'stakingPeriod=1y&address=nope')).toMatchObject({
      status: 400,
      body: { path: 'address', code: 'staking.refusals.sbt-address' },
    })
    expect(await claimSbt(user, 'stakingPeriod=2y&address=' + STRANGER.toString())).toMatchObject({
      status: 400,
      body: { path: 'stakingPeriod' },
    })
    expect(await claimSbt(user, '')).toMatchObject({ status: 400, body: { path: 'stakingPeriod' } })
    // a row as the unproven call wrote it names no owner
    await api.server.db.query('INSERT INTO task_ton_wallets (user_id, address, set_at) VALUES ($1, $2, now())', [
      user.id,
      STRANGER.toString(),
    ])
    expect(await claimSbt(user, 'stakingPeriod=1y')).toMatchObject({
      status: 409,
      body: { path: 'address', code: 'staking.refusals.sbt-wallet' },
    })
    const wallet = testWallet(`owner-${user.id}`)
    expect((await link(api.server, user, wallet)).status).toBe(200)
    // proven: another address is still refused, the proven one in any spelling is the owner
    expect(await claimSbt(user, 'stakingPeriod=1y&address=' + STRANGER.toString())).toMatchObject({
      status: 409,
      body: { path: 'address', code: 'staking.refusals.sbt-unproven' },
    })
    for (const query of [
      'stakingPeriod=1y',
      `stakingPeriod=1y&address=${wallet.address.toString({ bounceable: true, urlSafe: true })}`,
      `stakingPeriod=1y&address=${encodeURIComponent(wallet.address.toRawString())}`,
    ]) {
      const answer = await claimSbt(user, query)
      expect(answer.status, query).toBe(200)
      expect(readMint(Cell.fromBase64(answer.body.messages[0].payload))?.owner.equals(wallet.address)).toBe(true)
    }
    // another user has no offer of their own
    expect(await claimSbt((await provenStaker('0')).user, 'stakingPeriod=1y')).toMatchObject({ status: 409 })
  })
})
