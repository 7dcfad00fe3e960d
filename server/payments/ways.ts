/**
 * How each way pays for one product (PaymentWays, server/payments/routes.ts): the bot's Stars
 * invoice in the product's own texts, a TonConnect transaction to the service wallet, and the
 * service wallet for the internal way. A server without its bot answers a Stars order 409.
 */
import type { Api } from 'grammy'
import { viaTelegram } from '../kernel/unavailable'
import { BadRequest } from '../kernel/validate'
import type { PaymentWays } from './routes'
import { type InvoiceText, starsInvoiceLink } from './stars'
import { tonConnectTransaction } from './ton'

/** A product's invoice title and description, in each language the bot speaks. */
export type InvoiceTexts = Readonly<Record<'en' | 'ru', InvoiceText>>

export function paymentWays(
  o: { botApi: Api | null; serviceAddress: string; now: () => number },
  texts: InvoiceTexts,
): PaymentWays {
  const api = o.botApi
  return {
    starsInvoice: (order, language) => {
      if (api === null)
        throw new BadRequest('Telegram Stars are not available: this server runs without its bot', undefined, 409)
      return viaTelegram(() => starsInvoiceLink(api, order, texts[language === 'ru' ? 'ru' : 'en']))
    },
    tonTransaction: (order) => tonConnectTransaction(order, o.serviceAddress, o.now()),
    serviceAddress: o.serviceAddress,
  }
}
