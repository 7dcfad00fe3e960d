/**
 * Send (send.12-19): the dry run, then the real transfer. Both are writes: exhaustMap, so taps while
 * one runs do nothing. The real send carries the key drawn when the dry run passed, so a retry, a
 * failover or a second tap can never send twice: the server answers a repeated key with the first
 * result.
 */
import { EMPTY, type Observable, catchError, exhaustMap, mergeMap, of } from 'rxjs'
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
const fieldOf = (e: RequestError) =>
  e.kind !== 'rejected' || !e.path ? null : e.path.includes('amount') ? 'amount' : e.path.includes('to') ? 'to' : null

function failure(e: unknown): Observable<EventInput> {
  const error = toRequestError(e)
  console.warn('transfer refused', error)
  return error.kind === 'rejected'
    ? of(ev('send/checkFailed', { field: fieldOf(error), message: error.message }))
    : of(ev('send/checkErrored', { error }))
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
            ev('send/checkPassed', {
              fee: r.fee ?? '0',
              feeSymbol: r.feeSymbol ?? s.token?.symbol ?? '',
              idempotencyKey: idempotencyKey(deps),
            }),
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
      return api
        .call('transfer', {
          ...transferOf(s, false, state$.value.wallet.selectedIndex),
          idempotencyKey: s.idempotencyKey,
        })
        .pipe(
          mergeMap((r) => of(ev('send/sent', { txId: r.txId ?? null }), ev('app/navigated', { to: '/send/success' }))),
          catchError((e) => {
            console.warn('transfer failed', e)
            return of(ev('send/sendFailed', { error: toRequestError(e) }))
          }),
        )
    }),
  )

/**
 * Paste and the QR button beside the address field: the clipboard (Telegram's where a host
 * answered, the browser's elsewhere), or Telegram's scanner, which takes the first code it sees and
 * closes. Only the address found enters the log, or that there was none; a scanner closed without
 * a scan says nothing. One read at a time (exhaustMap): taps while one runs do nothing.
 */
export const addressReadEpic: Epic = (events$, _state$, { telegram }) =>
  events$.pipe(
    ofType('send/pasteRequested', 'send/scanRequested'),
    exhaustMap((e) => {
      const source = e.type === 'send/pasteRequested' ? 'clipboard' : 'scanner'
      const read: Observable<string | null> =
        e.type === 'send/pasteRequested' ? telegram.readClipboard() : telegram.scanQr(e.payload.caption)
      return read.pipe(
        mergeMap((text) =>
          text === null ? EMPTY : of(ev('send/addressRead', { source, address: addressFromText(text) })),
        ),
        catchError((error: unknown) => {
          console.warn(`${source} read failed`, error)
          return of(
            ev('send/addressReadFailed', { source, reason: error instanceof Error ? error.message : String(error) }),
          )
        }),
      )
    }),
  )

export const sendEpics: NamedEpic[] = [
  { name: 'send/addressRead', epic: addressReadEpic },
  { name: 'send/check', epic: checkEpic },
  { name: 'send/confirm', epic: confirmEpic },
]
