/** App-wide calls: the user's language (app.23). */
import { Hono } from 'hono'
import { endpoints } from '../../domain/api/endpoints'
import type { Db } from '../db'
import type { AppEnv } from '../kernel/auth'
import { decodeOrThrow, jsonBody } from '../kernel/validate'

export function appRoutes(db: Db) {
  const app = new Hono<AppEnv>()
  app.post('/userLanguage', async (c) => {
    const { language } = decodeOrThrow(endpoints.userLanguage.request, await jsonBody(c))
    await db.query('UPDATE users SET language = $1 WHERE id = $2', [language, c.get('user').id])
    return c.json({ ok: true as const })
  })
  return app
}
