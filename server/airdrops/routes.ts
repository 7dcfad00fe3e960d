/** The airdrops' calls (doc 2 §7; airdrops.2, airdrops.6): the list (GET tasks with boostType=airdrop), and the confirmation of a subscription. */
import { Hono } from 'hono'
import { AIRDROP_BOOST_TYPE } from '../../domain/tasks/codecs'
import { endpoints } from '../../domain/api/endpoints'
import type { Db } from '../db'
import type { AppEnv } from '../kernel/auth'
import type { Clock } from '../kernel/clock'
import { decodeOrThrow, jsonBody } from '../kernel/validate'
import { airdropsAnswer, confirmSubscription } from './airdrops'

export function airdropRoutes(db: Db, clock: Clock) {
  const app = new Hono<AppEnv>()
  // airdrops.2: the tasks call with boostType=airdrop (doc 2 §7); any other boostType is the tasks' (server/tasks/routes.ts)
  app.get(endpoints.airdrops.path, async (c, next) => {
    if (c.req.query('boostType') !== AIRDROP_BOOST_TYPE) return next()
    return c.json(await airdropsAnswer(db, c.get('user').id, clock.now()))
  })
  app.post('/mining/confirmSubscription', async (c) => {
    const { subscriptionType, airdropId } = decodeOrThrow(endpoints.confirmSubscription.request, await jsonBody(c))
    await confirmSubscription(db, c.get('user').id, subscriptionType, airdropId, clock)
    return c.json({ ok: true as const })
  })
  return app
}
