/**
 * A swap survives a reload (domain/app/journey.ts) with both tokens, the amount and Max, on the
 * wallet it ran on; its pickers are its screens. The quote is never kept: the swap screen asks a
 * new one (streams/swap/epics.ts). A reload on the confirm screen comes back to the swap screen; an
 * execution tapped or under way brings nothing, and a finished one ends the journey.
 */
import type { Token } from '../wallet/codecs'
import type { Journey } from '../slice'
import type { SwapState } from './state'

export interface SwapDraft {
  from: Token | null
  to: Token | null
  amount: string
  max: boolean
}

/** A confirm tapped (its debounce running) or an execution under way. */
export const swapInFlight = (s: SwapState) => s.confirmPending || s.executing

export const swapJourney: Journey<SwapState, SwapDraft> = {
  screens: ['/swap', '/confirmSwap', '/selectNetwork', '/presetSwapTokens'],
  reviews: ['/confirmSwap'],
  ended: (s, path) => path === '/confirmSwap' && s.executed,
  writeInFlight: swapInFlight,
  pick: (s) => ({ from: s.from, to: s.to, amount: s.amount, max: s.max }),
  restore: (d, draft, route) => {
    d.accountIndex = route.accountIndex
    if (draft === undefined) return
    d.from = draft.from === null ? null : { ...draft.from }
    d.to = draft.to === null ? null : { ...draft.to }
    d.amount = draft.amount
    d.max = draft.max
  },
}
