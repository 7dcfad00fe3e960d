/**
 * Referral stats (friends.4-5; doc 2 §3): the user's friends counted apart by Premium, and the
 * bonuses their referral entries in the ledger credited. The mining record shows the same figures
 * (friendsBonus, friends2Bonus, ordinaryFriends, premiumFriends).
 */
import { SWITCH_DECIMALS } from '../../domain/mining/accrual'
import { fromUnits } from '../../domain/money'
import type { Db } from '../db'

const switchText = (units: bigint) => fromUnits(units, SWITCH_DECIMALS)

export interface ReferralStats {
  premium_friends: number
  ordinary_friends: number
  friends_bonus: string
  friends_2_bonus: string
}

/**
 * friends.5: one row, whatever the number of friends or claims: running sums kept in the
 * transactions that record a friend (server/friends/referrals.ts) and that write the referral
 * entries (server/friends/bonuses.ts). friends_bonus is the sum of the user's 'referral' and
 * 'referral-fixed' entries, friends_2_bonus of their 'referral-2' entries.
 */
export async function referralStats(db: Db, userId: number): Promise<ReferralStats> {
  const [row] = await db.query<{ premium_friends: number; ordinary_friends: number; direct: string; second: string }>(
    `SELECT premium_friends, ordinary_friends, friends_bonus_units::text AS direct, friends_2_bonus_units::text AS second FROM referral_totals WHERE user_id = $1`,
    [userId],
    { name: 'friends.stats' },
  )
  if (row === undefined) return { premium_friends: 0, ordinary_friends: 0, friends_bonus: '0', friends_2_bonus: '0' }
  return {
    premium_friends: row.premium_friends,
    ordinary_friends: row.ordinary_friends,
    friends_bonus: switchText(BigInt(row.direct)),
    friends_2_bonus: switchText(BigInt(row.second)),
  }
}
