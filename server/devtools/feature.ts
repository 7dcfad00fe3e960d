/** Bug reports (server/devtools/routes.ts): sent by any user, read by support behind the one admin check. */
import { adminOnly } from '../kernel/admin'
import type { ServerFeature } from '../feature'
import { reportRoutes, supportRoutes } from './routes'

export const devtoolsFeature: ServerFeature = {
  name: 'devtools',
  start: ({ config, db }) => ({
    api: reportRoutes(db),
    public: supportRoutes(db, adminOnly(config.mode, config.adminToken)),
  }),
}
