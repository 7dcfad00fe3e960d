import { describe, expect, it } from 'vitest'
import { backspaceInBox, codeComplete, codeOf, typeIntoBox } from '../../../domain/poh/code'
import { type PohCode, emptyCode } from '../../../domain/poh/state'

const code = (digits: string, focus = 0, check: PohCode['check'] = 'typing'): PohCode => ({
  digits: digits
    .padEnd(6, ' ')
    .split('')
    .map((d) => (d === ' ' ? '' : d)),
  focus,
  check,
})

describe('PoH code boxes', () => {
  it('six boxes, empty, the caret in the first', () => {
    expect(emptyCode()).toEqual({ digits: ['', '', '', '', '', ''], focus: 0, check: 'typing' })
  })

  it('[poh.21] non-digits are stripped: letters, signs and spaces alone change nothing; mixed with a digit, the digit stays', () => {
    const start = code('1', 1)
    for (const text of ['a', '-', ' ', '١x', 'e']) expect(typeIntoBox(start, 1, text)).toBe(start)
    expect(typeIntoBox(start, 1, 'a7-')).toEqual(code('17', 2))
  })

  it('[poh.22] only the last digit typed is kept: a second digit in a filled box replaces the first, a paste keeps its last digit', () => {
    expect(typeIntoBox(code('12'), 1, '29')).toEqual(code('19', 2))
    expect(typeIntoBox(code(''), 0, '123456')).toEqual(code('6', 1))
  })

  it('a digit moves the caret on, the last box keeps it; an emptied box keeps it', () => {
    expect(typeIntoBox(code('12345'), 5, '6')).toEqual(code('123456', 5))
    expect(typeIntoBox(code('123'), 2, '')).toEqual(code('12', 2))
  })

  it('[poh.23] backspace clears a filled box where it is; on an empty box it moves back to the previous one (not before the first)', () => {
    expect(backspaceInBox(code('123', 2), 2)).toEqual(code('12', 2))
    expect(backspaceInBox(code('12', 2), 2)).toEqual(code('12', 1))
    expect(backspaceInBox(code('', 0), 0)).toEqual(code('', 0))
  })

  it('the code is complete with six digits only', () => {
    expect(codeComplete(code('123456').digits)).toBe(true)
    expect(codeComplete(code('12345').digits)).toBe(false)
    expect(codeComplete(code('12 456').digits)).toBe(false)
    expect(codeOf(code('012345').digits)).toBe('012345')
  })

  it('a rejected code starts over: the next digit is the first of a new code; backspace empties it', () => {
    const rejected = code('111111', 5, 'invalid')
    expect(typeIntoBox(rejected, 5, '4')).toEqual(code('4', 1))
    expect(backspaceInBox(rejected, 5)).toEqual(emptyCode())
  })
})
