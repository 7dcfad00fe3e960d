/**
 * The shape of the updates the bot handles, checked before a webhook update reaches grammY: a body
 * that carries the secret token comes from Telegram, but a malformed one is answered 400, not
 * handled half way. Types the bot does not handle are taken and dropped (Telegram sends none: the
 * webhook is set with allowed_updates).
 */
import * as t from 'io-ts'
import type { Update } from 'grammy/types'

/** The update types the bot handles; Telegram sends no others (getUpdates and setWebhook name them). */
export const ALLOWED_UPDATES = ['message', 'pre_checkout_query'] as const

const Int = t.refinement(t.number, Number.isSafeInteger, 'Int')

const TelegramUser = t.intersection([
  t.type({ id: Int, is_bot: t.boolean, first_name: t.string }),
  t.partial({ last_name: t.string, username: t.string, language_code: t.string }),
])

const SuccessfulPayment = t.intersection([
  t.type({
    currency: t.string,
    total_amount: Int,
    invoice_payload: t.string,
    telegram_payment_charge_id: t.refinement(t.string, (s) => s.length > 0, 'ChargeId'),
  }),
  t.partial({ provider_payment_charge_id: t.string }),
])

const RefundedPayment = t.intersection([
  t.type({
    currency: t.string,
    total_amount: Int,
    invoice_payload: t.string,
    telegram_payment_charge_id: t.refinement(t.string, (s) => s.length > 0, 'ChargeId'),
  }),
  t.partial({ provider_payment_charge_id: t.string }),
])

const MessageShape = t.intersection([
  t.type({
    message_id: Int,
    date: Int,
    chat: t.intersection([
      t.type({ id: Int, type: t.string }),
      t.partial({ first_name: t.string, title: t.string, username: t.string }),
    ]),
  }),
  t.partial({
    from: TelegramUser,
    text: t.string,
    entities: t.array(t.type({ type: t.string, offset: Int, length: Int })),
    successful_payment: SuccessfulPayment,
    refunded_payment: RefundedPayment,
  }),
])

/** Entities mark parts of the text: within it, and never without it. */
const MessageUpdate = t.refinement(
  MessageShape,
  (m) =>
    m.entities === undefined ||
    (m.text !== undefined &&
      m.entities.every((e) => e.offset >= 0 && e.length >= 1 && e.offset + e.length <= (m.text as string).length)),
  'Message',
)

const PreCheckoutQuery = t.type({
  id: t.string,
  from: TelegramUser,
  currency: t.string,
  total_amount: Int,
  invoice_payload: t.string,
})

export type CheckedUpdate = { handle: true; update: Update } | { handle: false; why: string | null }

/** Whether to hand this body to the bot: an update it handles, well formed; another kind (dropped); or why it is no update. */
export function checkUpdate(body: unknown): CheckedUpdate {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return { handle: false, why: 'not an update' }
  const update = body as Record<string, unknown>
  if (!Number.isSafeInteger(update.update_id)) return { handle: false, why: 'not an update: no update_id' }
  const kinds = Object.keys(update).filter((k) => k !== 'update_id')
  if (kinds.length !== 1) return { handle: false, why: 'an update has exactly one kind' }
  const [kind] = kinds
  if (!(ALLOWED_UPDATES as readonly string[]).includes(kind)) return { handle: false, why: null }
  const ok =
    kind === 'message'
      ? MessageUpdate.is(update.message) &&
        (!(update.message as { successful_payment?: unknown }).successful_payment ||
          (update.message as { from?: unknown }).from !== undefined)
      : PreCheckoutQuery.is(update.pre_checkout_query)
  return ok ? { handle: true, update: update as unknown as Update } : { handle: false, why: `a malformed ${kind}` }
}
