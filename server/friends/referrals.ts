/**
 * Referral attribution: a user is referred once, when they are created, by the `ref` of
 * the start parameter of that first contact (a mini-app launch's signed start_param or the bot's
 * `/start`). Later start parameters do nothing, nobody refers themselves, and since a referrer must
 * exist (committed) before the friend is created, the relation follows creation order: no loop.
 */
import type { Db } from '../db'
import type { UserCreatedHook } from '../kernel/users'
import { INVITE_KEY } from './seed'

/** An invite code as the database draws them (10 hex digits, upper case); a little room for other shapes. */
const CODE = /^[A-Z0-9]{4,32}$/

/** The invite code a start parameter carries (app.16: dash-separated key-value pairs), else null. */
export function inviteCodeOf(startParam: string | null | undefined): string | null {
  if (!startParam) return null
  const parts = startParam.split('-')
  for (let i = 0; i + 1 < parts.length; i += 2)
    if (parts[i] === INVITE_KEY) return CODE.test(parts[i + 1]) ? parts[i + 1] : null
  return null
}

/** The start parameter of a user's invite link. */
export const inviteParam = (code: string) => `${INVITE_KEY}-${code}`

/** A users created-hook: records who referred the new user, if their first contact names a valid code of someone else. */
export const attributeReferral: UserCreatedHook = async (tx, user, contact) => {
  const code = inviteCodeOf(contact.startParam)
  if (code === null) return
  const [referrer] = await tx.query<{ id: string }>('SELECT id::text AS id FROM users WHERE invite_code = $1', [code])
  if (referrer === undefined || Number(referrer.id) === user.id) return
  const premium = user.is_premium === true
  const made = await tx.query(
    'INSERT INTO referrals (friend_id, referrer_id, premium, joined_at) VALUES ($1, $2, $3, $4) ON CONFLICT (friend_id) DO NOTHING RETURNING friend_id',
    [user.id, referrer.id, premium, new Date(contact.now).toISOString()],
  )
  // The referrer's friend counts (server/friends/stats.ts), in the transaction that records the friend.
  if (made.length > 0)
    await tx.query(
      `INSERT INTO referral_totals (user_id, premium_friends, ordinary_friends) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET premium_friends = referral_totals.premium_friends + excluded.premium_friends, ordinary_friends = referral_totals.ordinary_friends + excluded.ordinary_friends`,
      [referrer.id, premium ? 1 : 0, premium ? 0 : 1],
    )
}

export async function inviteCodeOfUser(db: Db, userId: number): Promise<string> {
  const [row] = await db.query<{ invite_code: string }>('SELECT invite_code FROM users WHERE id = $1', [userId])
  return row.invite_code
}
