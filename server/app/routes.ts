/** App-wide calls: the user's language (app.23). */
import { Hono } from 'hono'
import { endpoints } from '../../domain/api/endpoints'
import type { Db } from '../db'
import type { AppEnv } from '../kernel/auth'
import { BadRequest, decodeOrThrow, jsonBody } from '../kernel/validate'

export function appRoutes(db: Db) {
  const app = new Hono<AppEnv>()
  /**
   * The last choice wins: an update older than the one stored (by `chosenAt`, the moment of the
   * choice on the device) changes nothing, so two quick changes that arrive out of order still
   * leave the newest. Either way the answer is ok: the client's choice was recorded or superseded.
   */
  app.post('/userLanguage', async (c) => {
    const { language, chosenAt } = decodeOrThrow(endpoints.userLanguage.request, await jsonBody(c))
    if (!Number.isSafeInteger(chosenAt) || chosenAt <= 0)
      throw new BadRequest('chosenAt must be a time in milliseconds since 1970', 'chosenAt')
    await db.query(
      'UPDATE users SET language = $1, language_chosen_at = $2 WHERE id = $3 AND (language_chosen_at IS NULL OR language_chosen_at <= $2)',
      [language, chosenAt, c.get('user').id],
    )
    return c.json({ ok: true as const })
  })
  return app
}
