/** Wallet constants and display rules (doc 1 §9). */
import type { Balance } from './codecs'

/** wallet.8 */
export const HOME_TOKENS_SHOWN = 3
/** wallet.13 */
export const HISTORY_PAGE_SIZE = 10
/** Polling of the wallet home while it is on screen (DESIGN §4). */
export const HOME_POLL_MS = 30_000

/** An address for display: first 6 and last 4 characters ('0x1234...abcd'). */
export function shortAddress(address: string, head = 6, tail = 4): string {
  return address.length <= head + tail + 3 ? address : `${address.slice(0, head)}...${address.slice(-tail)}`
}

/** Balances sorted for the home: by USD value, largest first; then by symbol. */
export function sortBalances(balances: readonly Balance[]): Balance[] {
  return [...balances].sort((a, b) => b.usdAmount - a.usdAmount || (a.symbol ?? '').localeCompare(b.symbol ?? ''))
}

/** wallet.15/app.15: `selectedWalletIndex` from the launch query, if it is a whole number. */
export function parseWalletIndex(value: string | null): number | null {
  return value !== null && /^\d+$/.test(value) ? Number(value) : null
}
