/**
 * The internal way (tasks.44): the user pays from the custodial wallet with the ordinary transfer
 * call, native TON to the service wallet, the order's comment in the transfer. The transfer route
 * asks `refusal` before it moves anything (the dry run says so too, under `comment`), and `settle`
 * grants the order in the transfer's own transaction: the money moves and the order is granted
 * together, or neither happens.
 */
import type { Db } from '../db'
import { accountOf } from '../kernel/addresses'
import { BadRequest } from '../kernel/validate'
import { type Payments, orderIdIn, refusalMessage } from './orders'

export interface ServiceTransfer {
  userId: number
  chainId: string | number
  tokenAddress: string
  units: bigint
  comment: string
  txId: string
}

export interface InternalPayments {
  /** Whether a transfer to `to` (as written) goes to the service wallet. */
  isService(to: string): boolean
  /** null when the transfer pays an open order of the sender's in full, else why not (path comment or amount). */
  refusal(db: Db, t: Omit<ServiceTransfer, 'txId'>): Promise<BadRequest | null>
  /** Records the payment and grants the order, in the transfer's transaction; refuses (throws) otherwise. */
  settle(tx: Db, t: ServiceTransfer): Promise<void>
}

export const TON_NATIVE = 'native'

export function internalPayments(payments: Payments, serviceAddress: string): InternalPayments {
  const service = accountOf('TON', serviceAddress)
  if (service === null) throw new Error(`the service TON address ${serviceAddress} is not a TON address`)
  return {
    isService: (to) => accountOf('TON', to.trim()) === service,
    async refusal(db, t) {
      if (String(t.chainId) !== 'TON' || t.tokenAddress !== TON_NATIVE)
        return new BadRequest('the service wallet takes TON only', 'tokenAddress')
      const orderId = orderIdIn(t.comment)
      const order = orderId === null ? null : await payments.find(db, orderId)
      if (order === null || order.userId !== t.userId)
        return new BadRequest('a payment to the service wallet needs the comment of one of your orders', 'comment')
      if (order.status !== 'open') return new BadRequest('this order is already paid or closed', 'comment')
      if (t.units !== order.priceNano)
        return new BadRequest(`the order costs exactly ${order.priceNano} nanotons`, 'comment')
      const why = await payments.payable(order.id, t.userId, t.units, 'ledger')
      return why === null ? null : new BadRequest(refusalMessage(why), 'comment')
    },
    async settle(tx, t) {
      const { outcome } = await payments.settle(
        {
          kind: 'ledger',
          id: t.txId,
          orderId: orderIdIn(t.comment),
          amount: t.units,
          userId: t.userId,
          detail: { comment: t.comment },
        },
        tx,
      )
      // Anything but a grant rolls the transfer back with it: nothing is paid for nothing.
      if (outcome !== 'granted') throw new BadRequest(`the order could not be paid (${outcome})`, 'comment', 409)
    },
  }
}
