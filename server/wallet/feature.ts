/** Wallets, balances and history (server/wallet/routes.ts), and dev mode's deposit simulator. */
import type { ServerFeature } from '../feature'
import { dailyBoostOffered } from '../tasks/daily'
import { depositSimulatorRoutes } from './depositSimulator'
import { walletRoutes } from './routes'

export const walletFeature: ServerFeature = {
  name: 'wallet',
  start: ({ db, catalogue, users, clock }) => ({
    // Whether the daily boost is offered is the tasks' rule (server/tasks/daily.ts).
    api: walletRoutes(db, catalogue, users, (userId) => dailyBoostOffered(db, userId, clock.now())),
    // POST /admin/deposit: a deposit from outside, simulated.
    dev: depositSimulatorRoutes(db, catalogue, users),
  }),
}
