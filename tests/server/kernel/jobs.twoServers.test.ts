/**
 * Background work: two server processes on one PostgreSQL, both running the job queue.
 * Each due job runs once, and each step of the copy-trade feed (a periodic job) runs once: the feed
 * advances once per interval, not once per server. PostgreSQL only: an embedded database belongs to
 * one process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, createServer } from '../../../server/app'
import { FEED_JOB } from '../../../server/copyTrade/engine'
import type { Clock } from '../../../server/kernel/clock'
import { call, newUser, onPostgres, testConfig } from '../helpers'

const TRADER = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
const USDT_ARB = '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9'
const FEED_INTERVAL_MS = 60_000

/** One clock for both servers, moved only by the test. */
const clock: Clock & { t: number } = { t: Date.parse('2030-01-01T00:00:00.000Z'), now: () => clock.t }

// Well under a second alone; the limit is for a loaded machine (the whole suite runs files in parallel).
describe.skipIf(!onPostgres())('two servers on one PostgreSQL', { timeout: 30_000 }, () => {
  let a: RunningServer
  let b: RunningServer

  beforeAll(async () => {
    const config = await testConfig({ clock, copyFeedIntervalMs: FEED_INTERVAL_MS })
    // One after the other: the first creates the schema, the second finds it.
    a = await createServer(config)
    b = await createServer(config)
    await a.db.query('CREATE TABLE job_runs (job TEXT NOT NULL, server TEXT NOT NULL)')
  }, 120_000)
  afterAll(async () => {
    await a?.close()
    await b?.close()
  })

  /** Both servers work what is due now, at once, while their background loops run too. */
  const bothRunDue = () => Promise.all([a.jobs.runDue(), b.jobs.runDue()])
  /** Waits until `done` answers true (a background loop may still be finishing a run). */
  async function until(done: () => Promise<boolean>) {
    for (const started = Date.now(); !(await done()); await new Promise((r) => setTimeout(r, 10)))
      if (Date.now() - started > 10_000) throw new Error('still not done after 10 s')
  }

  it('200 due jobs each run exactly once, shared between the two', async () => {
    for (const [server, name] of [
      [a, 'a'],
      [b, 'b'],
    ] as const)
      server.jobs.define<{ n: number }>('test.count', async (job) => {
        await server.db.query('INSERT INTO job_runs (job, server) VALUES ($1, $2)', [String(job.data.n), name])
        await new Promise((r) => setTimeout(r, 2))
      })
    await Promise.all(Array.from({ length: 200 }, (_, n) => (n % 2 === 0 ? a : b).jobs.send('test.count', { n })))
    await bothRunDue()
    await until(async () => (await a.db.query("SELECT 1 FROM jobs WHERE name = 'test.count'")).length === 0)
    const runs = await a.db.query<{ job: string; runs: number }>(
      'SELECT job, count(*)::int AS runs FROM job_runs GROUP BY job',
    )
    expect(runs.length).toBe(200)
    expect(runs.filter((r) => r.runs !== 1)).toEqual([])
    const byServer = await a.db.query<{ server: string; runs: number }>(
      'SELECT server, count(*)::int AS runs FROM job_runs GROUP BY server ORDER BY server',
    )
    expect(byServer.map((r) => r.server)).toEqual(['a', 'b'])
  })

  it('the copy-trade feed steps once per interval, not once per server', async () => {
    const user = newUser()
    await call(a, '/tgUserWallets', user)
    const started = await call(a, '/startMonitoringCopyTrade', user, {
      accountIndex: 0,
      chainId: 42161,
      followedAddress: TRADER,
      ante: 0.1,
      protocols: ['uniswapUniversalRouter'],
      depositInNano: '150000000',
      fromToken: USDT_ARB,
    })
    expect(started.status).toBe(200)
    // Both servers started the feed's chain; there is one.
    expect(await a.db.query("SELECT 1 FROM jobs WHERE name = $1 AND state = 'pending'", [FEED_JOB])).toHaveLength(1)
    const nextStepAfterNow = async () =>
      (
        await a.db.query("SELECT 1 FROM jobs WHERE name = $1 AND state = 'pending' AND run_at > $2", [
          FEED_JOB,
          new Date(clock.t),
        ])
      ).length === 1
    const steps = 12
    for (let i = 0; i < steps; i++) {
      clock.t += FEED_INTERVAL_MS
      // Other periodic jobs (guild ranks...) may fall due too: what counts is the feed's own step.
      await bothRunDue()
      // Whoever ran this step (either server's runDue or background loop) has scheduled the next.
      await until(nextStepAfterNow)
      const [now] = await a.db.query<{ next_seq: number }>(
        'SELECT next_seq FROM copy_feed WHERE followed_address = $1 AND chain_id = $2',
        [TRADER.toLowerCase(), '42161'],
      )
      expect(now.next_seq).toBe(i + 1)
    }
    const [feed] = await a.db.query<{ next_seq: number }>(
      'SELECT next_seq FROM copy_feed WHERE followed_address = $1 AND chain_id = $2',
      [TRADER.toLowerCase(), '42161'],
    )
    expect(feed.next_seq).toBe(steps)
    const copied = await a.db.query<{ feed_seq: number }>(
      'SELECT s.feed_seq FROM copy_trade_swaps s JOIN copy_trades t ON t.id = s.trade_id WHERE t.user_id = $1 ORDER BY s.feed_seq',
      [user.id],
    )
    expect(copied.length).toBeGreaterThan(0)
    expect(copied.every((s) => s.feed_seq < steps)).toBe(true)
    expect(await a.db.query("SELECT 1 FROM jobs WHERE name = $1 AND state = 'pending'", [FEED_JOB])).toHaveLength(1)
  })
})
