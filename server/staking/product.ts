/**
 * A paid period's deposit as a product of the payments module (server/payments): ordered with the
 * amount and the period, paid one of the three ways, and made (its stake locked) only when the
 * payment is granted, in the transaction that records the payment, so exactly once. Whether the
 * user can still stake that much is asked at ordering and again under the user's ledger lock when
 * the payment arrives (a Stars pre-checkout is refused then, and a proven payment that can no
 * longer be granted is recorded 'not-payable', Stars refunded, as for any product).
 */
import type { StakingPeriod } from '../../domain/staking/codecs'
import type { Product } from '../payments/orders'
import { lockUsers } from '../kernel/ledger'
import { cancelRefundedDeposit, depositRefusal, makeDeposit, switchUnits } from './deposits'
import { STAKING_PERIODS } from './seed'

export const STAKING_PRODUCT = 'staking'

const paramsOf = (params: Record<string, unknown>) => ({
  period: params.period as StakingPeriod,
  amount: switchUnits(String(params.amount)) ?? 0n,
})

export function stakingProduct(): Product {
  return {
    price(params) {
      const price = STAKING_PERIODS[paramsOf(params).period]?.price
      if (price === undefined) throw new Error(`the staking period ${String(params.period)} is free`)
      return price
    },
    async refusal(tx, userId, params) {
      const { period, amount } = paramsOf(params)
      // In a payment's transaction this holds the user's ledger lock until the grant below.
      await lockUsers(tx, [userId])
      // A StakingRefusal: Stars' pre-checkout words it in the payer's language.
      return depositRefusal(tx, userId, period, amount)
    },
    async grant(tx, order, now) {
      const { period, amount } = paramsOf(order.params)
      await makeDeposit(tx, { userId: order.userId, period, amount, now, orderId: order.id })
    },
    /** Refunded: the deposit is cancelled while unclaimed (undone); claimed, its reward is paid (flagged). */
    async undo(tx, order) {
      const result = await cancelRefundedDeposit(tx, order.userId, order.id)
      if ('cancelled' in result) {
        const d = result.cancelled
        return {
          state: 'undone',
          note: `deposit ${d.id} of ${d.amount} SWITCH (${d.period}) cancelled: its stake unlocked, no reward`,
        }
      }
      const d = result.kept
      if (d === null) return { state: 'flagged', note: 'no deposit of this order was found' }
      return {
        state: 'flagged',
        note: `deposit ${d.id} of ${d.amount} SWITCH (${d.period}) was claimed at ${new Date(d.claimed_at as string | Date).toISOString()} with its reward: nothing changed`,
      }
    },
  }
}
