/** How events change the refill slice (its shape and initial state: ./state.ts). */
import type { Handlers } from '../slice'
import type { RefillState } from './state'

export const refillHandlers: Handlers<RefillState> = {
  'picker/tokenPicked': (d, e) => {
    if (e.payload.purpose === 'refill') d.token = e.payload.token
  },
}
