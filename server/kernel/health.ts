/**
 * Liveness and readiness (docs/operations.md, "Health and readiness"). No init data: these are
 * for the orchestrator, not the app, and say nothing about any user.
 *
 * - GET /healthz: the process answers (200 { status: 'ok' }).
 * - GET /readyz: the database answers a trivial query, every migration file is recorded as applied,
 *   and the job queue's loop has looked for work within a few of its intervals. 200 with each check,
 *   or 503 with the same shape naming what fails.
 */
import { readdirSync } from 'node:fs'
import { Hono } from 'hono'
import { type Db, MIGRATIONS } from '../db'
import type { Jobs } from './jobs'

/** How many poll intervals the queue's loop may go without looking for work and still count as running. */
export const QUEUE_INTERVALS_ALLOWED = 5
/** A readiness check that takes longer than this fails: a hung database is not a ready one. */
export const CHECK_TIMEOUT_MS = 2_000

export interface Check {
  ok: boolean
  /** What failed, in words; absent when ok. */
  error?: string
}

export type Readiness = { status: 'ready' | 'not ready'; checks: { database: Check; migrations: Check; jobs: Check } }

const within = <T>(promise: Promise<T>, what: string): Promise<T> =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(
        () => reject(new Error(`${what} gave no answer within ${CHECK_TIMEOUT_MS} ms`)),
        CHECK_TIMEOUT_MS,
      ).unref(),
    ),
  ])

const failed = (e: unknown): Check => ({ ok: false, error: e instanceof Error ? e.message : String(e) })

export async function readiness(o: {
  db: Db
  jobs: Jobs
  migrationsDir?: string
  now?: () => number
}): Promise<Readiness> {
  const now = o.now ?? Date.now
  const database = await within(o.db.query('SELECT 1 AS one'), 'the database').then((): Check => ({ ok: true }), failed)
  let migrations: Check
  if (!database.ok) migrations = { ok: false, error: 'not checked: the database does not answer' }
  else
    migrations = await within(o.db.query<{ name: string }>('SELECT name FROM schema_migrations'), 'the database').then(
      (rows): Check => {
        const recorded = new Set(rows.map((r) => r.name))
        const missing = readdirSync(o.migrationsDir ?? MIGRATIONS)
          .filter((f) => f.endsWith('.sql') && !recorded.has(f))
          .sort()
        return missing.length === 0 ? { ok: true } : { ok: false, error: `not applied: ${missing.join(', ')}` }
      },
      failed,
    )
  const looked = o.jobs.lastLookedAt
  const allowed = QUEUE_INTERVALS_ALLOWED * o.jobs.pollMs
  const jobs: Check =
    looked === null
      ? { ok: false, error: 'the job queue is not running' }
      : now() - looked > allowed
        ? { ok: false, error: `the job queue last looked for work ${now() - looked} ms ago (more than ${allowed} ms)` }
        : { ok: true }
  const ready = database.ok && migrations.ok && jobs.ok
  return { status: ready ? 'ready' : 'not ready', checks: { database, migrations, jobs } }
}

export function healthRoutes(o: { db: Db; jobs: Jobs; migrationsDir?: string }) {
  return new Hono()
    .get('/healthz', (c) => c.json({ status: 'ok' }, 200, { 'cache-control': 'no-store' }))
    .get('/readyz', async (c) => {
      const r = await readiness(o)
      return c.json(r, r.status === 'ready' ? 200 : 503, { 'cache-control': 'no-store' })
    })
}
