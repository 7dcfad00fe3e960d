/** The swap's figures as its screens write them. */
import { fromUnits } from '../../domain/money'
import { TON_GAS_LOW, TON_GAS_MIN, type TonProvider } from '../../domain/swap/rules'
import { type Format, PLACES } from '../ui/useFormat'

/** An amount in a token's smallest units, shown as a transaction amount (wallet.17: 8 decimals). */
export const printed = (format: Format, units: string, decimals: number, maxChars?: number) =>
  format.amount(fromUnits(units, decimals), PLACES.transaction, maxChars)

/** The TON network fee's range by provider (swap.23): '0.08-0.22', '0,08-0,3'. */
export const tonGasText = (format: Format, provider: TonProvider) =>
  `${format.amount(TON_GAS_LOW, PLACES.transaction)}-${format.amount(TON_GAS_MIN[provider], PLACES.transaction)}`
