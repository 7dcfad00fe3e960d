/** Copy trading (server/copyTrade/routes.ts) and the simulated trader feed on the job queue (server/copyTrade/engine.ts). */
import type { ServerFeature } from '../feature'
import { scheduleFeed } from './engine'
import { copyFeedAdminRoutes, copyTradeRoutes } from './routes'

export interface CopyTradeConfig {
  /** How often the copy-trade engine takes the next event of each followed trader's feed (COPY_FEED_INTERVAL_MS); 0: never. */
  copyFeedIntervalMs?: number
}

export const copyTradeFeature: ServerFeature<CopyTradeConfig> = {
  name: 'copyTrade',
  config: {
    fromEnv(env) {
      const copyFeed = Number(env.COPY_FEED_INTERVAL_MS ?? 60_000)
      if (!Number.isInteger(copyFeed) || copyFeed < 0)
        return { error: 'COPY_FEED_INTERVAL_MS must be a whole number of milliseconds (0 turns the feed off)' }
      return { copyFeedIntervalMs: copyFeed }
    },
  },
  start({ config, db, catalogue, users, jobs }) {
    // The feed: off unless configured (tests push it by hand).
    scheduleFeed(jobs, db, catalogue, config.copyFeedIntervalMs ?? 0)
    // POST /admin/copyFeed/push: the feed's next step, now.
    return { api: copyTradeRoutes(db, catalogue, users), dev: copyFeedAdminRoutes(db, catalogue) }
  },
}
