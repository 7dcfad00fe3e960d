/** Referrals' codecs (doc 2 §3, §7): the referral figures, the invite link and the friends' pages. */
import * as t from 'io-ts'
import { DecimalString } from '../api/codecs'

const Nullable = <C extends t.Mixed>(c: C) => t.union([c, t.null])

/** friends.5: the friends counted apart (friends.4) and what they earned the user, SWITCH as exact decimal strings. */
export const ReferralStats = t.type({
  premium_friends: t.number,
  ordinary_friends: t.number,
  friends_bonus: DecimalString,
  friends_2_bonus: DecimalString,
})
export type ReferralStats = t.TypeOf<typeof ReferralStats>
/** The user's invite link (friends.12-13): Telegram's link to the mini-app with `ref-<code>` as its start parameter. */
export const InviteAnswer = t.type({ code: t.string, startParam: t.string, link: t.string })
export type InviteAnswer = t.TypeOf<typeof InviteAnswer>

/** friends.9: a page of at most 10; `pageToken` is the nextToken of the page before (opaque, keyset). */
export const FriendsQuery = t.intersection([t.type({ limit: t.number }), t.partial({ pageToken: t.string })])
/**
 * friends.11: a friend, their SWITCH and what the user got through them (10 %, the fixed bonus, and
 * 2 % of their friends' claims), as exact decimal strings; guild is the rank 0-5.
 */
export const Friend = t.type({ firstName: t.string, gotAmount: DecimalString, bonus: DecimalString, guild: t.number })
export type Friend = t.TypeOf<typeof Friend>
/** nextToken: null on the last page. */
export const FriendsAnswer = t.type({ result: t.array(Friend), nextToken: Nullable(t.string) })
export type FriendsAnswer = t.TypeOf<typeof FriendsAnswer>
