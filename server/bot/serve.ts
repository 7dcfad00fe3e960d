/**
 * The bot as part of a running server (server/app.ts): made with the app, started once the server
 * listens (it knows its own URL then: the webhook's and the mini-app's when they are paths or
 * unset), stopped by close(). In dev mode and tests without a Bot API root, the stand-in runs
 * in-process and the bot talks to it; production refuses that.
 */
import type { Api } from 'grammy'
import type { Db } from '../db'
import type { Mode } from '../kernel/config'
import type { BotConfig } from './config'
import type { Jobs } from '../kernel/jobs'
import type { Payments } from '../payments/orders'
import { type Log, defineStarsRefundJob } from '../payments/stars'
import { type BotApiStandIn, startBotApiStandIn } from '../standins/botApi'
import { type BotMode, type BotOptions, BotRunner, createBot } from './bot'
import { logCallback, processLog } from '../kernel/log'

export interface ServerBot {
  readonly runner: BotRunner
  /** The Bot API client (starsInvoiceLink takes it). */
  readonly api: Api
  /** Dev mode and tests: the in-process Bot API stand-in. */
  readonly standIn: BotApiStandIn | null
  /** The path Telegram POSTs updates to (webhook mode), else null. */
  readonly webhookPath: string | null
  /** Resolves once the bot receives updates. */
  readonly ready: Promise<void>
  /** Starts talking to the Bot API in the background; `serverUrl` is this server's own URL. */
  start(serverUrl: string): void
  close(): Promise<void>
}

export interface ServerBotDeps {
  token: string
  mode: Mode
  db: Db
  payments: Payments
  jobs: Jobs
  /** The mini-app's URL (APP_URL); unset: the webhook's origin, else this server's own URL. */
  appUrl?: string
  log?: Log
  /** A user's `/start` (server/app.ts: creates a new user, attributing their referral). */
  onStart?: BotOptions['onStart']
}

const defaultLog: Log = logCallback(processLog)

export async function serverBot(config: BotConfig, deps: ServerBotDeps): Promise<ServerBot> {
  if (config.apiRoot === null && deps.mode === 'production')
    throw new Error('the Bot API stand-in is for dev mode and tests: a production server names its Bot API root')
  const log = deps.log ?? defaultLog
  const standIn = config.apiRoot === null ? await startBotApiStandIn(deps.token) : null
  let serverUrl = ''
  const { updates } = config
  const webhookOrigin =
    updates.kind === 'webhook' && !updates.url.startsWith('/') ? new URL('/', updates.url).toString() : undefined
  const bot = createBot({
    token: deps.token,
    apiRoot: standIn?.url ?? (config.apiRoot as string),
    appUrl: () => deps.appUrl ?? webhookOrigin ?? `${serverUrl}/`,
    stars: { db: deps.db, payments: deps.payments, jobs: deps.jobs, log },
    log,
    onStart: deps.onStart,
    ...(config.supportContact ? { supportContact: config.supportContact } : {}),
  })
  defineStarsRefundJob(deps.jobs, bot.api, deps.payments, log)
  const mode: BotMode = updates.kind === 'webhook' ? { kind: 'webhook', secret: updates.secret } : updates
  const runner = new BotRunner(bot, mode, log)
  return {
    runner,
    api: bot.api,
    standIn,
    webhookPath: updates.kind === 'webhook' ? new URL(updates.url, 'http://localhost').pathname : null,
    ready: runner.ready,
    start(url) {
      serverUrl = url
      runner.start(updates.kind === 'webhook' ? new URL(updates.url, `${url}/`).toString() : undefined)
    },
    async close() {
      await runner.stop()
      await standIn?.close()
    },
  }
}
