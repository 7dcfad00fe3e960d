/**
 * The external way's parts on one server (docs/payments.md, "TON payments and TonConnect"): the service
 * wallet, the TON API the watcher reads (in dev mode, unless TON_API_URL names one, the stand-in,
 * started here on 127.0.0.1), the watcher as a periodic job, TonConnect's files, and in dev mode the
 * demo wallet's routes (with the stand-in only: the demo wallet pays through it). A production server
 * never starts the stand-in nor serves the demo wallet.
 */
import { Hono } from 'hono'
import type { Db } from '../db'
import type { Clock } from '../kernel/clock'
import type { KernelConfig } from '../kernel/config'
import type { Jobs } from '../kernel/jobs'
import { type Logger, logCallback, processLog } from '../kernel/log'
import { demoWalletListEntry, demoWalletRoutes } from '../standins/demoWallet'
import { type TonApiStandin, startTonApiStandin } from '../standins/tonApi'
import { DEFAULT_TON_API_URL, type PaymentsConfig } from './config'
import type { Payments } from './orders'
import { serviceWallet, tonConnectRoutes } from './ton'
import { TonApi, TonWatcher, scheduleTonWatcher } from './watcher'

export interface TonPayments {
  /** The service wallet, user-friendly and non-bounceable. */
  serviceAddress: string
  /** Dev mode's TON API stand-in (null when TON_API_URL names a real API, and always in production). */
  standin: TonApiStandin | null
  /** The TON API the watcher reads. */
  apiUrl: string
  watcher: TonWatcher
  /**
   * Another account to read in the same periodic job, after the service wallet (staking's SBT
   * collection, server/staking/sbt.ts): one job per interval, whatever is watched.
   */
  alsoWatch(watcher: TonWatcher): void
  /** TonConnect's manifest, icon and wallets list; with the stand-in (dev mode) the demo wallet's routes too. */
  routes: Hono
  close(): Promise<void>
}

export async function startTonPayments(o: {
  config: KernelConfig & PaymentsConfig
  db: Db
  clock: Clock
  jobs: Jobs
  payments: Payments
  log?: Logger
}): Promise<TonPayments> {
  const log = o.log ?? processLog
  const dev = o.config.mode === 'development'
  const serviceAddress = serviceWallet(o.config.serviceTonAddress)
  const standin = dev && !o.config.tonApi ? await startTonApiStandin({ clock: o.clock }) : null
  const apiUrl = standin?.url ?? o.config.tonApi?.url ?? DEFAULT_TON_API_URL
  const watcher = new TonWatcher(
    o.db,
    o.payments,
    new TonApi({ baseUrl: apiUrl, apiKey: o.config.tonApi?.apiKey }),
    serviceAddress,
    o.clock,
    { log: logCallback(log, 'warn') },
  )
  const others: TonWatcher[] = []
  const pollAll = async () => {
    const seen = await watcher.poll()
    for (const other of others)
      await other.poll().then(
        (more) => seen.push(...more),
        (e: unknown) =>
          log.error({ err: e }, `TON watcher: reading ${other.account} failed this run; the next one tries again`),
      )
    return seen
  }
  scheduleTonWatcher(o.jobs, { poll: pollAll }, o.config.tonWatchIntervalMs ?? 0, logCallback(log))
  // The demo wallet pays through the stand-in only (a real API takes signed external messages).
  const demo = standin !== null
  const routes = new Hono().route(
    '/',
    tonConnectRoutes({ appUrl: o.config.appUrl, dev: demo, demoWallet: demo ? demoWalletListEntry : undefined }),
  )
  if (demo) routes.route('/', demoWalletRoutes({ tonApiUrl: apiUrl, clock: o.clock }))
  return {
    serviceAddress,
    standin,
    apiUrl,
    watcher,
    alsoWatch: (w) => void others.push(w),
    routes,
    close: async () => void (await standin?.close()),
  }
}
