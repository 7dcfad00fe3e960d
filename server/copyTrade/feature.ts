/** Copy trading (server/copyTrade/routes.ts) and the simulated trader feed on the job queue (server/copyTrade/engine.ts). */
import type { ServerFeature } from '../feature'
import { scheduleFeed } from './engine'
import { copyFeedAdminRoutes, copyTradeRoutes } from './routes'

export const copyTradeFeature: ServerFeature = {
  name: 'copyTrade',
  start({ config, db, catalogue, users, jobs }) {
    // The feed: off unless configured (tests push it by hand).
    scheduleFeed(jobs, db, catalogue, config.copyFeedIntervalMs ?? 0)
    // POST /admin/copyFeed/push: the feed's next step, now.
    return { api: copyTradeRoutes(db, catalogue, users), dev: copyFeedAdminRoutes(db, catalogue) }
  },
}
