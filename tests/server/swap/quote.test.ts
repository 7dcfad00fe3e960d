/** The server's quote model: pool depth by token class, fees, bridge, slippage, and the TON providers. */
import { describe, expect, it } from 'vitest'
import {
  BRIDGE_FEE_BPS,
  UNISWAP_FEE_BPS,
  bestTonQuote,
  bridged,
  evmQuote,
  minimumReceived,
  poolSwap,
  tonQuote,
  usdValue,
} from '../../../server/swap/quote'

const ZRO = { symbol: 'ZRO', decimals: 18, priceUsd: 2 }
const USDC = { symbol: 'USDC', decimals: 6, priceUsd: 1 }
const ETH = { symbol: 'ETH', decimals: 18, priceUsd: 3500 }
const TON = { symbol: 'TON', decimals: 9, priceUsd: 3 }
const USDT_TON = { symbol: 'USDT', decimals: 6, priceUsd: 1 }
const PUNK = { symbol: 'PUNK', decimals: 9, priceUsd: 0.05 }
const zro = (n: bigint) => n * 10n ** 18n
/** swap.2-4: normal up to 2 %, warning up to 5 %, danger above. */
const priceImpactStatus = (percent: number) => (percent > 5 ? 'danger' : percent > 2 ? 'warning' : 'normal')

describe('EVM quotes', () => {
  it('50 ZRO to USDC on Arbitrum moves the price above 2 %: a warning', () => {
    const q = evmQuote(zro(50n), ZRO, USDC, false)
    // $100 into a $4,000 pool: 100 * 100 / 4,100 = 2.44 %; 100 * 4,000 / 4,100 * 0.997 = 97.268292... USDC.
    expect(q.priceImpactPercent).toBe(2.44)
    expect(priceImpactStatus(q.priceImpactPercent)).toBe('warning')
    expect(q.toUnits).toBe(97_268_292n)
  })

  it('10 USDC to ETH barely moves the deep pool: normal', () => {
    const q = evmQuote(10_000_000n, USDC, ETH, false)
    expect(q.priceImpactPercent).toBeLessThan(0.01)
    expect(priceImpactStatus(q.priceImpactPercent)).toBe('normal')
    // 10 / 3,500 * 0.997 * 20,000,000 / 20,000,010, floored to wei.
    expect(q.toUnits).toBe(2_848_570_004_286_426n)
  })

  it('500 USDC into ZRO is danger', () => {
    expect(priceImpactStatus(evmQuote(500_000_000n, USDC, ZRO, false).priceImpactPercent)).toBe('danger')
  })

  it('price impact grows with size, and so does the output, at a falling rate', () => {
    const sizes = [1n, 10n, 50n, 200n, 1000n].map(zro)
    const quotes = sizes.map((a) => evmQuote(a, ZRO, USDC, false))
    for (let i = 1; i < quotes.length; i++) {
      expect(quotes[i].priceImpactPercent).toBeGreaterThan(quotes[i - 1].priceImpactPercent)
      expect(quotes[i].toUnits).toBeGreaterThan(quotes[i - 1].toUnits)
      expect(quotes[i].toUnits * sizes[i - 1]).toBeLessThan(quotes[i - 1].toUnits * sizes[i])
    }
  })

  it('[swap.19] the minimum received is 95 % of the output, floored', () => {
    expect(minimumReceived(100n)).toBe(95n)
    expect(minimumReceived(99n)).toBe(94n)
    const q = evmQuote(zro(50n), ZRO, USDC, false)
    expect(q.toMin).toBe((q.toUnits * 95n) / 100n)
  })

  it('the provider fee is 0.3 %: a pool without depth limits keeps 99.7 %', () => {
    expect(UNISWAP_FEE_BPS).toBe(30n)
    expect(poolSwap(1_000_000n, USDC, USDT_TON, { depthUsd: 10n ** 30n, feeBps: 30n }).toUnits).toBe(996_999n)
  })

  it('[swap.6] across chains: a Uniswap swap on the source chain, then a Stargate bridge that keeps 0.1 %', () => {
    const same = evmQuote(10_000_000n, USDC, ETH, false)
    const cross = evmQuote(10_000_000n, USDC, ETH, true)
    expect(BRIDGE_FEE_BPS).toBe(10n)
    expect(cross.steps.map((s) => [s.type, s.tool.key, s.fromToken.symbol, s.toToken.symbol])).toEqual([
      ['swap', 'uniswap', 'USDC', 'ETH'],
      ['cross', 'stargate', 'ETH', 'ETH'],
    ])
    expect(cross.steps[1].fromUnits).toBe(same.toUnits)
    expect(cross.toUnits).toBe(bridged(same.toUnits))
    expect(cross.toUnits).toBe((same.toUnits * 9990n) / 10000n)
  })

  it('a token that only changes chain is bridged, without a swap or price impact', () => {
    const q = evmQuote(10_000_000n, USDC, USDC, true)
    expect(q.steps.map((s) => s.type)).toEqual(['cross'])
    expect(q).toMatchObject({ toUnits: 9_990_000n, priceImpactPercent: 0 })
  })
})

describe('TON quotes', () => {
  it('two providers with different pools: DeDust is cheaper on small swaps, STON.fi deeper on large ones', () => {
    expect(bestTonQuote(10n * 10n ** 9n, TON, USDT_TON).provider).toBe('dedust')
    expect(bestTonQuote(10_000n * 10n ** 9n, TON, USDT_TON).provider).toBe('stonfi')
    const big = 10_000n * 10n ** 9n
    expect(tonQuote('stonfi', big, TON, USDT_TON).toUnits).toBeGreaterThan(
      tonQuote('dedust', big, TON, USDT_TON).toUnits,
    )
  })

  it('the better quote is the one answered, with its own step tool', () => {
    const best = bestTonQuote(1000n * 10n ** 9n, PUNK, TON)
    expect(best.quote.toUnits).toBe(tonQuote(best.provider, 1000n * 10n ** 9n, PUNK, TON).toUnits)
    expect(best.quote.steps[0].tool.key).toBe(best.provider)
  })
})

describe('usdValue', () => {
  it('rounds to cents from exact units', () => {
    expect(usdValue(10n ** 14n, ETH)).toBe(0.35)
    expect(usdValue(5_004_999n, USDC)).toBe(5)
    expect(usdValue(5_005_000n, USDC)).toBe(5.01)
  })
})
