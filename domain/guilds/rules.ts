/**
 * Guilds and alliances (doc 2 §3, §5, §9; RULES guilds.*): the ranks, their shares of miners, the
 * alliance name rule and avatar, the alliance bonus. Pure: the server and the client share them.
 */

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
export const placesOf = (population: number, rank: 1 | 2 | 3 | 4 | 5) => Math.floor((population * GUILD_SHARES[rank]) / 100)

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

/** Alliances are one per handle whatever the case, as Telegram handles are. */
export const allianceKey = (name: string) => name.toLowerCase()

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

