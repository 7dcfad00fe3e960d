import type { RequestError } from '../api/errors'
import type { Token } from '../api/codecs/wallet'
import type { Gas, Route, Transaction } from '../api/codecs/swap'
import type { QuoteParams, TonProvider } from './rules'

/** A quote as the swap screen keeps it: /fetchRoute's answer, or /v2/tc/simulate-swap's with its provider. */
export interface SwapQuote {
  route: Route
  gases: Gas[]
  transactions: Transaction[]
  provider: TonProvider | null
}

export type SwapEvents = {
  /** swap.12: the amount as typed; the reducer keeps digits and one separator. */
  'swap/amountChanged': { value: string }
  /** swap.28-31: `balance` is the from token's balance the screen showed (exact decimal). */
  'swap/maxToggled': { balance: string }
  /** swap.27 */
  'swap/flipped': Record<string, never>
  /** swap.10: the debounce elapsed and a quote request left for these parameters. */
  'swap/quoteRequested': { params: QuoteParams }
  'swap/quoteReceived': { params: QuoteParams; quote: SwapQuote }
  /** swap.16: an error answer or an exception; an abort never gets here (swap.11). */
  'swap/quoteFailed': { params: QuoteParams; error: RequestError }
  /** swap.17: the retry of 'could not find route'. */
  'swap/retryRequested': Record<string, never>
  /** A tap on /confirmSwap's confirm; the epic debounces them (swap.42). */
  'swap/confirmTapped': Record<string, never>
  /** The debounced tap found nothing to execute (no current quote, or one already running or done). */
  'swap/confirmDropped': Record<string, never>
  /** The one execution of a burst of taps, with the key that makes a retry harmless. */
  'swap/executionStarted': { idempotencyKey: string }
  /**
   * The quote was older than 30 s, or the server refused its route as used or expired, and was asked
   * again. `worse`: the new minimum received is below the one the user saw, so nothing executes
   * until they confirm the new figures.
   */
  'swap/quoteRefreshed': { params: QuoteParams; quote: SwapQuote; worse: boolean }
  'swap/executed': { historyId: string }
  /** swap.45: logged, and the screen says the swap did not go through. */
  'swap/executionFailed': { error: RequestError }
  /** swap.46-47: the tokens a start parameter named, resolved by GET /getPresetTokens. */
  'swap/presetRequested': { startParam: string | null }
  'swap/presetLoaded': { from: Token | null; to: Token | null; presets: Token[] }
  'swap/presetFailed': { error: RequestError }
  /** swap.49: a token of the preset list chosen as the token to receive. */
  'swap/presetPicked': { token: Token }
  /** swap.48: share the current pair as a link. */
  'swap/shareRequested': Record<string, never>
  'swap/shareCreated': { startParam: string; link: string }
  'swap/shareFailed': { error: RequestError }
}

export const swapEventTypes: Record<keyof SwapEvents, true> = {
  'swap/amountChanged': true,
  'swap/maxToggled': true,
  'swap/flipped': true,
  'swap/quoteRequested': true,
  'swap/quoteReceived': true,
  'swap/quoteFailed': true,
  'swap/retryRequested': true,
  'swap/confirmTapped': true,
  'swap/confirmDropped': true,
  'swap/executionStarted': true,
  'swap/quoteRefreshed': true,
  'swap/executed': true,
  'swap/executionFailed': true,
  'swap/presetRequested': true,
  'swap/presetLoaded': true,
  'swap/presetFailed': true,
  'swap/presetPicked': true,
  'swap/shareRequested': true,
  'swap/shareCreated': true,
  'swap/shareFailed': true,
}
