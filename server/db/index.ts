/**
 * One small database interface over embedded PostgreSQL (PGlite, the default) and a PostgreSQL
 * server (DATABASE_URL): the same SQL and migrations run on both.
 */
import { createHash } from 'node:crypto'
import { readFileSync, readdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { PGlite } from '@electric-sql/pglite'
import { Availability, DatabaseUnavailable, asUnavailable, isUnavailableError } from './unavailable'

export { Availability, DatabaseUnavailable, isUnavailableError } from './unavailable'
export type { AvailabilityChange } from './unavailable'

export interface Db {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions): Promise<T[]>
  /** Runs fn in one transaction: all of it or none of it. */
  transaction<T>(fn: (tx: Db) => Promise<T>, options?: TransactionOptions): Promise<T>
  close(): Promise<void>
  /** The same object for a database and its transactions: per-database state hangs off it. */
  readonly instance: object
  /** Whether the database answers (server/db/unavailable.ts); the same for a database and its transactions. */
  readonly availability: Availability
}

export interface TransactionOptions {
  /**
   * How long each statement of the transaction may take, in ms, instead of the database's
   * statementTimeoutMs; 0: no limit. For the few that are long by nature (migrations, a recompute
   * over every miner, waiting for another process's seeds), never for a call's.
   */
  timeoutMs?: number
}

export interface QueryOptions {
  /**
   * A hot statement's name: on a PostgreSQL server, in a transaction or not, each connection parses
   * and plans the statement once and runs it by name after (one text per name). Ignored on PGlite.
   */
  name?: string
}

export type DatabaseConfig = PgliteConfig | ({ kind: 'postgres'; url: string } & PostgresTimeouts)

export interface PgliteConfig {
  kind: 'pglite'
  dataDir: string | null
  /**
   * An in-memory database's starting content: a data directory dumped by PGlite's dumpDataDir
   * (tests start each server from one migrated copy, which is several times quicker than an
   * initdb and the migrations). Absent: a new, empty database.
   */
  loadDataDir?: Blob
}

/**
 * How long a PostgreSQL server may keep us waiting (DB_CONNECT_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS).
 * Every wait is bounded, so a call made while the database is frozen or gone is answered 503 within
 * connect + statement + DB_READ_GRACE_MS (under 10 s by default) instead of hanging as long as it is.
 */
export interface PostgresTimeouts {
  /** A new connection, or a free one from the pool, within this many ms. */
  connectTimeoutMs?: number
  /** A statement's longest run, enforced by PostgreSQL (statement_timeout); 0: none (benches loading millions of rows). */
  statementTimeoutMs?: number
}

export const DEFAULT_DB_TIMEOUTS = { connectTimeoutMs: 3_000, statementTimeoutMs: 5_000 } as const
/**
 * The client's own wait for an answer, beyond statement_timeout: PostgreSQL cancels a slow statement
 * itself (a clean error), but a frozen server cancels nothing, so the client stops waiting this much
 * later and drops the connection.
 */
export const DB_READ_GRACE_MS = 1_000
/** A transaction whose process stopped mid-way (frozen, cut off) releases its locks after this long. */
const IDLE_IN_TRANSACTION_MS = 60_000
/** setTimeout's longest wait: "no limit" for node-postgres's read timeout, where 0 means "the default". */
const NO_READ_TIMEOUT = 2 ** 31 - 1

interface Queryable {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>
}

/** The Db objects of open transactions (a transaction's own state, such as the ledger locks it holds, hangs off it). */
const transactions = new WeakSet<Db>()
/** Whether `db` is a transaction's (its statements are one unit, its xact locks held to its end), not the database's. */
export const inTransaction = (db: Db): boolean => transactions.has(db)

/** A connection, or an open transaction, as a Db; a nested transaction joins the open one (the same Db). */
const asDb = (q: Queryable, instance: object, availability: Availability): Db => {
  const db: Db = {
    query: async <T>(sql: string, params: unknown[] = []) => (await q.query<T>(sql, params)).rows,
    transaction: (fn) => fn(db),
    close: async () => {},
    instance,
    availability,
  }
  return db
}
const asTransaction = (db: Db): Db => {
  transactions.add(db)
  return db
}

async function openPglite({ dataDir, loadDataDir }: PgliteConfig): Promise<Db> {
  const { PGlite } = await import('@electric-sql/pglite')
  const pg = new PGlite({ ...(dataDir === null ? {} : { dataDir }), ...(loadDataDir ? { loadDataDir } : {}) })
  await pg.waitReady
  return pgliteDb(pg)
}

/** A PGlite instance as a Db (its close() closes it). */
export function pgliteDb(pg: PGlite): Db {
  // An embedded database is this process's own: it never goes away on its own.
  const instance = {}
  const availability = new Availability()
  return {
    ...asDb(pg, instance, availability),
    transaction: (fn) => pg.transaction((tx) => fn(asTransaction(asDb(tx, instance, availability)))),
    close: () => pg.close(),
  }
}

/** A pool or one of its connections: runs a named statement by name (pg's prepared statements, per connection). */
interface PgQueryable {
  query(config: {
    name?: string
    text: string
    values: unknown[]
    query_timeout?: number
  }): Promise<{ rows: unknown[] }>
}

/**
 * One statement on a pool or a connection. A failure for want of the database is a
 * DatabaseUnavailable (and the database is marked away); an answer marks it back.
 */
async function pgQuery<T>(
  q: PgQueryable,
  availability: Availability,
  sql: string,
  params: unknown[] = [],
  options?: QueryOptions,
  readTimeoutMs?: number,
): Promise<T[]> {
  try {
    const config = {
      ...(options?.name ? { name: options.name } : {}),
      text: sql,
      values: params,
      ...(readTimeoutMs !== undefined ? { query_timeout: readTimeoutMs } : {}),
    }
    const { rows } = await q.query(config)
    availability.answered()
    return rows as T[]
  } catch (e) {
    if (isUnavailableError(e)) availability.failed(e)
    throw asUnavailable(e)
  }
}

/**
 * A PostgreSQL connection in a transaction as a Db: named statements keep their names there too.
 * Planning was about 40 % of PostgreSQL's time under the mixed load bench (tests/bench/mixed.ts)
 * while every statement in a transaction was parsed and planned again (a claim's two reads of the
 * mining record alone 0.6-0.7 ms each). A name is prepared once per pooled connection, whatever
 * transaction it runs in: prepared statements outlive a rollback, and pg forgets a name whose
 * preparation failed.
 */
const asPgTransaction = (
  client: PgQueryable,
  instance: object,
  availability: Availability,
  readTimeoutMs: number | undefined,
): Db => {
  const tx: Db = {
    query: (sql, params, options) => pgQuery(client, availability, sql, params, options, readTimeoutMs),
    transaction: (fn) => fn(tx),
    close: async () => {},
    instance,
    availability,
  }
  return asTransaction(tx)
}

async function openPostgres(config: { url: string } & PostgresTimeouts): Promise<Db> {
  const { default: pg } = await import('pg')
  const connectTimeoutMs = config.connectTimeoutMs ?? DEFAULT_DB_TIMEOUTS.connectTimeoutMs
  const statementMs = config.statementTimeoutMs ?? DEFAULT_DB_TIMEOUTS.statementTimeoutMs
  const readTimeoutOf = (ms: number) => (ms > 0 ? ms + DB_READ_GRACE_MS : NO_READ_TIMEOUT)
  const availability = new Availability()
  // NUMERIC (OID 1700) and BIGINT (20) stay strings: amounts are exact.
  const pool = new pg.Pool({
    connectionString: config.url,
    max: 10,
    connectionTimeoutMillis: connectTimeoutMs,
    ...(statementMs > 0 ? { statement_timeout: statementMs } : {}),
    query_timeout: readTimeoutOf(statementMs),
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_MS,
    keepAlive: true,
  })
  // A connection that dies (PostgreSQL restarted, pg_terminate_backend, a failover) emits 'error':
  // with no listener Node ends the process. An idle one is dropped by the pool; one in use fails its
  // statement, and its transaction drops it below. The next checkout connects afresh.
  pool.on('error', (e) => availability.failed(e))
  pool.on('connect', (client) => client.on('error', (e) => availability.failed(e)))
  const instance = {}
  return {
    instance,
    availability,
    query: (sql, params, options) => pgQuery(pool, availability, sql, params, options),
    async transaction(fn, options) {
      const client = await pool.connect().catch((e: unknown) => {
        if (isUnavailableError(e)) availability.failed(e)
        throw asUnavailable(e)
      })
      const timeoutMs = options?.timeoutMs
      const tx = asPgTransaction(
        client,
        instance,
        availability,
        timeoutMs === undefined ? undefined : readTimeoutOf(timeoutMs),
      )
      /** Set when the connection cannot be trusted again: released with it, the pool drops it. */
      let broken: Error | undefined
      try {
        await tx.query('BEGIN')
        if (timeoutMs !== undefined)
          await tx.query(`SET LOCAL statement_timeout = ${Math.max(0, Math.floor(timeoutMs))}`)
        const result = await fn(tx)
        await tx.query('COMMIT')
        return result
      } catch (e) {
        // A connection that failed has nothing to roll back (PostgreSQL rolls back what a lost
        // connection held), and a ROLLBACK would wait behind the statement that hangs.
        if (e instanceof DatabaseUnavailable) broken = e
        else await tx.query('ROLLBACK').catch((r: unknown) => (broken = r instanceof Error ? r : new Error(String(r))))
        throw e
      } finally {
        client.release(broken)
      }
    },
    close: () => pool.end(),
  }
}

export const MIGRATIONS = join(dirname(fileURLToPath(import.meta.url)), 'migrations')

/**
 * A migration recorded as applied whose file now says something else. The database keeps what the
 * text it ran made of it, so running on would serve a schema that no file describes: the server
 * refuses to start instead. The message is one line naming the file.
 */
export class MigrationChanged extends Error {
  constructor(
    readonly file: string,
    why = "its text changed after this database applied it (restore the file's text; a schema change goes in a new migration)",
  ) {
    super(`migration ${file}: ${why}; refusing to start`)
  }
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

/**
 * Databases that applied migrations before checksums were recorded are trusted with each file's
 * current text, except where an earlier text of the file is known and leaves its mark: the first
 * text of 006 (commit 3248066, never in a release, but run by developers' ./data) added no
 * copy_trade_swaps.history_id. A probe answers a row when the database has what the current text makes.
 */
const CURRENT_TEXT_PROBES: Record<string, { sql: string; why: string }> = {
  '006_copy_trade_history.sql': {
    sql: `SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'copy_trade_swaps' AND column_name = 'history_id'`,
    why: 'this database ran an earlier text of it (copy_trade_swaps has no history_id): a development database of that time, delete it (DATA_DIR) and start again',
  },
}

/**
 * Applies the migrations not applied yet, in order, each in its own transaction, and records each
 * with the sha256 of its text. Refuses (MigrationChanged) when a migration applied earlier reads
 * differently now: a migration that ran is never edited, a change is a new file.
 */
export async function migrate(db: Db, dir: string = MIGRATIONS): Promise<void> {
  // Two servers starting at once on a new database would both create the same tables (PostgreSQL:
  // duplicate key in pg_type). One transaction under one advisory lock: the second waits, then
  // finds everything applied. A failed migration rolls back all that this start applied.
  return db.transaction(
    async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(7101)')
      await migrateLocked(tx, dir)
    },
    { timeoutMs: 0 },
  )
}

async function migrateLocked(db: Db, dir: string): Promise<void> {
  await db.query(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())',
  )
  // Added with the checksums: rows written before it have none.
  await db.query('ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS checksum TEXT')
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
  const texts = new Map(files.map((f) => [f, readFileSync(join(dir, f), 'utf8')]))
  const applied = await db.query<{ name: string; checksum: string | null }>(
    'SELECT name, checksum FROM schema_migrations ORDER BY name',
  )
  for (const { name, checksum } of applied) {
    const text = texts.get(name)
    if (text === undefined) continue // applied by a newer version of the server, or since removed: nothing to compare
    const sum = sha256(text)
    if (checksum === null) {
      // Applied before checksums were recorded: this first start takes the file's current text as the
      // one that ran (nothing else can be known), unless a probe shows the database ran an earlier one.
      const probe = CURRENT_TEXT_PROBES[name]
      if (probe && (await db.query(probe.sql)).length === 0) throw new MigrationChanged(name, probe.why)
      await db.query('UPDATE schema_migrations SET checksum = $2 WHERE name = $1 AND checksum IS NULL', [name, sum])
    } else if (checksum !== sum) throw new MigrationChanged(name)
  }
  const done = new Set(applied.map((r) => r.name))
  for (const file of files) {
    if (done.has(file)) continue
    const sql = texts.get(file) as string
    await db.transaction(async (tx) => {
      for (const statement of sql
        .split(/;\s*(?:\n|$)/)
        .map((s) => s.trim())
        .filter(Boolean))
        await tx.query(statement)
      await tx.query('INSERT INTO schema_migrations (name, checksum) VALUES ($1, $2)', [file, sha256(sql)])
    })
  }
}

/** Opens the database without migrating it (tests of migrate() itself); the server uses openDatabase. */
export async function connect(config: DatabaseConfig): Promise<Db> {
  return config.kind === 'pglite' ? openPglite(config) : openPostgres(config)
}

export async function openDatabase(config: DatabaseConfig, migrations: string = MIGRATIONS): Promise<Db> {
  const db = await connect(config)
  try {
    await migrate(db, migrations)
  } catch (e) {
    await db.close()
    throw e
  }
  return db
}
