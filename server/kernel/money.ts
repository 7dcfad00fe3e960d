/** Exact amounts on the server: smallest units as bigint, shown as decimal strings. */
export { fromUnits, toUnits } from '../../domain/money'

/** USD value of an amount in smallest units, for display only. */
export function usdOf(units: bigint, decimals: number, priceUsd: number): number {
  const whole = Number(units / 10n ** BigInt(decimals))
  const frac = Number(units % 10n ** BigInt(decimals)) / 10 ** decimals
  return Math.round((whole + frac) * priceUsd * 100) / 100
}
