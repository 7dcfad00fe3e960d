/** One formatter for amounts and dates, in the user's language. */
import { describe, expect, it } from 'vitest'
import { PLACES, formatAmount, formatDateTime, formatFixed, formatUsdValue } from '../../domain/format'

const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ')

describe('formatAmount', () => {
  it('groups and separates per language, exactly, cut to the places (never rounded up)', () => {
    expect(formatAmount('1234567.9876549', { places: 6, language: 'en' })).toBe('1,234,567.987654')
    expect(nbsp(formatAmount('1234567.9876549', { places: 6, language: 'ru' }))).toBe('1 234 567,987654')
    expect(formatAmount('0.99999999', { places: 4, language: 'en' })).toBe('0.9999')
    expect(formatAmount('12345678901234567890.123456789', { places: 8, language: 'en' })).toBe(
      '12,345,678,901,234,567,890.12345678',
    )
    expect(formatAmount('1.50', { places: 4, language: 'en' })).toBe('1.5')
    expect(formatAmount('0', { places: 4, language: 'en' })).toBe('0')
  })

  it('a non-zero amount too small for the places reads "< 0.0001", never 0', () => {
    expect(formatAmount('0.00000001', { places: PLACES.listBalance, language: 'en' })).toBe('< 0.0001')
    expect(formatAmount('0.00000001', { places: PLACES.transaction, language: 'en' })).toBe('0.00000001')
    expect(formatAmount('0.000000001', { places: PLACES.transaction, language: 'ru' })).toBe('< 0,00000001')
  })

  it('a figure that would not fit reads compact', () => {
    expect(formatAmount('123456789.5', { places: 6, language: 'en', maxChars: 10 })).toBe('123.45M')
    expect(nbsp(formatAmount('123456789.5', { places: 6, language: 'ru', maxChars: 10 }))).toBe('123,45 млн')
    expect(formatAmount('12345.5', { places: 6, language: 'en', maxChars: 10 })).toBe('12,345.5')
  })

  it('a figure that would not fit sheds decimals first (cut), and reads compact only from a thousand up', () => {
    expect(formatAmount('4902.87957612', { places: PLACES.transaction, language: 'en', maxChars: 10 })).toBe(
      '4,902.8795',
    )
    expect(nbsp(formatAmount('4902.87957612', { places: PLACES.transaction, language: 'ru', maxChars: 10 }))).toBe(
      '4 902,8795',
    )
    expect(formatAmount('123457289.123456', { places: PLACES.homeBalance, language: 'en', maxChars: 14 })).toBe(
      '123,457,289.12',
    )
    expect(formatAmount('0.99999999', { places: PLACES.transaction, language: 'en', maxChars: 6 })).toBe('0.9999')
    // a small amount keeps its first digit, past the limit rather than down to 0 or '<'
    expect(formatAmount('0.00001234', { places: PLACES.transaction, language: 'en', maxChars: 6 })).toBe('0.00001')
    expect(formatAmount('0.00000001', { places: PLACES.transaction, language: 'en', maxChars: 6 })).toBe('0.00000001')
    expect(formatAmount('999.123456', { places: 6, language: 'en', maxChars: 2 })).toBe('999')
  })
})

describe('formatUsdValue', () => {
  it("[wallet.4] dollars with 2 decimals, in the language's form", () => {
    expect(formatUsdValue(1234.5, 'en')).toBe('$1,234.50')
    expect(nbsp(formatUsdValue(1234.5, 'ru'))).toMatch(/^1 234,50 \$$/)
    expect(formatUsdValue(0.1 + 0.2, 'en')).toBe('$0.30')
    // always exactly two: a whole amount gets them, a third decimal is rounded away
    expect(formatUsdValue(7, 'en')).toBe('$7.00')
    expect(formatUsdValue(9.999, 'en')).toBe('$10.00')
    expect(formatUsdValue(0.126, 'en')).toBe('$0.13')
    expect(formatUsdValue(0.004, 'en')).toBe('$0.00')
    expect(formatUsdValue(123_456_789.12, 'en', 10)).toBe('$123.46M')
    expect(nbsp(formatUsdValue(123_456_789.12, 'ru', 12))).toBe('123,46 млн $')
    expect(nbsp(formatUsdValue(123_456_789.12, 'ru', 10))).toBe('123 млн $')
  })
})

describe('formatFixed', () => {
  it("exactly the places asked, in the language's form", () => {
    expect(formatFixed(3.2, 2, 'en')).toBe('3.20')
    expect(formatFixed(86.0649, 2, 'ru')).toBe('86,06')
    expect(nbsp(formatFixed(1234.5, 2, 'ru'))).toBe('1 234,50')
  })
})

describe('formatDateTime', () => {
  it("one form per language, day first, in the user's zone", () => {
    const at = Date.UTC(2026, 10, 23, 23, 30)
    expect(formatDateTime(at, 'en', 'UTC')).toBe('23/11/2026, 23:30')
    expect(formatDateTime(at, 'ru', 'UTC')).toBe('23.11.2026, 23:30')
    expect(formatDateTime(at, 'en', 'Asia/Tokyo')).toBe('24/11/2026, 08:30')
    expect(formatDateTime(at, 'ru', 'Asia/Tokyo', false)).toBe('24.11.2026')
    expect(formatDateTime(at, 'en', 'Not/AZone')).toBe('23/11/2026, 23:30')
    expect(formatDateTime('not a date', 'en', 'UTC')).toBe('not a date')
  })
})
