/**
 * A feature of the server (DESIGN §2): everything it brings, declared once in
 * `server/<feature>/feature.ts` and named once in the list (server/features.ts). createApp
 * (server/app.ts), configFromEnv (server/config.ts) and `npm start` (server/main.ts) loop over
 * that list; none of them names a feature.
 *
 * The hooks are the phases the wiring needs, no more, each for a dependency that exists:
 * - `config`: the settings it reads from the environment, read before anything runs (one that
 *   makes no sense stops `npm start` with one line) and part of ServerConfig (server/config.ts);
 * - `products`: the payments module is made with every paid product at once (an order names its
 *   product, a payment proven later finds it there), so products come before any feature starts;
 * - `userCreated` and `claimHooks`: code of one feature that runs inside another's transaction (a
 *   new user: the kernel's Users; a claim: mining's), handed over before either can run. The bot's
 *   /start is a first contact too (server/services.ts), so a feature that acts on it (friends'
 *   referral) does so here: no feature adds a bot command of its own today, so there is no hook for one;
 * - `start`: given the kernel, the payments module and the bot, it defines its jobs and answers
 *   its routes: calls, public, dev-only (mounted in dev mode only), and what tests reach on the
 *   running server. Demo data made with the app (dev mode) is made here: the demo user exists;
 * - `demoSeed`: `npm start` in dev mode makes demo data through the running server's own calls,
 *   once the server listens, once per database.
 */
import type { Hono } from 'hono'
import type { BotSettings } from './bot/config'
import type { ServerBot } from './bot/serve'
import type { Db } from './db'
import type { Kernel } from './kernel'
import type { AppEnv, InitDataUser } from './kernel/auth'
import type { Clock } from './kernel/clock'
import type { ConfigPart, KernelConfig } from './kernel/config'
import type { Jobs } from './kernel/jobs'
import type { UserCreatedHook } from './kernel/users'
import type { ClaimHook } from './mining/miner'
import type { PaymentsConfig } from './payments/config'
import type { TonPayments } from './payments/external'
import type { Payments, Product } from './payments/orders'
import type { PaymentWays } from './payments/routes'
import type { InvoiceTexts } from './payments/ways'

/** Routes of any environment (public and dev-only routes read no user). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Routes = Hono<any, any, any>

/** What every feature may read of the configuration besides its own: the kernel's, the payments module's and the bot's. */
export type BaseConfig = KernelConfig & PaymentsConfig & BotSettings

/** What a feature is given to start: the kernel's parts, and the payments module and bot made over them (server/services.ts). */
export interface FeatureContext<Config extends object = object> extends Kernel {
  readonly config: BaseConfig & Config
  readonly payments: Payments
  /** The external way: the service wallet, the TON API and its watcher (server/payments/external.ts). */
  readonly ton: TonPayments
  /** The bot, when this server runs one. */
  readonly bot: ServerBot | null
  /** How each way pays for one of this feature's products, the bot's invoice in `texts`. */
  paymentWays(texts: InvoiceTexts): PaymentWays
  /** Every feature's claim hooks, in the list's order (mining's claims pay them). */
  readonly claimHooks: readonly ClaimHook[]
}

/** What a started feature serves. */
export interface FeatureParts<Handles extends object = object> {
  /** Its calls: each runs only with genuine, fresh init data, for the user it names (server/app.ts). */
  api?: Hono<AppEnv>
  /** Routes without init data: files, admin reads behind the admin check. */
  public?: Routes
  /** Dev mode only: mounted in development, absent in production (tests/server/kernel/production.test.ts). */
  dev?: Routes
  /** What tests and dev tools reach on the running server (RunningServer), by name. */
  handles?: Handles
}

/** The running server as a demo seed uses it: its URL, its database, its clock and its bot. */
export interface DemoServer {
  url: string
  db: Db
  clock: Clock
  bot: ServerBot | null
}

export interface ServerFeature<Config extends object = object, Handles extends object = object> {
  /** The feature's folder (server/<name>/), and its name in log lines. */
  readonly name: string
  /** The settings it reads from the environment; a server made in code is given them (ServerConfig). */
  readonly config?: ConfigPart<Config>
  /** Its paid products, by name, for the payments module (server/payments/orders.ts). */
  products?(o: { config: BaseConfig & Config; jobs: Jobs }): Readonly<Record<string, Product>>
  /** Run in the transaction that creates a user (server/kernel/users.ts). */
  readonly userCreated?: readonly UserCreatedHook[]
  /** What a claim pays besides the claimer, in the claim's transaction (server/mining/miner.ts). */
  readonly claimHooks?: readonly ClaimHook[]
  /** Defines its jobs and answers what it serves. */
  start?(ctx: FeatureContext<Config>): FeatureParts<Handles> | Promise<FeatureParts<Handles>>
  /** `npm start` in dev mode: the demo user's data of this feature, through the server's own calls; skips what exists. */
  demoSeed?(server: DemoServer, botToken: string, demo: InitDataUser): Promise<void>
}

/** The settings every feature of `F` reads, as one object type. */
export type ConfigOf<F> = UnionToIntersection<F extends ServerFeature<infer C, infer _H> ? C : never>

/** The handles every feature of `F` exposes, as one object type. */
export type HandlesOf<F> = UnionToIntersection<F extends ServerFeature<infer _C, infer H> ? H : never>

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never
