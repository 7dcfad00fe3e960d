/**
 * Bug-report uploads are bounded: 2 MB a report (BUG_REPORT_LIMITS) and
 * BUG_REPORTS_PER_DAY a user in any 24 hours, counted in the database (so the cap holds across
 * server processes and restarts) under a lock per user (so concurrent uploads cannot slip past it).
 */
import { describe, expect, it } from 'vitest'
import { newUser, useServer } from '../helpers'
import { BUG_REPORTS_PER_DAY } from '../../../server/devtools/routes'
import { BUG_REPORT_LIMITS } from '../../../server/kernel/validate'
import { newestEventsThatFit } from '../../../domain/devtools/upload'
import { encodeLog } from '../../../domain/log'
import { generateSession } from '../../domain/fixtures/generate'

const srv = useServer()
const log = (over: object = {}) => ({
  format: 1,
  app: 'v1.1.2',
  recordedAt: '2025-01-01T00:00:00.000Z',
  env: {},
  events: [{ seq: 1, at: 0, type: 'app/navigated', payload: { to: '/' } }],
  ...over,
})
const upload = (user: ReturnType<typeof newUser>, body: object = { log: log() }) => srv.call('/bugReport', user, body)

describe('bug report uploads', () => {
  it(`take ${BUG_REPORTS_PER_DAY} reports a day from one user, then answer 429 with a clear message`, async () => {
    const user = newUser()
    for (let i = 0; i < BUG_REPORTS_PER_DAY; i++) expect((await upload(user)).status, `report ${i + 1}`).toBe(200)
    const refused = await upload(user)
    expect(refused).toMatchObject({
      status: 429,
      body: { message: `${BUG_REPORTS_PER_DAY} reports a day is the most one user can send; try again in 24 h` },
    })
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(86_000)
    // Another user is not affected.
    expect((await upload(newUser())).status).toBe(200)
  })

  it('count what the database holds: reports stored by another process count, reports older than a day do not', async () => {
    const user = newUser()
    expect((await upload(user)).status).toBe(200)
    const insert = (ticket: string, age: string) =>
      srv.server.db.query(
        `INSERT INTO bug_reports (ticket, user_id, log, created_at) VALUES ($1, $2, '{}'::jsonb, now() - $3::interval)`,
        [ticket, user.id, age],
      )
    for (let i = 0; i < 30; i++) await insert(`SW-OLD${user.id}-${i}`, '25 hours')
    expect((await upload(user)).status).toBe(200)
    for (let i = 2; i < BUG_REPORTS_PER_DAY - 1; i++) await insert(`SW-NEW${user.id}-${i}`, '23 hours')
    expect((await upload(user)).status).toBe(200)
    const refused = await upload(user)
    expect(refused.status).toBe(429)
    // The oldest of the day's reports is 23 hours old: one hour to wait.
    expect(refused.body.message).toMatch(/try again in 1 h$/)
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(3600)
  })

  it('hold the cap under concurrent uploads', async () => {
    const user = newUser()
    await srv.call('/tgUserWallets', user)
    const answers = await Promise.all(Array.from({ length: BUG_REPORTS_PER_DAY + 10 }, () => upload(user)))
    expect(answers.filter((a) => a.status === 200)).toHaveLength(BUG_REPORTS_PER_DAY)
    expect(answers.filter((a) => a.status === 429)).toHaveLength(10)
    const [{ n }] = await srv.server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM bug_reports WHERE user_id = $1',
      [user.id],
    )
    expect(n).toBe(BUG_REPORTS_PER_DAY)
  })

  it('refuse a report above 2 MB with 413 and the limit, storing nothing', async () => {
    const user = newUser()
    const big = { log: log({ env: { pad: Array.from({ length: 300 }, () => 'x'.repeat(7_000)) } }) }
    expect(JSON.stringify(big).length).toBeGreaterThan(BUG_REPORT_LIMITS.bodyBytes)
    expect(await upload(user, big)).toMatchObject({
      status: 413,
      body: { message: 'the request body is larger than 2 MB (2097152 bytes), the most this call takes' },
    })
    const [{ n }] = await srv.server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM bug_reports WHERE user_id = $1',
      [user.id],
    )
    expect(n).toBe(0)
  })

  it('a long session, cut to its newest events as the client cuts it, is taken', async () => {
    const events = generateSession(20_000)
    const whole = await upload(newUser(), { log: encodeLog(events, { platform: 'test' }, '2026-11-23T00:00:00.000Z') })
    expect(whole.status).toBe(413)
    const cut = newestEventsThatFit(events)
    const sent = await upload(newUser(), { log: encodeLog(cut, { platform: 'test' }, '2026-11-23T00:00:00.000Z') })
    expect(sent.status, JSON.stringify(sent.body).slice(0, 200)).toBe(200)
    expect(sent.body.ticket).toMatch(/^SW-/)
  })
})
