/**
 * A scripted TonConnect for epic tests: answers what the test says (cold and synchronous, so it
 * runs on a TestScheduler's virtual time, or delayed by a marble the test gives), and records what
 * it was asked.
 */
import { type Observable, defer, of } from 'rxjs'
import type { TonConnectTransaction } from '../../../domain/payments/codecs'
import type { ConnectAnswer, SendAnswer, TonConnectBridge, TonWallet } from '../../../streams/payments/tonConnect'

export const FAKE_TON_WALLET: TonWallet = {
  address: 'UQBBJBB3HagsujBqVfqeDUPJ0kXjgTPLWPFFffuNXNiJLxtF',
  name: 'Demo wallet',
  appName: 'switchDemoWallet',
}
/** The server's payload the fake api answers by default (tonProofPayload), and the fake wallet's proof of a payload. */
export const FAKE_PAYLOAD = 'ab'.repeat(32)
export const fakeProof = (payload: string) => ({
  timestamp: 1_763_800_000,
  domain: { lengthBytes: 9, value: '127.0.0.1' },
  signature: 'c2lnbmF0dXJl',
  payload,
  stateInit: 'te6cc',
})

export interface FakeTonConnect extends TonConnectBridge {
  /** 'connect', 'send', 'disconnect', in order. */
  calls: string[]
  /** The transactions send() was given. */
  sent: TonConnectTransaction[]
  /** The payloads connect() was asked to have signed (undefined: no proof asked). */
  proofPayloads: (string | undefined)[]
}

export function fakeTonConnect(
  script: { wallet?: TonWallet | null; connect?: Observable<ConnectAnswer>; send?: Observable<SendAnswer> } = {},
): FakeTonConnect {
  const calls: string[] = []
  const sent: TonConnectTransaction[] = []
  const proofPayloads: (string | undefined)[] = []
  return {
    calls,
    sent,
    proofPayloads,
    wallet: () => of(script.wallet ?? null),
    // By default the wallet connects, with a proof of the payload when one is asked.
    connect: (_only, proofPayload) => {
      calls.push('connect')
      proofPayloads.push(proofPayload)
      return (
        script.connect ??
        of({
          outcome: 'connected',
          wallet: proofPayload === undefined ? FAKE_TON_WALLET : { ...FAKE_TON_WALLET, proof: fakeProof(proofPayload) },
        })
      )
    },
    send: (transaction) => {
      calls.push('send')
      sent.push(transaction)
      return script.send ?? of({ outcome: 'sent', boc: 'te6cckEBAQEAAgAAAEysuc0=' })
    },
    // lazy, as the real one (streams/payments/tonConnect.ts): recorded when subscribed, not when called
    disconnect: () =>
      defer(() => {
        calls.push('disconnect')
        return of(undefined)
      }),
  }
}
