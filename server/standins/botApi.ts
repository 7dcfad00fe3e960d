/**
 * A local stand-in of Telegram's Bot API (DESIGN §7, "Stand-ins"), for the tests and dev
 * mode: only the methods the bot uses (getMe, setWebhook, deleteWebhook, getUpdates, sendMessage,
 * createInvoiceLink, answerPreCheckoutQuery, refundStarPayment, getChatMember), answering in the Bot API's shapes
 * (`{ok: true, result}` or `{ok: false, error_code, description}`) at `/bot<token>/<method>`, on
 * 127.0.0.1 only. Production never starts it (server/app.ts refuses to).
 *
 * It plays Telegram's side too: it can emit any update (delivered by getUpdates, or POSTed to the
 * webhook once one is set, with its secret token), and a simulated user can pay an invoice it made:
 * a pre_checkout_query, the bot's answer awaited (10 s, as Telegram), then a message with
 * successful_payment and a fresh telegram_payment_charge_id; a refund made outside the bot comes as
 * a message with refunded_payment. Every call is logged for tests.
 *
 * Control endpoints beside the API (tests and dev tools; dev mode's page reaches them only through
 * the server's dev-only routes):
 *   POST /standin/updates                 {update without update_id}  -> {update_id}
 *   GET  /standin/invoices/:slug          the invoice as createInvoiceLink made it
 *   POST /standin/invoices/:slug/pay      {from: User, action?: 'pay' | 'cancel'} -> {status, chargeId?, error?}
 *   GET  /standin/calls                   the log of API calls
 */
import { randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { type Context, Hono } from 'hono'
import type { ChatMember, LabeledPrice, PreCheckoutQuery, Update, User, UserFromGetMe } from 'grammy/types'

/** How often an update is POSTed to a webhook that does not take it before it is given up. */
export const WEBHOOK_ATTEMPTS = 6
/** Telegram's deadline for answering a pre-checkout query. */
export const PRE_CHECKOUT_TIMEOUT_MS = 10_000

export interface StandInCall {
  method: string
  params: Record<string, unknown>
  /** Epoch ms, real time. */
  at: number
}

export interface StandInInvoice {
  slug: string
  link: string
  title: string
  description: string
  payload: string
  currency: string
  providerToken: string | undefined
  prices: LabeledPrice[]
}

export type PayStatus = 'paid' | 'failed' | 'cancelled'
export interface PayResult {
  status: PayStatus
  /** The charge of a paid invoice. */
  chargeId?: string
  /** Why it failed: the bot's error_message, or that it did not answer in time. */
  error?: string
}

export interface StandInCharge {
  chargeId: string
  userId: number
  amount: number
  payload: string
  refunded: boolean
}

/** A Bot API error, as Telegram words it. */
class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly description: string,
  ) {
    super(description)
  }
}
const badRequest = (what: string) => new ApiError(400, `Bad Request: ${what}`)

/** An update as emitted: everything but its id. */
export type UpdateBody = Omit<Update, 'update_id'>

/** The messages and updates the stand-in makes carry the time of the real world, as Telegram's do. */
const unixNow = () => Math.floor(Date.now() / 1000)
const newId = (prefix: string) => prefix + randomBytes(12).toString('base64url')

/** A private-chat text message from `from`; a leading `/command` is marked as Telegram marks it. */
export function textMessage(from: User, text: string): UpdateBody {
  const command = /^\/[A-Za-z0-9_]+(@[A-Za-z0-9_]+)?/.exec(text)
  return {
    message: {
      message_id: Math.floor(Math.random() * 1e9),
      date: unixNow(),
      chat: {
        id: from.id,
        type: 'private',
        first_name: from.first_name,
        ...(from.username ? { username: from.username } : {}),
      },
      from,
      text,
      ...(command ? { entities: [{ type: 'bot_command', offset: 0, length: command[0].length }] } : {}),
    } as Update['message'],
  }
}

export class BotApiStandIn {
  /** Every API call received, in order. */
  readonly calls: StandInCall[] = []
  /** Invoices made by createInvoiceLink, by slug. */
  readonly invoices = new Map<string, StandInInvoice>()
  /** Stars charges of paid invoices, by telegram_payment_charge_id. */
  readonly charges = new Map<string, StandInCharge>()
  /** Updates the webhook never took (given up after WEBHOOK_ATTEMPTS tries). */
  readonly undelivered: Update[] = []
  /** Users who blocked the bot: a message to them is refused (403), as Telegram refuses it. */
  readonly blocked = new Set<number>()
  /**
   * Channels and groups the bot is an admin of, with their members' statuses (getChatMember; issue
   * 16's subscription tasks). A user never set is 'left', as Telegram answers for one who never joined.
   */
  readonly chats = new Map<string, Map<number, ChatMember>>()
  readonly botInfo: UserFromGetMe
  url = ''

  private nextUpdateId = 1
  /** Updates not yet confirmed (getUpdates) or delivered (webhook). */
  private pending: Update[] = []
  private allowed: string[] | null = null
  private poller: { wake(): void; conflict(): void } | null = null
  private webhook: { url: string; secret: string | undefined } | null = null
  private delivering: Promise<void> | null = null
  private readonly preCheckouts = new Map<string, (answer: { ok: boolean; error?: string }) => void>()
  private readonly preCheckoutTimeoutMs: number
  private closed = false
  private server: ReturnType<typeof serve> | null = null

  constructor(
    readonly token: string,
    options: { username?: string; preCheckoutTimeoutMs?: number } = {},
  ) {
    const id = Number(/^(\d+):/.exec(token)?.[1] ?? 1)
    this.botInfo = {
      id,
      is_bot: true,
      first_name: 'SWITCH wallet',
      username: options.username ?? 'switch_wallet_standin_bot',
      can_join_groups: true,
      can_read_all_group_messages: false,
      supports_inline_queries: false,
      can_connect_to_business: false,
      has_main_web_app: true,
      has_topics_enabled: false,
      allows_users_to_create_topics: false,
      can_manage_bots: false,
      supports_join_request_queries: false,
    }
    this.preCheckoutTimeoutMs = options.preCheckoutTimeoutMs ?? PRE_CHECKOUT_TIMEOUT_MS
  }

  /** The API root to give a Bot API client (grammY's `client.apiRoot`). */
  get apiRoot(): string {
    return this.url
  }

  /** Calls of one method, in order. */
  callsOf(method: string): StandInCall[] {
    return this.calls.filter((c) => c.method === method)
  }

  /** Emits an update (as Telegram does when something happens); answers its update_id. */
  emit(update: UpdateBody): number {
    const full = { ...update, update_id: this.nextUpdateId++ } as Update
    const type = Object.keys(update).find((k) => k !== 'update_id')
    if (this.allowed !== null && this.allowed.length > 0 && type !== undefined && !this.allowed.includes(type))
      return full.update_id
    this.pending.push(full)
    this.poller?.wake()
    if (this.webhook) this.deliver()
    return full.update_id
  }

  /**
   * A successful_payment message for a paid invoice (or any payload), its charge remembered so it
   * can be refunded. For tests that deliver a payment without the pre-checkout step (a repeated
   * update, an underpaid amount, two charges for one order).
   */
  successfulPayment(
    from: User,
    payload: string,
    amount: number,
    chargeId = newId('stxsi'),
  ): UpdateBody & { chargeId: string } {
    this.charges.set(chargeId, { chargeId, userId: from.id, amount, payload, refunded: false })
    return {
      chargeId,
      message: {
        message_id: Math.floor(Math.random() * 1e9),
        date: unixNow(),
        chat: { id: from.id, type: 'private', first_name: from.first_name },
        from,
        successful_payment: {
          currency: 'XTR',
          total_amount: amount,
          invoice_payload: payload,
          telegram_payment_charge_id: chargeId,
          provider_payment_charge_id: '',
        },
      } as Update['message'],
    }
  }

  /**
   * A refund made outside the bot (by its owner, or by Telegram), as Telegram tells the bot: the
   * charge marked refunded, and a service message with refunded_payment in the payer's private
   * chat. A charge the stand-in never made is refunded as `other` describes it (amount, payload).
   */
  refundedPayment(from: User, chargeId: string, other: { amount?: number; payload?: string } = {}): UpdateBody {
    const charge = this.charges.get(chargeId)
    if (charge) charge.refunded = true
    return {
      message: {
        message_id: Math.floor(Math.random() * 1e9),
        date: unixNow(),
        chat: { id: from.id, type: 'private', first_name: from.first_name },
        from,
        refunded_payment: {
          currency: 'XTR',
          total_amount: charge?.amount ?? other.amount ?? 1,
          invoice_payload: charge?.payload ?? other.payload ?? '',
          telegram_payment_charge_id: chargeId,
          provider_payment_charge_id: '',
        },
      } as Update['message'],
    }
  }

  /**
   * The simulated user pays (or cancels) an invoice: a pre_checkout_query is emitted and the bot's
   * answer awaited; answered ok, the payment is made and a successful_payment message emitted.
   */
  async pay(slug: string, from: User, action: 'pay' | 'cancel' = 'pay'): Promise<PayResult> {
    const invoice = this.invoices.get(slug)
    if (!invoice) throw new ApiError(404, 'Not Found: no such invoice')
    if (action === 'cancel') return { status: 'cancelled' }
    const amount = invoice.prices.reduce((sum, p) => sum + p.amount, 0)
    const query: PreCheckoutQuery = {
      id: newId('pcq'),
      from,
      currency: invoice.currency,
      total_amount: amount,
      invoice_payload: invoice.payload,
    }
    const answered = new Promise<{ ok: boolean; error?: string }>((resolve) => {
      const timer = setTimeout(() => {
        this.preCheckouts.delete(query.id)
        resolve({
          ok: false,
          error: `the bot did not answer the pre-checkout query within ${this.preCheckoutTimeoutMs / 1000} s`,
        })
      }, this.preCheckoutTimeoutMs)
      this.preCheckouts.set(query.id, (answer) => {
        clearTimeout(timer)
        this.preCheckouts.delete(query.id)
        resolve(answer)
      })
    })
    this.emit({ pre_checkout_query: query })
    const answer = await answered
    if (!answer.ok) return { status: 'failed', ...(answer.error ? { error: answer.error } : {}) }
    const payment = this.successfulPayment(from, invoice.payload, amount)
    const { chargeId, ...update } = payment
    this.emit(update)
    return { status: 'paid', chargeId }
  }

  /** A chat the bot is an admin of (by id or @username), so getChatMember answers for it. */
  addChat(chatId: string | number): void {
    if (!this.chats.has(String(chatId))) this.chats.set(String(chatId), new Map())
  }

  /**
   * Sets a user's membership in a chat the bot administers: 'member', 'left', 'kicked',
   * 'administrator', 'creator', or 'restricted' with `isMember` (Telegram's is_member).
   */
  setChatMember(
    chatId: string | number,
    user: User,
    status: ChatMember['status'],
    options: { isMember?: boolean } = {},
  ): void {
    this.addChat(chatId)
    const until = { until_date: 0 }
    const member: ChatMember =
      status === 'creator'
        ? { status, user, is_anonymous: false }
        : status === 'administrator'
          ? ({
              status,
              user,
              can_be_edited: false,
              is_anonymous: false,
              can_manage_chat: true,
              can_delete_messages: false,
              can_manage_video_chats: false,
              can_restrict_members: false,
              can_promote_members: false,
              can_change_info: false,
              can_invite_users: true,
              can_post_stories: false,
              can_edit_stories: false,
              can_delete_stories: false,
            } as ChatMember)
          : status === 'restricted'
            ? ({
                status,
                user,
                is_member: options.isMember ?? false,
                can_send_messages: false,
                can_send_audios: false,
                can_send_documents: false,
                can_send_photos: false,
                can_send_videos: false,
                can_send_video_notes: false,
                can_send_voice_notes: false,
                can_send_polls: false,
                can_send_other_messages: false,
                can_add_web_page_previews: false,
                can_change_info: false,
                can_invite_users: false,
                can_pin_messages: false,
                can_manage_topics: false,
                ...until,
              } as ChatMember)
            : status === 'kicked'
              ? { status, user, ...until }
              : { status, user }
    this.chats.get(String(chatId))?.set(user.id, member)
  }

  // ---- the Bot API's methods --------------------------------------------------------------

  private readonly methods: Record<string, (p: Record<string, unknown>, signal: AbortSignal) => unknown> = {
    getMe: () => this.botInfo,
    setWebhook: (p) => {
      const url = str(p, 'url')
      if (url === '') return this.methods.deleteWebhook(p, new AbortController().signal)
      try {
        new URL(url)
      } catch {
        throw badRequest('invalid webhook URL specified')
      }
      const secret = p.secret_token === undefined ? undefined : str(p, 'secret_token')
      if (secret !== undefined && !/^[A-Za-z0-9_-]{1,256}$/.test(secret))
        throw badRequest('secret token contains unallowed characters')
      this.setAllowed(p.allowed_updates)
      if (p.drop_pending_updates === true) this.pending = []
      this.poller?.conflict()
      this.webhook = { url, secret }
      this.deliver()
      return true
    },
    deleteWebhook: (p) => {
      this.webhook = null
      if (p.drop_pending_updates === true) this.pending = []
      return true
    },
    getUpdates: async (p, signal) => {
      if (this.webhook)
        throw new ApiError(
          409,
          "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
        )
      const offset = int(p, 'offset', 0)
      const limit = Math.min(100, Math.max(1, int(p, 'limit', 100)))
      const timeout = Math.max(0, int(p, 'timeout', 0))
      this.setAllowed(p.allowed_updates)
      // An update is confirmed by asking with an offset past its id; a negative offset keeps the last ones.
      if (offset > 0) this.pending = this.pending.filter((u) => u.update_id >= offset)
      else if (offset < 0) this.pending = this.pending.slice(offset)
      // Only one getUpdates at a time: a newer one ends the one waiting.
      this.poller?.conflict()
      if (this.pending.length > 0 || timeout === 0) return this.pending.slice(0, limit)
      await new Promise<void>((resolve, reject) => {
        const end = (conflict: boolean) => {
          clearTimeout(timer)
          signal.removeEventListener('abort', wake)
          if (this.poller === poller) this.poller = null
          if (conflict)
            reject(
              new ApiError(
                409,
                'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running',
              ),
            )
          else resolve()
        }
        const wake = () => end(false)
        const timer = setTimeout(wake, timeout * 1000)
        const poller = { wake, conflict: () => end(true) }
        this.poller = poller
        signal.addEventListener('abort', wake)
      })
      return this.pending.slice(0, limit)
    },
    sendMessage: (p) => {
      const chatId = p.chat_id
      if (typeof chatId !== 'number' && typeof chatId !== 'string') throw badRequest('chat_id is empty')
      if (this.blocked.has(Number(chatId))) throw new ApiError(403, 'Forbidden: bot was blocked by the user')
      const text = str(p, 'text')
      if (text.trim() === '') throw badRequest('message text is empty')
      if (text.length > 4096) throw badRequest('message is too long')
      return {
        message_id: Math.floor(Math.random() * 1e9),
        date: unixNow(),
        chat: { id: Number(chatId), type: 'private' },
        from: this.botInfo,
        text,
        ...(p.reply_markup !== undefined ? { reply_markup: p.reply_markup } : {}),
      }
    },
    createInvoiceLink: (p) => {
      const title = str(p, 'title')
      const description = str(p, 'description')
      const payload = str(p, 'payload')
      const currency = str(p, 'currency')
      const providerToken = p.provider_token === undefined ? undefined : str(p, 'provider_token')
      const prices = p.prices
      if (title.length < 1 || title.length > 32) throw badRequest('invoice title must be 1-32 characters')
      if (description.length < 1 || description.length > 255)
        throw badRequest('invoice description must be 1-255 characters')
      if (Buffer.byteLength(payload) < 1 || Buffer.byteLength(payload) > 128)
        throw badRequest('invoice payload must be 1-128 bytes')
      if (!Array.isArray(prices) || prices.length === 0) throw badRequest('prices must be a non-empty array')
      for (const price of prices as LabeledPrice[])
        if (typeof price?.label !== 'string' || !Number.isInteger(price?.amount))
          throw badRequest('a price must have a label and a whole amount')
      if (currency === 'XTR') {
        // Telegram Stars: no payment provider, exactly one price (Bot API, "Payments in Telegram Stars").
        if (providerToken !== undefined && providerToken !== '')
          throw badRequest('provider_token must be empty for payments in Telegram Stars')
        if (prices.length !== 1) throw badRequest('exactly one price is allowed for payments in Telegram Stars')
        if ((prices[0] as LabeledPrice).amount < 1) throw badRequest('the price must be at least 1 star')
      }
      const slug = randomBytes(12).toString('base64url')
      const link = `https://t.me/$${slug}`
      this.invoices.set(slug, {
        slug,
        link,
        title,
        description,
        payload,
        currency,
        providerToken,
        prices: prices as LabeledPrice[],
      })
      return link
    },
    answerPreCheckoutQuery: (p) => {
      const id = str(p, 'pre_checkout_query_id')
      const answer = this.preCheckouts.get(id)
      if (!answer) throw badRequest('query is too old and response timeout expired or query ID is invalid')
      if (typeof p.ok !== 'boolean') throw badRequest('ok must be a boolean')
      const error = p.error_message === undefined ? undefined : str(p, 'error_message')
      if (!p.ok && !error) throw badRequest('error_message is required when ok is false')
      answer({ ok: p.ok, ...(error ? { error } : {}) })
      return true
    },
    getChatMember: (p) => {
      const chatId = p.chat_id
      if (typeof chatId !== 'number' && typeof chatId !== 'string') throw badRequest('chat_id is empty')
      const userId = int(p, 'user_id')
      const chat = this.chats.get(String(chatId))
      // A channel the bot does not administer: Telegram keeps its member list from the bot.
      if (chat === undefined)
        throw badRequest(String(chatId).startsWith('@') ? 'chat not found' : 'member list is inaccessible')
      return chat.get(userId) ?? { status: 'left', user: { id: userId, is_bot: false, first_name: `User ${userId}` } }
    },
    refundStarPayment: (p) => {
      const userId = int(p, 'user_id')
      const chargeId = str(p, 'telegram_payment_charge_id')
      const charge = this.charges.get(chargeId)
      if (!charge || charge.userId !== userId) throw badRequest('CHARGE_NOT_FOUND')
      if (charge.refunded) throw badRequest('CHARGE_ALREADY_REFUNDED')
      charge.refunded = true
      return true
    },
  }

  private setAllowed(value: unknown) {
    if (value === undefined) return
    if (!Array.isArray(value) || value.some((v) => typeof v !== 'string'))
      throw badRequest('allowed_updates must be an array of strings')
    this.allowed = value as string[]
  }

  /**
   * POSTs pending updates to the webhook one at a time, in order, again after a failure (backing
   * off), until none is left; like Telegram, it gives an update up after a few attempts.
   */
  private deliver(): void {
    if (this.delivering || this.closed) return
    this.delivering = (async () => {
      let backoff = 50
      let attempts = 0
      while (this.webhook && !this.closed && this.pending.length > 0) {
        const { url, secret } = this.webhook
        const update = this.pending[0]
        let delivered: boolean
        try {
          const res = await fetch(url, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              ...(secret ? { 'x-telegram-bot-api-secret-token': secret } : {}),
            },
            body: JSON.stringify(update),
          })
          await res.arrayBuffer()
          delivered = res.ok
        } catch {
          delivered = false
        }
        attempts++
        if (delivered || attempts >= WEBHOOK_ATTEMPTS) {
          if (this.pending[0] === update) this.pending.shift()
          if (!delivered) this.undelivered.push(update)
          backoff = 50
          attempts = 0
        } else {
          await new Promise((r) => setTimeout(r, backoff))
          backoff = Math.min(backoff * 2, 2_000)
        }
      }
    })().finally(() => {
      this.delivering = null
      if (this.webhook && !this.closed && this.pending.length > 0) this.deliver()
    })
  }

  // ---- HTTP ------------------------------------------------------------------------------------

  /** The Hono app: the API under /bot<token>/<method>, the control endpoints under /standin/. */
  app(): Hono {
    const app = new Hono()
    const answer = (c: Context, e: unknown) => {
      if (e instanceof ApiError)
        return c.json({ ok: false, error_code: e.code, description: e.description }, e.code as 400)
      return c.json(
        {
          ok: false,
          error_code: 500,
          description: `Internal Server Error: ${e instanceof Error ? e.message : String(e)}`,
        },
        500,
      )
    }
    app.post('/standin/updates', async (c) => {
      const body = await c.req.json().catch(() => null)
      if (body === null || typeof body !== 'object' || Array.isArray(body))
        return answer(c, badRequest('the body must be an update object'))
      const { update_id: _ignored, ...update } = body as Update
      return c.json({ ok: true, result: { update_id: this.emit(update) } })
    })
    app.get('/standin/invoices/:slug', (c) => {
      const invoice = this.invoices.get(c.req.param('slug'))
      return invoice
        ? c.json({ ok: true, result: invoice })
        : answer(c, new ApiError(404, 'Not Found: no such invoice'))
    })
    app.post('/standin/invoices/:slug/pay', async (c) => {
      const body = (await c.req.json().catch(() => null)) as { from?: User; action?: string } | null
      if (!body || typeof body.from?.id !== 'number' || typeof body.from.first_name !== 'string')
        return answer(c, badRequest('from must be a user'))
      if (body.action !== undefined && body.action !== 'pay' && body.action !== 'cancel')
        return answer(c, badRequest('action must be pay or cancel'))
      try {
        return c.json({ ok: true, result: await this.pay(c.req.param('slug'), body.from, body.action ?? 'pay') })
      } catch (e) {
        return answer(c, e)
      }
    })
    app.get('/standin/calls', (c) => c.json({ ok: true, result: this.calls }))
    app.all('/:bot/:method', async (c) => {
      const bot = c.req.param('bot')
      if (!bot.startsWith('bot')) return answer(c, new ApiError(404, 'Not Found'))
      if (bot.slice(3) !== this.token) return answer(c, new ApiError(401, 'Unauthorized'))
      const name = c.req.param('method')
      const method = Object.hasOwn(this.methods, name) ? this.methods[name] : undefined
      if (!method) return answer(c, new ApiError(404, 'Not Found: method not found'))
      let params: Record<string, unknown>
      try {
        params = await paramsOf(c)
      } catch {
        return answer(c, badRequest("can't parse request body"))
      }
      this.calls.push({ method: name, params: structuredClone(params), at: Date.now() })
      try {
        return c.json({ ok: true, result: await method(params, c.req.raw.signal) })
      } catch (e) {
        return answer(c, e)
      }
    })
    return app
  }

  async listen(port = 0): Promise<void> {
    const server = serve({ fetch: this.app().fetch, port, hostname: '127.0.0.1' })
    await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', () => resolve())))
    this.server = server
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  }

  async close(): Promise<void> {
    this.closed = true
    this.webhook = null
    this.poller?.wake()
    for (const answer of [...this.preCheckouts.values()]) answer({ ok: false, error: 'the Bot API stand-in stopped' })
    const server = this.server
    if (!server) return
    this.server = null
    const closed = new Promise<void>((resolve) => server.close(() => resolve()))
    if ('closeAllConnections' in server) server.closeAllConnections()
    await closed
    await this.delivering
  }
}

/** Starts a stand-in for one bot token on 127.0.0.1 (port 0: any free one). */
export async function startBotApiStandIn(
  token: string,
  options: { port?: number; username?: string; preCheckoutTimeoutMs?: number } = {},
): Promise<BotApiStandIn> {
  const standIn = new BotApiStandIn(token, options)
  await standIn.listen(options.port)
  return standIn
}

/** Parameters as Telegram takes them: a JSON body, a form, or the query string (objects JSON-encoded). */
async function paramsOf(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header('content-type') ?? ''
  const text: Record<string, string> = { ...c.req.query() }
  let json: Record<string, unknown> = {}
  if (type.includes('application/json')) {
    const body = await c.req.text()
    if (body.trim() !== '') {
      const value = JSON.parse(body) as unknown
      if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error('not an object')
      json = value as Record<string, unknown>
    }
  } else if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
    for (const [k, v] of Object.entries(await c.req.parseBody())) if (typeof v === 'string') text[k] = v
  }
  // Form and query values are text: objects and arrays in them are JSON, numbers and booleans bare.
  const params: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(text)) {
    params[k] = v
    if (/^[[{]/.test(v) || /^-?\d+$/.test(v) || v === 'true' || v === 'false') {
      try {
        params[k] = JSON.parse(v) as unknown
      } catch {
        // text that only looked like JSON
      }
    }
  }
  return { ...params, ...json }
}

/** A parameter that must be text (a number is taken as its digits, as Telegram does). */
function str(p: Record<string, unknown>, name: string): string {
  const v = p[name]
  if (typeof v === 'number') return String(v)
  if (typeof v !== 'string') throw badRequest(`${name} is ${v === undefined ? 'empty' : 'not a string'}`)
  return v
}

function int(p: Record<string, unknown>, name: string, fallback?: number): number {
  const v = p[name]
  if (v === undefined && fallback !== undefined) return fallback
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v
  if (typeof n !== 'number' || !Number.isSafeInteger(n)) throw badRequest(`${name} must be an integer`)
  return n
}
