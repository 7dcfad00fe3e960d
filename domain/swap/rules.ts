/** Swap rules (doc 1 §4, §5, §9; rules swap.*). Amounts are exact decimal strings or bigints. */
import type { Token } from '../wallet/codecs'
import { fromUnits, toUnits } from '../money'
import type { SwapState } from './state'

/** swap.9 */
export const QUOTE_DEBOUNCE_MS = 1000
/** swap.42 */
export const EXECUTE_DEBOUNCE_MS = 500
/** A quote older than this is asked again before it executes (quote freshness). */
export const QUOTE_MAX_AGE_MS = 30_000
/** swap.19: slippage 5 %, so the minimum out is 95 % of the quote. */
export const SLIPPAGE_PERCENT = 5n
/** swap.2-4 */
export const PRICE_IMPACT_WARNING = 2
export const PRICE_IMPACT_DANGER = 5
/** swap.28 */
export const MAX_DUST = '0.000001'

export type TonProvider = 'stonfi' | 'dedust'
/** swap.23, swap.30: the TON a TON swap needs by provider; the first provider is the DEX-type one. */
export const TON_GAS_MIN: Record<TonProvider, string> = { stonfi: '0.22', dedust: '0.3' }
/** swap.25: the lower end of the gas range shown for a TON swap. */
export const TON_GAS_LOW = '0.08'
/** swap.26: the gas hints per chain, in the chain's native coin. */
export const GAS_HINTS: Record<string, string> = {
  1: '0.005',
  10: '0.0001',
  42161: '0.0001',
  8453: '0.00001',
  324: '0.00001',
}

export const EVM_NATIVE = '0x0000000000000000000000000000000000000000'
export const TON_NATIVE = 'native'

export type PriceImpactStatus = 'normal' | 'warning' | 'danger'

/** swap.2-4: normal up to and including 2 %, warning above 2 and up to 5, danger above 5. */
export function priceImpactStatus(percent: number): PriceImpactStatus {
  if (percent > PRICE_IMPACT_DANGER) return 'danger'
  if (percent > PRICE_IMPACT_WARNING) return 'warning'
  return 'normal'
}

/** swap.5 */
export const showsPriceImpactWarning = (status: PriceImpactStatus) => status !== 'normal'

type TokenRef = Pick<Token, 'address' | 'chainId'>

export const isTonChain = (t: TokenRef) => t.chainId === 'TON'
export const isNative = (t: TokenRef) =>
  isTonChain(t) ? t.address === TON_NATIVE : t.address.toLowerCase() === EVM_NATIVE
export const sameToken = (a: TokenRef, b: TokenRef) =>
  String(a.chainId) === String(b.chainId) && a.address.toLowerCase() === b.address.toLowerCase()

/** swap.35-36: a TON token pairs only with TON-chain tokens, any other only with non-TON tokens. */
export const canPair = (a: TokenRef, b: TokenRef) => isTonChain(a) === isTonChain(b)

/** swap.29-30: what Max keeps back when the from token is its chain's native coin. */
export function nativeReserve(token: TokenRef, provider: TonProvider | null): string {
  if (!isNative(token)) return '0'
  if (isTonChain(token)) return TON_GAS_MIN[provider ?? 'stonfi']
  return token.chainId === 1 ? '0.01' : '0.00033'
}

/** swap.28-30: the balance less the dust and the native reserve, never below zero, as an exact decimal. */
export function maxAmount(
  balance: string,
  token: Pick<Token, 'address' | 'chainId' | 'decimals'>,
  provider: TonProvider | null,
): string {
  const d = token.decimals
  const held = toUnits(balance, d) ?? 0n
  const keep =
    (toUnits(MAX_DUST, Math.max(d, 6)) ?? 0n) / 10n ** BigInt(Math.max(d, 6) - d) +
    (toUnits(nativeReserve(token, provider), d) ?? 0n)
  return held > keep ? fromUnits(held - keep, d) : '0'
}

/**
 * swap.12-13: the amount to quote in the token's smallest unit, or null when there is nothing to
 * quote (empty, not a number, zero, or more decimals than the token has).
 */
export function quoteUnits(amount: string, decimals: number): bigint | null {
  const text = amount.replace(',', '.').replace(/\.$/, '')
  if (!/^\d*\.?\d+$/.test(text)) return null
  const units = toUnits(text, decimals)
  return units === null || units === 0n ? null : units
}

/** swap.19: 95 % of the quoted amount, floored. */
export const minimumReceived = (toAmount: bigint): bigint => (toAmount * (100n - SLIPPAGE_PERCENT)) / 100n

/**
 * swap.21-24: whether the held native coin pays for the swap. On TON the held TON must reach the
 * provider's minimum; elsewhere it must cover the printed fee. When the native coin is also what is
 * being swapped, the amount comes out of the same balance first.
 */
export function gasSufficient(args: {
  from: TokenRef
  amount: string
  heldNative: string
  provider: TonProvider | null
  fee: string | null
}): boolean {
  const { from, amount, heldNative, provider, fee } = args
  const need = isTonChain(from) ? TON_GAS_MIN[provider ?? 'stonfi'] : fee
  if (need === null) return true
  const places = 18
  const held = toUnits(heldNative, places) ?? 0n
  const spent = isNative(from) ? (toUnits(amount.replace(/\.$/, '') || '0', places) ?? 0n) : 0n
  return held - spent >= (toUnits(need, places) ?? 0n)
}

/** swap.25: the gas text of a TON swap, '0.08-0.22' or '0.08-0.3'. */
export const tonGasRange = (provider: TonProvider) => `${TON_GAS_LOW}-${TON_GAS_MIN[provider]}`

/** The parameters a quote answers; a quote for any other parameters is stale and never shows. */
export interface QuoteParams {
  from: string
  to: string
  amount: string
  accountIndex: number
}
export const tokenKey = (t: TokenRef) => `${String(t.chainId)}:${t.address.toLowerCase()}`
export const sameParams = (a: QuoteParams, b: QuoteParams) =>
  a.from === b.from && a.to === b.to && a.amount === b.amount && a.accountIndex === b.accountIndex

/** swap.48: a shared pair opens the mini-app with this start parameter. */
export const SHARE_LINK_BASE = 'https://t.me/switch_wallet_bot/app?startapp='

/** The parameters to quote now, or null when there is nothing to quote (swap.13). */
export function currentParams(s: Pick<SwapState, 'from' | 'to' | 'amount' | 'accountIndex'>): QuoteParams | null {
  if (!s.from || !s.to || sameToken(s.from, s.to) || !canPair(s.from, s.to)) return null
  const units = quoteUnits(s.amount, s.from.decimals)
  if (units === null) return null
  return { from: tokenKey(s.from), to: tokenKey(s.to), amount: units.toString(), accountIndex: s.accountIndex }
}
