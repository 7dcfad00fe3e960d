/**
 * Referral stats as running sums (migration 016, referral_totals; docs/features/friends.md, "Rules"):
 * kept in the transactions that record a friend and that write the referral entries, so reading
 * them is one row. They must equal what the ledger and the referrals say, under concurrent claims,
 * and the migration fills them from what was there before. On the run's database (PGlite in project
 * unit, PostgreSQL in server-pg).
 */
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { HOUR_MS } from '../../../domain/mining/accrual'
import { type DatabaseConfig, type Db, MIGRATIONS, connect, migrate } from '../../../server/db'
import { referralStats } from '../../../server/friends/stats'
import type { MovableClock } from '../../../server/kernel/clock'
import { type User, newUser, onPostgres, testDatabase, useServer } from '../helpers'
import { codeOf, launch, nano } from './helpers'

const api = useServer()
const clock = () => api.server.clock as MovableClock
let keys = 0
const key = () => `totals-claim-${++keys}-${Date.now()}`

const temporary: string[] = []
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true })
})

/** Every user's referral figures as the ledger and the referrals table say them, and as referral_totals keeps them. */
async function figures(db: Db) {
  const fromLedger = await db.query<{
    user_id: string
    premium: string
    ordinary: string
    direct: string
    second: string
  }>(
    `SELECT user_id::text AS user_id, sum(premium)::text AS premium, sum(ordinary)::text AS ordinary, sum(direct)::text AS direct, sum(second)::text AS second FROM (
       SELECT referrer_id AS user_id, count(*) FILTER (WHERE premium) AS premium, count(*) FILTER (WHERE NOT premium) AS ordinary, 0 AS direct, 0 AS second FROM referrals GROUP BY referrer_id
       UNION ALL
       SELECT user_id, 0, 0, coalesce(sum(delta) FILTER (WHERE reason <> 'referral-2'), 0), coalesce(sum(delta) FILTER (WHERE reason = 'referral-2'), 0)
       FROM ledger WHERE reason IN ('referral', 'referral-2', 'referral-fixed') GROUP BY user_id) t
     GROUP BY user_id ORDER BY user_id`,
  )
  const kept = await db.query<{ user_id: string; premium: string; ordinary: string; direct: string; second: string }>(
    `SELECT user_id::text AS user_id, premium_friends::text AS premium, ordinary_friends::text AS ordinary, friends_bonus_units::text AS direct, friends_2_bonus_units::text AS second
     FROM referral_totals ORDER BY user_id`,
  )
  return { fromLedger, kept }
}

describe('referral totals', () => {
  it('equal the ledger sums and the friend counts after concurrent claims by several friends and friends of friends', async () => {
    // top ← a, b (Premium); a ← a1, a2 (Premium), a3; b ← b1, b2: every claim credits one or two referrers at once
    const top = newUser()
    await launch(api.server, top, null)
    const invited = async (by: User, premium = false) => {
      const user = newUser({ is_premium: premium })
      expect((await launch(api.server, user, `ref-${await codeOf(api.server, by)}`)).status).toBe(200)
      return user
    }
    const a = await invited(top)
    const b = await invited(top, true)
    const claimers = [
      a,
      b,
      await invited(a),
      await invited(a, true),
      await invited(a),
      await invited(b),
      await invited(b),
    ]
    for (const u of claimers) expect((await api.call('/mining/user', u, {})).status).toBe(200)
    for (let round = 0; round < 6; round++) {
      clock().advance(HOUR_MS + round * 60_000)
      const seen = await Promise.all(
        claimers.map(async (u) => (await api.call('/mining/user', u)).body.userMining.windowStart as string),
      )
      const answers = await Promise.all(
        claimers.map((u, i) => api.call('/mining/claim', u, { idempotencyKey: key(), windowStart: seen[i] })),
      )
      expect(answers.map((x) => x.status)).toEqual(claimers.map(() => 200))
      expect(answers.every((x) => nano(x.body.claimed) > 0n)).toBe(true)
    }
    const { fromLedger, kept } = await figures(api.server.db)
    expect(kept).toEqual(fromLedger)
    // the referrers of this test are there, with bonuses of both kinds
    const topRow = kept.find((r) => r.user_id === String(top.id))
    expect(topRow).toMatchObject({ premium: '1', ordinary: '1' })
    expect(BigInt(topRow!.direct)).toBeGreaterThan(0n)
    expect(BigInt(topRow!.second)).toBeGreaterThan(0n)
    // and the calls answer them: the stats and the mining record
    const stats = (await api.call('/mining/referralStats', a)).body
    const aRow = kept.find((r) => r.user_id === String(a.id))!
    expect(stats).toEqual({
      premium_friends: 1,
      ordinary_friends: 2,
      friends_bonus: (await referralStats(api.server.db, a.id)).friends_bonus,
      friends_2_bonus: '0',
    })
    expect(nano(stats.friends_bonus)).toBe(BigInt(aRow.direct))
    expect((await api.call('/mining/user', a)).body.userMining).toMatchObject({
      premiumFriends: 1,
      ordinaryFriends: 2,
      friendsBonus: stats.friends_bonus,
      friends2Bonus: '0',
    })
    expect((await api.call('/mining/referralStats', top)).body).toMatchObject({
      premium_friends: 1,
      ordinary_friends: 1,
    })
  }, 60_000)

  it('a user nobody referred and who referred nobody has no row, and zeros', async () => {
    const loner = newUser()
    await launch(api.server, loner, null)
    expect(await api.server.db.query('SELECT 1 FROM referral_totals WHERE user_id = $1', [loner.id])).toEqual([])
    expect((await api.call('/mining/referralStats', loner)).body).toEqual({
      premium_friends: 0,
      ordinary_friends: 0,
      friends_bonus: '0',
      friends_2_bonus: '0',
    })
  })

  it('migration 016 fills them from the referrals and the ledger entries written before it', async () => {
    const files = readdirSync(MIGRATIONS)
      .filter((f) => f.endsWith('.sql'))
      .sort()
    const before = mkdtempSync(join(tmpdir(), 'migrations-'))
    temporary.push(before)
    for (const f of files.filter((f) => f < '016')) copyFileSync(join(MIGRATIONS, f), join(before, f))
    let config: DatabaseConfig
    if (onPostgres()) config = await testDatabase()
    else {
      const dir = mkdtempSync(join(tmpdir(), 'pglite-'))
      temporary.push(dir)
      config = { kind: 'pglite', dataDir: dir }
    }
    const db = await connect(config)
    try {
      await migrate(db, before)
      for (const id of [1, 2, 3, 4, 5]) {
        await db.query('INSERT INTO users (id, first_name) VALUES ($1, $2)', [id, `U${id}`])
        await db.query(
          'INSERT INTO wallets (user_id, account_index, evm_address, ton_address) VALUES ($1, 0, $2, $3)',
          [id, `evm-${id}`, `ton-${id}`],
        )
      }
      // 1 ← 2 (Premium), 3; 2 ← 4, 5 (Premium)
      for (const [friend, referrer, premium] of [
        [2, 1, true],
        [3, 1, false],
        [4, 2, false],
        [5, 2, true],
      ] as const)
        await db.query(
          'INSERT INTO referrals (friend_id, referrer_id, premium, joined_at) VALUES ($1, $2, $3, now())',
          [friend, referrer, premium],
        )
      const entry = (user: number, delta: string, reason: string) =>
        db.query(
          `INSERT INTO ledger (user_id, account_index, chain_id, token_address, delta, reason, reference) VALUES ($1, 0, 'GAME', 'SWITCH', $2::numeric, $3, 'r')`,
          [user, delta, reason],
        )
      await entry(1, '100000000', 'referral')
      await entry(1, '60000000000', 'referral-fixed')
      await entry(1, '7', 'referral-2')
      await entry(1, '5', 'referral-2')
      await entry(2, '333', 'referral')
      await entry(3, '999', 'claim') // not a referral entry: no row for user 3
      await migrate(db)
      const { fromLedger, kept } = await figures(db)
      expect(kept).toEqual(fromLedger)
      expect(kept).toEqual([
        { user_id: '1', premium: '1', ordinary: '1', direct: '60100000000', second: '12' },
        { user_id: '2', premium: '1', ordinary: '1', direct: '333', second: '0' },
      ])
      expect(await referralStats(db, 1)).toEqual({
        premium_friends: 1,
        ordinary_friends: 1,
        friends_bonus: '60.1',
        friends_2_bonus: '0.000000012',
      })
    } finally {
      await db.close()
    }
  })
})
