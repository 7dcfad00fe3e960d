/**
 * Mining constants and display rules (doc 2 §2, §4, §9): the record on the server's clock, what the
 * mining screen shows between polls, the finish screen's state and the autoclaim's errors.
 * The model itself (accrual, burns) is ./accrual.ts, shared with the server.
 */
import type { MiningResults, MiningUser, Season } from './codecs'
import type { RequestError } from '../api/errors'
import { type DisplayLanguage, PLACES, formatAmount } from '../format'
import { fromUnits, toUnits } from '../money'
import { CLAIM_WINDOW_MS, type MiningClock, SWITCH_DECIMALS, accruedAt, deadlineOf, settle } from './accrual'

/** mining.6: the record is polled every 30 s while a mining screen is open. */
export const MINING_POLL_MS = 30_000
/** How often a paid order is asked after until the server has granted it (our choice). */
export const ORDER_POLL_MS = 3_000
/** mining.10: onboarding has 3 steps. */
export const ONBOARDING_STEPS = 3
/** tasks.52: activation takes up to 1 hour; the reward comes within 3 days. */
export const AUTOCLAIM_ACTIVATION_HOURS = 1
export const AUTOCLAIM_REWARD_DAYS = 3

/** The server's clock as the device reads it: what to add to the device's time (ms). */
export const serverOffset = (serverTime: number, receivedAt: number) => serverTime - receivedAt

/** SWITCH as nano-SWITCH; a figure that does not parse counts as none. */
export const switchUnits = (text: string): bigint => toUnits(text, SWITCH_DECIMALS) ?? 0n

/**
 * The record as the model's clock (./accrual.ts): the window it was read in, what it held at the
 * moment the server read it (`readAt`, the server's time) and the speed.
 */
export function clockOf(record: MiningUser, readAt: number): MiningClock | null {
  const windowStart =
    record.windowStart !== undefined
      ? Date.parse(record.windowStart)
      : Date.parse(record.dttmClaimDeadline) - CLAIM_WINDOW_MS
  if (Number.isNaN(windowStart)) return null
  // A record with boosts says its speed without them; one without is all base speed.
  const boosts = (record.boosts ?? [])
    .map((b) => ({ from: Date.parse(b.from), to: Date.parse(b.to), speed: switchUnits(b.speed) }))
    .filter((b) => !Number.isNaN(b.from) && !Number.isNaN(b.to))
  const speed = switchUnits(record.baseSpeed ?? record.speed)
  return {
    windowStart,
    accrued: switchUnits(record.miningAmount),
    accruedAt: Math.max(windowStart, readAt),
    speed,
    boosts,
  }
}

export interface MiningView {
  /** What the current window holds at `now`, as an exact decimal string (mining.4). */
  accrued: string
  windowStart: number
  deadline: number
  /** ms until the deadline, never below 0 (mining.5). */
  msLeft: number
  /** Windows that ended unclaimed between the read and `now` (the next read records their burn). */
  burnedSinceRead: number
}

/**
 * The mining screen's figures at `now` (the server's time) from the last read: the amount rising
 * between polls, the time left; past the deadline the window burns and the next one starts, as the
 * server will judge it.
 */
export function miningViewAt(record: MiningUser, readAt: number, now: number): MiningView | null {
  const clock = clockOf(record, readAt)
  if (clock === null) return null
  const { state, burn } = settle(clock, Math.max(now, clock.accruedAt))
  const deadline = deadlineOf(state)
  return {
    accrued: fromUnits(accruedAt(state, now), SWITCH_DECIMALS),
    windowStart: state.windowStart,
    deadline,
    msLeft: Math.max(0, deadline - now),
    burnedSinceRead: burn?.windows ?? 0,
  }
}

/** mining.11: SWITCH amounts in the mining area (a claim, a burn, a bonus) to 4 decimals, cut, in the user's language. */
export const switchAmountText = (value: string, language: DisplayLanguage, maxChars?: number) =>
  formatAmount(value, { places: PLACES.listBalance, language, maxChars })

/**
 * mining.11: a SWITCH balance in the mining area (the balance, a leaderboard's row, an alliance's
 * total): always 4 decimals, cut, zeros kept ('690.5200'), so the figures of a list line up.
 */
export const switchBalanceText = (value: string, language: DisplayLanguage, maxChars?: number) =>
  formatAmount(value, { places: PLACES.listBalance, language, maxChars, fixed: true })

/** A speed in SWITCH an hour, to 4 decimals, cut, no zeros added ('+0.5 SWITCH/h'): a rate, not a balance. */
export const switchSpeedText = (value: string, language: DisplayLanguage) =>
  formatAmount(value, { places: PLACES.listBalance, language })

/**
 * The rising figure of the mining screen: always 4 decimals (cut, zeros kept), so the figure does
 * not change width as it climbs ('0.0010', '0,0010').
 */
export function switchFigureText(value: string, language: DisplayLanguage): string {
  const [whole = '0', frac = ''] = value.split('.')
  const decimals = frac.slice(0, PLACES.listBalance).padEnd(PLACES.listBalance, '0')
  const separator = formatAmount('0.5', { places: 1, language }).charAt(1)
  return `${formatAmount(whole, { places: 0, language })}${separator}${decimals}`
}

/** The time left as h:mm:ss ('5:04:09'), hours unbounded. */
export function timeLeftText(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000))
  const two = (n: number) => String(n).padStart(2, '0')
  return `${Math.floor(total / 3600)}:${two(Math.floor((total % 3600) / 60))}:${two(total % 60)}`
}

/**
 * The last burn is news while no claim came after it: a claim after the burn means the user has
 * seen it and mined on.
 */
export function burnToShow(record: MiningUser): NonNullable<MiningUser['lastBurn']> | null {
  const burn = record.lastBurn ?? null
  if (burn === null || !/[1-9]/.test(burn.amount)) return null
  if (record.dttmLastClaim !== null && Date.parse(record.dttmLastClaim) >= Date.parse(burn.to)) return null
  return burn
}

/** mining.12: the season has ended on the server's clock. */
export const seasonEnded = (season: Season | null, now: number) =>
  season !== null && season.endsAt !== null && now >= Date.parse(season.endsAt)

export type FinishView = 'loading' | 'results' | 'burned' | 'missed'

/**
 * mining.12-16: loading until the results come; then the server's judgement, except that burned
 * results turn into 'missed' once the appeal's deadline passes on the server's clock while shown.
 */
export function finishView(results: MiningResults | null, season: Season | null, now: number): FinishView {
  if (results === null) return 'loading'
  if (results.state !== 'burned') return results.state
  const until = season?.appealUntil ?? null
  return until !== null && now >= Date.parse(until) ? 'missed' : 'burned'
}

/** mining.8: the staking button leads to the deposits once SWITCH is locked in one, else to staking. */
export const stakingTarget = (record: Pick<MiningUser, 'lockAmount'>) =>
  /[1-9]/.test(record.lockAmount) ? '/mining/staking/deposits' : '/mining/staking'

export type AutoclaimErrorKey = 'not-enough-balance' | 'unknown'

/** tasks.45-46: a refusal whose path includes amount is a lack of balance; anything else is unknown. */
export const autoclaimErrorKey = (error: RequestError): AutoclaimErrorKey =>
  error.kind === 'rejected' && error.path !== undefined && error.path.includes('amount')
    ? 'not-enough-balance'
    : 'unknown'

/** Telegram's invoice statuses (tasks.48): only 'paid' is a payment; 'pending' is still being decided. */
export type InvoiceStatus = 'paid' | 'pending' | 'cancelled' | 'failed'
export const invoiceStatus = (status: string): InvoiceStatus =>
  status === 'paid' || status === 'pending' || status === 'cancelled' ? status : 'failed'
