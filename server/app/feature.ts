/** The app's own call: the user's language (server/app/routes.ts). */
import type { ServerFeature } from '../feature'
import { appRoutes } from './routes'

export const appFeature: ServerFeature = {
  name: 'app',
  start: ({ db }) => ({ api: appRoutes(db) }),
}
