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
