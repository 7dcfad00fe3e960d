import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  DEFAULT_MAX_SWITCH,
  PRESETS,
  aprPercent,
  amountError,
  amountErrorKeys,
  availableBalance,
  balanceAfter,
  cleanAmountInput,
  continueDisabled,
  elapsedMonths,
  hourRewardFixed,
  isUnlocked,
  parseAmount,
  prefilledAmount,
  presetAmount,
  progressSegments,
  sbtOffer,
  switchNanos,
} from '../../../domain/staking/rules'

/** nano-SWITCH as a decimal string. */
const dec = (n: bigint) => `${n / 10n ** 9n}.${(n % 10n ** 9n).toString().padStart(9, '0')}`
const nanosArb = fc.bigInt({ min: 0n, max: 10n ** 15n })
const CENT = 10n ** 7n

const limits = { got: '1000', locked: '200', min: '10', max: '500' }
const HOUR = 3_600_000
const deposit = (period: string, startedMs: number, endedMs: number) => ({
  period,
  dttmStarted: new Date(startedMs).toISOString(),
  dttmEnded: new Date(endedMs).toISOString(),
})

describe('staking amount rules', () => {
  it('[staking.7] available is got minus locked, floored to 2 decimals, never below 0', () => {
    expect(availableBalance('100.129', '0')).toBe('100.12')
    expect(availableBalance('100.999999999', '0.5')).toBe('100.49')
    expect(availableBalance('10', '10')).toBe('0')
    expect(availableBalance('10', '12.5')).toBe('0')
    expect(availableBalance('0.009', '0')).toBe('0')
    fc.assert(
      fc.property(nanosArb, nanosArb, (got, locked) => {
        const a = switchNanos(availableBalance(dec(got), dec(locked)))!
        const free = got - locked
        expect(a >= 0n).toBe(true)
        expect(a % CENT).toBe(0n)
        if (free <= 0n) expect(a).toBe(0n)
        else expect(free - a >= 0n && free - a < CENT).toBe(true)
      }),
    )
  })

  it('[staking.8] [staking.9] [staking.10] presets are 25/35/50/75/100 % of available, to 2 decimals (floored), capped at max (50000 by default)', () => {
    expect(PRESETS).toEqual([25, 35, 50, 75, 100])
    expect(PRESETS.map((p) => presetAmount('1000.01', p))).toEqual(['250', '350', '500', '750', '1000.01'])
    expect(presetAmount('333.33', 35)).toBe('116.66')
    expect(presetAmount('200000', 50)).toBe('50000')
    expect(DEFAULT_MAX_SWITCH).toBe('50000')
    expect(presetAmount('200000', 25, '40000.555')).toBe('40000.55')
    expect(presetAmount('0', 100)).toBe('0')
    // Each preset of one balance, worked by hand: 1234.56 x 25 % = 308.64, x 35 % = 432.096, x 50 % = 617.28, x 75 % = 925.92.
    expect(PRESETS.map((p) => presetAmount('1234.56', p))).toEqual(['308.64', '432.09', '617.28', '925.92', '1234.56'])
    // A share below a cent is nothing; 0.04 x 25 % is one cent exactly.
    expect(presetAmount('0.03', 25)).toBe('0')
    expect(presetAmount('0.04', 25)).toBe('0.01')
    // The cap is the max, not a share of it: 100 % of 50000.01 is 50000; 75 % of 66666.68 is 50000.01, capped.
    expect(presetAmount('50000.01', 100)).toBe('50000')
    expect(presetAmount('66666.68', 75)).toBe('50000')
    expect(presetAmount('66666.66', 75)).toBe('49999.99')
    // Stated without dividing: the preset p is the largest whole number of cents with p x 100 <= available x percent,
    // unless the max is smaller.
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 9n }),
        fc.constantFrom(...PRESETS),
        fc.bigInt({ min: 1n, max: 10n ** 6n }),
        (cents, percent, maxWhole) => {
          const available = cents * CENT
          const max = maxWhole * 10n ** 9n
          const p = switchNanos(presetAmount(dec(available), percent, dec(max)))!
          expect(p % CENT).toBe(0n)
          // Capped: the share was at least the max.
          if (p === max) {
            expect(max * 100n <= available * BigInt(percent)).toBe(true)
          } else {
            expect(p < max).toBe(true)
            expect(p * 100n <= available * BigInt(percent)).toBe(true)
            expect((p + CENT) * 100n > available * BigInt(percent)).toBe(true)
          }
        },
      ),
    )
  })

  it('[staking.11] an empty amount with a balance gets the 50 % preset; a typed one or no balance stays', () => {
    expect(prefilledAmount('', '801.37')).toBe('400.68')
    expect(prefilledAmount('', '200000')).toBe('50000')
    expect(prefilledAmount('', '0')).toBe('')
    expect(prefilledAmount('12,5', '800')).toBe('12,5')
  })

  it('[staking.6] a comma is a decimal separator; the field keeps digits and one separator', () => {
    expect(parseAmount('12,5')).toBe('12.5')
    expect(parseAmount('12.5')).toBe('12.5')
    expect(parseAmount(',5')).toBe('0.5')
    expect(parseAmount('')).toBeNull()
    expect(parseAmount('1,2,3')).toBeNull()
    expect(cleanAmountInput('1a2,3.4,5')).toBe('12,345')
    expect(cleanAmountInput('0.1234567891')).toBe('0.123456789')
    expect(amountError('500,5', limits)).toBe('max-amount')
    expect(amountError('499,99', limits)).toBeNull()
  })

  it('[staking.12] [staking.13] [staking.14] [staking.15] [staking.16] errors in the order not-enough, min-amount, max-amount, only the first', () => {
    // not-enough wins over max (900 > 800 available and > 500 max)
    expect(amountError('900', limits)).toBe('not-enough')
    expect(amountError('800.000000001', limits)).toBe('not-enough')
    expect(amountError('800', { ...limits, max: '5000' })).toBeNull()
    // not-enough wins over min (available below min)
    expect(amountError('5', { ...limits, got: '203' })).toBe('not-enough')
    expect(amountError('9.99', limits)).toBe('min-amount')
    expect(amountError('10', limits)).toBeNull()
    expect(amountError('500', limits)).toBeNull()
    expect(amountError('500.01', limits)).toBe('max-amount')
    expect(amountError('', limits)).toBeNull()
    expect(amountErrorKeys('not-enough')).toEqual({
      title: 'staking.stake.errors.not-enough.title',
      description: 'staking.stake.errors.not-enough.description',
    })
    expect(amountErrorKeys('min-amount').title).toBe('staking.stake.errors.min-amount.title')
    expect(amountErrorKeys('max-amount').description).toBe('staking.stake.errors.max-amount.description')
    fc.assert(
      fc.property(nanosArb, nanosArb, nanosArb, nanosArb, nanosArb, (amount, got, locked, min, max) => {
        const l = { got: dec(got), locked: dec(locked), min: dec(min), max: dec(max) }
        const e = amountError(dec(amount), l)
        const expected =
          amount > got - locked ? 'not-enough' : amount < min ? 'min-amount' : amount > max ? 'max-amount' : null
        expect(e).toBe(expected)
      }),
    )
  })

  it('[staking.17] [staking.18] [staking.19] Continue is disabled with no amount, no period, or an error', () => {
    expect(continueDisabled('', '3m', limits)).toBe(true)
    expect(continueDisabled('0', '3m', limits)).toBe(true)
    expect(continueDisabled('100', null, limits)).toBe(true)
    expect(continueDisabled('100', '3m', null)).toBe(true)
    expect(continueDisabled('900', '3m', limits)).toBe(true)
    expect(continueDisabled('5', '3m', limits)).toBe(true)
    expect(continueDisabled('501', '3m', limits)).toBe(true)
    expect(continueDisabled('100', '3m', limits)).toBe(false)
    expect(continueDisabled('100,5', '3m', limits)).toBe(false)
  })

  it('balance after is available minus the amount, exact', () => {
    expect(balanceAfter('1000.123456789', '200', '300.1')).toBe('500.023456789')
    expect(balanceAfter('10', '0', '10')).toBe('0')
  })
})

describe('staking deposits', () => {
  const start = Date.parse('2026-01-01T00:00:00Z')
  const end = Date.parse('2026-04-01T00:00:00Z')

  it('[staking.38] a deposit unlocks exactly at dttmEnded', () => {
    const d = deposit('3m', start, end)
    expect(isUnlocked(d, end - 1)).toBe(false)
    expect(isUnlocked(d, end)).toBe(true)
    expect(isUnlocked(d, end + 1)).toBe(true)
  })

  it('[staking.39] the bar has monthly segments filled to the elapsed fraction of months', () => {
    const d = deposit('3m', start, end)
    expect(progressSegments(d, start)).toEqual([0, 0, 0])
    expect(progressSegments(d, start + (end - start) / 2)).toEqual([1, 0.5, 0])
    expect(progressSegments(d, end)).toEqual([1, 1, 1])
    expect(progressSegments(d, end + HOUR)).toEqual([1, 1, 1])
    expect(progressSegments(deposit('6m', start, start + 6000), start + 1000)).toEqual([1, 0, 0, 0, 0, 0])
    expect(progressSegments(deposit('1y', start, start + 12000), start + 3500)).toEqual([
      1, 1, 1, 0.5, 0, 0, 0, 0, 0, 0, 0, 0,
    ])
    // Longer periods: 12 segments standing for 5 and 100 months each.
    expect(progressSegments(deposit('5y', start, start + 60000), start + 7500).slice(0, 3)).toEqual([1, 0.5, 0])
    expect(progressSegments(deposit('100y', start, start + 1200), start + 150)).toHaveLength(12)
    fc.assert(
      fc.property(
        fc.constantFrom('3mhp', '3m', '6m', '1y', '5y', '100y'),
        fc.integer({ min: -1000, max: 2_000_000 }),
        (period, offset) => {
          const d = deposit(period, start, start + 1_000_000)
          const segs = progressSegments(d, start + offset)
          const months = elapsedMonths(d, start + offset)
          // filled in order, each 0..1, and their sum is the elapsed share of the bar
          segs.forEach((s, i) => {
            expect(s >= 0 && s <= 1).toBe(true)
            if (i > 0 && segs[i] > 0) expect(segs[i - 1]).toBe(1)
          })
          const total = segs.reduce((a, b) => a + b, 0) / segs.length
          const months0 = { '3mhp': 3, '3m': 3, '6m': 6, '1y': 12, '5y': 60, '100y': 1200 }[period]!
          expect(Math.abs(total - months / months0)).toBeLessThan(1e-9)
        },
      ),
    )
  })

  it('[staking.41] APR is a rounded percent of apy', () => {
    expect(aprPercent('0.125')).toBe(13)
    expect(aprPercent('0.1249')).toBe(12)
    expect(aprPercent(0.3)).toBe(30)
    expect(aprPercent('1.5')).toBe(150)
    expect(aprPercent('0')).toBe(0)
  })

  it('[staking.42] the hourly reward shows to 4 decimals', () => {
    expect(hourRewardFixed('0.5')).toBe('0.5000')
    expect(hourRewardFixed('0.123456789')).toBe('0.1234')
    expect(hourRewardFixed('12')).toBe('12.0000')
    fc.assert(
      fc.property(nanosArb, (n) => {
        expect(hourRewardFixed(dec(n))).toMatch(/^\d+\.\d{4}$/)
      }),
    )
  })
})

describe('soulbound token offer', () => {
  const base = {
    deposits: [] as { period: string; amount: string }[],
    held: [] as string[],
    got: '10000',
    locked: '0',
    allInPeriod: 'allIn',
  }

  it('[staking.45] the first deposit of at least 5000 whose period has no token', () => {
    expect(sbtOffer({ ...base, deposits: [{ period: '3m', amount: '4999.99' }] })).toBeNull()
    expect(sbtOffer({ ...base, deposits: [{ period: '3m', amount: '5000' }] })).toBe('3m')
    expect(
      sbtOffer({
        ...base,
        deposits: [
          { period: '3m', amount: '4999.99' },
          { period: '1y', amount: '6000' },
          { period: '6m', amount: '7000' },
        ],
      }),
    ).toBe('1y')
    expect(
      sbtOffer({
        ...base,
        held: ['1y'],
        deposits: [
          { period: '1y', amount: '6000' },
          { period: '6m', amount: '7000' },
        ],
      }),
    ).toBe('6m')
    expect(sbtOffer({ ...base, held: ['1y'], deposits: [{ period: '1y', amount: '6000' }] })).toBeNull()
  })

  it('[staking.46] failing that, the all-in token at locked/got >= 0.96 and locked >= 100 when none is held', () => {
    expect(sbtOffer({ ...base, got: '10000', locked: '9599' })).toBeNull()
    expect(sbtOffer({ ...base, got: '10000', locked: '9600' })).toBe('allIn')
    expect(sbtOffer({ ...base, got: '1', locked: '0.9599' })).toBeNull()
    expect(sbtOffer({ ...base, got: '1', locked: '0.96' })).toBeNull() // locked below 100
    expect(sbtOffer({ ...base, got: '100', locked: '99.99' })).toBeNull()
    expect(sbtOffer({ ...base, got: '100', locked: '100' })).toBe('allIn')
    expect(sbtOffer({ ...base, got: '104', locked: '99.99' })).toBeNull()
    expect(sbtOffer({ ...base, got: '104', locked: '100' })).toBe('allIn')
    expect(sbtOffer({ ...base, got: '104', locked: '100', held: ['allIn'] })).toBeNull()
    expect(sbtOffer({ ...base, got: '0', locked: '0' })).toBeNull()
    // a period's token comes first
    expect(sbtOffer({ ...base, got: '5000', locked: '5000', deposits: [{ period: '3m', amount: '5000' }] })).toBe('3m')
    expect(
      sbtOffer({ ...base, got: '5000', locked: '5000', held: ['3m'], deposits: [{ period: '3m', amount: '5000' }] }),
    ).toBe('allIn')
    fc.assert(
      fc.property(nanosArb, nanosArb, (got, locked) => {
        const offer = sbtOffer({ ...base, got: dec(got), locked: dec(locked) })
        expect(offer === 'allIn').toBe(got > 0n && locked * 100n >= got * 96n && locked >= 100n * 10n ** 9n)
      }),
    )
  })
})
