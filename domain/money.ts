/**
 * Exact token amounts (DESIGN §3): smallest units are bigints or integer strings, display amounts
 * are decimal strings. No floating point touches an amount; USD values are display-only numbers.
 */

const DECIMAL = /^(\d*)(?:[.,](\d*))?$/

/** Parses a user's decimal text ('1,5', '0.25', '.5') into smallest units; null if it is not a number. */
export function toUnits(text: string, decimals: number): bigint | null {
  const m = DECIMAL.exec(text.trim())
  if (m === null) return null
  const [, whole = '', frac = ''] = m
  if (whole === '' && frac === '') return null
  if (frac.length > decimals && /[1-9]/.test(frac.slice(decimals))) return null
  return BigInt(whole || '0') * 10n ** BigInt(decimals) + BigInt((frac.slice(0, decimals) || '0').padEnd(decimals, '0'))
}

/** Smallest units to an exact decimal string, trailing zeros dropped: 1500000n, 6 -> '1.5'. */
export function fromUnits(units: bigint | string, decimals: number): string {
  const value = typeof units === 'bigint' ? units : BigInt(units)
  const negative = value < 0n
  const abs = negative ? -value : value
  const base = 10n ** BigInt(decimals)
  const whole = abs / base
  const frac = (abs % base).toString().padStart(decimals, '0').replace(/0+$/, '')
  return (negative ? '-' : '') + whole.toString() + (frac ? '.' + frac : '')
}

/**
 * A decimal string with at most `places` decimals, cut (not rounded) so a figure never says more
 * than is there, trailing zeros dropped: ('0.123456789', 6) -> '0.123456'. Plain digits and a dot:
 * what is shown to the user goes through domain/format.ts.
 */
export function formatDecimal(value: string, places: number): string {
  const [whole, frac = ''] = value.split('.')
  const cut = frac.slice(0, places).replace(/0+$/, '')
  return cut ? `${whole}.${cut}` : whole
}

/** Compares two decimal strings exactly. */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  const places = Math.max(a.split('.')[1]?.length ?? 0, b.split('.')[1]?.length ?? 0)
  const x = toUnits(a, places) ?? 0n
  const y = toUnits(b, places) ?? 0n
  return x < y ? -1 : x > y ? 1 : 0
}

/** The exact sum of two decimal strings: '1000' + '12.5' -> '1012.5'. */
export function addDecimal(a: string, b: string): string {
  const places = Math.max(a.split('.')[1]?.length ?? 0, b.split('.')[1]?.length ?? 0)
  return fromUnits((toUnits(a, places) ?? 0n) + (toUnits(b, places) ?? 0n), places)
}
