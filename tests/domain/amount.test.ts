import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isAmountText, sanitizeAmount, typedAmount } from '../../domain/amount'

/** What a field holds after `keys` are typed one by one into an empty field. */
const typedOneByOne = (keys: string, decimals: number) =>
  [...keys].reduce((held, key) => typedAmount(held, held + key, decimals).text, '')

describe("the amount field's rule", () => {
  it('letters never enter: "abc0,5" typed key by key leaves 0.5', () => {
    expect(typedOneByOne('abc0,5', 9)).toBe('0.5')
    expect(typedAmount('0.5', '0.5x', 9)).toEqual({ text: '0.5', refused: 'not-a-number' })
    expect(typedAmount('', '-', 9)).toEqual({ text: '', refused: 'not-a-number' })
  })

  it('one separator: a second dot or comma is refused; a comma reads as a dot; a leading separator gets its 0', () => {
    expect(typedOneByOne('1,2,3.4', 9)).toBe('1.234')
    expect(typedAmount('1.2', '1.2.', 9)).toEqual({ text: '1.2', refused: 'not-a-number' })
    expect(typedAmount('', ',', 9)).toEqual({ text: '0.', refused: null })
    expect(typedAmount('12', '12,', 6)).toEqual({ text: '12.', refused: null })
  })

  it('no more decimals than the token has: the 7th of USDT is refused, a whole dollar amount takes 2', () => {
    expect(typedOneByOne('1.1234567', 6)).toBe('1.123456')
    expect(typedAmount('1.123456', '1.1234567', 6)).toEqual({ text: '1.123456', refused: 'too-many-decimals' })
    expect(typedOneByOne('9.999', 2)).toBe('9.99')
    expect(typedAmount('5', '5.', 0)).toEqual({ text: '5', refused: 'too-many-decimals' })
  })

  it('a paste is taken whole or refused whole: "1 000,25" is 1000.25, "1e30" is not turned into 130', () => {
    expect(typedAmount('', '1 000,25', 6)).toEqual({ text: '1000.25', refused: null })
    expect(typedAmount('7', '1e30', 18)).toEqual({ text: '7', refused: 'not-a-number' })
    expect(typedAmount('7', '', 18)).toEqual({ text: '', refused: null })
  })

  it('[app.12] whatever is typed, the field only ever holds digits and one separator (dot or comma) within the decimals', () => {
    expect(typedOneByOne('abc0,5', 9)).toBe('0.5')
    expect(typedOneByOne('1,2,3.4', 9)).toBe('1.234')
    expect(typedOneByOne('7.5', 9)).toBe('7.5')
    expect(typedAmount('1.2', '1.2,', 9)).toEqual({ text: '1.2', refused: 'not-a-number' })
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('0', '1', '5', '9', '.', ',', 'a', 'e', '-', ' ', '٣', '+'), { maxLength: 30 }),
        fc.integer({ min: 0, max: 18 }),
        (keys, decimals) => {
          const held = typedOneByOne(keys.join(''), decimals)
          expect(held).toMatch(/^\d*(\.\d*)?$/)
          expect(isAmountText(held)).toBe(true)
          // every digit typed (up to the decimals) is kept: digits are accepted, not only filtered
          if (!keys.some((k) => k === '.' || k === ','))
            expect(held).toBe(keys.filter((k) => /^[0-9]$/.test(k)).join(''))
          expect((held.split('.')[1] ?? '').length).toBeLessThanOrEqual(decimals)
          expect(sanitizeAmount(held)).toBe(held)
        },
      ),
    )
  })
})
