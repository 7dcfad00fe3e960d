/** How events change the picker slice (its shape and initial state: ./state.ts). */
import type { ChainId } from '../app/chains'
import type { Handlers } from '../slice'
import type { PickerState } from './state'

/** A new search: the list empties and its first page loads. */
function restart(d: PickerState) {
  d.tokens = []
  d.total = null
  d.loadingOffset = 0
  d.error = null
  d.elsewhere = null
}

const current = (d: PickerState, p: { query: string; chainId: ChainId | null }) =>
  p.query === d.query && p.chainId === d.chainId

export const pickerHandlers: Handlers<PickerState> = {
  'picker/opened': (d, e) => {
    d.purpose = e.payload.purpose
    d.query = ''
    d.chainId = e.payload.chainId ?? null
    restart(d)
  },
  'picker/queryChanged': (d, e) => {
    d.query = e.payload.query
    restart(d)
  },
  'picker/networkChanged': (d, e) => {
    d.chainId = e.payload.chainId
    restart(d)
  },
  'picker/pageRequested': (d, e) => {
    d.loadingOffset = e.payload.offset
    d.error = null
  },
  'picker/pageReceived': (d, e) => {
    const p = e.payload
    // An answer for a search that is no longer current never shows.
    if (!current(d, p)) return
    // Copies: a later page appends to this list, and an event's payload is never written to.
    if (p.offset === 0) d.tokens = [...p.tokens]
    else if (p.offset === d.tokens.length) d.tokens.push(...p.tokens)
    else return
    d.total = p.total
    if (d.loadingOffset === p.offset) d.loadingOffset = null
  },
  'picker/elsewhereReceived': (d, e) => {
    if (!current(d, e.payload) || d.tokens.length > 0) return
    d.elsewhere = e.payload.tokens.filter((t) => t.chainId !== e.payload.chainId)
  },
  'picker/pageFailed': (d, e) => {
    if (!current(d, e.payload)) return
    if (d.loadingOffset === e.payload.offset) d.loadingOffset = null
    d.error = e.payload.error
  },
}
