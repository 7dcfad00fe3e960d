/**
 * The daily reward and the daily boost (tasks.21-23; docs/features/tasks.md, "Rules chosen where
 * the spec is silent"). Both turn at 00:00 UTC on the server's clock. The reward's streak moves one
 * day a claim, a missed day starts it again at day 1, and after the last day it starts again too.
 * The boost is offered once a UTC day to a user with a mining profile (isNotifyForBoost) and clears
 * once claimed.
 */
import { dailyRewardDay, utcDay } from '../../domain/tasks/completionRules'
import type { Db } from '../db'
import { BadRequest } from '../kernel/validate'
import { lockUsers } from '../kernel/ledger'
import { completeTask, nanoSwitch } from './complete'

/** SWITCH for day 1 to 8 of a streak (two rows of the 4-cell grid, tasks.21). */
export const DAILY_REWARDS = ['10', '20', '30', '50', '75', '100', '150', '250'] as const
/** The daily boost: +0.5 SWITCH an hour for 3 hours. */
export const DAILY_BOOST = { speed: '0.5', hours: 3 } as const

const iso = (at: number) => new Date(at).toISOString()

/** Claims today's reward: the streak's day, paid once a UTC day (a second claim the same day is a 409). */
export async function claimDailyReward(db: Db, userId: number, now: number): Promise<{ day: number; reward: string }> {
  return db.transaction(async (tx) => {
    await lockUsers(tx, [userId])
    const [last] = await tx.query<{ reference: string; amount: string }>(
      `SELECT reference, amount::text AS amount FROM task_completions WHERE user_id = $1 AND code = 'dailyReward' ORDER BY done_at DESC, reference DESC LIMIT 1`,
      [userId],
    )
    const today = utcDay(now)
    const { currentDay, claimedToday } = dailyRewardDay(
      last === undefined ? null : { day: last.reference, streakDay: Number(last.amount) },
      today,
      DAILY_REWARDS.length,
    )
    if (claimedToday) throw new BadRequest(`today's reward is claimed; the next one is from 00:00 UTC`, undefined, 409)
    const reward = DAILY_REWARDS[currentDay - 1]
    await completeTask(tx, userId, 'dailyReward', { reference: today, amount: BigInt(currentDay), reward }, now)
    return { day: currentDay, reward }
  })
}

/** tasks.22: the flag on /totalBalance: a miner who has not claimed today's boost. */
export async function dailyBoostOffered(db: Db, userId: number, now: number): Promise<boolean> {
  const [row] = await db.query<{ miner: boolean; claimed: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM mining_users WHERE user_id = $1) AS miner,
            EXISTS (SELECT 1 FROM task_completions WHERE user_id = $1 AND code = 'dailyBoost' AND reference = $2) AS claimed`,
    [userId, utcDay(now)],
  )
  return row.miner && !row.claimed
}

/** tasks.22-23: claims today's boost once (its speed and hours, for the client to say); a second claim the same day, or one without a mining profile, is a 409. */
export async function claimDailyBoost(db: Db, userId: number, now: number): Promise<{ speed: string; hours: number }> {
  if (!(await db.query('SELECT 1 FROM mining_users WHERE user_id = $1', [userId])).length)
    throw new BadRequest('no mining profile: create it first', undefined, 409)
  const granted = await db.transaction((tx) =>
    completeTask(
      tx,
      userId,
      'dailyBoost',
      { reference: utcDay(now), speed: nanoSwitch(DAILY_BOOST.speed), boostMs: DAILY_BOOST.hours * 3_600_000 },
      now,
    ),
  )
  if (!granted)
    throw new BadRequest(
      `today's boost is claimed; the next one is from 00:00 UTC (${iso(Math.floor(now / 86_400_000 + 1) * 86_400_000)})`,
      undefined,
      409,
    )
  return { speed: DAILY_BOOST.speed, hours: DAILY_BOOST.hours }
}
