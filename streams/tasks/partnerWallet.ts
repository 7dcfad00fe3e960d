/** Tasks: the partner wallet's steps (tasks.59). */
import { EMPTY, catchError, concat, exhaustMap, ignoreElements, merge, mergeMap, of, tap } from 'rxjs'
import { ev } from '../../domain/events'
import {
  PARTNER_WALLET_APP,
  PARTNER_WALLET_CODE,
  PARTNER_WALLET_STEPS,
  PARTNER_WALLET_STORAGE_KEY,
  taskByCode,
} from '../../domain/tasks/selectors'
import { linkProvenWallet } from '../payments/walletProof'
import { ofType } from '../ofType'
import type { Epic } from '../store'

/** tasks.59: the download step opens the partner wallet's link and reports the task's start. */
export const partnerWalletDownloadEpic: Epic = (events$, state$, { api }) =>
  events$.pipe(
    ofType('tasks/partnerWalletDownloaded'),
    mergeMap(() => {
      const url = taskByCode(state$.value.tasks, PARTNER_WALLET_CODE)?.url
      const started = api.call('taskStarted', { code: PARTNER_WALLET_CODE }).pipe(
        ignoreElements(),
        catchError((e: unknown) => {
          console.warn('task start not reported', e)
          return EMPTY
        }),
      )
      return concat(url === undefined ? EMPTY : of(ev('app/linkOpened', { url })), started)
    }),
  )

/**
 * tasks.59, tasks.62: the partner's TON wallet over TonConnect: another wallet app is refused and
 * disconnected; the partner's is linked with its ton_proof as the user's TON wallet (the server
 * completes the task), then disconnected, and the tasks are asked again (pollEpic), which keeps or
 * undoes the step (tasks.61).
 */
export const partnerWalletConnectEpic: Epic = (events$, _state$, deps) =>
  events$.pipe(
    ofType('tasks/partnerWalletConnectRequested'),
    exhaustMap(() =>
      linkProvenWallet(deps, (w) => w.appName === PARTNER_WALLET_APP).pipe(
        mergeMap((a) => {
          const disconnect = deps.tonConnect.disconnect().pipe(ignoreElements())
          if (a.outcome === 'rejected') return of(ev('tasks/walletDeclined', {}))
          if (a.outcome === 'refused')
            return concat(disconnect, of(ev('tasks/partnerWalletRefused', { appName: a.wallet.appName })))
          if (a.outcome === 'linked')
            return concat(of(ev('tasks/partnerWalletConnected', { address: a.wallet.address })), disconnect)
          return concat(
            disconnect,
            of(
              ev('tasks/partnerWalletFailed', {
                message: a.message,
                ...(a.code !== undefined ? { code: a.code } : {}),
              }),
            ),
          )
        }),
      ),
    ),
  )

/** tasks.59: the partner wallet step is kept locally as it changes, and read back on entering. */
export const partnerWalletStoreEpic: Epic = (events$, state$, { storage }) =>
  merge(
    events$.pipe(
      ofType(
        'tasks/partnerWalletOpened',
        'tasks/partnerWalletDownloaded',
        'tasks/partnerWalletConnected',
        'tasks/received',
      ),
      tap(() => {
        const step = state$.value.tasks.partnerWallet.step
        if (step !== null && storage.get(PARTNER_WALLET_STORAGE_KEY) !== step)
          storage.set(PARTNER_WALLET_STORAGE_KEY, step)
      }),
      ignoreElements(),
    ),
    events$.pipe(
      ofType('tasks/entered'),
      mergeMap(() => {
        const stored = storage.get(PARTNER_WALLET_STORAGE_KEY)
        const step = PARTNER_WALLET_STEPS.find((s) => s === stored)
        return step === undefined || step === state$.value.tasks.partnerWallet.step
          ? EMPTY
          : of(ev('tasks/partnerWalletRestored', { step }))
      }),
    ),
  )
