/**
 * The code screen's boxes (doc 2 §5, poh.20-24): six boxes of one digit each. What a keystroke
 * leaves in a box: the digits of what the box now holds, the last of them (poh.21-22); backspace
 * in an empty box moves to the one before (poh.23); the code goes out once all six are filled. A
 * rejected code (poh.26) starts over with the next keystroke.
 */
import { POH_CODE_LENGTH, type PohCode, emptyCode } from './state'

const isDigit = (c: string) => c.length === 1 && c >= '0' && c <= '9'

/**
 * `text`: what the box's input holds after the keystroke (the old digit and the new one, or a
 * paste). Non-digits are stripped and the last digit is kept; nothing left clears the box. The
 * caret moves on after a digit. A typed box is no longer judged invalid.
 */
export function typeIntoBox(code: PohCode, index: number, text: string): PohCode {
  if (index < 0 || index >= POH_CODE_LENGTH) return code
  // A rejected code starts over: the next digit is the first of a new code.
  if (code.check === 'invalid') return typeIntoBox(emptyCode(), 0, text)
  const digits = [...text].filter(isDigit)
  // Only non-digits typed: nothing changes.
  if (digits.length === 0 && text !== '') return code
  const digit = digits.length > 0 ? digits[digits.length - 1] : ''
  return {
    digits: code.digits.map((d, i) => (i === index ? digit : d)),
    focus: digit === '' ? index : Math.min(index + 1, POH_CODE_LENGTH - 1),
    check: 'typing',
  }
}

/** poh.23: backspace clears a box's digit; in an empty box it moves to the previous box. */
export function backspaceInBox(code: PohCode, index: number): PohCode {
  if (index < 0 || index >= POH_CODE_LENGTH) return code
  if (code.check === 'invalid') return emptyCode()
  if (code.digits[index] !== '')
    return { digits: code.digits.map((d, i) => (i === index ? '' : d)), focus: index, check: 'typing' }
  return { ...code, focus: Math.max(index - 1, 0) }
}

/** poh.24: all six boxes hold a digit. */
export const codeComplete = (digits: readonly string[]): boolean =>
  digits.length === POH_CODE_LENGTH && digits.every(isDigit)

export const codeOf = (digits: readonly string[]): string => digits.join('')
