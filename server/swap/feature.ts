/** Swaps: quotes, stored routes, TON swaps, presets (server/swap/routes.ts), and the route tools' logos. */
import type { ServerFeature } from '../feature'
import { toolLogoRoutes } from './logos'
import { swapRoutes } from './routes'

export const swapFeature: ServerFeature = {
  name: 'swap',
  start: ({ db, catalogue }) => ({ api: swapRoutes(db, catalogue), public: toolLogoRoutes() }),
}
