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

export const miningFeature: ServerFeature<{ season: SeasonConfig }> = {
  name: 'mining',
  products: ({ jobs }) => ({ autoclaim: autoclaimProduct(jobs) }),
  start({ config, db, clock, jobs, payments, paymentWays, claimHooks }) {
    defineAutoclaimJob(jobs, db, clock, claimHooks)
    // The season as configured; dev mode changes it (POST /dev/mining/season).
    const season: SeasonConfig = { endsAt: config.season?.endsAt ?? null, appealUntil: config.season?.appealUntil ?? null }
    const api = new Hono<AppEnv>()
      .route('/', miningRoutes(db, clock, season, claimHooks))
      .route('/', productPaymentRoutes('/mining/autoclaim', 'autoclaim', payments, paymentWays(INVOICE_TEXTS.autoclaim)))
    return { api, dev: clock instanceof MovableClock ? miningDevRoutes(clock, season) : undefined, handles: { season } }
  },
}
