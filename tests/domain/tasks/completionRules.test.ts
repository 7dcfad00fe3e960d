/** The server's pure task rules (domain/tasks/completionRules.ts): exact values, thresholds, the daily turn. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  DAY_MS,
  burnSpeed,
  dailyRewardDay,
  depositPunkSpeed,
  depositUsdSpeed,
  groupConditionsMet,
  isTonWalletAddress,
  nextUtcMidnight,
  priceMicros,
  swapCounts,
  usdMicrosOf,
  utcDay,
} from '../../../domain/tasks/completionRules'

const NANO = 1_000_000_000n
const USD = 1_000_000n

describe('task completion rules', () => {
  it('prices are read as the seed wrote them, values exact and rounded down', () => {
    expect(priceMicros(3.2)).toBe(3_200_000n)
    expect(priceMicros(0.002)).toBe(2_000n)
    expect(priceMicros(3500)).toBe(3_500_000_000n)
    // 0.1 TON at $3 is exactly $0.30; 1 wei of ETH is worth nothing
    expect(usdMicrosOf(100_000_000n, 9, 3)).toBe(300_000n)
    expect(usdMicrosOf(1n, 18, 3500)).toBe(0n)
  })

  it('[tasks.65] a swap counts above $10: $9.99 and $10.00 do not, $10.01 does', () => {
    expect(swapCounts(usdMicrosOf(9_990_000n, 6, 1))).toBe(false)
    expect(swapCounts(usdMicrosOf(10_000_000n, 6, 1))).toBe(false)
    expect(swapCounts(usdMicrosOf(10_010_000n, 6, 1))).toBe(true)
  })

  it('[tasks.66] the deposit boost: 0.05 SWITCH/h per $1 from $10, capped at $100', () => {
    expect(depositUsdSpeed(9_999_999n)).toBe(0n)
    expect(depositUsdSpeed(10n * USD)).toBe(500_000_000n)
    expect(depositUsdSpeed(11_500_000n)).toBe(575_000_000n)
    expect(depositUsdSpeed(100n * USD)).toBe(5n * NANO)
    fc.assert(fc.property(fc.bigInt({ min: 100n * USD, max: 10n ** 15n }), (usd) => depositUsdSpeed(usd) === 5n * NANO))
    fc.assert(fc.property(fc.bigInt({ min: 10n * USD, max: 100n * USD }), (usd) => depositUsdSpeed(usd) === usd * 50n))
  })

  it('[tasks.67] the PUNK deposit boost: 0.00875 SWITCH/h per PUNK from 20, capped at 8000', () => {
    expect(depositPunkSpeed(20n * NANO - 1n)).toBe(0n)
    expect(depositPunkSpeed(20n * NANO)).toBe(175_000_000n)
    expect(depositPunkSpeed(8000n * NANO)).toBe(70n * NANO)
    expect(depositPunkSpeed(9000n * NANO)).toBe(70n * NANO)
  })

  it('a burn boosts by the amount times the reward an hour', () => {
    expect(burnSpeed(12_500_000_000n, 10_000_000n)).toBe(125_000_000n)
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 6n }),
        (punk) => burnSpeed(punk * NANO, 10_000_000n) === punk * 10_000_000n,
      ),
    )
  })

  it('[tasks.71] the group task: 2 of 4, each strictly over its bound', () => {
    const none = { largestSwapMicros: 1000n * USD, totalSwapsMicros: 2000n * USD, punkUnits: 1000n * NANO, nfts: 0 }
    expect(groupConditionsMet(none)).toBe(0)
    expect(groupConditionsMet({ ...none, largestSwapMicros: 1000n * USD + 1n })).toBe(1)
    expect(
      groupConditionsMet({ ...none, largestSwapMicros: 1000n * USD + 1n, totalSwapsMicros: 2000n * USD + 1n }),
    ).toBe(2)
    expect(groupConditionsMet({ ...none, punkUnits: 1000n * NANO + 1n, nfts: 1 })).toBe(2)
  })

  it('the daily turn is at 00:00 UTC', () => {
    const day = Date.UTC(2026, 10, 23)
    expect(utcDay(day - 1)).toBe('2026-11-22')
    expect(utcDay(day)).toBe('2026-11-23')
    expect(nextUtcMidnight(day - 1)).toBe(day)
    expect(nextUtcMidnight(day)).toBe(day + DAY_MS)
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4_000_000_000_000 }),
        (at) => nextUtcMidnight(at) > at && nextUtcMidnight(at) - at <= DAY_MS && nextUtcMidnight(at) % DAY_MS === 0,
      ),
    )
  })

  it('the streak: the next day after yesterday, day 1 after a missed day or after the last day, claimed today stays', () => {
    expect(dailyRewardDay(null, '2026-11-23', 8)).toEqual({ currentDay: 1, claimedToday: false })
    expect(dailyRewardDay({ day: '2026-11-23', streakDay: 3 }, '2026-11-23', 8)).toEqual({
      currentDay: 3,
      claimedToday: true,
    })
    expect(dailyRewardDay({ day: '2026-11-22', streakDay: 3 }, '2026-11-23', 8)).toEqual({
      currentDay: 4,
      claimedToday: false,
    })
    expect(dailyRewardDay({ day: '2026-11-21', streakDay: 3 }, '2026-11-23', 8)).toEqual({
      currentDay: 1,
      claimedToday: false,
    })
    expect(dailyRewardDay({ day: '2026-11-22', streakDay: 8 }, '2026-11-23', 8)).toEqual({
      currentDay: 1,
      claimedToday: false,
    })
    // across a month's and a year's end
    expect(dailyRewardDay({ day: '2026-12-31', streakDay: 1 }, '2027-01-01', 8)).toEqual({
      currentDay: 2,
      claimedToday: false,
    })
  })

  it('a TON wallet is a TON address or a .ton name', () => {
    expect(isTonWalletAddress('UQBvW8Z5huBkMJYdnfAEM5JqTNkuWX3diqYENkWsIL0XggGG')).toBe(true)
    expect(isTonWalletAddress('switch.ton')).toBe(true)
    expect(isTonWalletAddress('0x1111111111111111111111111111111111111111')).toBe(false)
    expect(isTonWalletAddress('a.ton'.slice(1))).toBe(false)
  })
})
