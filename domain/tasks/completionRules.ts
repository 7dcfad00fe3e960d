/**
 * The server's task rules that are pure (doc 2 §4, §9; docs/features/tasks.md, "The catalogue and
 * how a task is judged"): dollar values in micro-dollars, the swap threshold, the deposit boosts'
 * speeds, the burn boost, the group task's conditions, the daily reward's turn at 00:00 UTC and its
 * streak. Exact: bigint throughout, speeds in nano-SWITCH an hour (domain/mining/accrual.ts).
 */
import { toUnits } from '../money'
import { isTonAddress, isTonName } from '../send/rules'

export const HOUR_MS = 3_600_000
export const DAY_MS = 24 * HOUR_MS
/** Micro-dollars in a dollar: a price or a value to 6 decimals. */
export const USD_MICROS = 1_000_000n
const NANO = 1_000_000_000n

/** A catalogue price (a number, display data) as micro-dollars, as the seed wrote it (3.2 is 3 200 000). */
export function priceMicros(priceUsd: number): bigint {
  if (!Number.isFinite(priceUsd) || priceUsd < 0) return 0n
  // toFixed(6) gives back the seed's decimal text (it has at most 6 decimals), not the float's error.
  return toUnits(priceUsd.toFixed(6), 6) ?? 0n
}

/** What `units` of a token with `decimals` are worth, in micro-dollars, rounded down. */
export const usdMicrosOf = (units: bigint, decimals: number, priceUsd: number): bigint =>
  (units * priceMicros(priceUsd)) / 10n ** BigInt(decimals)

/** tasks.65: a swap task needs more than $10 (exactly $10 is not more). */
export const SWAP_MIN_USD_MICROS = 10n * USD_MICROS
export const swapCounts = (usdMicros: bigint): boolean => usdMicros > SWAP_MIN_USD_MICROS
/** tasks.65, tasks.68: a swap counts for 24 h, and the boost it gives lasts 24 h. */
export const SWAP_WINDOW_MS = DAY_MS

/** tasks.66: the deposit boost, +0.05 SWITCH/h per $1, from $10, counted up to $100. */
export const DEPOSIT_USD = {
  perDollarNano: 50_000_000n,
  minMicros: 10n * USD_MICROS,
  capMicros: 100n * USD_MICROS,
} as const
/** The deposit boost's speed (nano-SWITCH/h) for `usdMicros` deposited; 0 below the minimum. */
export function depositUsdSpeed(usdMicros: bigint): bigint {
  if (usdMicros < DEPOSIT_USD.minMicros) return 0n
  const counted = usdMicros > DEPOSIT_USD.capMicros ? DEPOSIT_USD.capMicros : usdMicros
  return (counted * DEPOSIT_USD.perDollarNano) / USD_MICROS
}

/** tasks.67: the PUNK deposit boost, +0.00875 SWITCH/h per PUNK, from 20 PUNK, counted up to 8000. PUNK has 9 decimals. */
export const DEPOSIT_PUNK = { perPunkNano: 8_750_000n, min: 20n * NANO, cap: 8000n * NANO } as const
export function depositPunkSpeed(punkUnits: bigint): bigint {
  if (punkUnits < DEPOSIT_PUNK.min) return 0n
  const counted = punkUnits > DEPOSIT_PUNK.cap ? DEPOSIT_PUNK.cap : punkUnits
  return (counted * DEPOSIT_PUNK.perPunkNano) / NANO
}

/** tasks.41: a burn boosts for 48 h; its speed is the PUNK burned times the burn task's reward an hour (tasks.35's preview). */
export const BURN_BOOST_MS = 48 * HOUR_MS
export const burnSpeed = (punkUnits: bigint, perPunkNano: bigint): bigint => (punkUnits * perPunkNano) / NANO

/** tasks.71: the group chat task needs 2 of its 4 conditions. */
export const GROUP = {
  singleSwapMicros: 1000n * USD_MICROS,
  totalSwapsMicros: 2000n * USD_MICROS,
  punkUnits: 1000n * NANO,
  nfts: 1,
  needed: 2,
} as const
export interface GroupFacts {
  largestSwapMicros: bigint
  totalSwapsMicros: bigint
  punkUnits: bigint
  nfts: number
}
/** How many of the group task's conditions hold ("over" is strictly more; one NFT is enough). */
export function groupConditionsMet(f: GroupFacts): number {
  return [
    f.largestSwapMicros > GROUP.singleSwapMicros,
    f.totalSwapsMicros > GROUP.totalSwapsMicros,
    f.punkUnits > GROUP.punkUnits,
    f.nfts >= GROUP.nfts,
  ].filter(Boolean).length
}

/** tasks.69: sniping needs at least 10 buys with TON, or 1.4M tokens sold (whole tokens). */
export const SNIPING = { tonBuys: 10, tokensSold: 1_400_000n } as const

/** The UTC day of a moment, as 'YYYY-MM-DD': the daily reward and the daily boost turn at 00:00 UTC. */
export const utcDay = (at: number): string => new Date(at).toISOString().slice(0, 10)
/** The next 00:00 UTC after `at` (the daily reward's deadline). */
export const nextUtcMidnight = (at: number): number => (Math.floor(at / DAY_MS) + 1) * DAY_MS
const dayBefore = (day: string): string => utcDay(Date.parse(`${day}T00:00:00Z`) - DAY_MS)

/**
 * The daily reward's day to claim on `today` (1-based), from the last claim: the day after it when
 * it was yesterday, day 1 after a missed day or after the last day of the list; the same day, claimed,
 * when it was today.
 */
export function dailyRewardDay(
  last: { day: string; streakDay: number } | null,
  today: string,
  days: number,
): { currentDay: number; claimedToday: boolean } {
  if (last === null) return { currentDay: 1, claimedToday: false }
  if (last.day === today) return { currentDay: last.streakDay, claimedToday: true }
  if (last.day === dayBefore(today))
    return { currentDay: last.streakDay >= days ? 1 : last.streakDay + 1, claimedToday: false }
  return { currentDay: 1, claimedToday: false }
}

/** tasks.58: the wallet to set is a TON address or a .ton name, as doc 2 §5 writes them (domain/send/rules.ts). */
export const isTonWalletAddress = (s: string): boolean => isTonAddress(s) || isTonName(s)
