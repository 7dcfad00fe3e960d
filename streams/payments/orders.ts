/**
 * An order's status, as the effects ask after it once it is paid, until the server settles it.
 * A status that cannot be read is only logged (staking.35) and the asking goes on. So is an answer
 * about another order: settling the waiting payment on it stopped the asking and left the payment
 * waiting for ever, or granted it on another order's word.
 */
import { EMPTY, type Observable, catchError, mergeMap, of } from 'rxjs'
import type { OrderStatus } from '../../domain/payments/codecs'
import type { Api } from '../deps'

export function orderStatus(api: Api, orderId: string): Observable<OrderStatus> {
  return api.call('order', { orderId }).pipe(
    mergeMap((order) => {
      if (order.orderId === orderId) return of(order)
      console.warn('order status unavailable: the answer is about another order', order.orderId)
      return EMPTY
    }),
    catchError((e: unknown) => {
      console.warn('order status unavailable', e)
      return EMPTY
    }),
  )
}
