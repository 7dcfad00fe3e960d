/** The deposit (refill) flow's choice: which token, on which network, to show the address for. */
import type { Token } from '../wallet/codecs'

export interface RefillState {
  token: Token | null
}
export const initialRefillState: RefillState = { token: null }
