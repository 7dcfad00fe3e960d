/**
 * Guilds and alliances (doc 2 §3, §5, §9; RULES guilds.*): the ranks, their shares of miners, the
 * alliance name rule and avatar, the alliance bonus. Pure: the server and the client share them.
 */
import { ALLIANCE_ROUTE } from './state'

/** guilds.1: rank 0 is no guild. */
export const GUILD_RANKS = ['NoGuild', 'Adept', 'Master', 'Magister', 'Grandmaster', 'Cardinal'] as const
export type GuildRank = 0 | 1 | 2 | 3 | 4 | 5
/** guilds.2: the top share of miners (percent) each rank 1-5 holds (doc 2 §9). */
export const GUILD_SHARES: Readonly<Record<1 | 2 | 3 | 4 | 5, number>> = { 1: 50, 2: 30, 3: 15, 4: 4, 5: 1 }
export const RANKS = [1, 2, 3, 4, 5] as const

export const isGuildRank = (n: number): n is 1 | 2 | 3 | 4 | 5 => Number.isInteger(n) && n >= 1 && n <= 5

/**
 * How many places rank `rank` covers among `population` miners: a miner whose place (1 + how many
 * have more, so ties share the better place) is at most this holds the rank.
 */
export const placesOf = (population: number, rank: 1 | 2 | 3 | 4 | 5) =>
  Math.floor((population * GUILD_SHARES[rank]) / 100)

/**
 * The least amount each rank 1-5 takes (index 0 is rank 1), from every miner's amount sorted from
 * most to least; null where no miner holds the rank. Nothing mined is never a rank. A miner with
 * `x` holds rank r iff x >= cut-off r, which is exactly: x > 0 and place(x) <= placesOf(n, r).
 */
export function guildCutoffs(sortedDesc: readonly bigint[]): (bigint | null)[] {
  return RANKS.map((rank) => {
    const places = placesOf(sortedDesc.length, rank)
    const least = places >= 1 ? sortedDesc[places - 1] : 0n
    return least > 0n ? least : null
  })
}

/** A miner's rank (0-5) from what they mined and the cut-offs of guildCutoffs. */
export function guildOf(units: bigint, cutoffs: readonly (bigint | null)[]): GuildRank {
  for (let rank = 5; rank >= 1; rank--) {
    const least = cutoffs[rank - 1]
    if (least !== null && least !== undefined && units >= least) return rank as GuildRank
  }
  return 0
}

/** Alliance names: a Telegram handle, word characters only (guilds.11), at most 32 of them. */
export const ALLIANCE_NAME = /^\w{1,32}$/
const T_ME = /^(?:https?:\/\/)?(?:www\.)?(?:t|telegram)\.me\/(?:s\/)?@?(\w+)\/?(?:[?#].*)?$/i

/**
 * guilds.11: the alliance name from what the user typed: plain text, an @handle or a t.me link.
 * Null when nothing usable is left (the join button stays disabled, guilds.12; the server answers 400).
 */
export function allianceNameOf(input: string): string | null {
  const text = input.trim()
  const link = T_ME.exec(text)
  const name = link ? link[1] : text.startsWith('@') ? text.slice(1) : text
  return ALLIANCE_NAME.test(name) ? name : null
}

/**
 * guilds.12: why Join is disabled, for the input to say: nothing typed yet, or text that holds no
 * name (a name is 1 to 32 letters, digits or _, as a Telegram handle); null when a name is there.
 */
export function allianceInputProblem(input: string): 'empty' | 'not-a-name' | null {
  if (input.trim() === '') return 'empty'
  return allianceNameOf(input) === null ? 'not-a-name' : null
}

/** Alliances are one per handle whatever the case, as Telegram handles are. */
export const allianceKey = (name: string) => name.toLowerCase()

/**
 * guilds.16: an alliance's userpicURL, the picture Telegram serves for a public handle (the
 * alliance is one); the screens draw the avatar of guilds.21 instead.
 */
export const allianceUserpicURL = (name: string) => `https://t.me/i/userpic/320/${encodeURIComponent(name)}.jpg`

/** guilds.21: one of 7 avatars, by the sum of the name's character codes. */
export const ALLIANCE_AVATARS = 7
export function allianceAvatar(name: string): number {
  let sum = 0
  for (let i = 0; i < name.length; i++) sum += name.charCodeAt(i)
  return sum % ALLIANCE_AVATARS
}

/** guilds.23: an alliance gives 5 % per claim, of what was claimed, rounded down to the unit. */
export const ALLIANCE_BONUS_PERCENT = 5n
export const allianceBonus = (claimed: bigint) => (claimed * ALLIANCE_BONUS_PERCENT) / 100n

// ---------------------------------------------------------------- the client's screens (doc 2 §2)

/** guilds.4-5: the carousel shows the five ranks; a step past either end comes round to the other. */
export function wrapRank(rank: 1 | 2 | 3 | 4 | 5, by: number): 1 | 2 | 3 | 4 | 5 {
  const n = RANKS.length
  return (((((rank - 1 + by) % n) + n) % n) + 1) as 1 | 2 | 3 | 4 | 5
}

/** guilds.6: a swipe moves the carousel only once it has gone past this many pixels (doc 2 §9). */
export const SWIPE_THRESHOLD_PX = 50

/**
 * guilds.6: the carousel's step for a drag of `dx` pixels (right is positive): past the threshold a
 * drag to the left shows the next rank and one to the right the previous; up to it, nothing moves.
 */
export function swipeStep(dx: number): -1 | 0 | 1 {
  if (!Number.isFinite(dx) || Math.abs(dx) <= SWIPE_THRESHOLD_PX) return 0
  return dx < 0 ? 1 : -1
}

/** guilds.20: how long the 'copied' note stays after the invite link was copied. */
export const INVITE_COPIED_MS = 3000

/** The name in an alliance page's path, or null when the path is not one (or names no valid alliance). */
export function allianceNameFromPath(path: string): string | null {
  if (!path.toLowerCase().startsWith(ALLIANCE_ROUTE)) return null
  let rest = path.slice(ALLIANCE_ROUTE.length).replace(/\/+$/, '')
  try {
    rest = decodeURIComponent(rest)
  } catch {
    return null
  }
  return ALLIANCE_NAME.test(rest) ? rest : null
}

/** guilds.17: an alliance is a Telegram handle; this opens it in Telegram. */
export const allianceTelegramLink = (name: string) => `https://t.me/${name}`

/** guilds.22: the start parameter that joins an alliance (key-value, like app.16's others). */
export const allianceStartParam = (name: string) => `alliance-${name}`

/**
 * guilds.18: the alliance's invite link is the bot's mini-app link with `alliance-<name>` as its
 * start parameter. The client learns the bot from the server's own invite link (GET /mining/invite:
 * `https://t.me/<bot>?startapp=ref-<code>`): the same link with the alliance's parameter. Null when
 * that link is not a t.me startapp link.
 */
export function allianceInviteLink(inviteLink: string, name: string): string | null {
  const m = /^(https:\/\/t\.me\/\w+(?:\/\w+)?)\?(?:.*&)?startapp=[^&#]*/.exec(inviteLink)
  return m === null ? null : `${m[1]}?startapp=${allianceStartParam(name)}`
}
