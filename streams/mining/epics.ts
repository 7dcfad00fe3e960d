/**
 * Mining effects (doc 2 §2, §7): the record on demand and polled while a mining screen is
 * open, the one claim per tap burst, the finish screen's results, and the autoclaim's payment in
 * its three ways, each followed until the server has granted the order.
 */
import {
  EMPTY,
  type Observable,
  catchError,
  concat,
  defer,
  exhaustMap,
  filter,
  ignoreElements,
  map,
  merge,
  mergeMap,
  of,
  switchMap,
  takeUntil,
  takeWhile,
  tap,
  timer,
} from 'rxjs'
import type * as t from 'io-ts'
import type { InternalAutoclaimAnswer } from '../../domain/mining/codecs'
import { toRequestError } from '../../domain/api/errors'
import { type EventInput, ev } from '../../domain/events'
import type { AutoclaimWay } from '../../domain/mining/events'
import { MINING_POLL_MS, ORDER_POLL_MS, invoiceStatus } from '../../domain/mining/rules'
import { canClaim } from '../../domain/mining/state'
import type { Deps } from '../deps'
import { idempotencyKey } from '../idempotency'
import { ofType } from '../ofType'
import { orderStatus } from '../payments/orders'
import type { Epic, NamedEpic } from '../store'
import { loadMiningUser } from './record'

/**
 * mining.6: entering a mining screen loads the record at once and every 30 s after, until the
 * screen is left; a poll does not start while the previous one is still out.
 */
export const pollEpic =
  (pollMs = MINING_POLL_MS): Epic =>
  (events$, state$, deps) => {
    const left$ = events$.pipe(ofType('mining/left'))
    return events$.pipe(
      ofType('mining/entered', 'mining/refreshRequested'),
      switchMap(() =>
        timer(0, pollMs, deps.scheduler).pipe(
          exhaustMap(() => loadMiningUser(deps, state$.value)),
          takeUntil(left$),
        ),
      ),
    )
  }

/**
 * A tap this soon after a claim's answer is the same burst of taps, not a new claim: the answer
 * opens a new window, so without it the burst's late taps would each claim that window's first
 * milliseconds.
 */
export const CLAIM_BURST_MS = 1_000

/**
 * The claim is a write: the first tap of a burst goes, with a key drawn here (a retry after a
 * failover repeats it, so the server credits once) and the window the user saw (another device's
 * claim since makes it stale); taps until its answer, and for CLAIM_BURST_MS after it, are ignored.
 */
export const claimEpic: Epic = (events$, state$, deps) =>
  events$.pipe(
    ofType('mining/claimTapped'),
    exhaustMap(() => {
      const s = state$.value.mining
      if (!canClaim(s) || s.record?.windowStart === undefined) return EMPTY
      const request = { idempotencyKey: idempotencyKey(deps), windowStart: s.record.windowStart }
      return concat(
        of(ev('mining/claimRequested', request)),
        deps.api.call('claimMining', request).pipe(
          mergeMap((answer) =>
            concat(of(ev('mining/claimed', { answer })), timer(CLAIM_BURST_MS, deps.scheduler).pipe(ignoreElements())),
          ),
          catchError((e: unknown) => {
            console.warn('claim failed', e)
            return of(ev('mining/claimFailed', { error: toRequestError(e) }))
          }),
        ),
      )
    }),
  )

/** A claim that credited something is felt: Telegram's success haptic. */
export const claimHapticEpic: Epic = (events$, _state$, { telegram }) =>
  events$.pipe(
    ofType('mining/claimed'),
    filter((e) => e.payload.answer.outcome === 'claimed'),
    tap(() => telegram.hapticSuccess()),
    ignoreElements(),
  )

/** mining.12-16: the finish screen's results. */
export const resultsEpic: Epic = (events$, _state$, { api }) =>
  events$.pipe(
    ofType('mining/finishEntered'),
    switchMap(() =>
      api.call('miningResults', {}).pipe(
        map((results) => ev('mining/resultsReceived', { results })),
        catchError((e: unknown) => of(ev('mining/resultsFailed', { error: toRequestError(e) }))),
      ),
    ),
  )

/** tasks.51: the autoclaim's prices and state, for its card and its modal; again once one is granted. */
export const autoclaimOfferEpic: Epic = (events$, _state$, { api }) =>
  merge(
    events$.pipe(ofType('mining/entered', 'mining/autoclaimOpened')),
    events$.pipe(
      ofType('mining/autoclaimOrderChecked'),
      filter((e) => e.payload.order.status === 'granted'),
    ),
  ).pipe(
    switchMap(() =>
      api.call('autoclaimOffer', {}).pipe(
        map((offer) => ev('mining/autoclaimOfferReceived', { offer })),
        catchError((e: unknown) => {
          console.warn('autoclaim offer failed', e)
          return of(ev('mining/autoclaimOfferFailed', { error: toRequestError(e) }))
        }),
      ),
    ),
  )

/** tasks.48: POST (no body) gives the invoice link; Telegram's openInvoice ends with a status. */
function payByStars(deps: Deps): Observable<EventInput> {
  return deps.api
    .call('autoclaimStars', {})
    .pipe(
      mergeMap(({ orderId, data }) =>
        concat(
          of(ev('mining/autoclaimOrdered', { way: 'stars', orderId })),
          deps.telegram
            .openInvoice(data.link)
            .pipe(map((status) => ev('mining/autoclaimInvoiceClosed', { orderId, status: invoiceStatus(status) }))),
        ),
      ),
    )
}

/** An internal payment's order and the key of its transfer, kept while the transfer's outcome is unknown. */
interface UnsettledOrder {
  orderId: string
  data: t.TypeOf<typeof InternalAutoclaimAnswer>['data']
  key: string
}

/**
 * tasks.44: the order names what to transfer; the transfer call runs dry first (a refusal names its
 * field: tasks.45-46), then for real with a key drawn once the dry run passed, from the selected
 * wallet, with the order in the comment. A transfer that got no answer may have been made: the next
 * payment pays that same order with that same key, so the server transfers once.
 */
function payInternally(
  deps: Deps,
  accountIndex: number,
  kept: { unsettled: UnsettledOrder | null },
): Observable<EventInput> {
  const order =
    kept.unsettled !== null
      ? of(kept.unsettled)
      : deps.api
          .call('autoclaimInternal', {})
          .pipe(map(({ orderId, data }) => ({ orderId, data, key: idempotencyKey(deps) })))
  return order.pipe(
    mergeMap((o) => {
      const { orderId, data, key } = o
      const transfer = {
        to: data.to,
        amount: data.amount,
        tokenAddress: data.tokenAddress,
        chainId: data.chainId,
        accountIndex,
        comment: data.comment,
      }
      return concat(
        of(ev('mining/autoclaimOrdered', { way: 'internal', orderId })),
        deps.api.call('transfer', { ...transfer, dry: true }).pipe(
          mergeMap(() =>
            concat(
              of(ev('mining/autoclaimTransferChecked', { orderId, idempotencyKey: key })),
              defer(() => {
                kept.unsettled = o
                return deps.api.call('transfer', { ...transfer, dry: false, idempotencyKey: key })
              }).pipe(
                tap({
                  next: () => {
                    kept.unsettled = null
                  },
                  error: (e: unknown) => {
                    if (toRequestError(e).kind === 'rejected') kept.unsettled = null
                  },
                }),
                map(() => ev('mining/autoclaimTransferred', { orderId })),
              ),
            ),
          ),
        ),
      )
    }),
  )
}

/**
 * tasks.49: a wallet of the user's own over TonConnect (loaded on first use): connected first, so
 * the order's transaction is fresh when the wallet is asked; then the order, then the wallet sends
 * the transaction it names. A refusal in the wallet (or its list closed) pays nothing.
 */
function payExternally(deps: Deps): Observable<EventInput> {
  const declined = () => of(ev('mining/autoclaimWalletDeclined', {}))
  const failed = (reason: string) => {
    console.warn('TonConnect could not pay', reason)
    return of(ev('mining/autoclaimWalletFailed', { reason }))
  }
  return deps.tonConnect
    .connect()
    .pipe(
      mergeMap((c) =>
        c.outcome === 'rejected'
          ? declined()
          : c.outcome === 'failed'
            ? failed(c.reason)
            : deps.api
                .call('autoclaimExternal', {})
                .pipe(
                  mergeMap(({ orderId, data }) =>
                    concat(
                      of(ev('mining/autoclaimOrdered', { way: 'external', orderId })),
                      deps.tonConnect
                        .send(data.transaction)
                        .pipe(
                          mergeMap((s) =>
                            s.outcome === 'sent'
                              ? of(ev('mining/autoclaimTransactionSent', { orderId }))
                              : s.outcome === 'rejected'
                                ? declined()
                                : failed(s.reason),
                          ),
                        ),
                    ),
                  ),
                ),
      ),
    )
}

/**
 * tasks.43, tasks.49: one payment at a time, whatever the taps (a write: exhaustMap); any failure of
 * a step ends it with its error (tasks.45-47).
 */
export const autoclaimPayEpic: Epic = (events$, state$, deps) => {
  const kept: { unsettled: UnsettledOrder | null } = { unsettled: null }
  return events$.pipe(
    ofType('mining/autoclaimPayRequested'),
    exhaustMap(({ payload: { way } }) => {
      const payment = state$.value.mining.autoclaim.payment
      if (payment.step !== 'ordering' || payment.way !== way) return EMPTY
      const pay =
        way === 'stars'
          ? payByStars(deps)
          : way === 'internal'
            ? payInternally(deps, state$.value.wallet.selectedIndex, kept)
            : payExternally(deps)
      return pay.pipe(
        catchError((e: unknown) => {
          console.warn(`autoclaim by ${way} failed`, e)
          return of(ev('mining/autoclaimFailed', { way, error: toRequestError(e) }))
        }),
      )
    }),
  )
}

const paidWays: readonly AutoclaimWay[] = ['stars', 'internal', 'external']

/**
 * After a payment (an invoice paid or pending, a transfer made, a transaction approved), the order
 * is asked after every few seconds until the server has settled it: approval or a paid invoice is
 * not yet a grant. Closing the modal stops the asking.
 */
export const orderPollEpic =
  (pollMs = ORDER_POLL_MS): Epic =>
  (events$, state$, { api, scheduler }) =>
    events$.pipe(
      ofType('mining/autoclaimInvoiceClosed', 'mining/autoclaimTransferred', 'mining/autoclaimTransactionSent'),
      filter(() => {
        const p = state$.value.mining.autoclaim.payment
        return p.step === 'waiting' && paidWays.includes(p.way)
      }),
      switchMap(({ payload: { orderId } }) =>
        timer(0, pollMs, scheduler).pipe(
          exhaustMap(() => orderStatus(api, orderId)),
          takeWhile((order) => order.status === 'open', true),
          map((order) => ev('mining/autoclaimOrderChecked', { order })),
          takeUntil(events$.pipe(ofType('mining/autoclaimClosed'))),
        ),
      ),
    )

/** A granted autoclaim shows on the record: read it again. */
export const grantedRecordEpic: Epic = (events$, state$, deps) =>
  events$.pipe(
    ofType('mining/autoclaimOrderChecked'),
    filter((e) => e.payload.order.status === 'granted'),
    switchMap(() => loadMiningUser(deps, state$.value)),
  )

export const miningEpics: NamedEpic[] = [
  { name: 'mining/poll', epic: pollEpic() },
  { name: 'mining/claim', epic: claimEpic },
  { name: 'mining/claimHaptic', epic: claimHapticEpic },
  { name: 'mining/results', epic: resultsEpic },
  { name: 'mining/autoclaimOffer', epic: autoclaimOfferEpic },
  { name: 'mining/autoclaimPay', epic: autoclaimPayEpic },
  { name: 'mining/orderPoll', epic: orderPollEpic() },
  { name: 'mining/grantedRecord', epic: grantedRecordEpic },
]
