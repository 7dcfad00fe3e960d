import { describe, expect, it } from 'vitest'
import { PERIOD_MONTHS, STAKING_PERIODS } from '../../../domain/staking/rules'
import { addMonths, unlockAt } from '../../../domain/staking/unlock'

const DAY = 86_400_000
const utc = (y: number, m: number, d: number, h = 0, min = 0) => Date.UTC(y, m - 1, d, h, min)
const ymd = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const daysIn = (y: number, m0: number) => new Date(Date.UTC(y, m0 + 1, 0)).getUTCDate()

describe("a deposit unlocks its period's calendar months later, on the same day or the month's last", () => {
  it('30 November + 3 months is the last day of February: 29 in a leap year, 28 otherwise', () => {
    expect(ymd(unlockAt(utc(2023, 11, 30, 15, 20), '3m'))).toBe('2024-02-29')
    expect(ymd(unlockAt(utc(2022, 11, 30, 15, 20), '3m'))).toBe('2023-02-28')
    expect(ymd(unlockAt(utc(2025, 11, 30), '3mhp'))).toBe('2026-02-28')
    expect(ymd(unlockAt(utc(2026, 1, 31), '3m'))).toBe('2026-04-30')
    expect(ymd(unlockAt(utc(2024, 2, 29), '1y'))).toBe('2025-02-28')
    expect(ymd(unlockAt(utc(2024, 8, 31), '6m'))).toBe('2025-02-28')
    expect(ymd(unlockAt(utc(2024, 5, 15), '5y'))).toBe('2029-05-15')
    expect(ymd(unlockAt(utc(2024, 5, 15), '100y'))).toBe('2124-05-15')
  })

  it('every day of a leap and a common year, every period: whole months on, day kept or clamped, time of day kept', () => {
    let checked = 0
    for (const year of [2023, 2024])
      for (let start = utc(year, 1, 1, 9, 41); start < utc(year + 1, 1, 1); start += DAY)
        for (const period of STAKING_PERIODS) {
          const from = new Date(start)
          const to = new Date(unlockAt(start, period))
          const months = PERIOD_MONTHS[period]
          const monthsOn = (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + to.getUTCMonth() - from.getUTCMonth()
          expect(monthsOn, `${ymd(start)} ${period}`).toBe(months)
          expect(to.getUTCDate(), `${ymd(start)} ${period}`).toBe(
            Math.min(from.getUTCDate(), daysIn(to.getUTCFullYear(), to.getUTCMonth())),
          )
          expect(to.getTime() % DAY, `${ymd(start)} ${period}`).toBe(start % DAY)
          // Never earlier than a later start's unlock: a day more staked never unlocks sooner.
          expect(unlockAt(start + DAY, period)).toBeGreaterThanOrEqual(to.getTime())
          checked++
        }
    expect(checked).toBe((365 + 366) * STAKING_PERIODS.length)
  })

  it('adds no month for zero and follows the calendar across years', () => {
    expect(addMonths(utc(2024, 3, 31), 0)).toBe(utc(2024, 3, 31))
    expect(ymd(addMonths(utc(2024, 12, 31), 2))).toBe('2025-02-28')
    expect(ymd(addMonths(utc(2024, 1, 31), 1))).toBe('2024-02-29')
  })
})
