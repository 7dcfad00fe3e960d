/** The chains the wallet knows (app.3) and the ones a start_param may name (app.18). */

/** app.3: chain ids and their labels. EVM chains are numbers, TON is the string 'TON'. */
export type ChainId = 'TON' | 1 | 10 | 42161 | 8453 | 324
export const CHAIN_LABELS: Record<string, string> = {
  1: 'ETH',
  10: 'OP',
  42161: 'ARB',
  TON: 'TON',
  8453: 'Base',
  324: 'ZKSync',
}

/** app.18: the only chainId values a start_param may carry. */
export const START_PARAM_CHAINS = ['TON', '1', '10', '42161', '8453', '324'] as const

/** app.18 */
export function parseChainId(value: string): ChainId | null {
  if (!(START_PARAM_CHAINS as readonly string[]).includes(value)) return null
  return value === 'TON' ? 'TON' : (Number(value) as ChainId)
}
