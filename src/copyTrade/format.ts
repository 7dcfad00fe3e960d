/** Copy trading's figures as its screens write them. */
import { type Format, PLACES } from '../ui/useFormat'

/**
 * A deposit's worth in ETH, 4 decimals (copyTrade.63): the server's exact decimal string (a number
 * from older servers).
 */
export const ethAmount = (format: Format, v: string | number, maxChars?: number) =>
  `${format.amount(typeof v === 'number' ? v.toFixed(6) : v, PLACES.listBalance, maxChars)} ETH`
