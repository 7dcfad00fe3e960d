/** The miner on the server: the record, claims, burns on the server's clock, the season. */
import { isRight } from 'fp-ts/lib/Either'
import { describe, expect, it } from 'vitest'
import { endpoints } from '../../../domain/api/endpoints'
import { CLAIM_WINDOW_MS, HOUR_MS } from '../../../domain/mining/accrual'
import { MovableClock } from '../../../server/kernel/clock'
import { BASE_SPEED } from '../../../server/mining/seed'
import { type User, call, newUser, startTestServer, useServer } from '../helpers'
import { creditSwitch, deposit } from '../staking/helpers'

const api = useServer()
const get = (path: string, user: User) => api.call(path, user)
const create = (user: User) => api.call('/mining/user', user, {})
const clock = () => api.server.clock as MovableClock
const record = async (user: User) => (await get('/mining/user', user)).body.userMining
let keys = 0
const claim = (user: User, windowStart: string, key = `claim-key-${++keys}-${Date.now()}`) =>
  api.call('/mining/claim', user, { idempotencyKey: key, windowStart })
const decodes = (name: keyof typeof endpoints, body: unknown) =>
  expect(isRight(endpoints[name].response.decode(body) as never), JSON.stringify(body)).toBe(true)
const stake = (user: User, amount: string, period = '3m') => deposit(api.server, user, { amount, period })
const nano = (s: string) => BigInt(s.split('.')[0]) * 10n ** 9n + BigInt((s.split('.')[1] ?? '').padEnd(9, '0'))
/** SWITCH at the base speed over `ms`, as the server counts it (nano, rounded down). */
const minedOver = (ms: number) => {
  const nano =
    (BigInt(BASE_SPEED.replace('.', '')) * 10n ** BigInt(9 - (BASE_SPEED.split('.')[1]?.length ?? 0)) * BigInt(ms)) /
    BigInt(HOUR_MS)
  const whole = nano / 10n ** 9n
  const frac = (nano % 10n ** 9n).toString().padStart(9, '0').replace(/0+$/, '')
  return frac ? `${whole}.${frac}` : `${whole}`
}

describe('mining user record', () => {
  it('[mining.2] [mining.1] no record until it is created on demand; then every field of the record, SWITCH as exact decimal strings, with the server time', async () => {
    const user = newUser()
    const before = await get('/mining/user', user)
    expect(before.body).toMatchObject({ userMining: null, serverTime: expect.any(Number) })
    expect((await create(user)).status).toBe(200)
    const { body } = await get('/mining/user', user)
    decodes('miningUser', body)
    expect(Math.abs(body.serverTime - clock().now())).toBeLessThan(5_000)
    const added = Date.parse(body.userMining.dttmAdded)
    expect(body.userMining).toEqual({
      speed: BASE_SPEED,
      gotAmount: '0',
      miningAmount: expect.stringMatching(/^\d+(\.\d+)?$/),
      dttmClaimDeadline: new Date(added + CLAIM_WINDOW_MS).toISOString(),
      dttmLastClaim: null,
      status: 'active',
      dttmLastPayment: null,
      guild: 0,
      alliance: null,
      withheld: '0',
      autoclaimActive: false,
      lockAmount: '0',
      humanGroup: false,
      confirmProve: false,
      dttmAdded: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      friendsBonus: '0',
      friends2Bonus: '0',
      ordinaryFriends: 0,
      premiumFriends: 0,
      windowStart: body.userMining.dttmAdded,
      burnedAmount: '0',
      lastBurn: null,
      baseSpeed: BASE_SPEED,
      boosts: [],
    })
    // creating twice keeps the first record
    expect((await create(user)).status).toBe(200)
    expect((await record(user)).dttmAdded).toBe(body.userMining.dttmAdded)
  })

  it('(wallet.11, server side) SWITCH in staking deposits not claimed yet is lockAmount; the claim of an ended one unlocks it', async () => {
    const user = newUser()
    await get('/tgUserWallets', user)
    await create(user)
    await creditSwitch(api.server.db, user.id, '1750.5')
    const first = await stake(user, '1500.5')
    expect(first.status).toBe(200)
    expect((await stake(user, '250', '1y')).status).toBe(200)
    expect(await record(user)).toMatchObject({ gotAmount: '1750.5', lockAmount: '1750.5' })
    // the 3-month deposit ends on the server's clock and is claimed; the 12-month one still locks
    clock().advance(100 * 24 * HOUR_MS)
    const claimed = await api.call(`/mining/staking/deposits/${first.body.deposit._id}/claim`, user, {})
    expect(claimed.status).toBe(200)
    const after = await record(user)
    expect(after.lockAmount).toBe('250')
    expect(nano(after.gotAmount)).toBe(nano('1750.5') + nano(claimed.body.reward))
  })
})

describe('claims on the server clock', () => {
  it('[mining.4] a claim credits exactly what accrued, to the ledger, and starts a new window', async () => {
    const user = newUser()
    await create(user)
    const first = await record(user)
    clock().advance(2 * HOUR_MS)
    const seen = await record(user)
    const answer = await claim(user, seen.windowStart)
    expect(answer.status).toBe(200)
    decodes('claimMining', answer.body)
    const elapsed = answer.body.serverTime - Date.parse(first.windowStart)
    expect(answer.body).toMatchObject({ outcome: 'claimed', claimed: minedOver(elapsed), bonus: '0' })
    expect(answer.body.userMining).toMatchObject({
      gotAmount: minedOver(elapsed),
      miningAmount: '0',
      dttmLastClaim: new Date(answer.body.serverTime).toISOString(),
      windowStart: new Date(answer.body.serverTime).toISOString(),
      dttmClaimDeadline: new Date(answer.body.serverTime + CLAIM_WINDOW_MS).toISOString(),
    })
    const entries = await api.server.db.query<{ reason: string; delta: string }>(
      "SELECT reason, delta::text AS delta FROM ledger WHERE user_id = $1 AND chain_id = 'GAME' ORDER BY id",
      [user.id],
    )
    expect(entries).toEqual([{ reason: 'claim', delta: nano(minedOver(elapsed)).toString() }])
  })

  it('[mining.5] a claim at exactly 6 h takes the whole window and burns nothing; 1 ms later the window has burned whole', async () => {
    // a server whose clock stands still but for the test's moves: exactly 6 h, then 1 ms more
    const frozen = new MovableClock({ now: () => Date.UTC(2026, 10, 23, 12) })
    const server = await startTestServer({ clock: frozen })
    try {
      const at = (path: string, user: User, body?: unknown) => call(server, path, user, body)
      const recordOf = async (user: User) => (await at('/mining/user', user)).body.userMining
      const claimOn = (user: User, windowStart: string) =>
        at('/mining/claim', user, { idempotencyKey: `claim-key-${++keys}-${Date.now()}`, windowStart })
      const onTime = newUser()
      const late = newUser()
      await at('/mining/user', onTime, {})
      await at('/mining/user', late, {})
      const [a, b] = [await recordOf(onTime), await recordOf(late)]
      const start = Date.parse(a.windowStart)
      expect(Date.parse(b.windowStart)).toBe(start)
      expect(a.dttmClaimDeadline).toBe(new Date(start + 6 * HOUR_MS).toISOString())
      frozen.advance(6 * HOUR_MS)
      const claimed = await claimOn(onTime, a.windowStart)
      expect(claimed.body).toMatchObject({
        outcome: 'claimed',
        claimed: minedOver(6 * HOUR_MS),
        userMining: { burnedAmount: '0', lastBurn: null },
      })
      frozen.advance(1)
      const burned = await recordOf(late)
      expect(burned).toMatchObject({
        burnedAmount: minedOver(6 * HOUR_MS),
        lastBurn: { windows: 1, amount: minedOver(6 * HOUR_MS) },
        windowStart: new Date(start + 6 * HOUR_MS).toISOString(),
        gotAmount: '0',
      })
      // a claim now takes only the new window's 1 ms
      expect((await claimOn(late, burned.windowStart)).body).toMatchObject({
        outcome: 'claimed',
        claimed: minedOver(1),
      })
    } finally {
      await server.close()
    }
  })

  it('a return after 7 h: the window burned whole at its deadline, recorded and shown, and the new window holds 1 h', async () => {
    const user = newUser()
    await create(user)
    const start = Date.parse((await record(user)).windowStart)
    clock().advance(7 * HOUR_MS)
    const now = await get('/mining/user', user)
    const r = now.body.userMining
    expect(r.lastBurn).toEqual({
      amount: minedOver(CLAIM_WINDOW_MS),
      windows: 1,
      from: new Date(start).toISOString(),
      to: new Date(start + CLAIM_WINDOW_MS).toISOString(),
    })
    expect(r.burnedAmount).toBe(minedOver(CLAIM_WINDOW_MS))
    expect(r.windowStart).toBe(new Date(start + CLAIM_WINDOW_MS).toISOString())
    expect(r.miningAmount).toBe(minedOver(now.body.serverTime - start - CLAIM_WINDOW_MS))
    expect(r.gotAmount).toBe('0')
    // the burn is in the ledger as such: mined, then burned; the balance did not change
    const entries = await api.server.db.query<{ reason: string; delta: string }>(
      "SELECT reason, delta::text AS delta FROM ledger WHERE user_id = $1 AND chain_id = 'GAME' ORDER BY id",
      [user.id],
    )
    const burned = nano(minedOver(CLAIM_WINDOW_MS)).toString()
    expect(entries).toEqual([
      { reason: 'mined', delta: burned },
      { reason: 'burn', delta: `-${burned}` },
    ])
    // reading again burns nothing more
    await get('/mining/user', user)
    expect((await api.server.db.query('SELECT 1 FROM mining_burns WHERE user_id = $1', [user.id])).length).toBe(1)
  })

  it('one claim, however it is sent: a retried key answers the first claim; two devices on one window claim once', async () => {
    const user = newUser()
    await create(user)
    clock().advance(HOUR_MS)
    const seen = await record(user)
    const [a, b] = await Promise.all([
      claim(user, seen.windowStart, 'same-key-123'),
      claim(user, seen.windowStart, 'same-key-123'),
    ])
    expect(a.body).toEqual(b.body)
    expect(a.body.outcome).toBe('claimed')
    // another device that saw the same window, a different tap
    const other = await claim(user, seen.windowStart)
    expect(other.status).toBe(200)
    expect(other.body).toMatchObject({ outcome: 'stale', claimed: '0', userMining: { gotAmount: a.body.claimed } })
    // many devices at once: exactly one claim is credited
    clock().advance(HOUR_MS)
    const window = (await record(user)).windowStart
    const answers = await Promise.all(Array.from({ length: 8 }, () => claim(user, window)))
    expect(answers.map((x) => x.status)).toEqual(Array(8).fill(200))
    expect(answers.filter((x) => x.body.outcome === 'claimed')).toHaveLength(1)
    const claims = await api.server.db.query("SELECT 1 FROM ledger WHERE user_id = $1 AND reason = 'claim'", [user.id])
    expect(claims).toHaveLength(2)
  })

  it('[poh.1] a confirmed human gets 5 % more at the claim, as its own ledger entry', async () => {
    const user = newUser()
    await create(user)
    await api.server.db.query('UPDATE mining_users SET confirm_prove = true WHERE user_id = $1', [user.id])
    clock().advance(CLAIM_WINDOW_MS)
    const seen = await record(user)
    const { body } = await claim(user, seen.windowStart)
    expect(nano(body.bonus)).toBe((nano(body.claimed) * 5n) / 100n)
    expect(nano(body.userMining.gotAmount)).toBe(nano(body.claimed) + nano(body.bonus))
  })

  it('bad claims are 4xx with the field: no key, a bad window, no profile', async () => {
    const user = newUser()
    expect((await api.call('/mining/claim', user, { windowStart: new Date().toISOString() })).status).toBe(400)
    expect(
      (await api.call('/mining/claim', user, { idempotencyKey: 'k', windowStart: new Date().toISOString() })).body.path,
    ).toBe('idempotencyKey')
    expect(
      (await api.call('/mining/claim', user, { idempotencyKey: 'key-123456', windowStart: 'yesterday' })).body.path,
    ).toBe('windowStart')
    expect((await claim(user, new Date().toISOString())).status).toBe(409)
    expect(
      (await api.call('/mining/claim', null, { idempotencyKey: 'key-123456', windowStart: new Date().toISOString() }))
        .status,
    ).toBe(401)
  })
})

describe('the season (mining.12-16)', () => {
  it('[mining.13] [mining.14] [mining.15] [mining.16] results after the end: kept with PoH, burned without it (appeal until its deadline, then missed); claims refused', async () => {
    const server = await startTestServer({ clock: new MovableClock() })
    try {
      const call = (path: string, user: User, body?: unknown) =>
        import('../helpers').then((h) => h.call(server, path, user, body))
      const human = newUser()
      const other = newUser()
      for (const u of [human, other]) {
        await call('/tgUserWallets', u)
        await call('/mining/user', u, {})
        await creditSwitch(server.db, u.id, '100')
        expect((await deposit(server, u, { amount: '100', period: '3m' })).status).toBe(200)
      }
      await server.db.query('UPDATE mining_users SET confirm_prove = true WHERE user_id = $1', [human.id])
      // mining.14's cutoff, both sides: joined 1 ms before it keeps the results, joined at it is burned
      const early = newUser()
      const atCutoff = newUser()
      for (const [u, added] of [
        [early, Date.parse('2025-03-31T17:13:00Z') - 1],
        [atCutoff, Date.parse('2025-03-31T17:13:00Z')],
      ] as const) {
        await call('/mining/user', u, {})
        await creditSwitch(server.db, u.id, '40')
        await server.db.query('UPDATE mining_users SET dttm_added = $2 WHERE user_id = $1', [
          u.id,
          new Date(added).toISOString(),
        ])
      }
      const end = new Date(server.clock.now() + HOUR_MS).toISOString()
      const appeal = new Date(server.clock.now() + 3 * HOUR_MS).toISOString()
      expect(
        (
          await fetch(server.url + '/dev/mining/season', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ endsAt: end, appealUntil: appeal }),
          })
        ).status,
      ).toBe(200)
      expect((await call('/mining/user', human)).body.season).toEqual({ endsAt: end, appealUntil: appeal })
      ;(server.clock as MovableClock).advance(2 * HOUR_MS)
      const kept = await call('/mining/results', human)
      decodes('miningResults', kept.body)
      expect(kept.body).toMatchObject({ state: 'results', totalMined: '100', speed: BASE_SPEED, stakingAmount: '100' })
      expect((await call('/mining/results', other)).body).toMatchObject({
        state: 'burned',
        totalMined: '0',
        burnedAmount: '100',
      })
      expect((await call('/mining/results', early)).body).toMatchObject({ state: 'results', totalMined: '40' })
      expect((await call('/mining/results', atCutoff)).body).toMatchObject({
        state: 'burned',
        totalMined: '0',
        burnedAmount: '40',
      })
      // mining stopped at the end: what shows is as of the end, and no claim is taken
      const r = (await call('/mining/user', human)).body.userMining
      expect(r.miningAmount).toBe(minedOver(Date.parse(end) - Date.parse(r.windowStart)))
      expect(
        (await call('/mining/claim', human, { idempotencyKey: 'after-the-end', windowStart: r.windowStart })).status,
      ).toBe(409)
      ;(server.clock as MovableClock).advance(2 * HOUR_MS)
      expect((await call('/mining/results', other)).body).toMatchObject({
        state: 'missed',
        totalMined: '0',
        burnedAmount: '100',
      })
    } finally {
      await server.close()
    }
  })
})

describe('the clock moves only in tests and dev mode', () => {
  it('a production server has no clock or season route and runs on the system clock', async () => {
    const server = await startTestServer({ mode: 'production', walletSecret: 'test-secret-for-production-mode' })
    try {
      expect(
        (
          await fetch(server.url + '/dev/clock', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{"advanceMs":1000}',
          })
        ).status,
      ).toBe(404)
      expect(
        (
          await fetch(server.url + '/dev/mining/season', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{"endsAt":null}',
          })
        ).status,
      ).toBe(404)
      expect(server.clock).not.toBeInstanceOf(MovableClock)
    } finally {
      await server.close()
    }
  })

  it('dev mode moves it forward only, by a sane amount', async () => {
    const move = (body: unknown) =>
      fetch(api.server.url + '/dev/clock', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    const before = clock().offsetMs
    expect((await move({ advanceMs: -1 })).status).toBe(400)
    expect((await move({ advanceMs: 1.5 })).status).toBe(400)
    expect((await move({ advanceMs: 'soon' })).status).toBe(400)
    const ok = await move({ advanceMs: 60_000 })
    expect(ok.status).toBe(200)
    expect(clock().offsetMs).toBe(before + 60_000)
  })
})
