/**
 * The staking simulator: dev-only scaffolding (no such route in production) that locks SWITCH as a staking deposit would, until
 * the staking screens (spec document 2) exist.
 */
import { Hono } from 'hono'
import * as t from 'io-ts'
import type { Db } from '../db'
import type { Clock } from '../kernel/clock'
import { post } from '../kernel/ledger'
import type { Users } from '../kernel/users'
import { createMiner, switchEntry } from './miner'
import { SWITCH_DECIMALS } from '../../domain/mining/accrual'
import { toUnits } from '../../domain/money'
import { BadRequest, decodeOrThrow, jsonBody } from '../kernel/validate'
import { userIdOf } from '../wallet/depositSimulator'

const StakeRequest = t.type({ userId: t.number, amount: t.string, months: t.number })

/** Dev mode only: lock SWITCH for a user as a staking deposit would (credited as mined first). */
export function stakeSimulatorRoutes(db: Db, users: Users, clock: Clock) {
  const app = new Hono()
  app.post('/admin/stake', async (c) => {
    const req = decodeOrThrow(StakeRequest, await jsonBody(c))
    const userId = userIdOf(req.userId)
    // mining_users and staking_deposits hold NUMERIC(30, 9): 21 whole digits at most.
    if (!/^\d{1,15}(\.\d{1,9})?$/.test(req.amount) || Number(req.amount) <= 0) throw new BadRequest('the amount must be a positive number below 10^15 with at most 9 decimals', 'amount')
    if (!Number.isInteger(req.months) || req.months <= 0 || req.months > 1200) throw new BadRequest('months must be a whole number from 1 to 1200', 'months')
    if ((await users.wallets(userId)).length === 0) throw new BadRequest(`no user ${userId}: they appear on their first call from the app`, 'userId')
    const now = clock.now()
    await db.transaction(async (tx) => {
      await createMiner(tx, userId, now)
      await post(tx, [switchEntry(userId, toUnits(req.amount, SWITCH_DECIMALS) as bigint, 'stake-simulator', `stake:${now}`)])
      await tx.query(`INSERT INTO staking_deposits (user_id, amount, period_months, dttm_added, dttm_ended) VALUES ($1, $2::numeric, $3, $4, $4::timestamptz + make_interval(months => $3))`, [userId, req.amount, req.months, new Date(now).toISOString()])
    })
    return c.json({ ok: true, locked: req.amount })
  })
  return app
}
