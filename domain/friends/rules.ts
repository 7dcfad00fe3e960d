/**
 * Friends constants and display rules (doc 2 §2 /mining/frens, §3, §9): the page size, the invite
 * contest's end and prizes, the bonus total, the friend's guild, the share link.
 */
import { GUILD_RANKS } from '../guilds/rules'
import { fromUnits, toUnits } from '../money'
import type { ReferralStats } from './codecs'

/** friends.9-10: the list is read 10 friends a page. */
export const FRIENDS_PAGE_SIZE = 10

/** friends.7: the invite contest counts down to this moment (doc 2 §9). */
export const INVITE_CONTEST_ENDS_AT = Date.parse('2025-05-01T23:59:59Z')

/**
 * The invite contest's prize, as the spec records it twice (doc 2 §9): one place says 11000 USDT and
 * 1,100,000 SWITCH (friends.8), the staking-related banner 15 000 of a stablecoin plus 1 500 000
 * SWITCH (banners.12). The card shows both, each with where it comes from.
 */
export const INVITE_CONTEST_PRIZES = {
  /** friends.8 */
  contest: { usdt: '11000', switch: '1100000' },
  /** banners.12 */
  banner: { stablecoin: '15000', switch: '1500000' },
} as const

/** Two exact decimal strings added exactly, at the finer of their scales ('0.1' + '0.25' = '0.35'). */
export function addDecimals(a: string, b: string): string {
  const places = Math.max(a.split('.')[1]?.length ?? 0, b.split('.')[1]?.length ?? 0)
  return fromUnits((toUnits(a, places) ?? 0n) + (toUnits(b, places) ?? 0n), places)
}

/** friends.6: the bonus for friends, for friends of friends, and their total, exactly. */
export function referralBonuses(stats: ReferralStats): { friends: string; friendsOfFriends: string; total: string } {
  return {
    friends: stats.friends_bonus,
    friendsOfFriends: stats.friends_2_bonus,
    total: addDecimals(stats.friends_bonus, stats.friends_2_bonus),
  }
}

export type ContestTime =
  { ended: true } | { ended: false; days: number; hours: number; minutes: number; seconds: number }

/** friends.7: what is left of the invite contest at `now` (the server's time), to the second. */
export function contestTimeLeft(now: number, endsAt = INVITE_CONTEST_ENDS_AT): ContestTime {
  const left = Math.floor((endsAt - now) / 1000)
  if (left < 0) return { ended: true }
  return {
    ended: false,
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
  }
}

/** guilds.1: a friend's guild rank (0-5) by its name; a rank the list does not know is none. */
export const guildName = (rank: number): (typeof GUILD_RANKS)[number] =>
  GUILD_RANKS[Number.isInteger(rank) && rank >= 0 && rank < GUILD_RANKS.length ? rank : 0]

/** friends.12: Telegram's share link for the invite link and a line of text. */
export const shareUrl = (link: string, text: string) =>
  `https://t.me/share/url?url=${encodeURIComponent(link)}&text=${encodeURIComponent(text)}`
