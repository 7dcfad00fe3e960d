/**
 * Boosts on the server: granted once per source and reference, integrated from
 * the millisecond they start, in claims and in burns, and shown so the screen's figure rises as the
 * server counts. On PGlite and on PostgreSQL.
 */
import { isRight } from 'fp-ts/lib/Either'
import { describe, expect, it } from 'vitest'
import { endpoints } from '../../../domain/api/endpoints'
import { CLAIM_WINDOW_MS, HOUR_MS } from '../../../domain/mining/accrual'
import { miningViewAt } from '../../../domain/mining/rules'
import { MovableClock } from '../../../server/kernel/clock'
import { grantBoost } from '../../../server/mining/boosts'
import { BASE_SPEED } from '../../../server/mining/seed'
import { type User, newUser, useServer } from '../helpers'

// Time stands still but where a test moves it: spans are checked to the nano.
const api = useServer({ clock: new MovableClock({ now: () => Date.UTC(2026, 10, 23, 12) }) })
const clock = () => api.server.clock as MovableClock
const db = () => api.server.db
const record = async (user: User) => (await api.call('/mining/user', user)).body
let keys = 0
const claim = (user: User, windowStart: string) =>
  api.call('/mining/claim', user, { idempotencyKey: `boost-claim-${++keys}-${Date.now()}`, windowStart })
const nano = (s: string) => BigInt(s.split('.')[0]) * 10n ** 9n + BigInt((s.split('.')[1] ?? '').padEnd(9, '0'))
const BASE = nano(BASE_SPEED)
const BOOST = 50_000_000n // +0.05 SWITCH an hour

async function miner(user: User) {
  await api.call('/tgUserWallets', user)
  await api.call('/mining/user', user, {})
  return (await record(user)).userMining
}
const boost = (userId: number, reference: string, from: number, to: number, speed = BOOST) =>
  db().transaction((tx) => grantBoost(tx, { userId, source: 'test', reference, speed, from, to }, clock().now()))

describe('mining boosts on the server', () => {
  it('a boost that starts and ends inside the window adds exactly its span to the claim; the record shows it while it runs', async () => {
    const user = newUser()
    const start = Date.parse((await miner(user)).windowStart)
    clock().advance(start + HOUR_MS - clock().now())
    expect(await boost(user.id, 'one', start + HOUR_MS, start + 3 * HOUR_MS)).toBe(true)
    clock().advance(HOUR_MS / 2)
    const during = await record(user)
    expect(isRight(endpoints.miningUser.response.decode(during) as never)).toBe(true)
    expect(nano(during.userMining.speed)).toBe(BASE + BOOST)
    expect(during.userMining.baseSpeed).toBe(BASE_SPEED)
    expect(during.userMining.boosts).toEqual([
      { speed: '0.05', from: new Date(start + HOUR_MS).toISOString(), to: new Date(start + 3 * HOUR_MS).toISOString() },
    ])
    // the client's model from this read agrees with the server at the deadline, boost and all
    const shown = miningViewAt(during.userMining, during.serverTime, start + CLAIM_WINDOW_MS)
    expect(nano(shown!.accrued)).toBe(BASE * 6n + BOOST * 2n)

    clock().advance(start + CLAIM_WINDOW_MS - clock().now())
    const after = await record(user)
    expect(after.userMining.speed).toBe(BASE_SPEED)
    const { body } = await claim(user, after.userMining.windowStart)
    expect(body.outcome).toBe('claimed')
    expect(nano(body.claimed)).toBe(BASE * 6n + BOOST * 2n)
  })

  it('a boost is granted once per source and reference, and never from the past', async () => {
    const user = newUser()
    await miner(user)
    const now = clock().now()
    expect(await boost(user.id, 'twice', now, now + HOUR_MS)).toBe(true)
    expect(await boost(user.id, 'twice', now, now + 2 * HOUR_MS, 10n * BOOST)).toBe(false)
    expect((await record(user)).userMining.boosts).toHaveLength(1)
    await expect(boost(user.id, 'past', now - 1, now + HOUR_MS)).rejects.toThrow(/past/)
    await expect(boost(user.id, 'empty', now + HOUR_MS, now + HOUR_MS)).rejects.toThrow(/span/)
  })

  it('missed windows burn what their boosts added too; a boost running on counts in the window after', async () => {
    const user = newUser()
    const start = Date.parse((await miner(user)).windowStart)
    clock().advance(start + 5 * HOUR_MS - clock().now())
    // the last hour of window 1, all of window 2, the first hour of window 3
    await boost(user.id, 'long', start + 5 * HOUR_MS, start + 13 * HOUR_MS)
    clock().advance(start + 2 * CLAIM_WINDOW_MS + 1 - clock().now())
    const read = (await record(user)).userMining
    expect(read.lastBurn).toMatchObject({ windows: 2 })
    expect(nano(read.lastBurn.amount)).toBe(BASE * 12n + BOOST * 7n)
    clock().advance(start + 3 * CLAIM_WINDOW_MS - clock().now())
    const { body } = await claim(user, read.windowStart)
    expect(nano(body.claimed)).toBe(BASE * 6n + BOOST)
  })

  it('concurrent claims with a boost running pay the window once', async () => {
    const user = newUser()
    const start = Date.parse((await miner(user)).windowStart)
    await boost(user.id, 'concurrent', Math.max(start, clock().now()), start + CLAIM_WINDOW_MS)
    clock().advance(start + 4 * HOUR_MS - clock().now())
    const answers = await Promise.all(Array.from({ length: 6 }, () => claim(user, new Date(start).toISOString())))
    expect(answers.map((a) => a.body.outcome).sort()).toEqual(['claimed', 'stale', 'stale', 'stale', 'stale', 'stale'])
    const claims = await db().query<{ n: string }>(
      "SELECT count(*)::text AS n FROM ledger WHERE user_id = $1 AND reason = 'claim'",
      [user.id],
    )
    expect(claims[0].n).toBe('1')
  })
})
