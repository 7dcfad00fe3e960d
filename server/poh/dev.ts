/**
 * Dev mode only (no such route or data in production): the demo user is in a human group, so the
 * PoH prompt offers verification (poh.35), and POST /dev/poh/providerFails {count} makes the next
 * `count` sends of the reference provider fail, so a person or a browser test can watch a request
 * fail (POH.sendRetries + 1 failures fail it) and try again.
 */
import { Hono } from 'hono'
import * as t from 'io-ts'
import type { Db } from '../db'
import { BadRequest, decodeOrThrow, jsonBody } from '../kernel/validate'
import { createMiner } from '../mining/miner'
import type { FailingSwitch } from './provider'
import { POH } from './seed'

const Fails = t.type({ count: t.number })

export function pohDevRoutes(provider: FailingSwitch) {
  const app = new Hono()
  app.post('/dev/poh/providerFails', async (c) => {
    const { count } = decodeOrThrow(Fails, await jsonBody(c))
    if (!Number.isInteger(count) || count < 0 || count > 100)
      throw new BadRequest('count is a whole number from 0 to 100', 'count')
    provider.failures = count
    return c.json({ failures: provider.failures, failsARequest: POH.sendRetries + 1 })
  })
  return app
}

/** The demo user may be prompted (humanGroup); nothing else: verifying is theirs to do. */
export async function seedDemoPoh(db: Db, demoUserId: number, now: number): Promise<void> {
  await createMiner(db, demoUserId, now)
  await db.query('UPDATE mining_users SET human_group = TRUE WHERE user_id = $1', [demoUserId])
}
