/**
 * What a friend's claim pays up the referral chain (friends.1-3), as a claim hook (server/mining/miner.ts):
 * ledger entries in the claim's own transaction, so once per claim, of what was claimed (burns never
 * reach a claim). The referrer gets 10 % ('referral'), the referrer's referrer 2 % ('referral-2'),
 * and on the friend's first paying claim the referrer gets the fixed bonus once ('referral-fixed').
 * Each referrals row also keeps what its referrer got through that friend, for the friends list.
 */
import { SWITCH_DECIMALS } from '../../domain/mining/accrual'
import { toUnits } from '../../domain/money'
import type { Db } from '../db'
import type { Entry } from '../kernel/ledger'
import { type ClaimHook, switchEntry } from '../mining/miner'
import { FIXED_BONUS, FRIEND_OF_FRIEND_PERCENT, FRIEND_PERCENT } from './seed'

export const FIXED_BONUS_UNITS = {
  premium: toUnits(FIXED_BONUS.premium, SWITCH_DECIMALS) as bigint,
  ordinary: toUnits(FIXED_BONUS.ordinary, SWITCH_DECIMALS) as bigint,
}

/** A share of a claim in nano-SWITCH, rounded down. */
export const shareOf = (claimed: bigint, percent: bigint) => (claimed * percent) / 100n

async function referrerOf(tx: Db, userId: number): Promise<number | null> {
  const [row] = await tx.query<{ referrer_id: string }>('SELECT referrer_id::text AS referrer_id FROM referrals WHERE friend_id = $1', [userId])
  return row === undefined ? null : Number(row.referrer_id)
}

/**
 * A claim holds its claimer's ledger lock from the start; the ledger's post() then locks every user
 * it credits in ascending id order. A friend's claim crediting a referrer with a smaller id and one
 * with a larger id would take them across a concurrent claim of that referrer (PostgreSQL answered
 * "deadlock detected"). So the hook takes the chain's locks itself, from the claimer upward: every
 * claim locks along "referred by", which cannot cycle, and post() then finds them held already.
 */
const lockUser = (tx: Db, userId: number) => tx.query('SELECT pg_advisory_xact_lock($1)', [userId])

async function addBonus(tx: Db, friendId: number, units: bigint): Promise<void> {
  await tx.query('UPDATE referrals SET bonus_units = bonus_units + $2::numeric WHERE friend_id = $1', [friendId, units.toString()])
}

export const referralClaimHook: ClaimHook = async (tx, { userId, claimed, reference, now }) => {
  const referrer = await referrerOf(tx, userId)
  if (referrer === null || claimed <= 0n) return []
  await lockUser(tx, referrer)
  const second = await referrerOf(tx, referrer)
  if (second !== null) await lockUser(tx, second)
  const ref = `friend:${userId}:${reference}`
  const entries: Entry[] = []
  let direct = shareOf(claimed, FRIEND_PERCENT)
  if (direct > 0n) entries.push(switchEntry(referrer, direct, 'referral', ref))
  // The fixed bonus: the row is marked in this transaction, so a second claim finds it paid.
  const [fixed] = await tx.query<{ premium: boolean }>('UPDATE referrals SET fixed_paid_at = $2 WHERE friend_id = $1 AND fixed_paid_at IS NULL RETURNING premium', [
    userId,
    new Date(now).toISOString(),
  ])
  if (fixed !== undefined) {
    const units = fixed.premium ? FIXED_BONUS_UNITS.premium : FIXED_BONUS_UNITS.ordinary
    entries.push(switchEntry(referrer, units, 'referral-fixed', `friend:${userId}`))
    direct += units
  }
  if (direct > 0n) await addBonus(tx, userId, direct)
  const indirect = shareOf(claimed, FRIEND_OF_FRIEND_PERCENT)
  if (second !== null && indirect > 0n) {
    entries.push(switchEntry(second, indirect, 'referral-2', ref))
    // What `second` got through their friend `referrer`.
    await addBonus(tx, referrer, indirect)
  }
  return entries
}
