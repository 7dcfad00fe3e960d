/**
 * The mining model (mining.4, mining.5; docs/features/mining.md, "The model"): pure and exact, shared by the server,
 * which judges, and the client, which shows the figure rising between polls.
 *
 * - SWITCH is counted in nano-SWITCH (9 decimals) as bigint; a speed is nano-SWITCH per hour.
 * - A claim window starts at the last claim and ends at its deadline, 6 h later. The deadline is
 *   inclusive: a claim at exactly 6 h takes the whole window.
 * - Accrual is computed when read: what accrued in the window up to `accruedAt` (kept when the
 *   speed changes inside a window) plus speed x time since then, never past the deadline.
 * - Past the deadline the window's whole accrual burns, and the next window starts at the
 *   deadline; every further window that ends unclaimed burns whole (speed x 6 h). A window n covers
 *   (start + n x 6 h, start + (n + 1) x 6 h].
 * - Boosts (tasks, deposits, burns) add speed over their own span of time, wherever it
 *   falls: the speed is piecewise constant, and what accrues between two moments is its integral,
 *   exact in nano-SWITCH x ms and rounded down once, so a boost that starts or ends inside a
 *   window counts from that very millisecond.
 */

export const SWITCH_DECIMALS = 9
export const HOUR_MS = 3_600_000
/** mining.5: claim at least every 6 hours. */
export const CLAIM_WINDOW_MS = 6 * HOUR_MS

export interface MiningClock {
  /** Start of the current claim window (the last claim, or the deadline of a burned window), epoch ms. */
  windowStart: number
  /** nano-SWITCH accrued in the window up to `accruedAt`. */
  accrued: bigint
  /** Epoch ms up to which `accrued` is counted (windowStart <= accruedAt <= deadline). */
  accruedAt: number
  /** nano-SWITCH per hour from accruedAt on, without boosts. */
  speed: bigint
  /** Extra speed over spans of time (none: the base speed alone). */
  boosts?: readonly Boost[]
}

/** Extra speed (nano-SWITCH per hour) from `from` to `to` (epoch ms). */
export interface Boost {
  from: number
  to: number
  speed: bigint
}

export interface Burn {
  /** The burned windows: from the first one's start to the last one's deadline. */
  from: number
  to: number
  windows: number
  amount: bigint
}

export const deadlineOf = (m: Pick<MiningClock, 'windowStart'>) => m.windowStart + CLAIM_WINDOW_MS

/** nano-SWITCH earned at `speed` (per hour) over `ms`, rounded down. */
export const earned = (speed: bigint, ms: number): bigint =>
  ms <= 0 ? 0n : (speed * BigInt(Math.floor(ms))) / BigInt(HOUR_MS)

/** nano-SWITCH x ms of one speed over the part of (from, to] inside (a, b]. */
const area = (speed: bigint, from: number, to: number, a: number, b: number): bigint => {
  const ms = Math.min(to, b) - Math.max(from, a)
  return ms <= 0 ? 0n : speed * BigInt(Math.floor(ms))
}

/** nano-SWITCH earned from `a` to `b` at the base speed and every boost, rounded down once. */
export function earnedBetween(m: Pick<MiningClock, 'speed' | 'boosts'>, a: number, b: number): bigint {
  if (b <= a) return 0n
  let total = area(m.speed, a, b, a, b)
  for (const boost of m.boosts ?? []) total += area(boost.speed, boost.from, boost.to, a, b)
  return total / BigInt(HOUR_MS)
}

/** The speed at `at` (per hour): the base and every boost running then. */
export function speedAt(m: Pick<MiningClock, 'speed' | 'boosts'>, at: number): bigint {
  let speed = m.speed
  for (const boost of m.boosts ?? []) if (boost.from <= at && at < boost.to) speed += boost.speed
  return speed
}

/**
 * The state as of `now`: the windows whose deadline passed unclaimed burn (one Burn for all of
 * them), and the window holding `now` starts empty at the last of those deadlines.
 */
export function settle(m: MiningClock, now: number): { state: MiningClock; burn: Burn | null } {
  const deadline = deadlineOf(m)
  if (now <= deadline) return { state: m, burn: null }
  // the window holding `now`: ceil((now - start) / 6 h) - 1 windows ended before it
  const ended = Math.ceil((now - m.windowStart) / CLAIM_WINDOW_MS) - 1
  const first = m.accrued + earnedBetween(m, m.accruedAt, deadline)
  const start = m.windowStart + ended * CLAIM_WINDOW_MS
  const full = earnedBetween(m, deadline, start)
  return {
    state: { ...m, windowStart: start, accrued: 0n, accruedAt: start },
    burn: { from: m.windowStart, to: start, windows: ended, amount: first + full },
  }
}

/** What the current window holds at `now` (now within the window: settle first). */
export function accruedAt(m: MiningClock, now: number): bigint {
  const until = Math.min(now, deadlineOf(m))
  return m.accrued + earnedBetween(m, m.accruedAt, until)
}

/** A speed change at `now`: what accrued so far is kept at the old speed. */
export function changeSpeed(m: MiningClock, speed: bigint, now: number): MiningClock {
  const at = Math.min(Math.max(now, m.accruedAt), deadlineOf(m))
  return { ...m, accrued: accruedAt(m, at), accruedAt: at, speed }
}

/** A claim at `now`: the window's accrual is taken and a new window starts now. */
export function claim(m: MiningClock, now: number): { state: MiningClock; amount: bigint } {
  return { state: { ...m, windowStart: now, accrued: 0n, accruedAt: now }, amount: accruedAt(m, now) }
}

/** poh.1: a confirmed human's claim gets 5 % more, rounded down. */
export const POH_BONUS_PERCENT = 5n
export const pohBonus = (amount: bigint) => (amount * POH_BONUS_PERCENT) / 100n
