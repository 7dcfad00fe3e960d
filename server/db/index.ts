/**
 * One small database interface over embedded PostgreSQL (PGlite, the default) and a PostgreSQL
 * server (DATABASE_URL): the same SQL and migrations run on both.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export interface Db {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>
  /** Runs fn in one transaction: all of it or none of it. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>
  close(): Promise<void>
  /** The same object for a database and its transactions: per-database state hangs off it. */
  readonly instance: object
}

export type DatabaseConfig = { kind: 'pglite'; dataDir: string | null } | { kind: 'postgres'; url: string }

interface Queryable {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>
}

/** A connection, or an open transaction, as a Db; a nested transaction joins the open one. */
const asDb = (q: Queryable, instance: object): Db => ({
  query: async <T>(sql: string, params: unknown[] = []) => (await q.query<T>(sql, params)).rows,
  transaction: (fn) => fn(asDb(q, instance)),
  close: async () => {},
  instance,
})

async function openPglite(dataDir: string | null): Promise<Db> {
  const { PGlite } = await import('@electric-sql/pglite')
  const pg = dataDir === null ? new PGlite() : new PGlite(dataDir)
  await pg.waitReady
  const instance = {}
  return {
    ...asDb(pg, instance),
    transaction: (fn) => pg.transaction((tx) => fn(asDb(tx, instance))),
    close: () => pg.close(),
  }
}

async function openPostgres(url: string): Promise<Db> {
  const { default: pg } = await import('pg')
  // NUMERIC (OID 1700) and BIGINT (20) stay strings: amounts are exact.
  const pool = new pg.Pool({ connectionString: url, max: 10 })
  const instance = {}
  return {
    instance,
    query: async <T>(sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows as T[],
    async transaction(fn) {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const result = await fn(asDb(client as unknown as Queryable, instance))
        await client.query('COMMIT')
        return result
      } catch (e) {
        await client.query('ROLLBACK')
        throw e
      } finally {
        client.release()
      }
    },
    close: () => pool.end(),
  }
}

const MIGRATIONS = join(dirname(fileURLToPath(import.meta.url)), 'migrations')

/** Applies the migrations not applied yet, in order, each in its own transaction. */
export async function migrate(db: Db): Promise<void> {
  await db.query('CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())')
  const done = new Set((await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name))
  for (const file of readdirSync(MIGRATIONS).filter((f) => f.endsWith('.sql')).sort()) {
    if (done.has(file)) continue
    const sql = readFileSync(join(MIGRATIONS, file), 'utf8')
    await db.transaction(async (tx) => {
      for (const statement of sql.split(/;\s*(?:\n|$)/).map((s) => s.trim()).filter(Boolean)) await tx.query(statement)
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file])
    })
  }
}

export async function openDatabase(config: DatabaseConfig): Promise<Db> {
  const db = config.kind === 'pglite' ? await openPglite(config.dataDir) : await openPostgres(config.url)
  await migrate(db)
  return db
}
