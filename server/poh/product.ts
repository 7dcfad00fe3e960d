/**
 * Proof of humanity as a product of the payments module (server/payments): paid one of the three
 * ways, and granted exactly once, in the transaction that records the payment: the grant makes the
 * request and queues its pipeline. Whether the user may verify (one person, one proof; nothing
 * under way; the provider on) is asked at ordering and again when the payment arrives (a Stars
 * pre-checkout is refused then, and Telegram takes nothing).
 */
import type { Jobs } from '../kernel/jobs'
import { lockUsers } from '../kernel/ledger'
import type { Product } from '../payments/orders'
import { pohRefusal, receiveRequest, withdrawRequest } from './requests'
import { POH } from './seed'

export const POH_PRODUCT = 'poh'

export function pohProduct(o: { jobs: Jobs; providerOn: () => boolean }): Product {
  return {
    price: () => POH.price,
    async refusal(tx, userId) {
      // In a payment's transaction this holds the user's ledger lock until the grant: two payments at once grant one request.
      await lockUsers(tx, [userId])
      return pohRefusal(tx, userId, o.providerOn())
    },
    grant: (tx, order, now) => receiveRequest(tx, o.jobs, order, now),
    undo: (tx, order, now) => withdrawRequest(tx, order, now),
  }
}
