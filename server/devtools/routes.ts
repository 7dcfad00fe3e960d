/** Bug reports: a user uploads a redacted session log; support reads it by ticket. */
import { randomBytes } from 'node:crypto'
import { Hono, type MiddlewareHandler } from 'hono'
import { endpoints } from '../../domain/api/endpoints'
import { decodeLog } from '../../domain/log'
import type { Db } from '../db'
import { BadRequest, decodeOrThrow, jsonBody } from '../kernel/validate'
import type { AppEnv } from '../kernel/auth'

/** Short, unambiguous (no 0/O, 1/I): easy to read out to support. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
export const newTicket = () => 'SW-' + [...randomBytes(8)].map((b) => ALPHABET[b % ALPHABET.length]).join('')

/** Reports a user may upload in any 24 hours; the size is capped by BUG_REPORT_LIMITS. */
export const BUG_REPORTS_PER_DAY = 20
/** The advisory lock class of a user's uploads (the second key is the user): one count-and-insert at a time. */
const REPORT_LOCK = 0x5357_4252 // 'SWBR'

export function reportRoutes(db: Db) {
  const app = new Hono<AppEnv>()
  app.post('/bugReport', async (c) => {
    const { log } = decodeOrThrow(endpoints.bugReport.request, await jsonBody(c))
    const decoded = decodeLog(log)
    if (!decoded.ok) throw new BadRequest(decoded.error, 'log')
    const userId = c.get('user').id
    const ticket = newTicket()
    // Counted in the database, under a lock per user, so the cap holds across processes and restarts.
    const refused = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [REPORT_LOCK, String(userId)])
      const [day] = await tx.query<{ n: number; oldest: Date | string | null }>(
        "SELECT count(*)::int AS n, min(created_at) AS oldest FROM bug_reports WHERE user_id = $1 AND created_at > now() - interval '1 day'",
        [userId],
      )
      if (day.n >= BUG_REPORTS_PER_DAY)
        return Math.max(
          1,
          Math.ceil((new Date(day.oldest as Date | string).getTime() + 86_400_000 - Date.now()) / 1000),
        )
      await tx.query('INSERT INTO bug_reports (ticket, user_id, log) VALUES ($1, $2, $3::jsonb)', [
        ticket,
        userId,
        JSON.stringify(decoded.log),
      ])
      return null
    })
    if (refused !== null)
      return c.json(
        {
          message: `${BUG_REPORTS_PER_DAY} reports a day is the most one user can send; try again in ${Math.ceil(refused / 3600)} h`,
        },
        429,
        { 'retry-after': String(refused) },
      )
    return c.json({ ticket })
  })
  return app
}

const TICKET = /^SW-[A-Z2-9]{8}$/

/** Support's read of a report: open in dev mode, behind the admin check in production. */
export function supportRoutes(db: Db, admin: MiddlewareHandler) {
  const app = new Hono()
  app.get('/bugReport/:ticket', admin, async (c) => {
    const ticket = c.req.param('ticket').toUpperCase()
    const [row] = TICKET.test(ticket)
      ? await db.query<{ ticket: string; log: Record<string, unknown>; created_at: string | Date }>(
          'SELECT ticket, log, created_at FROM bug_reports WHERE ticket = $1',
          [ticket],
        )
      : []
    if (!row) return c.json({ message: `no report with ticket ${ticket.slice(0, 40)}` }, 404)
    return c.json({ ticket: row.ticket, createdAt: new Date(row.created_at).toISOString(), log: row.log })
  })
  return app
}
