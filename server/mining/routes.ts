/**
 * The mining service's user record (doc 2 §3, §7: "create user mining", "get user mining"), as far
 * as the wallet needs it today: lockAmount, the SWITCH locked by staking deposits that have not
 * ended (wallet.11, staking.38). The staking calls themselves belong to the staking screens; until
 * they exist, dev mode and the admin token can lock SWITCH with POST /admin/stake, the way the
 * deposit simulator credits tokens.
 */
import { Hono } from 'hono'
import type { Db } from '../db'
import type { AppEnv } from '../kernel/auth'

interface MiningRow {
  speed: string
  got_amount: string
  mining_amount: string
  status: string
  guild: number
  alliance: string | null
  withheld: string
  autoclaim_active: boolean
  human_group: boolean
  confirm_prove: boolean
  dttm_added: Date | string
  lock_amount: string
}

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString()

/** mining.1: the record as the client's codec reads it; numeric columns as numbers for display. */
const view = (r: MiningRow) => ({
  speed: Number(r.speed),
  gotAmount: Number(r.got_amount),
  miningAmount: Number(r.mining_amount),
  status: r.status,
  guild: r.guild,
  alliance: r.alliance,
  withheld: Number(r.withheld),
  autoclaimActive: r.autoclaim_active,
  lockAmount: Number(r.lock_amount),
  humanGroup: r.human_group,
  confirmProve: r.confirm_prove,
  dttmAdded: iso(r.dttm_added),
})

async function record(db: Db, userId: number): Promise<MiningRow | null> {
  const [row] = await db.query<MiningRow>(
    `SELECT m.*, coalesce((SELECT sum(amount) FROM staking_deposits s WHERE s.user_id = m.user_id AND s.dttm_ended > now()), 0)::text AS lock_amount,
            m.speed::text AS speed, m.got_amount::text AS got_amount, m.mining_amount::text AS mining_amount, m.withheld::text AS withheld
     FROM mining_users m WHERE m.user_id = $1`,
    [userId],
  )
  return row ?? null
}

export function miningRoutes(db: Db) {
  const app = new Hono<AppEnv>()
  app.post('/mining/user', async (c) => {
    await db.query('INSERT INTO mining_users (user_id) VALUES ($1) ON CONFLICT DO NOTHING', [c.get('user').id])
    return c.json({ ok: true })
  })
  app.get('/mining/user', async (c) => {
    const row = await record(db, c.get('user').id)
    return c.json({ userMining: row === null ? null : view(row) })
  })
  return app
}
