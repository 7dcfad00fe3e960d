/**
 * The verification provider: whoever sends the six-digit code. One interface, so a real
 * provider replaces the reference one without touching the pipeline (pipeline.ts), and a switch
 * (POH_PROVIDER=off, config `poh.provider: 'off'`) turns verification off: the info call still
 * answers, new requests are refused before anything is paid.
 *
 * The reference provider sends the code as the comment of a small transaction (POH.codeNano TON)
 * from the service wallet to the user's in-app TON wallet (account 0): a ledger credit and a
 * history deposit in one database transaction, so the code is in the wallet's history, where the
 * user reads it (the history entry's `comment`, shown on its detail screen). It sends once per
 * request: a retried send finds its transaction and sends nothing more.
 */
import type { Db } from '../db'
import { logoURI } from '../kernel/catalogue'
import { addHistory, lockUsers, post } from '../kernel/ledger'
import { TON_NATIVE } from '../payments/internal'
import { POH } from './seed'

export interface CodeDelivery {
  /** The request's id: one send per request, whatever the retries (a provider's idempotency key). */
  requestId: string
  userId: number
  /** The user's in-app TON wallet (account 0), where the code's transaction arrives. */
  wallet: string
  /** Six digits. */
  code: string
}

export interface PohProvider {
  /** Sends the code as a transaction comment to the user's wallet; resolves once it is sent, throws when it cannot be. */
  sendCode(delivery: CodeDelivery): Promise<void>
}

/** What the configuration names: the reference provider, a provider of one's own (tests), or off. */
export type PohProviderSetting = 'reference' | 'off' | PohProvider

/** The reference of the code's ledger entries: one per request. */
export const codeReference = (requestId: string) => `poh-code:${requestId}`

/** The reference provider: the service wallet's small transaction in the ledger, the code in its comment. */
export function referenceProvider(db: Db, serviceAddress: string): PohProvider {
  return {
    async sendCode(d) {
      await db.transaction(async (tx) => {
        // The user's ledger lock first: of two runs of one send, the second waits, then finds the first's entry.
        await lockUsers(tx, [d.userId])
        const sent = await tx.query(
          `SELECT 1 FROM ledger WHERE user_id = $1 AND account_index = 0 AND chain_id = 'TON' AND token_address = $2 AND reference = $3 LIMIT 1`,
          [d.userId, TON_NATIVE, codeReference(d.requestId)],
        )
        if (sent.length > 0) return
        const txId = codeReference(d.requestId)
        await post(tx, [
          {
            userId: d.userId,
            accountIndex: 0,
            chainId: 'TON',
            tokenAddress: TON_NATIVE,
            delta: POH.codeNano,
            reason: 'poh-code',
            reference: txId,
          },
        ])
        await addHistory(tx, d.userId, 0, 'deposit', {
          asset: TON_NATIVE,
          amount: POH.codeNano.toString(),
          decimals: 9,
          symbol: 'TON',
          chainId: 'TON',
          logoURI: logoURI('TON'),
          from: serviceAddress,
          comment: POH.codeComment(d.code),
          txId,
        })
      })
    },
  }
}

/**
 * Dev mode's hook (POST /dev/poh/providerFails): the next `count` sends fail, as a provider that is
 * down would, so a person (or a browser test) can watch a request fail and try again.
 */
export class FailingSwitch implements PohProvider {
  failures = 0
  constructor(private readonly inner: PohProvider) {}
  async sendCode(d: CodeDelivery): Promise<void> {
    if (this.failures > 0) {
      this.failures--
      throw new Error('the verification provider is unavailable (dev: POST /dev/poh/providerFails)')
    }
    return this.inner.sendCode(d)
  }
}
