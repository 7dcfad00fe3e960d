/**
 * Verification timers (tasks.24-31; doc 2 §4, §9): after a subscription task's click the card counts
 * down, stored locally so a reload keeps it. The timer is what the user sees while the server
 * verifies; the server's state is what counts.
 */

/** tasks.27: each code's timer, in seconds. */
export const VERIFY_SECONDS: Readonly<Record<string, number>> = {
  emoji: 60,
  duckChain: 60,
  cube: 55,
  yesCoin: 66,
  roolz: 62,
  pigs: 63,
  pigsChannel: 63,
  tomarket: 59,
  goats: 60,
  bitgetChannel: 51,
  bitgetSite: 52,
  duckCoop: 57,
  bigpumpChannel: 61,
  kombat: 58,
}

/** A code the spec gives no length for waits as long as the longest one. */
export const DEFAULT_VERIFY_SECONDS = Math.max(...Object.values(VERIFY_SECONDS))

/** tasks.28: the random part, whole seconds from 1 to 10, drawn from `next()` in [0, 1) (an effect draws it). */
export const randomCut = (next: number): number => 1 + Math.min(9, Math.floor(next * 10))

/** The timer's length in ms: the code's seconds, less the random cut when one was drawn (tasks.27-28). */
export function timerMs(code: string, cutSeconds: number | null): number {
  const seconds = VERIFY_SECONDS[code] ?? DEFAULT_VERIFY_SECONDS
  return (seconds - (cutSeconds ?? 0)) * 1000
}

/** tasks.29: progress on a 24 h scale: the share of 24 h still left, from 1 down to 0. */
export const SCALE_MS = 24 * 3_600_000
export const progressLeft = (msLeft: number): number => Math.min(1, Math.max(0, msLeft) / SCALE_MS)

/** tasks.30: red at 25 % of the scale or less. */
export const isUrgent = (msLeft: number): boolean => progressLeft(msLeft) <= 0.25

/** What a countdown shows: days and hours past 24 h (tasks.31), else hours, minutes and seconds. */
export type Countdown =
  { kind: 'days'; days: number; hours: number } | { kind: 'clock'; hours: number; minutes: number; seconds: number }

export function countdown(msLeft: number): Countdown {
  const total = Math.max(0, Math.ceil(msLeft / 1000))
  if (total > 24 * 3600)
    return { kind: 'days', days: Math.floor(total / 86_400), hours: Math.floor((total % 86_400) / 3600) }
  return {
    kind: 'clock',
    hours: Math.floor(total / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  }
}

/** A started timer, as kept locally (tasks.26): when it ends, on the server's clock. */
export interface VerifyTimer {
  code: string
  endsAt: number
}

export const msLeft = (timer: VerifyTimer, now: number): number => Math.max(0, timer.endsAt - now)

/** The timers still running at `now`, from what storage held (anything unreadable is dropped). */
export function liveTimers(stored: unknown, now: number): VerifyTimer[] {
  if (!Array.isArray(stored)) return []
  return stored.filter(
    (t): t is VerifyTimer =>
      typeof t === 'object' &&
      t !== null &&
      typeof (t as VerifyTimer).code === 'string' &&
      Number.isFinite((t as VerifyTimer).endsAt) &&
      (t as VerifyTimer).endsAt > now,
  )
}
