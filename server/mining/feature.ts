/**
 * Mining (server/mining/routes.ts): the miner, its claims and the season; autoclaim, a paid
 * product claimed on the job queue (server/mining/autoclaim.ts); dev mode's clock and season.
 */
import { Hono } from 'hono'
import type { ServerFeature } from '../feature'
import type { AppEnv } from '../kernel/auth'
import { MovableClock } from '../kernel/clock'
import { productPaymentRoutes } from '../payments/routes'
import { autoclaimProduct, defineAutoclaimJob } from './autoclaim'
import { miningDevRoutes } from './dev'
import { miningRoutes } from './routes'
import type { SeasonConfig } from './season'
import { INVOICE_TEXTS } from './seed'

export interface MiningConfig {
  /** The mining season's end and the PoH appeal's deadline (MINING_SEASON_ENDS_AT, MINING_APPEAL_UNTIL); none by default. */
  season?: SeasonConfig
}

export interface MiningHandles {
  /** The mining season, as configured (dev mode changes it through POST /dev/mining/season). */
  season: SeasonConfig
}

export const miningFeature: ServerFeature<MiningConfig, MiningHandles> = {
  name: 'mining',
  config: {
    fromEnv(env) {
      const season = { endsAt: env.MINING_SEASON_ENDS_AT ?? null, appealUntil: env.MINING_APPEAL_UNTIL ?? null }
      for (const [name, value] of [
        ['MINING_SEASON_ENDS_AT', season.endsAt],
        ['MINING_APPEAL_UNTIL', season.appealUntil],
      ] as const)
        if (value !== null && Number.isNaN(Date.parse(value)))
          return { error: `${name} must be an ISO date and time such as 2026-12-31T12:00:00Z, not "${value}"` }
      return { season }
    },
  },
  products: ({ jobs }) => ({ autoclaim: autoclaimProduct(jobs) }),
  start({ config, db, clock, jobs, payments, paymentWays, claimHooks }) {
    defineAutoclaimJob(jobs, db, clock, claimHooks)
    // The season as configured; dev mode changes it (POST /dev/mining/season).
    const season: SeasonConfig = {
      endsAt: config.season?.endsAt ?? null,
      appealUntil: config.season?.appealUntil ?? null,
    }
    const api = new Hono<AppEnv>()
      .route('/', miningRoutes(db, clock, season, claimHooks))
      .route(
        '/',
        productPaymentRoutes('/mining/autoclaim', 'autoclaim', payments, paymentWays(INVOICE_TEXTS.autoclaim)),
      )
    return { api, dev: clock instanceof MovableClock ? miningDevRoutes(clock, season) : undefined, handles: { season } }
  },
}
