/**
 * The kernel's parts of one server (DESIGN §7, "The server's shape"): what every feature uses and
 * none owns. The kernel knows no feature: features are given these parts (server/feature.ts).
 */
import type { Db } from '../db'
import { type Catalogue, loadCatalogue } from './catalogue'
import { type Clock, MovableClock, systemClock } from './clock'
import type { KernelConfig } from './config'
import { Jobs } from './jobs'
import { type Logger, createLogger, defaultLogLevel, logCallback, registerSecrets } from './log'
import { type Logos, loadLogos } from './logos'
import { Users } from './users'

export interface Kernel {
  /** Dev mode: new users get starter balances, the clock is movable, the demo user and the dev-only routes exist. */
  readonly dev: boolean
  readonly db: Db
  readonly catalogue: Catalogue
  readonly logos: Logos
  readonly users: Users
  readonly clock: Clock
  readonly log: Logger
  readonly jobs: Jobs
}

/** `secrets`: every secret of the whole configuration, kept out of every log line from now on. */
export async function openKernel(config: KernelConfig, db: Db, secrets: readonly string[]): Promise<Kernel> {
  const dev = config.mode === 'development'
  const catalogue = await loadCatalogue(db)
  const logos = await loadLogos(catalogue.tokens.map((t) => t.symbol))
  const users = new Users(db, catalogue, dev, config.walletSecret)
  // Time is the server's: movable only in dev mode and tests; a production server runs on the system clock.
  const clock: Clock = config.clock ?? (dev ? new MovableClock() : systemClock)
  // Structured logs (server/kernel/log.ts): every line about a request carries its id (kernel/requests.ts);
  // none holds a secret of this configuration.
  registerSecrets(secrets)
  const log = createLogger(config.logLevel ?? defaultLogLevel(), config.logDestination)
  // The database away and back: two lines for the operator, not one per call it turns away (503s).
  db.availability.onChange((change) =>
    change.available
      ? log.info({ downMs: change.downMs }, `database: answering again after ${change.downMs} ms`)
      : log.warn(
          { err: change.cause },
          'database: not answering; calls are answered 503 with Retry-After until it is back',
        ),
  )
  const jobs = new Jobs(db, clock, { log: logCallback(log) })
  return { dev, db, catalogue, logos, users, clock, log, jobs }
}
