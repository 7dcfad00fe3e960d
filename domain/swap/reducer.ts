/** How events change the swap slice (its shape and initial state: ./state.ts). */
import type { Token } from '../wallet/codecs'
import { parseLocation, queryParam } from '../app/routes'
import type { Handlers } from '../slice'
import { sanitizeAmount } from '../send/rules'
import { parseWalletIndex } from '../wallet/rules'
import { type QuoteParams, canPair, currentParams, maxAmount, sameParams, sameToken } from './rules'
import type { SwapState } from './state'

/** swap.8: any change of the parameters clears the route, the gas and the route error at once. */
function changed(d: SwapState) {
  d.quote = null
  d.quoteParams = null
  d.quotedAt = null
  d.routeFetching = false
  d.routeError = null
  d.priceChanged = null
  d.executeError = null
  d.executed = false
  d.confirmPending = false
  d.share = { loading: false, link: null, error: null }
}

/**
 * A token for one side. Picking the token the other side holds swaps the sides; a token that does
 * not pair with the other side (swap.35-36) clears that side, so the pair is never a TON/EVM mix.
 */
function setSide(d: SwapState, side: 'from' | 'to', token: Token) {
  const other = side === 'from' ? 'to' : 'from'
  const current = d[other]
  if (current && sameToken(current, token)) d[other] = d[side]
  else if (current && !canPair(current, token)) d[other] = null
  d[side] = { ...token }
  changed(d)
}

const isCurrent = (d: SwapState, params: QuoteParams) => {
  const now = currentParams(d)
  return now !== null && sameParams(now, params)
}

export const swapHandlers: Handlers<SwapState> = {
  'app/launched': (d, e) => {
    const index = parseWalletIndex(queryParam(parseLocation(e.payload.location).search, 'selectedWalletIndex'))
    if (index !== null) d.accountIndex = index
  },
  // After an executed swap, the swap screen starts a new one with the same pair.
  'app/navigated': (d, e) => {
    if (!d.executed || parseLocation(e.payload.to).path !== '/swap') return
    d.amount = ''
    d.max = false
    changed(d)
  },
  'wallet/walletSelected': (d, e) => {
    if (d.accountIndex === e.payload.accountIndex) return
    d.accountIndex = e.payload.accountIndex
    d.amount = ''
    d.max = false
    changed(d)
  },
  'picker/tokenPicked': (d, e) => {
    const { purpose, token } = e.payload
    if (purpose === 'swapFrom') {
      // swap.32: a new from token clears the amount and the max flag.
      setSide(d, 'from', token)
      d.amount = ''
      d.max = false
    } else if (purpose === 'swapTo') setSide(d, 'to', token)
  },
  'swap/presetPicked': (d, e) => setSide(d, 'to', e.payload.token),
  'swap/amountChanged': (d, e) => {
    d.amount = sanitizeAmount(e.payload.value)
    d.max = false
    changed(d)
  },
  'swap/maxToggled': (d, e) => {
    if (!d.from) return
    if (d.max) {
      // swap.31: pressing again clears.
      d.amount = ''
      d.max = false
    } else {
      d.amount = maxAmount(e.payload.balance, d.from, d.quote?.provider ?? null)
      d.max = true
    }
    changed(d)
  },
  'swap/flipped': (d) => {
    const from = d.from
    d.from = d.to
    d.to = from
    // swap.27
    d.amount = ''
    d.max = false
    changed(d)
  },
  'swap/quoteRequested': (d, e) => {
    if (!isCurrent(d, e.payload.params)) return
    d.routeFetching = true
    d.routeError = null
  },
  'swap/quoteReceived': (d, e) => {
    if (!isCurrent(d, e.payload.params)) return
    d.routeFetching = false
    d.quote = e.payload.quote
    d.quoteParams = e.payload.params
    d.quotedAt = e.at
    d.routeError = null
  },
  'swap/quoteFailed': (d, e) => {
    if (!isCurrent(d, e.payload.params)) return
    d.routeFetching = false
    d.routeError = e.payload.error
  },
  'swap/retryRequested': (d) => {
    d.routeError = null
  },
  'swap/confirmTapped': (d) => {
    if (!d.executing && !d.executed) d.confirmPending = true
  },
  'swap/confirmDropped': (d) => {
    d.confirmPending = false
  },
  'swap/executionStarted': (d) => {
    d.confirmPending = false
    d.executing = true
    d.executeError = null
  },
  'swap/quoteRefreshed': (d, e) => {
    if (!isCurrent(d, e.payload.params)) return
    if (e.payload.worse && d.quote) d.priceChanged = { previousMin: d.quote.route.toAmountMin }
    d.quote = e.payload.quote
    d.quoteParams = e.payload.params
    d.quotedAt = e.at
    // Worse figures stop the execution here: the user sees them and confirms again.
    if (e.payload.worse) d.executing = false
    d.confirmPending = false
  },
  'swap/executed': (d) => {
    d.confirmPending = false
    d.executing = false
    d.executed = true
  },
  'swap/executionFailed': (d, e) => {
    d.confirmPending = false
    d.executing = false
    d.executeError = e.payload.error
  },
  'swap/presetRequested': (d) => {
    d.preset = { loading: true, tokens: d.preset.tokens, error: null }
  },
  'swap/presetLoaded': (d, e) => {
    d.preset = { loading: false, tokens: [...e.payload.presets], error: null }
    const { from, to } = e.payload
    if (from) setSide(d, 'from', from)
    if (to) setSide(d, 'to', to)
    if (from || to) {
      d.amount = ''
      d.max = false
    }
  },
  'swap/presetFailed': (d, e) => {
    d.preset = { loading: false, tokens: d.preset.tokens, error: e.payload.error }
  },
  'swap/shareRequested': (d) => {
    d.share = { loading: true, link: null, error: null }
  },
  'swap/shareCreated': (d, e) => {
    d.share = { loading: false, link: e.payload.link, error: null }
  },
  'swap/shareFailed': (d, e) => {
    d.share = { loading: false, link: null, error: e.payload.error }
  },
}
