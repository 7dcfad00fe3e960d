/**
 * The mining service's calls (doc 2 §7 "create user mining", "get user mining", and the claim the
 * spec leaves unshown). Every answer carries the server's clock, so the client's
 * countdowns run on the server's time, and a replay shows what the user saw.
 */
import { Hono } from 'hono'
import { endpoints } from '../../domain/api/endpoints'
import type { Db } from '../db'
import type { AppEnv } from '../kernel/auth'
import type { Clock } from '../kernel/clock'
import { keyOrRefuse, once } from '../kernel/idempotency'
import { BadRequest, decodeOrThrow, jsonBody } from '../kernel/validate'
import { autoclaimOffer } from './autoclaim'
import { type ClaimHook, type MiningRecord, claimMining, createMiner, readMiner } from './miner'
import { type SeasonConfig, miningNow, miningResults, seasonEnded } from './season'

interface ClaimAnswer {
  outcome: 'claimed' | 'stale' | 'nothing'
  claimed: string
  bonus: string
  userMining: MiningRecord
  serverTime: number
}

export function miningRoutes(db: Db, clock: Clock, season: SeasonConfig, claimHooks: readonly ClaimHook[] = []) {
  const app = new Hono<AppEnv>()
  app.post('/mining/user', async (c) => {
    await createMiner(db, c.get('user').id, clock.now())
    return c.json({ ok: true })
  })
  app.get('/mining/user', async (c) => {
    const now = clock.now()
    const userMining = await readMiner(db, c.get('user').id, miningNow(season, now))
    return c.json({ userMining, serverTime: now, season: { endsAt: season.endsAt, appealUntil: season.appealUntil } })
  })
  app.post('/mining/claim', async (c) => {
    const { idempotencyKey, windowStart } = decodeOrThrow(endpoints.claimMining.request, await jsonBody(c))
    keyOrRefuse(idempotencyKey)
    if (Number.isNaN(Date.parse(windowStart)))
      throw new BadRequest('windowStart must be the dttm of the window the claim is for', 'windowStart')
    const userId = c.get('user').id
    // One key is one claim: a retry after a lost answer or a failover gets the first answer again.
    const answer = await once<ClaimAnswer | { refused: string }>(db, userId, `claim:${idempotencyKey}`, async (tx) => {
      const now = clock.now()
      if (seasonEnded(season, now)) return { refused: 'the mining season has ended' }
      const outcome = await claimMining(tx, userId, now, windowStart, 'claim', claimHooks)
      if (outcome.kind === 'no-profile') return { refused: 'no mining profile: create it first' }
      return {
        outcome: outcome.kind,
        claimed: outcome.kind === 'claimed' ? outcome.claimed : '0',
        bonus: outcome.kind === 'claimed' ? outcome.bonus : '0',
        userMining: outcome.record,
        serverTime: now,
      }
    })
    if ('refused' in answer) throw new BadRequest(answer.refused, undefined, 409)
    return c.json(answer)
  })
  app.get('/mining/autoclaim', async (c) => c.json(await autoclaimOffer(db, c.get('user').id, clock.now())))
  app.get('/mining/results', async (c) => {
    const now = clock.now()
    const results = await miningResults(db, c.get('user').id, season, now)
    if (results === null) throw new BadRequest('no mining profile', undefined, 404)
    return c.json({ ...results, serverTime: now })
  })
  return app
}
