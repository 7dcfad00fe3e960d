/**
 * What a friend's claim pays up the referral chain (friends.1-3), as a claim hook (server/mining/miner.ts):
 * ledger entries in the claim's own transaction, so once per claim, of what was claimed (burns never
 * reach a claim). The referrer gets 10 % ('referral'), the referrer's referrer 2 % ('referral-2'),
 * and on the friend's first paying claim the referrer gets the fixed bonus once ('referral-fixed').
 * Each referrals row also keeps what its referrer got through that friend, for the friends list,
 * and referral_totals each referrer's sums, for the stats.
 */
import { SWITCH_DECIMALS } from '../../domain/mining/accrual'
import { toUnits } from '../../domain/money'
import { type Db, inTransaction } from '../db'
import type { Entry } from '../kernel/ledger'
import { type ClaimHook, switchEntry } from '../mining/miner'
import { FIXED_BONUS, FRIEND_OF_FRIEND_PERCENT, FRIEND_PERCENT } from './seed'

export const FIXED_BONUS_UNITS = {
  premium: toUnits(FIXED_BONUS.premium, SWITCH_DECIMALS) as bigint,
  ordinary: toUnits(FIXED_BONUS.ordinary, SWITCH_DECIMALS) as bigint,
}

/** A share of a claim in nano-SWITCH, rounded down. */
export const shareOf = (claimed: bigint, percent: bigint) => (claimed * percent) / 100n

/** Each claim's transaction reads a friend's referrer twice (to lock the chain, then to pay it): the second time from here. */
const referrersRead = new WeakMap<Db, Map<number, number | null>>()

async function referrerOf(tx: Db, userId: number): Promise<number | null> {
  const read = referrersRead.get(tx)
  if (read?.has(userId)) return read.get(userId) as number | null
  const [row] = await tx.query<{ referrer_id: string }>(
    'SELECT referrer_id::text AS referrer_id FROM referrals WHERE friend_id = $1',
    [userId],
    { name: 'referrals.referrer' },
  )
  const referrer = row === undefined ? null : Number(row.referrer_id)
  // Within one transaction only: a user not yet made has no referrer now and may have one later.
  if (inTransaction(tx)) referrersRead.set(tx, (read ?? new Map()).set(userId, referrer))
  return referrer
}

/*
 * Locks: a friend's claim credits the referrer and theirs, so the claim must hold their ledger
 * locks too. It takes them all before writing, in ascending id order with the claimer's (the hook's
 * `users`, read before locking: a referral never changes once made), as post() and every transfer
 * do. Locking from the claimer upward instead deadlocked with a concurrent transfer between two of
 * them on PostgreSQL's ordering.
 */

async function addBonus(tx: Db, friendId: number, units: bigint): Promise<void> {
  await tx.query(
    'UPDATE referrals SET bonus_units = bonus_units + $2::numeric WHERE friend_id = $1',
    [friendId, units.toString()],
    { name: 'referrals.bonus' },
  )
}

/**
 * The running sums the stats read (referral_totals): what the entries this hook returns credit each
 * referrer, added in the same transaction. The claim holds both referrers' ledger locks already.
 */
async function addTotals(
  tx: Db,
  userId: number,
  column: 'friends_bonus_units' | 'friends_2_bonus_units',
  units: bigint,
): Promise<void> {
  await tx.query(
    `INSERT INTO referral_totals (user_id, ${column}) VALUES ($1, $2::numeric)
     ON CONFLICT (user_id) DO UPDATE SET ${column} = referral_totals.${column} + excluded.${column}`,
    [userId, units.toString()],
    { name: `referrals.totals.${column}` },
  )
}

async function referralClaim(tx: Db, { userId, claimed, reference, now }: Parameters<ClaimHook>[1]): Promise<Entry[]> {
  const referrer = await referrerOf(tx, userId)
  if (referrer === null || claimed <= 0n) return []
  const second = await referrerOf(tx, referrer)
  const ref = `friend:${userId}:${reference}`
  const entries: Entry[] = []
  let direct = shareOf(claimed, FRIEND_PERCENT)
  if (direct > 0n) entries.push(switchEntry(referrer, direct, 'referral', ref))
  // The fixed bonus: the row is marked in this transaction, so a second claim finds it paid.
  const [fixed] = await tx.query<{ premium: boolean }>(
    'UPDATE referrals SET fixed_paid_at = $2 WHERE friend_id = $1 AND fixed_paid_at IS NULL RETURNING premium',
    [userId, new Date(now).toISOString()],
    { name: 'referrals.fixedPaid' },
  )
  if (fixed !== undefined) {
    const units = fixed.premium ? FIXED_BONUS_UNITS.premium : FIXED_BONUS_UNITS.ordinary
    entries.push(switchEntry(referrer, units, 'referral-fixed', `friend:${userId}`))
    direct += units
  }
  if (direct > 0n) {
    await addBonus(tx, userId, direct)
    await addTotals(tx, referrer, 'friends_bonus_units', direct)
  }
  const indirect = shareOf(claimed, FRIEND_OF_FRIEND_PERCENT)
  if (second !== null && indirect > 0n) {
    entries.push(switchEntry(second, indirect, 'referral-2', ref))
    // What `second` got through their friend `referrer`.
    await addBonus(tx, referrer, indirect)
    await addTotals(tx, second, 'friends_2_bonus_units', indirect)
  }
  return entries
}

/** The chain a friend's claim credits (referrer, and theirs): links made at first contact, never changed. */
async function referralChain(tx: Db, userId: number): Promise<number[]> {
  const referrer = await referrerOf(tx, userId)
  if (referrer === null) return []
  const second = await referrerOf(tx, referrer)
  return second === null ? [referrer] : [referrer, second]
}

export const referralClaimHook: ClaimHook = Object.assign(referralClaim, { users: referralChain })
