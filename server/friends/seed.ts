/**
 * The referral programme's numbers (doc 2 §1, §9; friends.1-4; docs/features/friends.md, "Rules").
 * Percentages are of what the friend claimed (never of what burned), in whole nano-SWITCH, rounded down.
 */
/** friends.1: 10 % of a friend's claim to the referrer. */
export const FRIEND_PERCENT = 10n
/** friends.2: 2 % of a friend's friend's claim to the referrer's referrer. */
export const FRIEND_OF_FRIEND_PERCENT = 2n
/**
 * friends.3-4: the fixed bonus, "up to 60", read as per friend, with the tiers Premium and ordinary:
 * a friend with Telegram Premium (at first contact) pays the top of the range, 60 SWITCH; an ordinary
 * friend 20. Paid once per friend, when the friend's first claim credits something (a friend who
 * mines, not one who only opened the link).
 */
export const FIXED_BONUS = { premium: '60', ordinary: '20' } as const
/** friends.9-10: the friends list's page size, and the most one page holds. */
export const FRIENDS_PAGE_SIZE = 10
/** The start parameter's key of an invite (app.16's key-value pairs): `ref-<code>`. */
export const INVITE_KEY = 'ref'
