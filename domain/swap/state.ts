/**
 * The swap (doc 1 §2, §4): the two sides, the amount, the quote and its execution. A quote is kept
 * with the parameters it answers; an answer for parameters that are no longer current is dropped,
 * so a stale quote never shows, whatever order the network answers in.
 */
import type { Token } from '../wallet/codecs'
import type { RequestError } from '../api/errors'
import type { SwapQuote } from './events'
import type { QuoteParams } from './rules'

export interface SwapState {
  from: Token | null
  to: Token | null
  amount: string
  /** swap.28-32: whether the amount was filled by Max. */
  max: boolean
  accountIndex: number
  quote: SwapQuote | null
  /** The parameters `quote` answers, and when it arrived (the event's time). */
  quoteParams: QuoteParams | null
  quotedAt: number | null
  /** swap.10 */
  routeFetching: boolean
  /** swap.16 */
  routeError: RequestError | null
  /** A refreshed quote gave less than the user saw: the minimum they saw, in the to token's units. */
  priceChanged: { previousMin: string } | null
  /** A confirm tap waits out its 500 ms debounce (swap.42): the button shows progress from the tap on. */
  confirmPending: boolean
  executing: boolean
  executed: boolean
  executeError: RequestError | null
  preset: { loading: boolean; tokens: Token[]; error: RequestError | null }
  share: { loading: boolean; link: string | null; error: RequestError | null }
}

export const initialSwapState: SwapState = {
  from: null,
  to: null,
  amount: '',
  max: false,
  accountIndex: 0,
  quote: null,
  quoteParams: null,
  quotedAt: null,
  routeFetching: false,
  routeError: null,
  priceChanged: null,
  confirmPending: false,
  executing: false,
  executed: false,
  executeError: null,
  preset: { loading: false, tokens: [], error: null },
  share: { loading: false, link: null, error: null },
}
