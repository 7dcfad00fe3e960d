/** Airdrops (server/airdrops/routes.ts). */
import type { ServerFeature } from '../feature'
import { airdropRoutes } from './routes'

export const airdropsFeature: ServerFeature = {
  name: 'airdrops',
  start: ({ db, clock }) => ({ api: airdropRoutes(db, clock) }),
}
