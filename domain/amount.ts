/**
 * What an amount field takes (app.12, send.3, swap.12, staking.6, tasks.34): digits and one
 * decimal separator, a comma read as a dot, no more decimals than the token has. One rule for every
 * amount the user types (send, swap, staking, the PUNK burn, the copy-trade deposit); src/ui's
 * AmountInput applies it to each change of the field.
 */

/**
 * send.3, swap.12: a comma becomes a dot; spaces (a pasted "1 000") go; a leading separator gets its
 * 0. Nothing else is changed: text that is not an amount stays as typed, to be refused (app.12), never
 * reshaped into another number ("1e30" is not 130).
 */
export function sanitizeAmount(input: string): string {
  const text = input.replace(/[\s\u00a0\u202f]/g, '').replace(/,/g, '.')
  return text.startsWith('.') ? `0${text}` : text
}

/** app.12: an amount input accepts only digits and one decimal separator. */
export const isAmountText = (s: string) => /^\d*\.?\d*$/.test(s)

/** Why a change to an amount field was refused: not digits and one separator, or more decimals than the token has. */
export type AmountRefusal = 'not-a-number' | 'too-many-decimals'

export interface TypedAmount {
  /** What the field holds after the change: the new text, or the text before when the change is refused. */
  text: string
  refused: AmountRefusal | null
}

/**
 * A change to an amount field (a keystroke, a paste, an autofill): taken whole, with a comma read as a
 * dot and pasted spaces dropped, when it leaves digits and one separator with at most `decimals`
 * decimals; otherwise refused whole, the field keeping what it held. A letter never enters the field,
 * and a pasted "1e30" is not turned into 130.
 */
export function typedAmount(previous: string, typed: string, decimals: number): TypedAmount {
  const text = sanitizeAmount(typed)
  if (!isAmountText(text)) return { text: previous, refused: 'not-a-number' }
  const fraction = text.split('.')[1]
  if (fraction !== undefined && (decimals <= 0 || fraction.length > decimals))
    return { text: previous, refused: 'too-many-decimals' }
  return { text, refused: null }
}
