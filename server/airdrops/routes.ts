/** The airdrops' calls (doc 2 §7; airdrops.2, airdrops.6): the list, and the confirmation of a subscription. */
import { Hono } from 'hono'
import { gameEndpoints as endpoints } from '../../domain/api/gameEndpoints'
import type { Db } from '../db'
import type { AppEnv } from '../kernel/auth'
import type { Clock } from '../kernel/clock'
import { decodeOrThrow, jsonBody } from '../kernel/validate'
import { airdropsAnswer, confirmSubscription } from './airdrops'

export function airdropRoutes(db: Db, clock: Clock) {
  const app = new Hono<AppEnv>()
  app.get('/mining/airdrops', async (c) => c.json(await airdropsAnswer(db, c.get('user').id, clock.now())))
  app.post('/mining/confirmSubscription', async (c) => {
    const { subscriptionType, airdropId } = decodeOrThrow(endpoints.confirmSubscription.request, await jsonBody(c))
    await confirmSubscription(db, c.get('user').id, subscriptionType, airdropId, clock)
    return c.json({ ok: true as const })
  })
  return app
}
