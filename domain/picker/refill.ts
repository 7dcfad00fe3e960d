/** The deposit (refill) flow's choice: which token, on which network, to show the address for. */
import type { Token } from '../api/codecs/wallet'
import type { Handlers } from '../slice'

export interface RefillState {
  token: Token | null
}
export const initialRefillState: RefillState = { token: null }

export const refillHandlers: Handlers<RefillState> = {
  'picker/tokenPicked': (d, e) => {
    if (e.payload.purpose === 'refill') d.token = e.payload.token
  },
}

/** refill: the TON unbounceable address when the chain is TON, otherwise the EVM address. */
export const refillAddress = (token: Token, wallet: { address: string; tonUnbouncableAddress: string }) =>
  token.chainId === 'TON' ? wallet.tonUnbouncableAddress : wallet.address
