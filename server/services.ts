/**
 * What the paid features stand on, made once per server before any feature starts: the payments
 * module (server/payments) and the bot (server/bot).
 *
 * Payments are no feature of the list (server/features.ts) but infrastructure next to the kernel:
 * every paid feature is built on them (a product is priced, ordered, paid one of three ways and
 * granted through them), and they are made with every feature's products at once, since a payment
 * proven later (a Stars update, a TON transaction) must find its product whoever ordered it. They
 * know the outside world the kernel does not (TON, TonConnect, Telegram Stars), so they live
 * outside server/kernel. The bot comes with them: it takes the Stars payments.
 *
 * Like a feature, they serve parts: the orders' status call, TonConnect's files (with the TON API
 * stand-in: the demo wallet's routes), and in dev mode the Bot API stand-in's payment sheet.
 */
import { devBotRoutes, devHostScript } from './bot/devHost'
import { type ServerBot, serverBot } from './bot/serve'
import type { BaseConfig, FeatureParts } from './feature'
import type { InitDataUser } from './kernel/auth'
import type { Kernel } from './kernel'
import { logCallback } from './kernel/log'
import { type TonPayments, startTonPayments } from './payments/external'
import { Payments, type Product } from './payments/orders'
import { type PaymentWays, orderRoutes } from './payments/routes'
import { type InvoiceTexts, paymentWays } from './payments/ways'
import { demoWalletScript } from './standins/demoWallet'

export interface Services {
  readonly payments: Payments
  /** The external way: the service wallet, the TON API and its watcher, TonConnect's files. */
  readonly ton: TonPayments
  /** The bot, when configured. */
  readonly bot: ServerBot | null
  /** How each way pays for a product whose invoice reads `texts`. */
  paymentWays(texts: InvoiceTexts): PaymentWays
  /** Their routes, mounted like a feature's. */
  readonly parts: FeatureParts
  /** Dev mode: what the page gets besides its launch parameters (the demo wallet; the payment sheet's stand-in). */
  devScripts(origin: string): string
}

export async function startServices(
  kernel: Kernel,
  config: BaseConfig,
  products: Readonly<Record<string, Product>>,
): Promise<Services> {
  const { db, clock, jobs, log, users } = kernel
  const payments = new Payments(db, clock, products)
  const ton = await startTonPayments({ config, db, clock, jobs, payments, log })
  // The bot's /start is a first contact too: a new user is created there, referred by its start parameter.
  const onStart = (from: InitDataUser, startParam: string | null) =>
    users.ensure(from, { startParam, now: clock.now() })
  const bot = config.bot
    ? await serverBot(config.bot, {
        token: config.botToken,
        mode: config.mode,
        db,
        payments,
        jobs,
        appUrl: config.appUrl,
        onStart,
        log: logCallback(log),
      })
    : null
  const ways = { botApi: bot?.api ?? null, serviceAddress: ton.serviceAddress, now: () => clock.now() }
  return {
    payments,
    ton,
    bot,
    paymentWays: (texts) => paymentWays(ways, texts),
    parts: {
      api: orderRoutes(payments),
      public: ton.routes,
      dev: bot?.standIn ? devBotRoutes(bot.standIn, config.botToken, config.authMaxAgeSeconds) : undefined,
    },
    devScripts: (origin) => (ton.standin ? demoWalletScript(origin) : '') + (bot?.standIn ? devHostScript(origin) : ''),
  }
}
