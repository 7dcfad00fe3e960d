/**
 * The mining service's user record (doc 2 §3, §7: "create user mining", "get user mining"), as far
 * as the wallet needs it today: lockAmount, the SWITCH locked by staking deposits that have not
 * ended (wallet.11, staking.38). The staking calls themselves belong to the staking screens; until
 * they exist, dev mode and the admin token can lock SWITCH with POST /admin/stake, the way the
 * deposit simulator credits tokens.
 */
import { Hono } from 'hono'
import * as t from 'io-ts'
import type { Db } from '../db'
import type { Users } from '../users'
import { BadRequest, decodeOrThrow, jsonBody } from '../validate'
import type { AppEnv } from './wallet'

interface MiningRow {
  speed: string
  got_amount: string
  mining_amount: string
  status: string
  guild: number
  alliance: string | null
  withheld: string
  autoclaim_active: boolean
  human_group: boolean
  confirm_prove: boolean
  dttm_added: Date | string
  lock_amount: string
}

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString()

/** mining.1: the record as the client's codec reads it; numeric columns as numbers for display. */
const view = (r: MiningRow) => ({
  speed: Number(r.speed),
  gotAmount: Number(r.got_amount),
  miningAmount: Number(r.mining_amount),
  status: r.status,
  guild: r.guild,
  alliance: r.alliance,
  withheld: Number(r.withheld),
  autoclaimActive: r.autoclaim_active,
  lockAmount: Number(r.lock_amount),
  humanGroup: r.human_group,
  confirmProve: r.confirm_prove,
  dttmAdded: iso(r.dttm_added),
})

async function record(db: Db, userId: number): Promise<MiningRow | null> {
  const [row] = await db.query<MiningRow>(
    `SELECT m.*, coalesce((SELECT sum(amount) FROM staking_deposits s WHERE s.user_id = m.user_id AND s.dttm_ended > now()), 0)::text AS lock_amount,
            m.speed::text AS speed, m.got_amount::text AS got_amount, m.mining_amount::text AS mining_amount, m.withheld::text AS withheld
     FROM mining_users m WHERE m.user_id = $1`,
    [userId],
  )
  return row ?? null
}

export function miningRoutes(db: Db) {
  const app = new Hono<AppEnv>()
  app.post('/mining/user', async (c) => {
    await db.query('INSERT INTO mining_users (user_id) VALUES ($1) ON CONFLICT DO NOTHING', [c.get('user').id])
    return c.json({ ok: true })
  })
  app.get('/mining/user', async (c) => {
    const row = await record(db, c.get('user').id)
    return c.json({ userMining: row === null ? null : view(row) })
  })
  return app
}

const StakeRequest = t.type({ userId: t.number, amount: t.string, months: t.number })

/** Dev and admin only: lock SWITCH for a user as a staking deposit would (credited as mined first). */
export function stakeSimulatorRoutes(db: Db, users: Users, mode: 'development' | 'production', adminToken: string | undefined) {
  const app = new Hono()
  app.post('/admin/stake', async (c) => {
    if (mode === 'production' && (!adminToken || c.req.header('authorization') !== `Bearer ${adminToken}`))
      return c.json({ message: 'the staking simulator needs the admin token' }, 401)
    const req = decodeOrThrow(StakeRequest, await jsonBody(c))
    if (!/^\d+(\.\d{1,9})?$/.test(req.amount) || Number(req.amount) <= 0) throw new BadRequest('the amount must be a positive number with at most 9 decimals', 'amount')
    if (!Number.isInteger(req.months) || req.months <= 0 || req.months > 1200) throw new BadRequest('months must be a whole number from 1 to 1200', 'months')
    if ((await users.wallets(req.userId)).length === 0) throw new BadRequest(`no user ${req.userId}: they appear on their first call from the app`, 'userId')
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO mining_users (user_id) VALUES ($1) ON CONFLICT DO NOTHING', [req.userId])
      await tx.query('UPDATE mining_users SET got_amount = got_amount + $2::numeric WHERE user_id = $1', [req.userId, req.amount])
      await tx.query(`INSERT INTO staking_deposits (user_id, amount, period_months, dttm_ended) VALUES ($1, $2::numeric, $3, now() + make_interval(months => $3))`, [req.userId, req.amount, req.months])
    })
    return c.json({ ok: true, locked: req.amount })
  })
  return app
}
