/** Deposit (refill) rules (doc 1 §2, rules refill.*). */
import type { Token } from '../wallet/codecs'

/** refill.5-6: the TON unbounceable address when the chain is TON, otherwise the EVM address. */
export const refillAddress = (
  token: Pick<Token, 'chainId'>,
  wallet: { address: string; tonUnbouncableAddress: string },
) => (token.chainId === 'TON' ? wallet.tonUnbouncableAddress : wallet.address)
