/**
 * The swap quote model of the reference server: a constant-product pool per pair whose depth comes
 * from the tokens' class, a provider fee, and for a cross-chain swap a bridge fee. Pure functions
 * over bigints: prices are scaled to integers once, every amount is exact and floored.
 */

/** Prices are display numbers; the model multiplies them as integers of 1e-8 USD. */
export const PRICE_SCALE = 100_000_000n
const BPS = 10_000n

export interface PricedToken {
  symbol: string
  decimals: number
  priceUsd: number
}

export interface Pool {
  /** USD on each side of the pool: an input of this size loses half its value. */
  depthUsd: bigint
  /** The provider's fee in basis points. */
  feeBps: bigint
}

export interface Tool {
  key: string
  name: string
  logoURI: string
}

const tool = (key: string, name: string): Tool => ({ key, name, logoURI: `/logos/tools/${key}.svg` })
export const TOOLS = {
  uniswap: tool('uniswap', 'Uniswap'),
  stargate: tool('stargate', 'Stargate'),
  stonfi: tool('stonfi', 'STON.fi'),
  dedust: tool('dedust', 'DeDust'),
} as const

/** swap.19: slippage 5 %, the minimum received is 95 % of the quote. */
export const SLIPPAGE_PERCENT = 5n

// ---------------------------------------------------------------- EVM pools

/** Deep pools: stablecoins, ETH and wrapped BTC. */
const EVM_MAJORS = new Set(['USDT', 'USDC', 'DAI', 'ETH', 'WETH', 'WBTC', 'cbBTC'])
export const EVM_MAJOR_DEPTH_USD = 20_000_000n
/**
 * Every other EVM token. Shallow on purpose, so that the starter balances reach all three
 * price-impact statuses (swap.2-4): 10 ZRO ($20) is normal, 50 ZRO ($100) a warning at 2.44 %,
 * 500 USDC into ZRO danger at 11.11 %.
 */
export const EVM_TAIL_DEPTH_USD = 4_000n
export const UNISWAP_FEE_BPS = 30n
export const BRIDGE_FEE_BPS = 10n

const evmDepth = (symbol: string) => (EVM_MAJORS.has(symbol) ? EVM_MAJOR_DEPTH_USD : EVM_TAIL_DEPTH_USD)

export const evmPool = (from: PricedToken, to: PricedToken): Pool => ({
  depthUsd: minBig(evmDepth(from.symbol), evmDepth(to.symbol)),
  feeBps: UNISWAP_FEE_BPS,
})

// ---------------------------------------------------------------- TON pools

export type TonProvider = 'stonfi' | 'dedust'
export const TON_PROVIDERS: readonly TonProvider[] = ['stonfi', 'dedust']
const TON_MAJORS = new Set(['TON', 'USDT', 'tsTON'])
/** Two providers with different pools: STON.fi is deeper on the majors, DeDust cheaper and deeper on the rest. */
const TON_POOLS: Record<TonProvider, { major: bigint; other: bigint; feeBps: bigint }> = {
  stonfi: { major: 2_000_000n, other: 150_000n, feeBps: 30n },
  dedust: { major: 1_000_000n, other: 400_000n, feeBps: 25n },
}
/** swap.23, swap.30: the TON held before a TON swap, by provider; STON.fi is the DEX-type one. */
export const TON_GAS_MIN: Record<TonProvider, string> = { stonfi: '0.22', dedust: '0.3' }
/** swap.25: the gas a TON swap is charged and shown, the low end of its range. */
export const TON_GAS = '0.08'

export function tonPool(provider: TonProvider, from: PricedToken, to: PricedToken): Pool {
  const p = TON_POOLS[provider]
  const depth = (t: PricedToken) => (TON_MAJORS.has(t.symbol) ? p.major : p.other)
  return { depthUsd: minBig(depth(from), depth(to)), feeBps: p.feeBps }
}

// ---------------------------------------------------------------- the arithmetic

export function scaledPrice(priceUsd: number): bigint {
  if (!Number.isFinite(priceUsd) || priceUsd <= 0) throw new Error(`no price: ${priceUsd}`)
  return BigInt(Math.round(priceUsd * Number(PRICE_SCALE)))
}

export interface PoolSwap {
  /** The output in the to token's smallest units, floored. */
  toUnits: bigint
  /** 100 * usdIn / (usdIn + depth), rounded to 2 decimals. */
  priceImpactPercent: number
}

/**
 * One swap through a pool: the input worth usdIn keeps usdIn * depth / (usdIn + depth) of its value
 * (the price impact), less the fee, and is paid out at the to token's price.
 */
export function poolSwap(amount: bigint, from: PricedToken, to: PricedToken, pool: Pool): PoolSwap {
  // usdIn = amount * pFrom / (10^dFrom * SCALE); every term below is multiplied through by that denominator.
  const inScaled = amount * scaledPrice(from.priceUsd)
  const depthScaled = pool.depthUsd * 10n ** BigInt(from.decimals) * PRICE_SCALE
  const den = (inScaled + depthScaled) * BPS * scaledPrice(to.priceUsd)
  const num = inScaled * pool.depthUsd * (BPS - pool.feeBps) * 10n ** BigInt(to.decimals) * PRICE_SCALE
  return { toUnits: num / den, priceImpactPercent: roundedPercent(inScaled, inScaled + depthScaled) }
}

/** The bridge keeps its fee: the same token on the other chain, floored. */
export const bridged = (units: bigint, feeBps = BRIDGE_FEE_BPS) => (units * (BPS - feeBps)) / BPS

/** swap.19 */
export const minimumReceived = (toUnits: bigint) => (toUnits * (100n - SLIPPAGE_PERCENT)) / 100n

/** USD cents of an amount, rounded half up: sums of several amounts are exact in cents. */
export function usdCents(units: bigint, token: PricedToken): bigint {
  return (
    (units * scaledPrice(token.priceUsd) * 100n * 2n + 10n ** BigInt(token.decimals) * PRICE_SCALE) /
    (2n * 10n ** BigInt(token.decimals) * PRICE_SCALE)
  )
}

/** USD of an amount, rounded to cents; display only. */
export const usdValue = (units: bigint, token: PricedToken): number => Number(usdCents(units, token)) / 100

function roundedPercent(part: bigint, whole: bigint): number {
  if (whole === 0n) return 0
  const hundredths = (part * 10_000n * 2n + whole) / (2n * whole)
  return Number(hundredths) / 100
}

const minBig = (a: bigint, b: bigint) => (a < b ? a : b)

// ---------------------------------------------------------------- whole quotes

export interface QuoteStep {
  type: 'swap' | 'cross'
  tool: Tool
  fromUnits: bigint
  fromToken: PricedToken
  toUnits: bigint
  toToken: PricedToken
}

export interface SwapQuote {
  toUnits: bigint
  toMin: bigint
  priceImpactPercent: number
  steps: QuoteStep[]
}

/**
 * An EVM quote. Within one chain: one Uniswap swap. Across chains: a swap into the to token's
 * symbol on the source chain, then a Stargate bridge; a token that only changes chain is bridged
 * without a swap.
 */
export function evmQuote(amount: bigint, from: PricedToken, to: PricedToken, crossChain: boolean): SwapQuote {
  if (crossChain && from.symbol === to.symbol) {
    const out = bridged(amount)
    return {
      toUnits: out,
      toMin: minimumReceived(out),
      priceImpactPercent: 0,
      steps: [{ type: 'cross', tool: TOOLS.stargate, fromUnits: amount, fromToken: from, toUnits: out, toToken: to }],
    }
  }
  const swap = poolSwap(amount, from, to, evmPool(from, to))
  const steps: QuoteStep[] = [
    { type: 'swap', tool: TOOLS.uniswap, fromUnits: amount, fromToken: from, toUnits: swap.toUnits, toToken: to },
  ]
  let out = swap.toUnits
  if (crossChain) {
    out = bridged(swap.toUnits)
    steps.push({
      type: 'cross',
      tool: TOOLS.stargate,
      fromUnits: swap.toUnits,
      fromToken: to,
      toUnits: out,
      toToken: to,
    })
  }
  return { toUnits: out, toMin: minimumReceived(out), priceImpactPercent: swap.priceImpactPercent, steps }
}

export function tonQuote(provider: TonProvider, amount: bigint, from: PricedToken, to: PricedToken): SwapQuote {
  const swap = poolSwap(amount, from, to, tonPool(provider, from, to))
  return {
    toUnits: swap.toUnits,
    toMin: minimumReceived(swap.toUnits),
    priceImpactPercent: swap.priceImpactPercent,
    steps: [
      { type: 'swap', tool: TOOLS[provider], fromUnits: amount, fromToken: from, toUnits: swap.toUnits, toToken: to },
    ],
  }
}

/** Both TON providers quoted; the larger output wins, STON.fi on a tie. */
export function bestTonQuote(
  amount: bigint,
  from: PricedToken,
  to: PricedToken,
): { provider: TonProvider; quote: SwapQuote } {
  let best: { provider: TonProvider; quote: SwapQuote } | null = null
  for (const provider of TON_PROVIDERS) {
    const quote = tonQuote(provider, amount, from, to)
    if (best === null || quote.toUnits > best.quote.toUnits) best = { provider, quote }
  }
  return best as { provider: TonProvider; quote: SwapQuote }
}
