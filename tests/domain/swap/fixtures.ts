/** Tokens and quotes for swap tests, shaped as the server answers them. */
import type { Token } from '../../../domain/wallet/codecs'
import type { SwapQuote } from '../../../domain/swap/events'

const token = (chainId: Token['chainId'], address: string, symbol: string, decimals: number): Token => ({
  chainId,
  address,
  symbol,
  decimals,
  name: symbol,
  logoURI: `/logos/${symbol}.svg`,
})

export const ETH_ARB = token(42161, '0x0000000000000000000000000000000000000000', 'ETH', 18)
export const USDC_ARB = token(42161, '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', 'USDC', 6)
export const ZRO_ARB = token(42161, '0x6985884C4392D348587B19cb9eAAf157F13271cd', 'ZRO', 18)
export const ETH_MAIN = token(1, '0x0000000000000000000000000000000000000000', 'ETH', 18)
export const USDC_BASE = token(8453, '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', 'USDC', 6)
export const TON = token('TON', 'native', 'TON', 9)
export const USDT_TON = token('TON', 'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs', 'USDT', 6)

export function quoteFor(
  from: Token,
  to: Token,
  fromAmount: string,
  toAmount: bigint,
  over: { id?: string; impact?: number; provider?: SwapQuote['provider'] } = {},
): SwapQuote {
  const tool = over.provider
    ? { key: over.provider, name: over.provider, logoURI: '' }
    : { key: 'uniswap', name: 'Uniswap', logoURI: '/logos/tools/uniswap.svg' }
  return {
    route: {
      id: over.id ?? 'route-1',
      fromToken: from,
      toToken: to,
      fromAmount: fromAmount as never,
      toAmount: toAmount.toString() as never,
      toAmountMin: ((toAmount * 95n) / 100n).toString() as never,
      fromAmountUSD: 10,
      toAmountUSD: 9.97,
      gasCostUSD: 0.3,
      priceImpactPercent: over.impact ?? 0.1,
      fromChainId: from.chainId,
      toChainId: to.chainId,
      steps: [
        {
          type: 'swap',
          tool,
          fromAmount: '1' as never,
          toAmount: '1' as never,
          fromSymbol: from.symbol,
          toSymbol: to.symbol,
        },
      ],
    },
    gases:
      from.chainId === 'TON'
        ? []
        : [
            {
              address: ETH_ARB.address,
              chainId: from.chainId,
              symbol: 'ETH',
              amount: '100000000000000' as never,
              printAmount: '0.0001' as never,
            },
          ],
    transactions: [{ viaTool: tool }],
    provider: over.provider ?? null,
  }
}
