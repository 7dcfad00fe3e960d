/** Exact amounts on the server: smallest units as bigint, shown as decimal strings. */
import { BadRequest } from './validate'

export { fromUnits, toUnits } from '../../domain/money'

/** USD value of an amount in smallest units, for display only. */
export function usdOf(units: bigint, decimals: number, priceUsd: number): number {
  const whole = Number(units / 10n ** BigInt(decimals))
  const frac = Number(units % 10n ** BigInt(decimals)) / 10 ** decimals
  return Math.round((whole + frac) * priceUsd * 100) / 100
}

/** The digits of NUMERIC(78, 0), the columns amounts land in: ledger entries and balances, quotes, positions, boosts. */
export const LEDGER_DIGITS = 78
/**
 * The most digits of smallest units an amount from a request may have. The 38 digits left of
 * LEDGER_DIGITS are for what happens to an amount before it is stored: added to a balance, turned
 * into another token by a price across 0 to 18 decimals (a quote's to_units), multiplied by a
 * rate (a burn's boost speed). No product or sum of an amount this size fills the column.
 */
export const AMOUNT_DIGITS = 40

export interface AmountRule {
  /** The decimals the text may have: the token's for an amount in tokens, 0 for smallest units. */
  scale: number
  /** The most digits of smallest units: AMOUNT_DIGITS unless the column it lands in says otherwise. */
  maxDigits?: number
  /** The message for a fraction finer than `scale` ("USDT has 6 decimals at most"). */
  tooFine?: string
}

/**
 * An amount from a request (body or query) as smallest units, or a 400 naming `path`: digits with
 * an optional fraction of at most `scale` decimals (trailing zeros aside), whose smallest units have
 * at most `maxDigits` digits. Every decimal string that reaches SQL goes through here first, so the
 * database never sees a number its column cannot hold (PostgreSQL's "numeric field overflow").
 */
export function decimalAmount(text: string, path: string, rule: AmountRule): bigint {
  const { scale, maxDigits = AMOUNT_DIGITS } = rule
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text)
  if (m === null)
    throw new BadRequest(
      scale === 0
        ? `${path} must be a whole number (smallest units, digits only)`
        : `${path} must be a number such as 1.5 (digits and a dot)`,
      path,
    )
  const [, whole, fraction = ''] = m
  const decimals = fraction.replace(/0+$/, '')
  if (decimals.length > scale) throw new BadRequest(rule.tooFine ?? `${path} has at most ${scale} decimals`, path)
  // Digits before the point are what the bound is about; leading zeros are no digits of the value.
  if (whole.replace(/^0+/, '').length > maxDigits - scale)
    throw new BadRequest(
      `${path} is too large: at most ${maxDigits - scale} digits${scale === 0 ? '' : ' before the decimal point'}`,
      path,
    )
  return BigInt(whole) * 10n ** BigInt(scale) + BigInt(decimals.padEnd(scale, '0') || '0')
}
