/** Bug reports (issue 4): a user uploads a redacted session log; support reads it by ticket. */
import { randomBytes } from 'node:crypto'
import { Hono } from 'hono'
import { endpoints } from '../../domain/api/endpoints'
import { decodeLog } from '../../domain/log'
import type { Db } from '../db'
import { BadRequest, decodeOrThrow, jsonBody } from '../kernel/validate'
import type { AppEnv } from '../kernel/auth'

/** Short, unambiguous (no 0/O, 1/I): easy to read out to support. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
export const newTicket = () => 'SW-' + [...randomBytes(8)].map((b) => ALPHABET[b % ALPHABET.length]).join('')

export function reportRoutes(db: Db) {
  const app = new Hono<AppEnv>()
  app.post('/bugReport', async (c) => {
    const { log } = decodeOrThrow(endpoints.bugReport.request, await jsonBody(c))
    const decoded = decodeLog(log)
    if (!decoded.ok) throw new BadRequest(decoded.error, 'log')
    const ticket = newTicket()
    await db.query('INSERT INTO bug_reports (ticket, user_id, log) VALUES ($1, $2, $3::jsonb)', [ticket, c.get('user').id, JSON.stringify(decoded.log)])
    return c.json({ ticket })
  })
  return app
}

/** Support's read of a report: open in dev mode, behind the admin token in production. */
export function supportRoutes(db: Db, mode: 'development' | 'production', adminToken: string | undefined) {
  const app = new Hono()
  app.get('/bugReport/:ticket', async (c) => {
    if (mode === 'production' && (!adminToken || c.req.header('authorization') !== `Bearer ${adminToken}`))
      return c.json({ message: 'support access needs the admin token' }, 401)
    const [row] = await db.query<{ ticket: string; log: Record<string, unknown>; created_at: string | Date }>(
      'SELECT ticket, log, created_at FROM bug_reports WHERE ticket = $1',
      [c.req.param('ticket').toUpperCase()],
    )
    if (!row) return c.json({ message: `no report with ticket ${c.req.param('ticket')}` }, 404)
    return c.json({ ticket: row.ticket, createdAt: new Date(row.created_at).toISOString(), log: row.log })
  })
  return app
}
