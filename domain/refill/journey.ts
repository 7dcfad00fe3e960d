/** A deposit by token (refill.*) survives a reload with the token chosen (domain/app/journey.ts). */
import type { Token } from '../wallet/codecs'
import type { Journey } from '../slice'
import type { RefillState } from './state'

export interface RefillDraft {
  token: Token | null
}

export const refillJourney: Journey<RefillState, RefillDraft> = {
  screens: ['/refill'],
  pick: (s) => ({ token: s.token }),
  restore: (d, draft) => {
    if (draft !== undefined) d.token = draft.token === null ? null : { ...draft.token }
  },
}
