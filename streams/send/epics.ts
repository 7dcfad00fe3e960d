/**
 * Send (send.12-19): the dry run, then the real transfer. Both are writes: exhaustMap, so taps while
 * one runs do nothing. The real send carries the key drawn when the dry run passed, so a retry, a
 * failover or a second tap can never send twice: the server answers a repeated key with the first
 * result.
 */
import { EMPTY, type Observable, catchError, exhaustMap, map, mergeMap, of } from 'rxjs'
import { type RequestError, toRequestError } from '../../domain/api/errors'
import { type EventInput, ev } from '../../domain/events'
import type { SendState } from '../../domain/send/state'
import { addressFromText } from '../../domain/send/rules'
import { idempotencyKey } from '../idempotency'
import type { Epic, NamedEpic } from '../store'
import { ofType } from '../ofType'

const transferOf = (s: SendState, dry: boolean, accountIndex: number) => ({
  to: s.to.trim(),
  amount: s.amount.replace(/\.$/, ''),
  tokenAddress: s.token?.address ?? '',
  chainId: s.token?.chainId ?? 1,
  accountIndex,
  comment: s.comment,
  dry,
})

/** send.14-15: a 4xx names the field by its path. */
const fieldOf = (e: RequestError) => (e.kind !== 'rejected' || !e.path ? null : e.path.includes('amount') ? 'amount' : e.path.includes('to') ? 'to' : null)

function failure(e: unknown): Observable<EventInput> {
  const error = toRequestError(e)
  console.warn('transfer refused', error)
  return error.kind === 'rejected' ? of(ev('send/checkFailed', { field: fieldOf(error), message: error.message })) : of(ev('send/checkErrored', { error }))
}

export const checkEpic: Epic = (events$, state$, deps) =>
  events$.pipe(
    ofType('send/checkRequested'),
    exhaustMap(() => {
      const s = state$.value.send
      if (!s.isLoading) return EMPTY // the draft did not pass the client-side checks
      return deps.api.call('transfer', transferOf(s, true, state$.value.wallet.selectedIndex)).pipe(
        mergeMap((r) =>
          of(
            ev('send/checkPassed', { fee: r.fee ?? '0', feeSymbol: r.feeSymbol ?? s.token?.symbol ?? '', idempotencyKey: idempotencyKey(deps) }),
            ev('app/navigated', { to: '/send/confirm' }),
          ),
        ),
        catchError(failure),
      )
    }),
  )

export const confirmEpic: Epic = (events$, state$, { api }) =>
  events$.pipe(
    ofType('send/confirmRequested'),
    exhaustMap(() => {
      const s = state$.value.send
      if (!s.isChecked || s.idempotencyKey === null || s.isSuccess) return EMPTY
      return api.call('transfer', { ...transferOf(s, false, state$.value.wallet.selectedIndex), idempotencyKey: s.idempotencyKey }).pipe(
        mergeMap((r) => of(ev('send/sent', { txId: r.txId ?? null }), ev('app/navigated', { to: '/send/success' }))),
        catchError((e) => {
          console.warn('transfer failed', e)
          return of(ev('send/sendFailed', { error: toRequestError(e) }))
        }),
      )
    }),
  )

const reason = (e: unknown) => (e instanceof Error ? e.message : String(e))

/**
 * Paste beside the address field: the clipboard (Telegram's where a host answered, the browser's
 * elsewhere) read once per tap burst; only the address it holds enters the log, or that it held none.
 */
export const pasteEpic: Epic = (events$, _state$, { telegram }) =>
  events$.pipe(
    ofType('send/pasteRequested'),
    exhaustMap(() =>
      telegram.readClipboard().pipe(
        map((text) => ev('send/addressRead', { source: 'clipboard', address: addressFromText(text) })),
        catchError((e: unknown) => {
          console.warn('clipboard read failed', e)
          return of(ev('send/addressReadFailed', { source: 'clipboard', reason: reason(e) }))
        }),
      ),
    ),
  )

/**
 * The QR button: Telegram's scanner takes the first code it sees and closes; its address fills the
 * field. Closed without a scan: nothing happens. One scanner at a time (exhaustMap).
 */
export const scanEpic: Epic = (events$, _state$, { telegram }) =>
  events$.pipe(
    ofType('send/scanRequested'),
    exhaustMap(({ payload }) =>
      telegram.scanQr(payload.caption).pipe(
        mergeMap((text) => (text === null ? EMPTY : of(ev('send/addressRead', { source: 'scanner', address: addressFromText(text) })))),
        catchError((e: unknown) => {
          console.warn('QR scanner failed', e)
          return of(ev('send/addressReadFailed', { source: 'scanner', reason: reason(e) }))
        }),
      ),
    ),
  )

export const sendEpics: NamedEpic[] = [
  { name: 'send/paste', epic: pasteEpic },
  { name: 'send/scan', epic: scanEpic },
  { name: 'send/check', epic: checkEpic },
  { name: 'send/confirm', epic: confirmEpic },
]
