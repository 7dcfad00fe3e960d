/**
 * A scripted TonConnect for epic tests: answers what the test says (cold and synchronous, so it
 * runs on a TestScheduler's virtual time, or delayed by a marble the test gives), and records what
 * it was asked.
 */
import { type Observable, of } from 'rxjs'
import type { TonConnectTransaction } from '../../../domain/api/codecs/mining'
import type { ConnectAnswer, SendAnswer, TonConnectBridge, TonWallet } from '../../../streams/payments/tonConnect'

export const FAKE_TON_WALLET: TonWallet = { address: 'UQBBJBB3HagsujBqVfqeDUPJ0kXjgTPLWPFFffuNXNiJLxtF', name: 'Demo wallet', appName: 'switchDemoWallet' }

export interface FakeTonConnect extends TonConnectBridge {
  /** 'connect', 'send', 'disconnect', in order. */
  calls: string[]
  /** The transactions send() was given. */
  sent: TonConnectTransaction[]
}

export function fakeTonConnect(script: { wallet?: TonWallet | null; connect?: Observable<ConnectAnswer>; send?: Observable<SendAnswer> } = {}): FakeTonConnect {
  const calls: string[] = []
  const sent: TonConnectTransaction[] = []
  return {
    calls,
    sent,
    wallet: () => of(script.wallet ?? null),
    connect: () => {
      calls.push('connect')
      return script.connect ?? of({ outcome: 'connected', wallet: FAKE_TON_WALLET })
    },
    send: (transaction) => {
      calls.push('send')
      sent.push(transaction)
      return script.send ?? of({ outcome: 'sent', boc: 'te6cckEBAQEAAgAAAEysuc0=' })
    },
    disconnect: () => {
      calls.push('disconnect')
      return of(undefined)
    },
  }
}
