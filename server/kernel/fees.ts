import type { CatalogueToken } from './catalogue'

/**
 * The network fee of a transfer, paid in the chain's native coin: the spec's gas hints (doc 1 §9:
 * Ethereum 0.005 ETH, Arbitrum and Optimism 0.0001 ETH, Base and ZKSync 0.00001 ETH) and its send
 * texts for TON (0.006 for TON, 0.05 for a jetton).
 */
export function networkFee(token: CatalogueToken): { amount: string; native: string } {
  if (token.chainId === 'TON') return { amount: token.address === 'native' ? '0.006' : '0.05', native: 'native' }
  const fee: Record<string, string> = { 1: '0.005', 10: '0.0001', 42161: '0.0001', 8453: '0.00001', 324: '0.00001' }
  return { amount: fee[String(token.chainId)], native: '0x0000000000000000000000000000000000000000' }
}
