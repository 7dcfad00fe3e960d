/**
 * Paying for a product: one call per way creates an order and answers what the client
 * needs to pay it, and GET /payments/orders/:orderId says whether the server has granted it yet.
 * The screen never decides that a payment went through: the server does, when it is proven.
 */
import { Hono } from 'hono'
import type { TonConnectTransaction } from './ton'
import type { AppEnv } from '../kernel/auth'
import { BadRequest } from '../kernel/validate'
import { type Order, type Payments, type Way, orderComment } from './orders'
import { TON_NATIVE } from './internal'
import { fromUnits } from '../../domain/money'

const TON_DECIMALS = 9

export interface PaymentWays {
  /** An invoice link for Telegram's openInvoice (Stars: createInvoiceLink). */
  starsInvoice(order: Order, language: string | undefined): Promise<string>
  /** The TonConnect transaction that pays the order from the user's own wallet. */
  tonTransaction(order: Order): TonConnectTransaction
  /** The service wallet the internal and external ways pay to. */
  serviceAddress: string
}

/** The three calls of one product under `base` (e.g. /mining/autoclaim/stars, /external, /internal). */
export function productPaymentRoutes(base: string, product: string, payments: Payments, ways: PaymentWays) {
  const app = new Hono<AppEnv>()
  const order = (userId: number, way: Way) => payments.order(userId, product, way)
  app.post(`${base}/stars`, async (c) => {
    const user = c.get('user')
    const o = await order(user.id, 'stars')
    return c.json({ data: { link: await ways.starsInvoice(o, user.language_code) }, orderId: o.id })
  })
  app.post(`${base}/external`, async (c) => {
    const o = await order(c.get('user').id, 'external')
    return c.json({ data: { transaction: ways.tonTransaction(o) }, orderId: o.id })
  })
  app.post(`${base}/internal`, async (c) => {
    const o = await order(c.get('user').id, 'internal')
    return c.json({
      data: {
        to: ways.serviceAddress,
        amount: fromUnits(o.priceNano, TON_DECIMALS),
        tokenAddress: TON_NATIVE,
        chainId: 'TON' as const,
        comment: orderComment(o.id),
      },
      orderId: o.id,
    })
  })
  return app
}

export function orderRoutes(payments: Payments) {
  const app = new Hono<AppEnv>()
  app.get('/payments/orders/:orderId', async (c) => {
    const o = await payments.orderOf(c.get('user').id, c.req.param('orderId'))
    if (o === null) throw new BadRequest('no such order of yours', 'orderId', 404)
    return c.json({
      orderId: o.id,
      product: o.product,
      way: o.way,
      status: o.status,
      expiresAt: new Date(o.expiresAt).toISOString(),
    })
  })
  return app
}
