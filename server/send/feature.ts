/** POST /transfer (server/send/routes.ts): to the service wallet, it pays an order the internal way (server/payments/internal.ts). */
import type { ServerFeature } from '../feature'
import { internalPayments } from '../payments/internal'
import { transferRoutes } from './routes'

export const sendFeature: ServerFeature = {
  name: 'send',
  start: ({ db, catalogue, payments, ton }) => ({
    api: transferRoutes(db, catalogue, internalPayments(payments, ton.serviceAddress)),
  }),
}
