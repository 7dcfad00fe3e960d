/** Copy-trading rules (doc 1 §2, §4, §5, §9; rules copyTrade.*). USD figures are display numbers; token amounts are exact. */
import type { ChainId } from '../app/chains'
import { formatDecimal, fromUnits, toUnits } from '../money'

/** The form's first figures and the assets it takes live with its initial state (./state.ts), which the first screen carries. */
export { COPY_ASSETS, DEFAULT_ANTE_PERCENT, DEFAULT_DEPOSIT } from './state'

/** copyTrade.26 */
export const MIN_DEPOSIT_USD = 100
/** copyTrade.34: the server's own default, as a fraction (recorded; the client always sends one). */
export const SERVER_DEFAULT_ANTE = 0.5
/** copyTrade.19 */
export const ANTE_STEP = 10
export const ANTE_LABELS = [0, 20, 40, 60, 80, 100] as const
/** copyTrade.33 */
export const DEFAULT_PROTOCOLS = ['uniswapUniversalRouter'] as const
/** copyTrade.1, copyTrade.12: Ethereum-type networks only. */
export const COPY_NETWORKS: readonly Exclude<ChainId, 'TON'>[] = [1, 10, 42161, 8453, 324]
/** copyTrade.63 */
export const USD_DECIMALS = 2
export const TOKEN_DECIMALS = 4

/** copyTrade.9: 42 characters, 0x, then hexadecimal. */
export const isTraderAddress = (s: string) =>
  s.length === 42 && s.startsWith('0x') && /^[0-9a-fA-F]{40}$/.test(s.slice(2))

/**
 * Copying one of the user's own wallets (any of them, as the server checks) is refused on the
 * address screen, not by the server's text at the last step. `own`: the EVM addresses
 * of /tgUserWallets; addresses compare in any letter case (EIP-55 or not).
 */
export const isOwnAddress = (address: string, own: readonly string[]) => {
  const a = address.trim().toLowerCase()
  return a !== '' && own.some((o) => o.toLowerCase() === a)
}

/** copyTrade.48: first 4 + '...' + last 4. */
export const shortTrader = (address: string) => `${address.slice(0, 4)}...${address.slice(-4)}`

/** A USD text as a number; NaN for anything that is not a plain decimal. */
const usd = (text: string) => (/^\d+(\.\d*)?$|^\.\d+$/.test(text) ? Number(text) : Number.NaN)

export type StartButton =
  | { key: 'copyTrade.button.enter-deposit'; tone: 'danger' }
  | { key: 'copyTrade.button.enter-ante'; tone: 'danger' }
  | { key: 'copyTrade.button.minimum'; tone: 'danger' }
  | { key: 'copyTrade.button.insufficient'; tone: 'danger' }
  | { key: 'copyTrade.button.start'; tone: 'primary' }

/** copyTrade.24-29: the first matching state wins. */
export function startButton(deposit: string, antePercent: number, availableUsd: number): StartButton {
  const amount = usd(deposit)
  if (deposit === '' || !(amount > 0)) return { key: 'copyTrade.button.enter-deposit', tone: 'danger' }
  if (!(antePercent > 0)) return { key: 'copyTrade.button.enter-ante', tone: 'danger' }
  if (amount < MIN_DEPOSIT_USD) return { key: 'copyTrade.button.minimum', tone: 'danger' }
  if (amount > availableUsd) return { key: 'copyTrade.button.insufficient', tone: 'danger' }
  return { key: 'copyTrade.button.start', tone: 'primary' }
}

/** copyTrade.30 */
export const canStart = (deposit: string, antePercent: number, availableUsd: number) =>
  startButton(deposit, antePercent, availableUsd).tone === 'primary'

/** Prices are taken to 8 decimals; everything after that is exact. */
const PRICE_SCALE = 8
const scaledPrice = (price: number) => BigInt(Math.round(price * 10 ** PRICE_SCALE))

/**
 * copyTrade.31: the deposit in the token's smallest unit, an integer string: USD / token cost,
 * rounded up to the next unit, so a deposit of exactly 100 USD is worth at least 100 USD to the
 * server's minimum check too.
 */
export function depositUnits(deposit: string, tokensCost: number, decimals: number): string {
  const cost = scaledPrice(tokensCost)
  const dollars = toUnits(deposit, decimals + PRICE_SCALE)
  if (cost <= 0n || dollars === null) return '0'
  return ((dollars + cost - 1n) / cost).toString()
}

/** copyTrade.18: the token equivalent of the deposit, 4 decimals (cut, not rounded). */
export function tokenEquivalent(deposit: string, tokensCost: number): string {
  const cost = scaledPrice(tokensCost)
  const dollars = toUnits(deposit, 18 + PRICE_SCALE)
  if (cost <= 0n || dollars === null) return '0'
  return formatDecimal(fromUnits(dollars / cost, 18), TOKEN_DECIMALS)
}

/** copyTrade.21: deposit / 100 x ante percent, 4 decimals (exact). */
export function anteUsd(deposit: string, antePercent: number): string {
  const units = toUnits(deposit, 6)
  if (units === null) return '0'
  return formatDecimal(fromUnits((units * BigInt(Math.round(antePercent))) / 100n, 6), TOKEN_DECIMALS)
}

/** copyTrade.32 */
export const anteFraction = (percent: number) => percent / 100

/** copyTrade.16: the available USD to 2 decimals, floored (never more than is there). */
export const maxDeposit = (availableUsd: number) =>
  (Math.floor(availableUsd * 100 + 1e-9) / 100).toFixed(USD_DECIMALS).replace(/\.00$/, '')

/** The deposit input keeps digits and one separator; a comma is a dot; 2 decimals at most. */
export function sanitizeUsd(input: string): string {
  let out = ''
  let separator = false
  for (const ch of input.replace(/,/g, '.')) {
    if (ch >= '0' && ch <= '9') {
      if (separator && out.length - out.indexOf('.') > USD_DECIMALS) continue
      out += ch
    } else if (ch === '.' && !separator) {
      separator = true
      out += out === '' ? '0.' : '.'
    }
  }
  return out
}

/** copyTrade.3-5 */
export function entryTarget(hasSubscriptions: boolean, hasBalances: boolean): string {
  if (hasSubscriptions) return '/copyTrade/traderArchive'
  if (!hasBalances) return '/copyTrade/notBalance'
  return '/copyTrade/traderAddress'
}

interface TradeLike {
  dttmDeactivated?: string
}
/** copyTrade.42-43 */
export const isActive = (t: TradeLike) => t.dttmDeactivated === undefined
/** copyTrade.56: the status follows the data (the observed product had it inverted). */
export const statusKey = (t: TradeLike) => (isActive(t) ? 'copyTrade.status.active' : 'copyTrade.status.stopped')

/** copyTrade.42-43: current positions and history, each newest first as the server sends them. */
export function splitArchive<T extends TradeLike>(trades: readonly T[]): { active: T[]; finished: T[] } {
  return { active: trades.filter(isActive), finished: trades.filter((t) => !isActive(t)) }
}
