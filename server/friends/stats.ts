/**
 * Referral stats (friends.4-5; doc 2 §3): the user's friends counted apart by Premium, and the
 * bonuses as sums of the user's referral entries in the ledger. The mining record shows the same
 * figures (friendsBonus, friends2Bonus, ordinaryFriends, premiumFriends).
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

/** friends.5: counts from the referrals, bonuses as the sums of the user's referral ledger entries. */
export async function referralStats(db: Db, userId: number): Promise<ReferralStats> {
  const [counts] = await db.query<{ premium: number; ordinary: number }>(
    'SELECT count(*) FILTER (WHERE premium)::int AS premium, count(*) FILTER (WHERE NOT premium)::int AS ordinary FROM referrals WHERE referrer_id = $1',
    [userId],
  )
  const [sums] = await db.query<{ direct: string; second: string }>(
    `SELECT coalesce(sum(delta) FILTER (WHERE reason <> 'referral-2'), 0)::text AS direct, coalesce(sum(delta) FILTER (WHERE reason = 'referral-2'), 0)::text AS second
     FROM ledger WHERE user_id = $1 AND reason IN ('referral', 'referral-2', 'referral-fixed')`,
    [userId],
  )
  return { premium_friends: counts.premium, ordinary_friends: counts.ordinary, friends_bonus: switchText(BigInt(sums.direct)), friends_2_bonus: switchText(BigInt(sums.second)) }
}

