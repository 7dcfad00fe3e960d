/**
 * When a deposit unlocks (staking.27, staking.38): its period's calendar months after it started,
 * in UTC, on the same day of the month, or on the target month's last day when that month is
 * shorter (30 November + 3 months: 28 February, or 29 in a leap year). The server stamps
 * dttmEnded with it and the confirm screen shows it before the deposit is made: one function, so
 * the date the user is promised is the date the server keeps.
 */
import { monthsOf } from './rules'

/** `months` calendar months after `ms` (UTC), clamped to the target month's last day; the time of day kept. */
export function addMonths(ms: number, months: number): number {
  const d = new Date(ms)
  const y = d.getUTCFullYear()
  const m = d.getUTCMonth() + months
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate()
  const r = new Date(ms)
  r.setUTCFullYear(y, m, Math.min(d.getUTCDate(), last))
  return r.getTime()
}

/** The unlock time of a deposit of `period` started at `startMs` (a period not known locks one month, as monthsOf says). */
export const unlockAt = (startMs: number, period: string): number => addMonths(startMs, monthsOf(period))
