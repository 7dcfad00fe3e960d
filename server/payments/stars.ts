/**
 * Telegram Stars, one of the three ways to pay (server/payments/orders.ts).
 *
 * - The invoice: `createInvoiceLink` in XTR, with an empty provider token, exactly one price (the
 *   order's price in Stars) and the order's id as its payload. The client opens the link
 *   (openInvoice).
 * - `pre_checkout_query`: answered at once (Telegram waits at most 10 s) with whether the order is
 *   still payable by this user for this amount (`Payments.payable`).
 * - `successful_payment`: the proof. It is settled once per `telegram_payment_charge_id`
 *   (`Payments.settle`): granted, or, when the order can no longer be granted (unknown, already
 *   paid, expired, refused, underpaid), refunded with `refundStarPayment` by a job enqueued in the
 *   same transaction, so a refund is never lost to a Bot API that is down for a while. A repeated
 *   update (same charge id) changes nothing.
 * - `refunded_payment`: a refund made outside this server (by the bot's owner, or by Telegram).
 *   Recorded once per charge id (`Payments.recordRefund`): the payment marked refunded, and an
 *   order it had granted refunded, its grant undone or flagged by its product; a charge this
 *   server never saw is logged and ignored. The payer sees Telegram's own message of the refund.
 */
import { type Api, Composer, type Context, GrammyError } from 'grammy'
import type { PreCheckoutQuery, RefundedPayment, SuccessfulPayment, User } from 'grammy/types'
import type { Db } from '../db'
import type { Jobs } from '../kernel/jobs'
import { type BotLanguage, TEXTS, languageOf } from '../bot/texts'
import type { Order, Outcome, Payments, RefundRecord, Refusal } from './orders'

export const STARS_CURRENCY = 'XTR'
export const STARS_REFUND_JOB = 'payments-stars-refund'
/** Telegram's limits on an invoice's texts (Bot API, createInvoiceLink). */
export const INVOICE_TITLE_MAX = 32
export const INVOICE_DESCRIPTION_MAX = 255
/** A pre-checkout answer goes out before this even if the database is slow: Telegram gives up at 10 s. */
export const PRE_CHECKOUT_ANSWER_BY_MS = 5_000

/** The outcomes where Stars arrived for something that cannot be granted: they go back. */
const REFUNDED: readonly Outcome[] = ['unknown-order', 'not-payable', 'underpaid']

export type Log = (line: string, error?: unknown) => void

export interface StarsDeps {
  db: Db
  payments: Payments
  jobs: Jobs
  log: Log
}

export interface InvoiceText {
  /** 1-32 characters: the invoice's title and its one price's label. */
  title: string
  /** 1-255 characters. */
  description: string
}

/**
 * The Stars invoice link of an order (the client opens it with openInvoice): currency XTR, an
 * empty provider token, exactly one price of `order.priceStars`, the order's id as the payload.
 */
export async function starsInvoiceLink(api: Api, order: Order, text: InvoiceText): Promise<string> {
  if (order.way !== 'stars') throw new Error(`order ${order.id} is paid ${order.way}, not with Telegram Stars`)
  if (!Number.isInteger(order.priceStars) || order.priceStars < 1)
    throw new RangeError(`order ${order.id} has no price in Stars`)
  const title = text.title.trim()
  const description = text.description.trim()
  if (title.length < 1 || title.length > INVOICE_TITLE_MAX)
    throw new RangeError(`an invoice title has 1-${INVOICE_TITLE_MAX} characters: "${title}"`)
  if (description.length < 1 || description.length > INVOICE_DESCRIPTION_MAX)
    throw new RangeError(`an invoice description has 1-${INVOICE_DESCRIPTION_MAX} characters`)
  return api.createInvoiceLink(title, description, order.id, '', STARS_CURRENCY, [
    { label: title, amount: order.priceStars },
  ])
}

/** Why this pre-checkout query must be refused (a sentence for the payer, or the product's Refusal), or null to let it through. */
export async function preCheckoutRefusal(
  payments: Payments,
  query: Pick<PreCheckoutQuery, 'from' | 'currency' | 'total_amount' | 'invoice_payload'>,
  log: Log,
): Promise<string | Refusal | null> {
  if (query.currency !== STARS_CURRENCY) return 'This invoice is not in Telegram Stars.'
  if (!Number.isSafeInteger(query.total_amount)) return 'The amount is not a whole number of stars.'
  try {
    return await payments.payable(query.invoice_payload, query.from.id, BigInt(query.total_amount), 'stars')
  } catch (e) {
    log(`stars: could not check order ${query.invoice_payload} at pre-checkout`, e)
    return 'This order cannot be paid right now. Please try again.'
  }
}

/** The refund job's data: enough to refund and to tell the payer, in their language. */
interface Refund {
  userId: number
  chargeId: string
  amount: number
  chatId: number
  language: BotLanguage
}

/**
 * Settles a successful_payment once: the payment is recorded and its order granted, or a refund is
 * enqueued in the same transaction. Answers the outcome ('duplicate' for a charge seen before).
 */
export async function settleStarsPayment(
  deps: StarsDeps,
  payment: SuccessfulPayment,
  from: User,
  chatId: number,
): Promise<Outcome> {
  const proof = {
    kind: 'stars' as const,
    id: payment.telegram_payment_charge_id,
    orderId: payment.invoice_payload,
    amount: BigInt(payment.total_amount),
    userId: from.id,
    detail: { currency: payment.currency, providerChargeId: payment.provider_payment_charge_id, chatId },
  }
  return deps.db.transaction(async (tx) => {
    const { outcome } = await deps.payments.settle(proof, tx)
    if (REFUNDED.includes(outcome)) {
      const refund: Refund = {
        userId: from.id,
        chargeId: proof.id,
        amount: payment.total_amount,
        chatId,
        language: languageOf(from.language_code),
      }
      await deps.jobs.send(STARS_REFUND_JOB, refund, { db: tx, singletonKey: proof.id })
    }
    return outcome
  })
}

/**
 * The refund job: refundStarPayment (a charge Telegram says is already refunded counts as done),
 * then the payment is marked refunded and the payer told. Retried with a doubling wait while the
 * Bot API fails, for about a day.
 */
export function defineStarsRefundJob(jobs: Jobs, api: Api, payments: Payments, log: Log): void {
  jobs.define<Refund>(
    STARS_REFUND_JOB,
    async ({ data }) => {
      try {
        await api.refundStarPayment(data.userId, data.chargeId)
      } catch (e) {
        if (!(e instanceof GrammyError && /CHARGE_ALREADY_REFUNDED/.test(e.description))) throw e
      }
      await payments.markRefunded(data.chargeId)
      await api
        .sendMessage(data.chatId, TEXTS[data.language].refunded(data.amount))
        .catch((e: unknown) => log(`stars: refunded ${data.chargeId}, but could not tell user ${data.userId}`, e))
    },
    { retries: 16, backoffMs: 5_000 },
  )
}

/**
 * A refund made outside this server (refunded_payment), recorded once, and said in the log for
 * the operator: what became of the order and its grant, or why nothing was done.
 */
export async function recordStarsRefund(
  deps: Pick<StarsDeps, 'payments' | 'log'>,
  refund: RefundedPayment,
  fromId?: number,
): Promise<RefundRecord | null> {
  const charge = refund.telegram_payment_charge_id
  const what = `charge ${charge} (${refund.total_amount} ${refund.currency}, payload ${JSON.stringify(refund.invoice_payload)}${fromId === undefined ? '' : `, user ${fromId}`})`
  if (refund.currency !== STARS_CURRENCY) {
    deps.log(`stars: a refund in ${refund.currency} is none of ours: ${what}`)
    return null
  }
  const record = await deps.payments.recordRefund('stars', charge)
  // A refund this server's own job made may be told this way too: it granted nothing, and says so.
  if (record.kind === 'unknown-payment')
    deps.log(`stars: refunded_payment, ${what}: no payment of this charge was recorded here, ignored`)
  else if (record.kind === 'not-granted')
    deps.log(`stars: refunded_payment, ${what}: the payment had granted nothing (${record.outcome}); marked refunded`)
  else if (record.kind === 'granted') {
    const { order, undo } = record
    deps.log(
      `stars: refunded_payment, ${what}: order ${order.id} (${order.product}, user ${order.userId}) refunded outside this server, its grant ${undo.state === 'undone' ? 'undone' : 'FLAGGED for an operator'}: ${undo.note}`,
    )
  }
  return record
}

/** The payer's language: the one the app set for the user (users.language), else their Telegram client's. */
async function payerLanguage(db: Db, from: User): Promise<BotLanguage> {
  const [row] = await db.query<{ language: string | null }>('SELECT language FROM users WHERE id = $1', [from.id])
  return languageOf(row?.language ?? from.language_code)
}

/** The pre-checkout answer's text: the product's own words in the payer's language where it has them. */
export const notPayableText = (refusal: string | Refusal, language: BotLanguage) =>
  (typeof refusal === 'string' ? null : refusal.inLanguage(language)) ??
  TEXTS[language].notPayable(typeof refusal === 'string' ? refusal : refusal.message)

/** The bot's Stars handlers: pre_checkout_query, message:successful_payment and message:refunded_payment. */
export function starsHandlers(deps: StarsDeps): Composer<Context> {
  const stars = new Composer<Context>()
  stars.on('pre_checkout_query', async (ctx) => {
    const query = ctx.preCheckoutQuery
    const slow = new Promise<null>((resolve) => setTimeout(resolve, PRE_CHECKOUT_ANSWER_BY_MS, null).unref())
    const checked = Promise.all([
      payerLanguage(deps.db, query.from).catch(() => languageOf(query.from.language_code)),
      preCheckoutRefusal(deps.payments, query, deps.log),
    ])
    const answer = await Promise.race([checked, slow])
    if (answer === null)
      await ctx.answerPreCheckoutQuery(false, {
        error_message: TEXTS[languageOf(query.from.language_code)].notPayable(
          'This order cannot be checked right now. Please try again.',
        ),
      })
    else if (answer[1] === null) await ctx.answerPreCheckoutQuery(true)
    else await ctx.answerPreCheckoutQuery(false, { error_message: notPayableText(answer[1], answer[0]) })
  })
  stars.on('message:successful_payment', async (ctx) => {
    const payment = ctx.message.successful_payment
    if (payment.currency !== STARS_CURRENCY)
      return deps.log(
        `stars: a payment in ${payment.currency} is none of ours (charge ${payment.telegram_payment_charge_id})`,
      )
    const outcome = await settleStarsPayment(deps, payment, ctx.from, ctx.chat.id)
    if (outcome === 'granted')
      await ctx
        .reply(TEXTS[languageOf(ctx.from.language_code)].paid(payment.total_amount))
        .catch((e: unknown) =>
          deps.log(`stars: granted ${payment.invoice_payload}, but could not tell user ${ctx.from.id}`, e),
        )
  })
  stars.on('message:refunded_payment', async (ctx) => {
    await recordStarsRefund(deps, ctx.message.refunded_payment, ctx.from?.id)
  })
  return stars
}
