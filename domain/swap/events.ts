import type { RequestError } from '../api/errors'
import type { Token } from '../wallet/codecs'
import type { Gas, Route, Transaction } from './codecs'
import type { QuoteParams, TonProvider } from './rules'
import { type PayloadsOf, payload } from '../slice'

/** A quote as the swap screen keeps it: /fetchRoute's answer, or /v2/tc/simulate-swap's with its provider. */
export interface SwapQuote {
  route: Route
  gases: Gas[]
  transactions: Transaction[]
  provider: TonProvider | null
}

export const swapEvents = {
  /** swap.12: the amount as typed; the reducer keeps digits and one separator. */
  'swap/amountChanged': payload<{ value: string }>(),
  /** swap.28-31: `balance` is the from token's balance the screen showed (exact decimal). */
  'swap/maxToggled': payload<{ balance: string }>(),
  /** swap.27 */
  'swap/flipped': payload(),
  /** swap.10: the debounce elapsed and a quote request left for these parameters. */
  'swap/quoteRequested': payload<{ params: QuoteParams }>(),
  'swap/quoteReceived': payload<{ params: QuoteParams; quote: SwapQuote }>(),
  /** swap.16: an error answer or an exception; an abort never gets here (swap.11). */
  'swap/quoteFailed': payload<{ params: QuoteParams; error: RequestError }>(),
  /** swap.17: the retry of 'could not find route'. */
  'swap/retryRequested': payload(),
  /** A tap on /confirmSwap's confirm; the epic debounces them (swap.42). */
  'swap/confirmTapped': payload(),
  /** The debounced tap found nothing to execute (no current quote, or one already running or done). */
  'swap/confirmDropped': payload(),
  /** The one execution of a burst of taps, with the key that makes a retry harmless. */
  'swap/executionStarted': payload<{ idempotencyKey: string }>(),
  /**
   * The quote was older than 30 s, or the server refused its route as used or expired, and was asked
   * again. `worse`: the new minimum received is below the one the user saw, so nothing executes
   * until they confirm the new figures.
   */
  'swap/quoteRefreshed': payload<{ params: QuoteParams; quote: SwapQuote; worse: boolean }>(),
  'swap/executed': payload<{ historyId: string }>(),
  /** swap.45: logged, and the screen says the swap did not go through. */
  'swap/executionFailed': payload<{ error: RequestError }>(),
  /** swap.46-47: the tokens a start parameter named, resolved by GET /getPresetTokens. */
  'swap/presetRequested': payload<{ startParam: string | null }>(),
  'swap/presetLoaded': payload<{ from: Token | null; to: Token | null; presets: Token[] }>(),
  'swap/presetFailed': payload<{ error: RequestError }>(),
  /** swap.49: a token of the preset list chosen as the token to receive. */
  'swap/presetPicked': payload<{ token: Token }>(),
  /** swap.48: share the current pair as a link. */
  'swap/shareRequested': payload(),
  'swap/shareCreated': payload<{ startParam: string; link: string }>(),
  'swap/shareFailed': payload<{ error: RequestError }>(),
}

export type SwapEvents = PayloadsOf<typeof swapEvents>
