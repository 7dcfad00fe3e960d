/**
 * Dev mode only (no such route in production): move the server's clock ahead, so a person can
 * watch a window burn or an autoclaim run without waiting hours, and end the season to see the
 * finish screen. The browser tests use the same calls.
 */
import { Hono } from 'hono'
import * as t from 'io-ts'
import type { MovableClock } from '../kernel/clock'
import { BadRequest, decodeOrThrow, jsonBody } from '../kernel/validate'
import type { SeasonConfig } from './season'

const Advance = t.type({ advanceMs: t.number })
const Season = t.partial({ endsAt: t.union([t.string, t.null]), appealUntil: t.union([t.string, t.null]) })
const isoOrNull = (v: string | null | undefined, path: string) => {
  if (v === null || v === undefined) return null
  if (Number.isNaN(Date.parse(v))) throw new BadRequest(`${path} must be an ISO date and time, or null`, path)
  return new Date(v).toISOString()
}

export function miningDevRoutes(clock: MovableClock, season: SeasonConfig) {
  const app = new Hono()
  app.get('/dev/clock', (c) => c.json({ now: clock.now(), offsetMs: clock.offsetMs }))
  app.post('/dev/clock', async (c) => {
    const { advanceMs } = decodeOrThrow(Advance, await jsonBody(c))
    if (!Number.isInteger(advanceMs) || advanceMs < 0 || advanceMs > 400 * 86_400_000)
      throw new BadRequest(
        'advanceMs must be a whole number of milliseconds from 0 to 400 days: the clock only moves forward',
        'advanceMs',
      )
    clock.advance(advanceMs)
    return c.json({ now: clock.now(), offsetMs: clock.offsetMs })
  })
  app.post('/dev/mining/season', async (c) => {
    const body = decodeOrThrow(Season, await jsonBody(c))
    season.endsAt = isoOrNull(body.endsAt, 'endsAt')
    season.appealUntil = isoOrNull(body.appealUntil, 'appealUntil')
    return c.json(season)
  })
  return app
}
