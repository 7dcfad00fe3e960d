/**
 * The job queue (server/kernel/jobs.ts) on the database of the run (PGlite in project unit,
 * PostgreSQL in server-pg): once, when due by the server's clock and not before, retries then
 * giving up, a crashed run taken again after its lease, singleton keys, enqueueing inside a
 * transaction, periodic chains, and a restart that loses nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DatabaseConfig, type Db, openDatabase } from '../../../server/db'
import type { Clock } from '../../../server/kernel/clock'
import { type Job, Jobs, type QueueOptions } from '../../../server/kernel/jobs'
import { onPostgres, testDatabase } from '../helpers'

/** A clock that moves only when the test says. */
class TestClock implements Clock {
  t = Date.parse('2030-01-01T00:00:00.000Z')
  now() {
    return this.t
  }
  advance(ms: number) {
    this.t += ms
  }
}

const deferred = () => {
  let resolve!: () => void
  const promise = new Promise<void>((r) => (resolve = r))
  return { promise, resolve }
}

let db: Db
let names = 0
/** A job name no other test uses: each test's queue claims only its own. */
const jobName = (what: string) => `test.${what}.${++names}`

beforeAll(async () => {
  db = await openDatabase(await testDatabase())
  await db.query('CREATE TABLE job_test_effects (job TEXT NOT NULL, note TEXT NOT NULL)')
}, 120_000)
afterAll(async () => {
  await db?.close()
})

/** A queue whose failures are collected instead of printed. */
function queue(clock: Clock, options: QueueOptions = {}, on: Db = db) {
  const failures: string[] = []
  const jobs = new Jobs(on, clock, { log: (message) => failures.push(message), ...options })
  return { jobs, failures }
}

const rowsOf = (name: string, on: Db = db) =>
  on.query<{ state: string; attempts: number; last_error: string | null; run_at: Date; singleton_key: string | null }>(
    'SELECT state, attempts, last_error, run_at, singleton_key FROM jobs WHERE name = $1 ORDER BY id',
    [name],
  )

describe('the job queue', () => {
  it('runs a job once, with its data, and forgets it once done', async () => {
    const clock = new TestClock()
    const { jobs } = queue(clock)
    const name = jobName('once')
    const seen: Job<unknown>[] = []
    jobs.define<{ user: number; amount: string }>(name, async (job) => void seen.push(job))
    const id = await jobs.send(name, { user: 7, amount: '1.000000000000000001' })
    expect(id).toMatch(/^\d+$/)
    expect(await jobs.runDue()).toBe(1)
    expect(await jobs.runDue()).toBe(0)
    expect(seen.map(({ id, data, attempt, runAt }) => ({ id, data, attempt, runAt }))).toEqual([
      { id, data: { user: 7, amount: '1.000000000000000001' }, attempt: 1, runAt: clock.t },
    ])
    expect(await rowsOf(name)).toEqual([])
  })

  it('runs a delayed job when it is due by the clock, not a millisecond before', async () => {
    const clock = new TestClock()
    const { jobs } = queue(clock)
    const name = jobName('delayed')
    let runs = 0
    jobs.define(name, async () => void runs++)
    await jobs.send(name, null, { runAt: clock.t + 60_000 })
    expect(await jobs.runDue()).toBe(0)
    clock.advance(59_999)
    expect(await jobs.runDue()).toBe(0)
    expect(runs).toBe(0)
    clock.advance(1)
    expect(await jobs.runDue()).toBe(1)
    expect(runs).toBe(1)
  })

  it('retries a failing job with a doubling backoff, then gives up and keeps it as failed', async () => {
    const clock = new TestClock()
    const { jobs, failures } = queue(clock)
    const name = jobName('failing')
    const attempts: number[] = []
    jobs.define(
      name,
      async (job) => {
        attempts.push(job.attempt)
        throw new Error(`try ${job.attempt} failed`)
      },
      { retries: 2, backoffMs: 1_000 },
    )
    await jobs.send(name, {})
    expect(await jobs.runDue()).toBe(1)
    clock.advance(999)
    expect(await jobs.runDue()).toBe(0)
    clock.advance(1)
    expect(await jobs.runDue()).toBe(1)
    clock.advance(1_999)
    expect(await jobs.runDue()).toBe(0)
    clock.advance(1)
    expect(await jobs.runDue()).toBe(1)
    clock.advance(24 * 3_600_000)
    expect(await jobs.runDue()).toBe(0)
    expect(attempts).toEqual([1, 2, 3])
    expect(await rowsOf(name)).toMatchObject([
      { state: 'failed', attempts: 3, last_error: expect.stringContaining('try 3 failed') },
    ])
    expect(failures).toEqual([
      expect.stringContaining('failed on try 1 of 3, will retry'),
      expect.stringContaining('failed on try 2 of 3, will retry'),
      expect.stringContaining('failed on try 3 of 3, giving up'),
    ])
  })

  it('a job that fails once and then succeeds is done', async () => {
    const clock = new TestClock()
    const { jobs } = queue(clock)
    const name = jobName('flaky')
    const attempts: number[] = []
    jobs.define(
      name,
      async (job) => {
        attempts.push(job.attempt)
        if (job.attempt === 1) throw new Error('not yet')
      },
      { retries: 1, backoffMs: 500 },
    )
    await jobs.send(name, {})
    await jobs.runDue()
    clock.advance(500)
    await jobs.runDue()
    expect(attempts).toEqual([1, 2])
    expect(await rowsOf(name)).toEqual([])
  })

  it('a run whose process died is taken again after its lease, skipping the steps it committed; the dead run cannot finish it', async () => {
    const clock = new TestClock()
    const name = jobName('crash')
    const hung = deferred()
    const started = deferred()
    // One step per part, each in its own transaction, recorded with firstTime: what committed stays done.
    const handler = (process: string, hangAfter: string | null) => async (job: Job<{ parts: string[] }>) => {
      for (const part of job.data.parts) {
        await db.transaction(async (tx) => {
          if (await job.firstTime(tx, part))
            await tx.query('INSERT INTO job_test_effects (job, note) VALUES ($1, $2)', [
              job.id,
              `${part} by ${process} on try ${job.attempt}`,
            ])
        })
        if (part === hangAfter) {
          started.resolve()
          await hung.promise
        }
      }
    }
    const a = queue(clock)
    a.jobs.define(name, handler('a', 'first'), { leaseMs: 30_000, retries: 1 })
    const b = queue(clock)
    b.jobs.define(name, handler('b', null), { leaseMs: 30_000, retries: 1 })
    const id = await a.jobs.send(name, { parts: ['first', 'second'] })
    const dying = a.jobs.runDue()
    await started.promise
    // A holds the lease: nobody else runs it meanwhile.
    clock.advance(29_999)
    expect(await b.jobs.runDue()).toBe(0)
    clock.advance(1)
    expect(await b.jobs.runDue()).toBe(1)
    expect(await rowsOf(name)).toEqual([])
    // A's run comes back to life after its lease passed: its next step cannot be recorded for a job
    // that is gone, and it neither finishes nor fails the job.
    hung.resolve()
    await dying
    expect(a.failures).toEqual([expect.stringContaining('failed after its lease passed to another run')])
    const effects = await db.query<{ note: string }>('SELECT note FROM job_test_effects WHERE job = $1 ORDER BY note', [
      id,
    ])
    expect(effects.map((e) => e.note)).toEqual(['first by a on try 1', 'second by b on try 2'])
  })

  it('a job whose lease runs out on its last try is given up, not run again', async () => {
    const clock = new TestClock()
    const name = jobName('crashes')
    const a = queue(clock)
    const never = deferred()
    const started = deferred()
    let runs = 0
    a.jobs.define(
      name,
      async () => {
        runs++
        started.resolve()
        await never.promise
      },
      { leaseMs: 1_000, retries: 0 },
    )
    const b = queue(clock)
    b.jobs.define(name, async () => void runs++, { leaseMs: 1_000, retries: 0 })
    await a.jobs.send(name, {})
    const dying = a.jobs.runDue()
    await started.promise
    clock.advance(1_000)
    expect(await b.jobs.runDue()).toBe(1)
    expect(runs).toBe(1)
    expect(await rowsOf(name)).toMatchObject([
      { state: 'failed', attempts: 2, last_error: 'its lease ran out on its last try' },
    ])
    expect(b.failures).toEqual([expect.stringContaining('ran out of its lease on its last try, giving up')])
    never.resolve()
    await dying
  })

  it('a singleton key keeps one job waiting: a second send adds nothing until the first has started', async () => {
    const clock = new TestClock()
    const { jobs } = queue(clock)
    const name = jobName('singleton')
    const seen: unknown[] = []
    jobs.define(name, async (job) => void seen.push(job.data))
    const first = await jobs.send(name, { n: 1 }, { singletonKey: 'user:1', runAt: clock.t + 1_000 })
    expect(first).not.toBeNull()
    expect(await jobs.send(name, { n: 2 }, { singletonKey: 'user:1' })).toBeNull()
    expect(await jobs.send(name, { n: 3 }, { singletonKey: 'user:2' })).not.toBeNull()
    expect((await rowsOf(name)).map((r) => r.singleton_key)).toEqual(['user:1', 'user:2'])
    clock.advance(1_000)
    await jobs.runDue()
    expect(seen).toEqual([{ n: 3 }, { n: 1 }])
    expect(await jobs.send(name, { n: 4 }, { singletonKey: 'user:1' })).not.toBeNull()
  })

  it('a job sent inside a transaction exists only if the transaction commits', async () => {
    const clock = new TestClock()
    const { jobs } = queue(clock)
    const name = jobName('transactional')
    let runs = 0
    jobs.define(name, async () => void runs++)
    await expect(
      db.transaction(async (tx) => {
        await jobs.send(name, { order: 1 }, { db: tx })
        throw new Error('the change that needed it failed')
      }),
    ).rejects.toThrow('the change that needed it failed')
    expect(await rowsOf(name)).toEqual([])
    expect(await jobs.runDue()).toBe(0)
    await db.transaction(async (tx) => {
      await jobs.send(name, { order: 2 }, { db: tx })
    })
    expect(await jobs.runDue()).toBe(1)
    expect(runs).toBe(1)
  })

  it('a periodic job runs once per interval; a late run is followed by one on schedule, not by the runs it missed', async () => {
    const clock = new TestClock()
    const t0 = clock.t
    const { jobs } = queue(clock)
    const name = jobName('every')
    const due: number[] = []
    jobs.define(name, async (job) => void due.push(job.runAt - t0))
    jobs.every(name, 1_000)
    expect(await jobs.runDue()).toBe(0)
    clock.advance(1_000)
    expect(await jobs.runDue()).toBe(1)
    expect(await jobs.runDue()).toBe(0)
    clock.advance(1_000)
    expect(await jobs.runDue()).toBe(1)
    clock.advance(5_500)
    expect(await jobs.runDue()).toBe(1)
    clock.advance(499)
    expect(await jobs.runDue()).toBe(0)
    clock.advance(1)
    expect(await jobs.runDue()).toBe(1)
    expect(due).toEqual([1_000, 2_000, 3_000, 8_000])
    expect(await rowsOf(name)).toMatchObject([{ state: 'pending', run_at: new Date(t0 + 9_000) }])
  })

  it('a periodic job that fails still schedules its next run', async () => {
    const clock = new TestClock()
    const { jobs } = queue(clock)
    const name = jobName('every-failing')
    let runs = 0
    jobs.define(
      name,
      async () => {
        runs++
        throw new Error('step failed')
      },
      { retries: 0 },
    )
    jobs.every(name, 1_000)
    expect(await jobs.runDue()).toBe(0)
    clock.advance(1_000)
    await jobs.runDue()
    clock.advance(1_000)
    await jobs.runDue()
    expect(runs).toBe(2)
    expect((await rowsOf(name)).map((r) => r.state)).toEqual(['failed', 'failed', 'pending'])
  })

  it('in the background: a due job runs at once, and stop() waits for the runs under way', async () => {
    const clock = new TestClock()
    const { jobs } = queue(clock, { pollMs: 60_000 })
    const name = jobName('background')
    const started = deferred()
    let finished = false
    jobs.define(name, async () => {
      started.resolve()
      await new Promise((r) => setTimeout(r, 100))
      finished = true
    })
    await jobs.start()
    await jobs.send(name, {})
    await started.promise
    expect(finished).toBe(false)
    await jobs.stop()
    expect(finished).toBe(true)
    expect(await rowsOf(name)).toEqual([])
  })
})

describe('a restart', () => {
  const dirs: string[] = []
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  })

  it('loses nothing: a job pending when one server stops runs on the next one, and a periodic chain is not doubled', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jobs-restart-'))
    dirs.push(dir)
    const config: DatabaseConfig = onPostgres() ? await testDatabase() : { kind: 'pglite', dataDir: dir }
    const clock = new TestClock()
    const define = (jobs: Jobs, seen: unknown[]) => {
      jobs.define('test.restart.later', async (job) => void seen.push(job.data))
      jobs.define('test.restart.tick', async () => void seen.push('tick'))
      jobs.every('test.restart.tick', 10_000)
    }
    const before: unknown[] = []
    const first = await openDatabase(config)
    const one = queue(clock, {}, first)
    define(one.jobs, before)
    await one.jobs.start()
    await one.jobs.send('test.restart.later', { order: 'A-1' }, { runAt: clock.t + 5_000 })
    await one.jobs.stop()
    await first.close()

    const after: unknown[] = []
    const second = await openDatabase(config)
    try {
      const two = queue(clock, {}, second)
      define(two.jobs, after)
      await two.jobs.start()
      expect((await rowsOf('test.restart.tick', second)).length).toBe(1)
      clock.advance(10_000)
      expect(await two.jobs.runDue()).toBe(2)
      await two.jobs.stop()
      expect(before).toEqual([])
      expect(after).toEqual([{ order: 'A-1' }, 'tick'])
    } finally {
      await second.close()
    }
  }, 60_000)
})
