/**
 * The bot (DESIGN §7): the reference server is also the mini-app's Telegram bot, built
 * with grammY against a configurable Bot API root (Telegram's, or the project's stand-in in dev
 * mode and tests: server/standins/botApi.ts).
 *
 * - `/start [param]` answers with a button that opens the mini-app, in the user's language. The
 *   start parameter goes through as Telegram passes one to a mini-app: the app URL's
 *   `tgWebAppStartParam` query parameter.
 * - `/paysupport` and `/terms`, which Telegram asks of a bot that sells: how to get help with a
 *   payment and how refunds go, and the terms of purchases (server/bot/texts.ts), in the user's language.
 * - Telegram Stars: pre_checkout_query, successful_payment and refunded_payment (server/payments/stars.ts).
 * - Updates arrive by webhook (production: Telegram POSTs them with the secret token; a request
 *   without it is answered 401 and never processed) or by long polling (local use).
 * - Starting never blocks the server or crashes it: an unreachable Bot API is logged and tried
 *   again with a doubling wait.
 */
import { timingSafeEqual } from 'node:crypto'
import { type Api, Bot, BotError, type Context, GrammyError, HttpError, InlineKeyboard, webhookCallback } from 'grammy'
import type { UserFromGetMe } from 'grammy/types'
import { type Log, type StarsDeps, starsHandlers } from '../payments/stars'
import { TEXTS, languageOf } from './texts'
import { ALLOWED_UPDATES, checkUpdate } from './updates'
import { unavailableDependency } from '../kernel/unavailable'

/** Long polling's wait before taking an update again whose handling found the database or Telegram away: doubling, at most the second. */
const RETRY_UPDATE_MS = { first: 1_000, max: 10_000 } as const

export { ALLOWED_UPDATES }
/** Telegram's rule for a mini-app start parameter (and a /start deep-link parameter is stricter). */
const START_PARAM = /^[A-Za-z0-9_-]{1,512}$/
/** The largest webhook body taken: an update is a few KB; a message of 4096 escaped characters about 25 KB. */
export const WEBHOOK_MAX_BYTES = 1024 * 1024
export const SECRET_HEADER = 'x-telegram-bot-api-secret-token'

export interface BotOptions {
  token: string
  /** The Bot API root, no trailing slash: https://api.telegram.org, or the stand-in's URL. */
  apiRoot: string
  /** The mini-app's URL, asked when a button is made (the server knows its own URL only once it listens). */
  appUrl: () => string
  stars: StarsDeps
  log: Log
  /** The bot as getMe describes it, when known already (tests): no getMe at start. */
  botInfo?: UserFromGetMe
  /** Where /paysupport sends a payer (BOT_SUPPORT_CONTACT); unset: the app's bug report. */
  supportContact?: string
  /** A user's `/start` (their first contact, if they are new: referral attribution), before the answer. */
  onStart?: (from: NonNullable<Context['from']>, startParam: string | null) => Promise<void>
}

/** The mini-app's URL carrying a start parameter as Telegram passes one (`tgWebAppStartParam`). */
export function appLink(appUrl: string, startParam: string | null): string {
  const url = new URL(appUrl)
  if (startParam !== null) url.searchParams.set('tgWebAppStartParam', startParam)
  return url.toString()
}

/** The parameter of `/start PARAM` if it is one a mini-app can take, else null. */
export function startParamOf(match: string): string | null {
  const param = match.trim()
  return START_PARAM.test(param) ? param : null
}

export function createBot(o: BotOptions): Bot {
  const bot = new Bot(o.token, {
    client: { apiRoot: o.apiRoot, timeoutSeconds: 60 },
    ...(o.botInfo ? { botInfo: o.botInfo } : {}),
  })
  bot.command('start', async (ctx: Context) => {
    const t = TEXTS[languageOf(ctx.from?.language_code)]
    const param = startParamOf(typeof ctx.match === 'string' ? ctx.match : '')
    // A first contact not recorded (the database away) still gets its answer; the next call records the user.
    const from = ctx.from
    if (from && !from.is_bot)
      await o.onStart?.(from, param).catch((e: unknown) => o.log(`bot: /start of user ${from.id} not recorded`, e))
    // A web_app button opens the mini-app in a private chat only; elsewhere the button leads there.
    if (ctx.chat?.type === 'private')
      await ctx.reply(t.welcome, { reply_markup: new InlineKeyboard().webApp(t.open, appLink(o.appUrl(), param)) })
    else
      await ctx.reply(t.welcomeGroup, {
        reply_markup: new InlineKeyboard().url(
          t.openPrivate,
          `https://t.me/${ctx.me.username}${param ? `?start=${param}` : ''}`,
        ),
      })
  })
  // Telegram's rules for a bot that takes payments: these two are answered, wherever they are asked.
  bot.command('paysupport', (ctx) =>
    ctx.reply(TEXTS[languageOf(ctx.from?.language_code)].paySupport(o.supportContact ?? null)),
  )
  bot.command('terms', (ctx) =>
    ctx.reply(TEXTS[languageOf(ctx.from?.language_code)].terms, { link_preview_options: { is_disabled: true } }),
  )
  bot.use(starsHandlers(o.stars))
  return bot
}

export type BotMode =
  { kind: 'polling'; timeoutSeconds?: number } | { kind: 'webhook'; secret: string } | { kind: 'off' }

interface Backoff {
  firstMs: number
  maxMs: number
}

/** grammY types its signals with its own AbortController shim; Node's are the same thing at run time. */
type ApiSignal = Parameters<Api['getMe']>[0]

const describe = (e: unknown) =>
  e instanceof GrammyError
    ? `${e.method}: ${e.error_code} ${e.description}`
    : e instanceof HttpError
      ? e.message
      : e instanceof Error
        ? e.message
        : String(e)

/** Equal secrets, compared in constant time. */
function sameSecret(given: string | undefined, secret: string): boolean {
  if (given === undefined) return false
  const a = Buffer.from(given)
  const b = Buffer.from(secret)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * Runs a bot: long polling, or a webhook (set at start, served by `webhook`). `start` returns at
 * once; the connection to the Bot API is made in the background, logged and retried while it fails.
 */
export class BotRunner {
  /** Resolves once the bot receives updates (polling started, or the webhook set). */
  readonly ready: Promise<void>
  private markReady!: () => void
  private readonly abort = new AbortController()
  private stopping = false
  private running: Promise<void> | null = null
  private unreachable = false
  /** Long polling: the first update not yet handled (getUpdates' offset). */
  private offset = 0
  private readonly callback: ((c: import('hono').Context) => Promise<Response>) | null

  constructor(
    readonly bot: Bot,
    readonly mode: BotMode,
    private readonly log: Log,
    private readonly backoff: Backoff = { firstMs: 1_000, maxMs: 5 * 60_000 },
  ) {
    this.ready = new Promise((resolve) => (this.markReady = resolve))
    // Said once when the Bot API stops answering, and once when it answers again.
    bot.api.config.use(async (prev, method, payload, signal) => {
      try {
        const result = await prev(method, payload, signal)
        if (this.unreachable) {
          this.unreachable = false
          this.log(`bot: the Bot API answers again (${method})`)
        }
        return result
      } catch (e) {
        if (e instanceof HttpError && !this.stopping && !this.unreachable) {
          this.unreachable = true
          this.log(`bot: the Bot API is unreachable (${describe(e)}); trying again`)
        }
        throw e
      }
    })
    bot.catch((err) => this.log(`bot: update ${err.ctx.update.update_id} failed`, err.error))
    this.callback =
      mode.kind === 'webhook'
        ? (webhookCallback(bot, 'hono', { secretToken: mode.secret }) as (
            c: import('hono').Context,
          ) => Promise<Response>)
        : null
  }

  /** Starts in the background; `webhookUrl` is where Telegram is to POST updates (webhook mode). */
  start(webhookUrl?: string): void {
    if (this.running || this.mode.kind === 'off') return
    this.running = this.run(webhookUrl).catch((e: unknown) => this.log('bot: stopped', e))
  }

  private async run(webhookUrl: string | undefined): Promise<void> {
    const signal = this.abort.signal
    const apiSignal = signal as unknown as ApiSignal
    let wait = this.backoff.firstMs
    while (!this.stopping) {
      try {
        if (!this.bot.isInited()) this.bot.botInfo = await this.bot.api.getMe(apiSignal)
        if (this.mode.kind === 'webhook') {
          if (!webhookUrl) throw new Error('webhook mode needs the URL Telegram is to call')
          await this.bot.api.setWebhook(
            webhookUrl,
            { secret_token: this.mode.secret, allowed_updates: [...ALLOWED_UPDATES] },
            apiSignal,
          )
          this.markReady()
          return
        }
        await this.poll(apiSignal)
        // poll() returns once stop() is called.
      } catch (e) {
        if (this.stopping) return
        this.log(`bot: could not start (${describe(e)}); trying again in ${Math.round(wait / 100) / 10} s`)
        await this.pause(wait)
        wait = Math.min(wait * 2, this.backoff.maxMs)
      }
    }
  }

  /**
   * Long polling: each update is handled in order and confirmed (the next getUpdates' offset) only
   * once handled. An update whose handling failed because the database or Telegram did not answer
   * is not confirmed: polling waits and takes it again, so a payment that arrives during an outage
   * is granted once it is over, never dropped. Any other failure is logged and the update confirmed
   * (handling it again would fail the same way). grammY's own bot.start() confirms every update it
   * tried, failed or not.
   */
  private async poll(signal: ApiSignal): Promise<void> {
    const timeout = this.mode.kind === 'polling' ? (this.mode.timeoutSeconds ?? 25) : 25
    await this.bot.api.deleteWebhook({}, signal)
    this.markReady()
    let allowed: (typeof ALLOWED_UPDATES)[number][] | undefined = [...ALLOWED_UPDATES]
    let wait: number = RETRY_UPDATE_MS.first
    while (!this.stopping) {
      const updates = await this.bot.api.getUpdates(
        { offset: this.offset, timeout, ...(allowed ? { allowed_updates: allowed } : {}) },
        signal,
      )
      // Telegram keeps the last allowed_updates: sent once.
      allowed = undefined
      for (const update of updates) {
        if (this.stopping) return
        try {
          await this.bot.handleUpdate(update)
        } catch (e) {
          const cause = e instanceof BotError ? e.error : e
          if (unavailableDependency(cause) !== null) {
            this.log(
              `bot: update ${update.update_id} waits: ${unavailableDependency(cause)} is not answering; taking it again in ${wait / 1000} s`,
            )
            await this.pause(wait)
            wait = Math.min(wait * 2, RETRY_UPDATE_MS.max)
            break
          }
          this.log(`bot: update ${update.update_id} failed`, cause)
        }
        this.offset = update.update_id + 1
        wait = RETRY_UPDATE_MS.first
      }
    }
  }

  /** Waits `ms`, or less if stop() is called. */
  private pause(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms)
      this.abort.signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true })
    })
  }

  /** The webhook route: 401 without the right secret token (nothing read or processed), else the update handled. */
  async webhook(c: import('hono').Context): Promise<Response> {
    if (this.mode.kind !== 'webhook' || this.callback === null)
      return c.json({ message: 'this bot takes no webhook' }, 404)
    if (!sameSecret(c.req.header(SECRET_HEADER), this.mode.secret))
      return c.json({ message: 'wrong or missing secret token' }, 401)
    // Telegram delivers again later what was not answered 2xx.
    if (!this.bot.isInited()) return c.json({ message: 'the bot is starting' }, 503, { 'retry-after': '5' })
    if (Number(c.req.header('content-length') ?? 0) > WEBHOOK_MAX_BYTES)
      return c.json({ message: `an update is at most ${WEBHOOK_MAX_BYTES} bytes` }, 413)
    let update: unknown
    try {
      update = JSON.parse(await c.req.text()) as unknown
    } catch {
      return c.json({ message: 'the body is not JSON' }, 400)
    }
    const checked = checkUpdate(update)
    if (!checked.handle) return checked.why === null ? c.body('', 200) : c.json({ message: checked.why }, 400)
    try {
      return await this.callback(c)
    } catch (e) {
      // The Bot API refused a call for good (a user who blocked the bot, a query answered too late):
      // taking the update again would fail the same way. Anything else is answered 500, so Telegram
      // delivers the update again (a payment is never dropped for a passing fault).
      const cause = e instanceof BotError ? e.error : e
      if (!(
        cause instanceof GrammyError &&
        cause.error_code >= 400 &&
        cause.error_code < 500 &&
        cause.error_code !== 429
      ))
        throw e
      this.log(`bot: update ${checked.update.update_id}: ${describe(cause)}`)
      return c.body('', 200)
    }
  }

  async stop(): Promise<void> {
    this.stopping = true
    this.abort.abort()
    await Promise.race([this.running, new Promise((r) => setTimeout(r, 3_000).unref())])
    // Confirms the updates handled since the last getUpdates, so the next start does not take them
    // again; a Bot API that is gone does not hold the close.
    if (this.mode.kind === 'polling' && this.offset > 0) {
      const confirm = this.bot.api.getUpdates({ offset: this.offset, limit: 1, timeout: 0 }).catch(() => {})
      await Promise.race([confirm, new Promise((r) => setTimeout(r, 3_000).unref())])
    }
  }
}
