/**
 * Boosts: extra mining speed over a span of the server's time, granted by what a user
 * did (a task, a deposit, a PUNK burn). The miner integrates them piecewise (domain/mining/accrual.ts),
 * so a boost counts from the millisecond it starts, inside a window or across several.
 */
import type { Db } from '../db'
import { lockUsers } from '../kernel/ledger'

export interface BoostGrant {
  userId: number
  /** What grants it ('task', 'deposit', 'burn', ...) and which one: one boost per pair. */
  source: string
  reference: string
  /** nano-SWITCH per hour */
  speed: bigint
  from: number
  to: number
}

/**
 * Grants a boost once: a second grant with the same source and reference does nothing (false). It
 * takes the user's mining lock, as a claim does, so a claim either counts the whole boost or runs
 * before it exists. A boost never starts before `now`: the past is settled and stays so.
 */
export async function grantBoost(tx: Db, grant: BoostGrant, now: number): Promise<boolean> {
  if (grant.speed <= 0n || grant.to <= grant.from)
    throw new Error(`a boost needs a speed and a span: ${grant.speed} from ${grant.from} to ${grant.to}`)
  if (grant.from < now)
    throw new Error(
      `a boost cannot start in the past (${new Date(grant.from).toISOString()} < ${new Date(now).toISOString()})`,
    )
  await lockUsers(tx, [grant.userId])
  const inserted = await tx.query(
    `INSERT INTO mining_boosts (user_id, source, reference, speed_units, starts_at, ends_at) VALUES ($1, $2, $3, $4::numeric, $5, $6)
     ON CONFLICT (user_id, source, reference) DO NOTHING RETURNING id`,
    [
      grant.userId,
      grant.source,
      grant.reference,
      grant.speed.toString(),
      new Date(grant.from).toISOString(),
      new Date(grant.to).toISOString(),
    ],
  )
  return inserted.length > 0
}
