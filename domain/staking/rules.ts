/**
 * Staking rules (doc 2 §3-5, §9): the periods, the amount form (available balance,
 * presets, the prefill, the errors in their order, when Continue may go), a deposit's lock and its
 * progress by months, APR and the hourly reward as shown, and the soulbound-token offer. Amounts
 * are exact decimal strings (SWITCH to 9 decimals), never floats.
 */
import { SWITCH_DECIMALS } from '../mining/accrual'
import { fromUnits, toUnits } from '../money'

export const STAKING_PERIODS = ['3mhp', '3m', '6m', '1y', '5y', '100y'] as const
export type StakingPeriod = (typeof STAKING_PERIODS)[number]

/** staking.1: how long each period locks, in months. */
export const PERIOD_MONTHS: Record<StakingPeriod, number> = {
  '3mhp': 3,
  '3m': 3,
  '6m': 6,
  '1y': 12,
  '5y': 60,
  '100y': 1200,
}

export const isStakingPeriod = (p: string): p is StakingPeriod => (STAKING_PERIODS as readonly string[]).includes(p)

/** staking.8: the presets, in percent of the available balance. */
export const PRESETS = [25, 35, 50, 75, 100] as const
export type Preset = (typeof PRESETS)[number]
/** staking.11: the preset filled in when the amount is empty. */
export const PREFILL_PRESET: Preset = 50
/** staking.9: the cap of a preset when the config names none. */
export const DEFAULT_MAX_SWITCH = '50000'

const CENT = 10n ** 7n

/** A decimal string (a dot or a comma) as nano-SWITCH, null when it is not a number. */
export const switchNanos = (text: string): bigint | null => {
  const trimmed = text.trim()
  if (trimmed.startsWith('-')) {
    const n = toUnits(trimmed.slice(1), SWITCH_DECIMALS)
    return n === null ? null : -n
  }
  return toUnits(trimmed, SWITCH_DECIMALS)
}
const nanos = (text: string) => switchNanos(text) ?? 0n
const text = (n: bigint) => fromUnits(n, SWITCH_DECIMALS)

/** Whole cents, floored (for a value at or above 0). */
const floorCents = (n: bigint) => (n / CENT) * CENT

/** staking.7: gotAmount minus lockAmount, floored to 2 decimals, never below 0. */
export function availableBalance(got: string, locked: string): string {
  const free = nanos(got) - nanos(locked)
  return free <= 0n ? '0' : text(floorCents(free))
}

/** staking.8-10: a preset's amount: that percent of the available balance, to 2 decimals, capped at max. */
export function presetAmount(available: string, percent: number, max: string = DEFAULT_MAX_SWITCH): string {
  const avail = nanos(available)
  if (avail <= 0n) return '0'
  const share = floorCents((avail * BigInt(percent)) / 100n)
  const cap = floorCents(nanos(max))
  return text(share < cap ? share : cap)
}

/** staking.11: an empty amount with a balance available gets the 50 percent preset; else as typed. */
export function prefilledAmount(amount: string, available: string, max: string = DEFAULT_MAX_SWITCH): string {
  if (amount !== '' || nanos(available) <= 0n) return amount
  return presetAmount(available, PREFILL_PRESET, max)
}

/**
 * §5: what the amount field keeps of what is typed: digits and one separator (a dot or a comma,
 * kept as typed, staking.6), at most 9 decimals.
 */
export function cleanAmountInput(input: string): string {
  let out = ''
  let separator = false
  let decimals = 0
  for (const ch of input) {
    if (ch >= '0' && ch <= '9') {
      if (separator) {
        if (decimals === SWITCH_DECIMALS) continue
        decimals++
      }
      out += ch
    } else if ((ch === '.' || ch === ',') && !separator) {
      separator = true
      out += ch
    }
  }
  return out
}

/** staking.6: the typed amount as a decimal string with a dot, null when empty or not a number. */
export function parseAmount(input: string): string | null {
  const n = switchNanos(input)
  return n === null ? null : text(n)
}

export type AmountError = 'not-enough' | 'min-amount' | 'max-amount'

export interface AmountLimits {
  got: string
  locked: string
  min: string
  max: string
}

/**
 * staking.12-15: the first error that applies, in the order not-enough (more than got minus
 * locked), min-amount (below the config's min), max-amount (above its max); null when none does
 * or nothing is typed.
 */
export function amountError(amount: string, { got, locked, min, max }: AmountLimits): AmountError | null {
  const n = switchNanos(amount)
  if (n === null) return null
  if (n > nanos(got) - nanos(locked)) return 'not-enough'
  if (n < nanos(min)) return 'min-amount'
  if (n > nanos(max)) return 'max-amount'
  return null
}

/** staking.16: an amount error's texts. */
export const amountErrorKeys = (error: AmountError) => ({
  title: `staking.stake.errors.${error}.title`,
  description: `staking.stake.errors.${error}.description`,
})

/** staking.17-19: Continue is disabled with no amount, no period, or an amount error. */
export function continueDisabled(amount: string, period: string | null, limits: AmountLimits | null): boolean {
  const n = switchNanos(amount)
  if (n === null || n <= 0n) return true
  if (period === null || limits === null) return true
  return amountError(amount, limits) !== null
}

/** The confirm screen's balance after: available (got minus locked) minus the amount, never below 0. */
export function balanceAfter(got: string, locked: string, amount: string): string {
  const left = nanos(got) - nanos(locked) - nanos(amount)
  return left <= 0n ? '0' : text(left)
}

export interface DepositTimes {
  period: string
  dttmStarted: string
  dttmEnded: string
}

/** staking.38: a deposit is unlocked when now is at or past dttmEnded (the server's clock). */
export const isUnlocked = (deposit: Pick<DepositTimes, 'dttmEnded'>, now: number) =>
  now >= Date.parse(deposit.dttmEnded)

/** A deposit's length in months: its period's, or 1 for a period not known. */
export const monthsOf = (period: string) => (isStakingPeriod(period) ? PERIOD_MONTHS[period] : 1)

/**
 * staking.39: how much of the lock has passed, in months (0 to the period's months): the elapsed
 * fraction of the time between dttmStarted and dttmEnded, times the months.
 */
export function elapsedMonths(deposit: DepositTimes, now: number): number {
  const months = monthsOf(deposit.period)
  const start = Date.parse(deposit.dttmStarted)
  const end = Date.parse(deposit.dttmEnded)
  if (Number.isNaN(start) || Number.isNaN(end) || now >= end) return months
  if (now <= start || end <= start) return 0
  return ((now - start) / (end - start)) * months
}

/** The most segments a bar draws; a longer period's segment stands for several months (5y: 5, 100y: 100). */
export const MAX_SEGMENTS = 12

/**
 * staking.39: the progress bar's segments, each filled 0 to 1: one a month up to a year, and for
 * longer periods MAX_SEGMENTS segments of equal months; the months elapsed fill them in order.
 */
export function progressSegments(deposit: DepositTimes, now: number): number[] {
  const months = monthsOf(deposit.period)
  const count = Math.min(months, MAX_SEGMENTS)
  const perSegment = months / count
  const elapsed = elapsedMonths(deposit, now)
  return Array.from({ length: count }, (_, i) => Math.max(0, Math.min(1, elapsed / perSegment - i)))
}

/**
 * staking.41: APR as a rounded percent of apy (a fraction): '0.125' -> 13, 0.3 -> 30, half up.
 * Exact on the decimal text.
 */
export function aprPercent(apy: string | number): number {
  const n = toUnits(String(apy), 12)
  if (n === null) return 0
  const hundredths = n * 100n
  const unit = 10n ** 12n
  return Number((hundredths + unit / 2n) / unit)
}

/** staking.42: the hourly reward to 4 decimals, cut, zeros kept ('0.5' -> '0.5000'). */
export function hourRewardFixed(value: string | number): string {
  const n = switchNanos(String(value)) ?? 0n
  const tenThousandths = n / 10n ** 5n
  const whole = tenThousandths / 10000n
  return `${whole}.${(tenThousandths % 10000n).toString().padStart(4, '0')}`
}

/** staking.45: the least amount of a deposit whose period earns a soulbound token. */
export const SBT_MIN_DEPOSIT = '5000'
/** staking.46: the all-in token asks locked/got at least 96/100 and locked at least 100. */
export const ALL_IN_RATIO = { num: 96n, den: 100n }
export const ALL_IN_MIN_LOCKED = '100'

export interface SbtOfferInput {
  /** The user's deposits, oldest first. */
  deposits: readonly { period: string; amount: string }[]
  /** The periods the user holds a token for (the all-in one under `allInPeriod`). */
  held: readonly string[]
  got: string
  locked: string
  /** How the all-in token's period is named on the wire. */
  allInPeriod: string
}

/**
 * staking.45-46: the token on offer: the period of the first deposit of at least 5000 whose period
 * has no token; failing that, the all-in token when locked/got >= 0.96, locked >= 100 and none is
 * held; else none.
 */
export function sbtOffer({ deposits, held, got, locked, allInPeriod }: SbtOfferInput): string | null {
  const first = deposits.find((d) => nanos(d.amount) >= nanos(SBT_MIN_DEPOSIT) && !held.includes(d.period))
  if (first !== undefined) return first.period
  const g = nanos(got)
  const l = nanos(locked)
  if (held.includes(allInPeriod) || g <= 0n) return null
  return l * ALL_IN_RATIO.den >= g * ALL_IN_RATIO.num && l >= nanos(ALL_IN_MIN_LOCKED) ? allInPeriod : null
}

/** staking.48: the claim failure's text when the server gives no detail. */
export const SBT_CLAIM_FAILED = 'Error while connecting wallet or receiving transaction for SBT'
