import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { compareDecimal, formatDecimal, fromUnits, toUnits } from '../../domain/money'

describe('exact amounts', () => {
  it('parses digits with one dot or comma; anything else is no amount', () => {
    expect(toUnits('1,5', 6)).toBe(1_500_000n)
    expect(toUnits('0.000001', 6)).toBe(1n)
    expect(toUnits('.5', 2)).toBe(50n)
    for (const bad of ['', '.', '1.2.3', '1,2,3', 'abc', '-1', '1e5', '0x10']) expect(toUnits(bad, 6)).toBeNull()
  })
  it('refuses more decimals than the token has, unless they are zeros', () => {
    expect(toUnits('1.0000001', 6)).toBeNull()
    expect(toUnits('1.0000000', 6)).toBe(1_000_000n)
  })
  it('big integers round-trip exactly at any number of decimals', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 40n }), fc.integer({ min: 0, max: 30 }), (units, decimals) => {
        expect(toUnits(fromUnits(units, decimals), decimals)).toBe(units)
      }),
    )
    expect(fromUnits('123456789012345678901234567890', 18)).toBe('123456789012.34567890123456789')
  })
  it('cuts decimals without rounding up', () => {
    expect(formatDecimal('0.1234569', 6)).toBe('0.123456')
    expect(formatDecimal('12.30000000001', 8)).toBe('12.3')
    expect(formatDecimal('5', 4)).toBe('5')
  })
  it('compares decimals exactly', () => {
    expect(compareDecimal('0.1', '0.10')).toBe(0)
    expect(compareDecimal('100.000000000000000001', '100')).toBe(1)
    expect(compareDecimal('2', '10')).toBe(-1)
  })
})
