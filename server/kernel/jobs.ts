/**
 * The job queue (DESIGN §7; docs/architecture.md, "Background work: the job queue"): delayed and periodic
 * work kept in the database (migration 012), shared by every server process on it.
 *
 * - A job is claimed with `FOR UPDATE SKIP LOCKED` and runs under a lease: its row says which claim
 *   holds it and until when. A process that dies mid-run leaves the lease to run out; the job is
 *   then claimed again (and counted as an attempt). A claim that lost its lease can neither finish
 *   nor fail the job: every write after the run names the claim's token.
 * - So a job runs at most once at a time, and at least once until it succeeds or gives up.
 *   Handlers must be idempotent; `job.firstTime(tx, step)` makes a step of one idempotent by
 *   recording it in the step's own transaction.
 * - Time is the server's clock (kernel/clock.ts), never the database's now(): a job is due by the
 *   same clock as the deadline it serves, and a test moves the clock instead of waiting.
 * - A periodic job (`every`) is a chain of single jobs under one singleton key: each run, once
 *   finished (or given up), enqueues the next in the same transaction.
 * - The database away (DatabaseUnavailable) pauses the queue: nothing is claimed while it is, a run
 *   it failed goes back to waiting without counting as a try, and a run's end is recorded once it is
 *   back (within half the lease; after that the lease decides). So an outage neither uses up a job's
 *   tries nor, for a run that finished, runs it again.
 */
import { randomUUID } from 'node:crypto'
import { type Db, DatabaseUnavailable } from '../db'
import type { Clock } from './clock'
import { logCallback, processLog } from './log'

export interface Job<D> {
  id: string
  name: string
  data: D
  /** 1 on the first run, 2 on the first retry (after a failure or a lease that ran out)... */
  attempt: number
  /** When it was due. */
  runAt: number
  /**
   * True the first time this job records `step`, in `tx` (the transaction doing the step): a run
   * taken again after a crash skips what the earlier run committed. Must be called with the
   * transaction of the step's own writes, or it proves nothing.
   */
  firstTime(tx: Db, step: string): Promise<boolean>
}

export type Handler<D> = (job: Job<D>) => Promise<void>

export interface DefineOptions {
  /** How long a claim holds the job; after it another process may run it again. Longer than any run. */
  leaseMs?: number
  /** Runs after the first one that failed (a throw or a lease that ran out) before giving up. */
  retries?: number
  /** The wait before the first retry; it doubles with each further one. */
  backoffMs?: number
}

export interface SendOptions {
  /** When it is due (the clock's milliseconds); now by default. */
  runAt?: number
  /** At most one job of this name and key waits for its first run: a second send while one waits adds nothing. */
  singletonKey?: string
  /** The caller's transaction: the job exists only if it commits. */
  db?: Db
}

export interface QueueOptions {
  /** How often an idle process looks for due work (real time; whether a job is due is the clock's business). */
  pollMs?: number
  /** Jobs one process runs at once. */
  concurrency?: number
  /** Where failures are told. */
  log?: (message: string, error?: unknown) => void
}

export const DEFAULTS = { leaseMs: 60_000, retries: 3, backoffMs: 1_000, pollMs: 1_000, concurrency: 10 } as const
/** The longest wait between retries, however many there were. */
const MAX_BACKOFF_MS = 3_600_000
/** The singleton key of a periodic job's chain. */
const EVERY = 'every'

interface Definition {
  handler: Handler<unknown>
  leaseMs: number
  retries: number
  backoffMs: number
  everyMs?: number
}

interface Claimed {
  id: string
  name: string
  data: unknown
  attempts: number
  run_at: Date | string
  singleton_key: string | null
}

const iso = (ms: number) => new Date(ms).toISOString()
const ms = (t: Date | string) => (t instanceof Date ? t.getTime() : Date.parse(t))
const errorText = (e: unknown) => (e instanceof Error ? (e.stack ?? e.message) : String(e)).slice(0, 2_000)

export class Jobs {
  private readonly definitions = new Map<string, Definition>()
  private readonly running = new Set<Promise<void>>()
  readonly pollMs: number
  private readonly concurrency: number
  private readonly log: (message: string, error?: unknown) => void
  private loop: Promise<void> | null = null
  private stopping = false
  /** Set when a run ends or a due job is sent, so the loop looks again at once. */
  private woken = false
  private wakeSleeper: (() => void) | null = null
  private chainsEnsured = false
  /** When the background loop last looked for due work (real time, ms); null while it is not running (readiness: server/kernel/health.ts). */
  lastLookedAt: number | null = null

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    options: QueueOptions = {},
  ) {
    this.pollMs = options.pollMs ?? DEFAULTS.pollMs
    this.concurrency = options.concurrency ?? DEFAULTS.concurrency
    this.log = options.log ?? logCallback(processLog)
  }

  /** What runs a job of this name in this process. A process claims only the names it defines. */
  define<D>(name: string, handler: Handler<D>, options: DefineOptions = {}): void {
    if (this.definitions.has(name)) throw new Error(`job ${name} is defined twice`)
    this.definitions.set(name, {
      handler: handler as Handler<unknown>,
      leaseMs: options.leaseMs ?? DEFAULTS.leaseMs,
      retries: options.retries ?? DEFAULTS.retries,
      backoffMs: options.backoffMs ?? DEFAULTS.backoffMs,
    })
  }

  /**
   * Runs the defined job `name` every `intervalMs` across all processes: one run per interval, the
   * first one interval after start() (or the first runDue()) unless a chain is already waiting (a
   * restart keeps it). A run that is late runs once, not once per interval missed.
   */
  every(name: string, intervalMs: number): void {
    const definition = this.definition(name)
    if (!Number.isInteger(intervalMs) || intervalMs <= 0)
      throw new RangeError(`job ${name}: the interval must be a positive whole number of milliseconds`)
    definition.everyMs = intervalMs
    this.chainsEnsured = false
  }

  /** Enqueues a job; answers its id, or null when its singleton key already has a job waiting. */
  async send<D>(name: string, data: D, options: SendOptions = {}): Promise<string | null> {
    this.definition(name)
    const now = this.clock.now()
    const rows = await (options.db ?? this.db).query<{ id: string }>(
      `INSERT INTO jobs (name, data, run_at, singleton_key, created_at) VALUES ($1, $2::jsonb, $3::timestamptz, $4, $5::timestamptz)
       ON CONFLICT DO NOTHING RETURNING id::text AS id`,
      [name, JSON.stringify(data ?? null), iso(options.runAt ?? now), options.singletonKey ?? null, iso(now)],
    )
    if (rows.length > 0 && (options.runAt ?? now) <= now) this.wake()
    return rows[0]?.id ?? null
  }

  /** Starts looking for due work in the background. */
  async start(): Promise<void> {
    if (this.loop) return
    this.stopping = false
    await this.ensureChains()
    this.loop = this.poll()
  }

  /** Stops looking for work and resolves once the runs under way have ended. */
  async stop(): Promise<void> {
    this.stopping = true
    this.wake()
    await this.loop
    this.loop = null
    this.lastLookedAt = null
    while (this.running.size > 0) await Promise.allSettled([...this.running])
  }

  /**
   * Runs everything due now by the clock, in this process, until nothing is (what a run enqueues
   * that is already due runs too); answers how many runs there were. For tests and dev tools: the
   * same claims as the background loop, so both may run at once.
   */
  async runDue(): Promise<number> {
    await this.ensureChains()
    let runs = 0
    for (;;) {
      const claimed = await this.claim(this.concurrency)
      if (claimed.length === 0) return runs
      runs += claimed.length
      await Promise.all(claimed.map((c) => this.track(c)))
    }
  }

  private definition(name: string): Definition {
    const definition = this.definitions.get(name)
    if (!definition) throw new Error(`no job named ${name} is defined`)
    return definition
  }

  /** A periodic job has a chain: one job waiting or running. Two processes starting at once make one. */
  private async ensureChains(): Promise<void> {
    if (this.chainsEnsured) return
    const now = this.clock.now()
    for (const [name, { everyMs }] of this.definitions) {
      if (everyMs === undefined) continue
      await this.db.query(
        `INSERT INTO jobs (name, data, run_at, singleton_key, created_at)
         SELECT $1, 'null'::jsonb, $2::timestamptz, $3, $4::timestamptz
         WHERE NOT EXISTS (SELECT 1 FROM jobs WHERE name = $1 AND singleton_key = $3 AND state IN ('pending', 'running'))
         ON CONFLICT DO NOTHING`,
        [name, iso(now + everyMs), EVERY, iso(now)],
      )
    }
    this.chainsEnsured = true
  }

  /** The background loop: claims what is due into the free slots, then sleeps until woken or pollMs. */
  private async poll(): Promise<void> {
    while (!this.stopping) {
      this.lastLookedAt = Date.now()
      const free = this.concurrency - this.running.size
      if (free > 0) {
        try {
          await this.ensureChains()
          for (const c of await this.claim(free)) void this.track(c).then(() => this.wake())
        } catch (e) {
          // The database away is told once by the server (server/app.ts), not at every look.
          if (!(e instanceof DatabaseUnavailable)) this.log('job queue: could not look for due work', e)
        }
      }
      await this.sleep()
    }
  }

  private wake(): void {
    this.woken = true
    this.wakeSleeper?.()
  }

  private async sleep(): Promise<void> {
    if (!this.woken) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => this.wakeSleeper?.(), this.pollMs)
        timer.unref?.()
        this.wakeSleeper = () => {
          clearTimeout(timer)
          this.wakeSleeper = null
          resolve()
        }
      })
    }
    this.woken = false
  }

  /** Claims up to `limit` due jobs of the names defined here: pending ones due now, and running ones whose lease ran out. */
  private async claim(limit: number): Promise<(Claimed & { token: string })[]> {
    if (this.definitions.size === 0) return []
    const names = [...this.definitions.keys()]
    const leases = names.map((n) => this.definitions.get(n)?.leaseMs ?? DEFAULTS.leaseMs)
    const token = randomUUID()
    const rows = await this.db.query<Claimed>(
      `WITH defined AS (SELECT * FROM unnest($1::text[], $2::int[]) AS d (name, lease_ms)),
       due AS (
         SELECT j.id, d.lease_ms FROM jobs j JOIN defined d ON d.name = j.name
         WHERE (j.state = 'pending' AND j.run_at <= $3::timestamptz) OR (j.state = 'running' AND j.locked_until <= $3::timestamptz)
         ORDER BY j.run_at, j.id
         LIMIT $4
         FOR UPDATE OF j SKIP LOCKED
       )
       UPDATE jobs j SET state = 'running', attempts = j.attempts + 1, lease_token = $5,
         locked_until = $3::timestamptz + due.lease_ms * interval '1 millisecond'
       FROM due WHERE j.id = due.id
       RETURNING j.id::text AS id, j.name, j.data, j.attempts, j.run_at, j.singleton_key`,
      [names, leases, iso(this.clock.now()), limit, token],
    )
    return rows.map((r) => ({ ...r, token })).sort((a, b) => ms(a.run_at) - ms(b.run_at))
  }

  private track(claimed: Claimed & { token: string }): Promise<void> {
    const run = this.run(claimed).catch((e: unknown) =>
      this.log(`job ${claimed.name} ${claimed.id}: could not record its end`, e),
    )
    this.running.add(run)
    return run.finally(() => this.running.delete(run))
  }

  private async run(claimed: Claimed & { token: string }): Promise<void> {
    const definition = this.definition(claimed.name)
    const label = `job ${claimed.name} ${claimed.id}`
    // A run beyond the last one allowed is a job whose lease ran out on its last try: its process
    // died (or hung) every time, so it is not run again.
    if (claimed.attempts > definition.retries + 1) {
      if (await this.giveUp(claimed, definition, 'its lease ran out on its last try'))
        this.log(`${label} ran out of its lease on its last try, giving up`)
      return
    }
    const job: Job<unknown> = {
      id: claimed.id,
      name: claimed.name,
      data: claimed.data,
      attempt: claimed.attempts,
      runAt: ms(claimed.run_at),
      firstTime: async (tx, step) =>
        (
          await tx.query('INSERT INTO job_steps (job_id, step) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1', [
            claimed.id,
            step,
          ])
        ).length > 0,
    }
    try {
      await definition.handler(job)
    } catch (e) {
      if (e instanceof DatabaseUnavailable) {
        // Not the job's fault: back to waiting, this try not counted.
        const back = await this.onceAnswered(definition, () =>
          this.db.query(
            `UPDATE jobs SET state = 'pending', attempts = attempts - 1, run_at = $3::timestamptz, lease_token = NULL, locked_until = NULL
             WHERE id = $1 AND lease_token = $2 AND state = 'running' RETURNING 1`,
            [claimed.id, claimed.token, iso(this.clock.now() + this.pollMs)],
          ),
        )
        if (back === null) this.log(`${label}: the database did not answer; its lease will let it run again`)
        return
      }
      const tries = `try ${claimed.attempts} of ${definition.retries + 1}`
      if (claimed.attempts > definition.retries) {
        if (await this.giveUp(claimed, definition, errorText(e))) this.log(`${label} failed on ${tries}, giving up`, e)
        else this.log(`${label} failed after its lease passed to another run`, e)
        return
      }
      const backoff = Math.min(definition.backoffMs * 2 ** (claimed.attempts - 1), MAX_BACKOFF_MS)
      const retried = await this.db.query(
        `UPDATE jobs SET state = 'pending', run_at = $3::timestamptz, last_error = $4, lease_token = NULL, locked_until = NULL
         WHERE id = $1 AND lease_token = $2 AND state = 'running' RETURNING 1`,
        [claimed.id, claimed.token, iso(this.clock.now() + backoff), errorText(e)],
      )
      if (retried.length > 0) this.log(`${label} failed on ${tries}, will retry`, e)
      else this.log(`${label} failed after its lease passed to another run`, e)
      return
    }
    const finished = await this.onceAnswered(definition, () =>
      this.db.transaction(async (tx) => {
        const deleted = await tx.query('DELETE FROM jobs WHERE id = $1 AND lease_token = $2 RETURNING 1', [
          claimed.id,
          claimed.token,
        ])
        if (deleted.length > 0) await this.next(tx, claimed, definition)
        return deleted.length > 0
      }),
    )
    if (finished === null)
      this.log(`${label} finished, but the database did not answer to record it; its lease will let it run again`)
    else if (!finished) this.log(`${label} finished after its lease passed to another run`)
  }

  /**
   * Runs `write` until the database answers it, trying again every poll interval for up to half the
   * job's lease (the lease is still this run's); null if it never did, or the queue is stopping.
   */
  private async onceAnswered<T>(definition: Definition, write: () => Promise<T>): Promise<T | null> {
    const until = Date.now() + definition.leaseMs / 2
    for (;;) {
      try {
        return await write()
      } catch (e) {
        if (!(e instanceof DatabaseUnavailable)) throw e
        if (this.stopping || Date.now() + this.pollMs > until) return null
        await new Promise((resolve) => setTimeout(resolve, this.pollMs).unref?.())
      }
    }
  }

  /** Marks the job failed for good (false: the claim had lost its lease); a periodic one is followed by its next run. */
  private async giveUp(claimed: Claimed & { token: string }, definition: Definition, why: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const failed = await tx.query(
        `UPDATE jobs SET state = 'failed', finished_at = $3::timestamptz, last_error = $4, lease_token = NULL, locked_until = NULL
         WHERE id = $1 AND lease_token = $2 AND state = 'running' RETURNING 1`,
        [claimed.id, claimed.token, iso(this.clock.now()), why],
      )
      if (failed.length > 0) await this.next(tx, claimed, definition)
      return failed.length > 0
    })
  }

  /**
   * A periodic job's next run: the first time on its schedule (whole intervals after this run was
   * due) that is still ahead, so a late run is followed by one on time, not by the runs it missed.
   */
  private async next(tx: Db, claimed: Claimed, definition: Definition): Promise<void> {
    const every = definition.everyMs
    if (every === undefined || claimed.singleton_key !== EVERY) return
    const now = this.clock.now()
    const due = ms(claimed.run_at)
    const runAt = due + every * (Math.max(0, Math.floor((now - due) / every)) + 1)
    await tx.query(
      `INSERT INTO jobs (name, data, run_at, singleton_key, created_at) VALUES ($1, $2::jsonb, $3::timestamptz, $4, $5::timestamptz) ON CONFLICT DO NOTHING`,
      [claimed.name, JSON.stringify(claimed.data ?? null), iso(runAt), EVERY, iso(now)],
    )
  }
}
