/**
 * Swap effects (doc 1 §4, §7, §9).
 *
 * Quotes: every change of the parameters restarts one switchMap, so a newer change cancels both
 * the pending 1 s debounce and the request in flight (the HTTP client aborts it, and an
 * unsubscribed request emits nothing: an abort is never an error, swap.11). Each answer carries the
 * parameters it was asked for, and the reducer drops it unless they are still current, so a stale
 * quote cannot show even if a cancellation came too late.
 *
 * Execution: taps are debounced 500 ms, then exhausted: one burst of taps, one execution. A quote
 * older than 30 s is asked again first; if the new minimum received is lower than the one shown,
 * the new figures show and nothing executes until the user confirms again. A route the server
 * refuses as used or expired (409, 410) is re-quoted the same way, once. The execution carries an
 * idempotency key, so a failover's retry of the same request cannot execute twice.
 */
import {
  EMPTY,
  type Observable,
  catchError,
  concat,
  debounceTime,
  defer,
  exhaustMap,
  filter,
  map,
  merge,
  mergeMap,
  of,
  switchMap,
  tap,
  timer,
} from 'rxjs'
import type { IntegerString } from '../../domain/api/codecs'
import { type RequestError, toRequestError } from '../../domain/api/errors'
import type { AppEvent, EventOf } from '../../domain/events'
import { type EventInput, ev } from '../../domain/events'
import type { SwapQuote } from '../../domain/swap/events'
import {
  EXECUTE_DEBOUNCE_MS,
  QUOTE_DEBOUNCE_MS,
  QUOTE_MAX_AGE_MS,
  type QuoteParams,
  SHARE_LINK_BASE,
  currentParams,
  isTonChain,
} from '../../domain/swap/rules'
import type { SwapState } from '../../domain/swap/state'
import type { Deps } from '../deps'
import { writeKeys } from '../idempotency'
import type { Epic, NamedEpic, StateObservable } from '../store'
import { ofType } from '../ofType'

/** The launch link's half (a first-screen epic), here too for its tests. */
export { presetLaunchEpic } from './launch'

/** The events that change what is to be quoted (swap.8). */
function changesParams(e: AppEvent): boolean {
  switch (e.type) {
    case 'picker/tokenPicked':
      return e.payload.purpose === 'swapFrom' || e.payload.purpose === 'swapTo'
    case 'swap/amountChanged':
    case 'swap/maxToggled':
    case 'swap/flipped':
    case 'swap/presetLoaded':
    case 'swap/presetPicked':
    case 'wallet/walletSelected':
    case 'app/journeyRestored':
      return true
    default:
      return false
  }
}

/** One quote: /v2/tc/simulate-swap for a TON pair (swap.33), /fetchRoute otherwise (swap.14). */
export function requestQuote(s: SwapState, params: QuoteParams, { api }: Pick<Deps, 'api'>): Observable<SwapQuote> {
  const from = s.from!
  const to = s.to!
  if (isTonChain(to))
    return api
      .call('simulateTonSwap', {
        offer_jetton: from.address,
        offer_amount: params.amount as IntegerString,
        ask_jetton: to.address,
        walletindex: params.accountIndex,
      })
      .pipe(map((r) => ({ route: r.route, gases: r.gases ?? [], transactions: r.transactions, provider: r.provider })))
  return api
    .call('fetchRoute', {
      amount: params.amount as IntegerString,
      from: from.address,
      to: to.address,
      fromChainId: from.chainId,
      toChainId: to.chainId,
      accountIndex: params.accountIndex,
    })
    .pipe(map((r) => ({ ...r, provider: null })))
}

export const quoteEpic =
  (debounce = QUOTE_DEBOUNCE_MS): Epic =>
  (events$, state$, deps) =>
    events$.pipe(
      filter((e) => changesParams(e) || e.type === 'swap/retryRequested'),
      // A retry asks at once; a change waits for the user to stop typing.
      switchMap((e) =>
        (e.type === 'swap/retryRequested' ? of(0) : timer(debounce, deps.scheduler)).pipe(
          switchMap(() => {
            const s = state$.value.swap
            const params = currentParams(s)
            if (params === null) return EMPTY
            return concat(
              of(ev('swap/quoteRequested', { params })),
              requestQuote(s, params, deps).pipe(
                map((quote) => ev('swap/quoteReceived', { params, quote })),
                catchError((error: unknown) => {
                  console.warn('route fetch failed', error)
                  return of(ev('swap/quoteFailed', { params, error: toRequestError(error) }))
                }),
              ),
            )
          }),
        ),
      ),
    )

/** The route ids and minimums the server refuses or the user must see again. */
const mustRequote = (e: RequestError) => e.kind === 'rejected' && (e.status === 409 || e.status === 410)
const isWorse = (next: SwapQuote, shown: SwapQuote) => BigInt(next.route.toAmountMin) < BigInt(shown.route.toAmountMin)

function execute(s: SwapState, quote: SwapQuote, key: string, deps: Deps): Observable<{ historyId: string }> {
  const { route } = quote
  if (quote.provider !== null)
    return deps.api.call('tonSwap', {
      offer_jetton: s.from!.address,
      offer_amount: route.fromAmount,
      ask_jetton: s.to!.address,
      min_ask_amount: route.toAmountMin,
      provider: quote.provider,
      walletindex: s.accountIndex,
      idempotencyKey: key,
    })
  return deps.api.call('swap', { routeId: route.id, accountIndex: s.accountIndex, idempotencyKey: key })
}

export const executeEpic =
  (debounce = EXECUTE_DEBOUNCE_MS): Epic =>
  (events$, state$, deps) => {
    // The same swap confirmed again after a failure with no answer goes with the same key.
    const keys = writeKeys(deps)
    return events$.pipe(
      ofType('swap/confirmTapped'),
      debounceTime(debounce, deps.scheduler),
      exhaustMap(() => {
        const start = state$.value.swap
        const params = currentParams(start)
        if (start.quote === null || params === null || start.executing || start.executed)
          return of(ev('swap/confirmDropped', {}))
        const key = keys.keyFor(params)

        /** Asks for a quote again; emits it, and whether to go on (not worse than what was shown). */
        const requote = (shown: SwapQuote) =>
          requestQuote(state$.value.swap, params, deps).pipe(
            mergeMap((quote) => {
              const worse = isWorse(quote, shown)
              const refreshed = of(ev('swap/quoteRefreshed', { params, quote, worse }))
              return worse ? refreshed : concat(refreshed, run(quote, false))
            }),
          )

        const run = (quote: SwapQuote, mayRequote: boolean): Observable<EventInput> =>
          defer(() => {
            deps.telegram.hapticImpact('medium') // swap.43
            return execute(state$.value.swap, quote, key, deps)
          }).pipe(
            mergeMap((r) => {
              keys.settled()
              deps.telegram.close() // swap.44
              return of(ev('swap/executed', { historyId: r.historyId }))
            }),
            catchError((e: unknown) => {
              const error = toRequestError(e)
              keys.failed(error)
              if (mayRequote && mustRequote(error)) return requote(quote)
              console.warn('swap failed', error) // swap.45
              return of(ev('swap/executionFailed', { error }))
            }),
          )

        const stale = start.quotedAt === null || deps.clock.now() - start.quotedAt > QUOTE_MAX_AGE_MS
        return concat(
          of(ev('swap/executionStarted', { idempotencyKey: key })),
          (stale ? requote(start.quote) : run(start.quote, true)).pipe(
            catchError((e: unknown) => of(ev('swap/executionFailed', { error: toRequestError(e) }))),
          ),
        )
      }),
    )
  }

/**
 * A preset asked for before the swap's chunk came (by a launch link, ./launch.ts, or a banner): the
 * swap's slice, re-folded, shows it loading, and the request it was asked with is the log's last.
 */
function pendingPreset(
  state$: StateObservable,
  recorder: Deps['recorder'],
): Observable<EventOf<'swap/presetRequested'>> {
  return defer(() => {
    if (!state$.value.swap.preset.loading) return EMPTY
    const events = recorder.events()
    for (let i = events.length - 1; i >= 0; i--) {
      const e = events[i]
      if (e.type === 'swap/presetRequested') return of(e)
    }
    return EMPTY
  })
}

export const presetEpic: Epic = (events$, state$, { api, recorder }) =>
  merge(pendingPreset(state$, recorder), events$.pipe(ofType('swap/presetRequested'))).pipe(
    switchMap((e) =>
      api.call('presetTokens', e.payload.startParam === null ? {} : { startParam: e.payload.startParam }).pipe(
        map((r) => ev('swap/presetLoaded', { from: r.from, to: r.to, presets: r.presets ?? [] })),
        catchError((error: unknown) => {
          console.warn('preset tokens failed', error)
          return of(ev('swap/presetFailed', { error: toRequestError(error) }))
        }),
      ),
    ),
  )

/** swap.48: the pair as a link to share; the link opens the swap with these tokens. */
export const shareEpic: Epic = (events$, state$, { api, telegram }) =>
  events$.pipe(
    ofType('swap/shareRequested'),
    exhaustMap(() => {
      const { from, to } = state$.value.swap
      if (!from || !to) return EMPTY
      return api
        .call('createPresetSwap', {
          from: { address: from.address, chainId: from.chainId },
          to: { address: to.address, chainId: to.chainId },
        })
        .pipe(
          map((r) => ev('swap/shareCreated', { startParam: r.startParam, link: SHARE_LINK_BASE + r.startParam })),
          tap(
            (e) =>
              e.type === 'swap/shareCreated' && telegram.shareLink(e.payload.link, `${from.symbol} → ${to.symbol}`),
          ),
          catchError((error: unknown) => of(ev('swap/shareFailed', { error: toRequestError(error) }))),
        )
    }),
  )

export const swapEpics: NamedEpic[] = [
  { name: 'swap/quote', epic: quoteEpic() },
  { name: 'swap/execute', epic: executeEpic() },
  { name: 'swap/preset', epic: presetEpic },
  { name: 'swap/share', epic: shareEpic },
]
