/**
 * The burn (tasks.33-42), the TON wallet (tasks.58), the emoji check (tasks.32), the PUNK staking
 * check (tasks.53-57): their server rules, errors and once-only payments. On PGlite and on
 * PostgreSQL, on a frozen server clock.
 */
import { describe, expect, it } from 'vitest'
import { endpoints } from '../../../domain/api/endpoints'
import { MovableClock } from '../../../server/kernel/clock'
import { balanceOf, post } from '../../../server/kernel/ledger'
import { PROJECT_EMOJI } from '../../../server/tasks/routes'
import { type User, newUser, useServer } from '../helpers'
import { FIXED, PUNK, boostsOf, decodes, deposit, miner, taskOf } from './helpers'
import { link, payloadFor, proofOf, testWallet } from '../tonProof'

const api = useServer({ clock: new MovableClock({ now: () => FIXED }) })
const HOUR = 3_600_000
const burn = (user: User, body: unknown) => api.call('/mining/burn', user, body)
const punkOf = (user: User) => balanceOf(api.server.db, user.id, 0, 'TON', PUNK)
const tonOf = (user: User) => balanceOf(api.server.db, user.id, 0, 'TON', 'native')
/** Takes TON out of the user's wallet (a test's hand on the ledger), leaving `left` nanotons. */
async function leaveTon(user: User, left: bigint) {
  const held = await tonOf(user)
  await api.server.db.transaction((tx) =>
    post(tx, [
      {
        userId: user.id,
        accountIndex: 0,
        chainId: 'TON',
        tokenAddress: 'native',
        delta: left - held,
        reason: 'test',
        reference: 'drain',
      },
    ]),
  )
}
const TON_ADDRESS = 'UQBvW8Z5huBkMJYdnfAEM5JqTNkuWX3diqYENkWsIL0XggGG'

describe('burning PUNK', () => {
  it('[tasks.41] [tasks.42] the PUNK leaves the ledger, 0.005 TON pays the gas, a 48 h boost of amount x 0.01 SWITCH/h starts', async () => {
    const user = newUser()
    await miner(api.server, user)
    const [punk, ton] = [await punkOf(user), await tonOf(user)]
    const r = await burn(user, { amount: '12.5', idempotencyKey: 'burn-key-0001' })
    // what it gave, for the app to say: 12.5 x 0.01 SWITCH/h for 48 h
    expect(r).toMatchObject({ status: 200, body: { ok: true, speed: '0.125', hours: 48 } })
    decodes(endpoints.burnPunks.response, r.body)
    expect(await punkOf(user)).toBe(punk - 12_500_000_000n)
    expect(await tonOf(user)).toBe(ton - 5_000_000n)
    // nobody is credited: the burn's PUNK entry has no counterpart
    const entries = await api.server.db.query<{ user_id: string; delta: string }>(
      `SELECT user_id::text, delta::text FROM ledger WHERE reference = (SELECT reference FROM ledger WHERE user_id = $1 AND reason = 'burn' LIMIT 1) AND token_address = $2`,
      [user.id, PUNK],
    )
    expect(entries).toEqual([{ user_id: String(user.id), delta: '-12500000000' }])
    const boosts = await boostsOf(api.server, user.id)
    expect(
      boosts.map((b) => [b.source, b.speed, new Date(b.ends_at).getTime() - new Date(b.starts_at).getTime()]),
    ).toEqual([['burn', '125000000', 48 * HOUR]])
    expect(await taskOf(api.server, user, 'burnFest')).toMatchObject({ state: 'done', dttmUpdate: FIXED + 48 * HOUR })
  })

  it('not enough PUNK answers 4002, not enough TON for the gas 4003; nothing moves', async () => {
    const user = newUser()
    await miner(api.server, user)
    const punk = await punkOf(user)
    const noPunk = await burn(user, { amount: '1001' })
    expect(noPunk).toMatchObject({ status: 200, body: { errorCode: 4002, errorMessage: expect.any(String) } })
    decodes(endpoints.burnPunks.response, noPunk.body)
    await leaveTon(user, 4_999_999n)
    expect((await burn(user, { amount: '1', idempotencyKey: 'burn-gas-0001' })).body).toMatchObject({ errorCode: 4003 })
    expect(await punkOf(user)).toBe(punk)
    expect(await boostsOf(api.server, user.id)).toEqual([])
    // a refusal is not kept under its key: with TON for the gas the same key burns
    await deposit(api.server, user, 'TON', 'TON', '1')
    expect((await burn(user, { amount: '1', idempotencyKey: 'burn-gas-0001' })).body).toEqual({
      ok: true,
      speed: '0.01',
      hours: 48,
    })
  })

  it('one key burns once, also when sent at once; different keys burn what the balance holds and no more', async () => {
    const user = newUser()
    await miner(api.server, user)
    const punk = await punkOf(user)
    const same = await Promise.all(
      Array.from({ length: 6 }, () => burn(user, { amount: '100', idempotencyKey: 'burn-same-0001' })),
    )
    expect(same.map((a) => a.body)).toEqual(Array(6).fill({ ok: true, speed: '1', hours: 48 }))
    expect(await punkOf(user)).toBe(punk - 100n * 10n ** 9n)
    // 900 PUNK left: six burns of 200 at once, four pass
    const many = await Promise.all(
      Array.from({ length: 6 }, (_, i) => burn(user, { amount: '200', idempotencyKey: `burn-many-000${i}` })),
    )
    expect(many.filter((a) => a.body.ok === true)).toHaveLength(4)
    expect(many.filter((a) => a.body.errorCode === 4002)).toHaveLength(2)
    expect(await punkOf(user)).toBe(100n * 10n ** 9n)
    expect((await boostsOf(api.server, user.id)).filter((b) => b.source === 'burn')).toHaveLength(5)
  })

  it('bad burn amounts are a 400 naming amount', async () => {
    const user = newUser()
    for (const amount of ['0.5', '0', '-3', '1.0000000001', '1e3', 5, null])
      expect(await burn(user, { amount }), String(amount)).toMatchObject({ status: 400, body: { path: 'amount' } })
    expect(await burn(user, { amount: '1', idempotencyKey: 'x' })).toMatchObject({
      status: 400,
      body: { path: 'idempotencyKey' },
    })
  })
})

describe('the TON wallet, the emoji and PUNK staking', () => {
  it('a TON wallet proven with ton_proof is set and completes addWallet once; anything else is a 400 with error and path', async () => {
    const user = newUser()
    await miner(api.server, user)
    const wallet = testWallet(`checks-${user.id}`)
    const proof = proofOf(api.server, wallet, await payloadFor(api.server, user))
    for (const walletAddress of [
      '0x1111111111111111111111111111111111111111',
      'short',
      '',
      'wallet.eth',
      'switch-user.ton',
      `${TON_ADDRESS}===`,
    ]) {
      const r = await api.call('/mining/tonWallet', user, { walletAddress, proof })
      expect(r, walletAddress).toMatchObject({
        status: 400,
        body: { error: expect.any(String), path: 'walletAddress' },
      })
    }
    expect(await api.call('/mining/tonWallet', user, {})).toMatchObject({
      status: 400,
      body: { path: 'walletAddress' },
    })
    // an address alone, as the call took it before proofs, sets nothing
    expect(await api.call('/mining/tonWallet', user, { walletAddress: TON_ADDRESS })).toMatchObject({
      status: 400,
      body: { error: expect.any(String), path: 'proof' },
    })
    expect((await taskOf(api.server, user, 'addWallet'))?.state).toBe('notStarted')
    const ok = await api.call('/mining/tonWallet', user, { walletAddress: wallet.friendly, proof })
    expect(ok).toMatchObject({ status: 200, body: { ok: true } })
    decodes(endpoints.setTonWallet.response, ok.body)
    expect((await link(api.server, user, testWallet(`checks-2-${user.id}`))).status).toBe(200)
    expect((await taskOf(api.server, user, 'addWallet'))?.state).toBe('done')
    const paid = await api.server.db.query(
      `SELECT 1 FROM ledger WHERE user_id = $1 AND reason = 'task' AND reference = 'addWallet:once'`,
      [user.id],
    )
    expect(paid).toHaveLength(1)
  })

  it('the partner wallet task is done by a wallet set after it was started', async () => {
    const user = newUser()
    await miner(api.server, user)
    const wallet = testWallet(`partner-${user.id}`)
    await link(api.server, user, wallet)
    expect((await taskOf(api.server, user, 'bitgetWallet'))?.state).toBe('notStarted')
    await api.call('/mining/taskStarted', user, { code: 'bitgetWallet' })
    expect((await taskOf(api.server, user, 'bitgetWallet'))?.state).toBe('started')
    ;(api.server.clock as MovableClock).advance(1)
    await link(api.server, user, wallet)
    expect((await taskOf(api.server, user, 'bitgetWallet'))?.state).toBe('done')
  })

  it('the emoji check: activated when the signed name holds the project emoji, boosting once', async () => {
    const plain = newUser()
    await miner(api.server, plain)
    const no = await api.call('/mining/checkEmoji', plain, {})
    expect(no).toMatchObject({ status: 200, body: { activated: false } })
    decodes(endpoints.checkEmoji.response, no.body)
    const fan = newUser({ first_name: `Fan ${PROJECT_EMOJI}` })
    await miner(api.server, fan)
    await Promise.all([api.call('/mining/checkEmoji', fan, {}), api.call('/mining/checkEmoji', fan, {})])
    expect((await api.call('/mining/checkEmoji', fan, {})).body).toEqual({ activated: true })
    expect((await taskOf(api.server, fan, 'emoji'))?.state).toBe('done')
    expect((await boostsOf(api.server, fan.id)).map((b) => b.reference)).toEqual(['emoji:once'])
  })

  it('the PUNK staking check: no wallet, no PUNK, not enough, then ok', async () => {
    const user = newUser()
    await miner(api.server, user)
    const check = async () => {
      const r = await api.call('/mining/checkPunkStaking', user, {})
      decodes(endpoints.checkPunkStaking.response, r.body)
      return r.body
    }
    expect(await check()).toEqual({ error: 'no-wallet' })
    await link(api.server, user, testWallet(`punk-${user.id}`))
    // the starter 1000 PUNK: exactly the minimum is enough
    expect(await check()).toEqual({ ok: true })
    expect((await taskOf(api.server, user, 'punkStaking'))?.state).toBe('done')
    await burn(user, { amount: '1000' })
    expect(await check()).toEqual({ error: 'no-staking' })
    await deposit(api.server, user, 'TON', 'PUNK', '999')
    expect(await check()).toEqual({ error: 'not-enough-staked' })
    expect((await boostsOf(api.server, user.id)).filter((b) => b.reference === 'punkStaking:once')).toHaveLength(1)
  })
})
