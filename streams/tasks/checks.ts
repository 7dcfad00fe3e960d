/** Tasks: the emoji check and the TON wallet (tasks.32, tasks.58). */
import { catchError, concat, exhaustMap, ignoreElements, map, mergeMap, of } from 'rxjs'
import { toRequestError } from '../../domain/api/errors'
import { ev } from '../../domain/events'
import { linkProvenWallet } from '../payments/walletProof'
import { ofType } from '../ofType'
import type { Epic } from '../store'

/** tasks.32: POST check emoji, no body; activated completes it (the list is asked again). */
export const emojiEpic: Epic = (events$, _state$, { api }) =>
  events$.pipe(
    ofType('tasks/emojiRequested'),
    exhaustMap(() =>
      api.call('checkEmoji', {}).pipe(
        map(({ activated }) => ev('tasks/emojiChecked', { activated })),
        catchError((e: unknown) => of(ev('tasks/emojiFailed', { error: toRequestError(e) }))),
      ),
    ),
  )

/**
 * tasks.58: a TON wallet over TonConnect, linked with its ton_proof (streams/payments/walletProof.ts:
 * the server's payload, the wallet's proof, POST set TON wallet); on 200 the tasks are asked again
 * (pollEpic); the wallet is disconnected whatever came of it; a refusal carries its error and code.
 */
export const walletEpic: Epic = (events$, _state$, deps) =>
  events$.pipe(
    ofType('tasks/walletRequested'),
    exhaustMap(() =>
      linkProvenWallet(deps).pipe(
        mergeMap((a) => {
          const disconnect = deps.tonConnect.disconnect().pipe(ignoreElements())
          if (a.outcome === 'rejected') return concat(disconnect, of(ev('tasks/walletDeclined', {})))
          if (a.outcome === 'linked')
            return concat(of(ev('tasks/walletSet', { address: a.wallet.address })), disconnect)
          const message = a.outcome === 'refused' ? 'not linked' : a.message
          return concat(
            disconnect,
            of(
              ev('tasks/walletFailed', {
                message,
                ...(a.outcome === 'failed' && a.code !== undefined ? { code: a.code } : {}),
              }),
            ),
          )
        }),
      ),
    ),
  )
