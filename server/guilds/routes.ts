/** The guild and alliance calls (doc 2 §7; domain/api/endpoints.ts guildLeaderboard ... setAlliance). */
import { Hono } from 'hono'
import { allianceKey, allianceNameOf, isGuildRank } from '../../domain/guilds/rules'
import type { Db } from '../db'
import type { AppEnv } from '../kernel/auth'
import type { Clock } from '../kernel/clock'
import { BadRequest } from '../kernel/validate'
import { allianceDetails, allianceLeaderboard, setAlliance } from './alliances'
import { guildLeaderboardJson } from './leaderboard'

const rankOf = (text: string) => {
  const rank = /^\d$/.test(text) ? Number(text) : NaN
  if (!isGuildRank(rank)) throw new BadRequest('rank must be a guild rank, 1 to 5', 'rank')
  return rank
}

export function guildRoutes(db: Db, clock: Clock) {
  const app = new Hono<AppEnv>()
  // The answer as text: the rank's list is serialised once per recompute (leaderboard.ts), not per call.
  // A new headers object each time: the response may take it as its own.
  app.get('/mining/guilds/:rank', async (c) =>
    c.body(await guildLeaderboardJson(db, rankOf(c.req.param('rank')), c.get('user').id), 200, {
      'content-type': 'application/json',
    }),
  )
  app.get('/mining/allianceLeaderboard/:rank', async (c) =>
    c.json(await allianceLeaderboard(db, rankOf(c.req.param('rank')), c.get('user').id)),
  )
  app.get('/mining/alliances/:name', async (c) => {
    const name = allianceNameOf(c.req.param('name'))
    if (name === null) throw new BadRequest('name must be an alliance handle: word characters only', 'name')
    const details = await allianceDetails(db, allianceKey(name), c.get('user').id)
    if (details === null) throw new BadRequest('no such alliance', 'name', 404)
    return c.json(details)
  })
  // guilds.13-14: with `alliance`, join it (made if new); without, leave.
  app.post('/mining/alliance', async (c) => {
    const given = c.req.query('alliance')
    const name = given === undefined ? null : allianceNameOf(given)
    if (given !== undefined && name === null)
      throw new BadRequest('alliance must be a name, an @handle or a t.me link, word characters only', 'alliance')
    const outcome = await setAlliance(db, c.get('user').id, name === null ? null : allianceKey(name), name, clock.now())
    if (outcome.kind === 'no-profile') throw new BadRequest('no mining profile: create it first', undefined, 409)
    return c.json({ ok: true as const })
  })
  return app
}
