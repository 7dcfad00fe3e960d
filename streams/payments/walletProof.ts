/**
 * Linking a TON wallet with TonConnect's ton_proof (docs/payments.md, "Linking a TON wallet"): the
 * server's one-time payload, a new connection whose wallet signs it, then POST set TON wallet with
 * the address and the proof; the server checks the proof and links the wallet, or says why not.
 * The addWallet task, the partner wallet's boost and the soulbound token's claim link this way.
 *
 * One Observable that emits one answer and completes; failures are answers too. The wallet stays
 * connected whatever the answer: the caller sends through it, or disconnects it.
 */
import { type Observable, catchError, mergeMap, of } from 'rxjs'
import { type RequestError, toRequestError } from '../../domain/api/errors'
import type { Deps } from '../deps'
import type { TonWallet } from './tonConnect'

/** The client's own code for a wallet that connected without the proof it was asked for. */
export const PROOF_MISSING = 'wallet-proof.missing'

export type LinkAnswer =
  | { outcome: 'linked'; wallet: TonWallet }
  /** The user closed the list or declined in the wallet. */
  | { outcome: 'rejected' }
  /** The wallet connected is not one `accept` takes (nothing was linked). */
  | { outcome: 'refused'; wallet: TonWallet }
  /** Why not: TonConnect's reason, no proof from the wallet, or the server's answer (`error`, with its code). */
  | { outcome: 'failed'; message: string; code?: string; error?: RequestError }

function failure(e: unknown): LinkAnswer {
  const error = toRequestError(e)
  return {
    outcome: 'failed',
    message: error.message,
    ...(error.kind === 'rejected' && error.code !== undefined ? { code: error.code } : {}),
    error,
  }
}

export function linkProvenWallet(
  { api, tonConnect }: Pick<Deps, 'api' | 'tonConnect'>,
  accept: (wallet: TonWallet) => boolean = () => true,
): Observable<LinkAnswer> {
  return api.call('tonProofPayload', {}).pipe(
    mergeMap(({ payload }) => tonConnect.connect(undefined, payload)),
    mergeMap((c): Observable<LinkAnswer> => {
      if (c.outcome === 'rejected') return of({ outcome: 'rejected' })
      if (c.outcome === 'failed') return of({ outcome: 'failed', message: c.reason })
      const { proof, ...wallet } = c.wallet
      if (!accept(wallet)) return of({ outcome: 'refused', wallet })
      if (proof === undefined)
        return of({
          outcome: 'failed',
          message: 'the wallet connected without the proof it was asked for',
          code: PROOF_MISSING,
        })
      return api
        .call('setTonWallet', { walletAddress: wallet.address, proof })
        .pipe(mergeMap(() => of<LinkAnswer>({ outcome: 'linked', wallet })))
    }),
    catchError((e: unknown) => {
      console.warn('TON wallet not linked', e)
      return of(failure(e))
    }),
  )
}
