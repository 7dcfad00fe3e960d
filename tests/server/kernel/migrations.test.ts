/**
 * Migrations are guarded (server/db/index.ts): each applied migration is recorded with the sha256 of
 * its text, and a database whose applied migration reads differently now refuses to start, with one
 * line naming the file. On the database of the run (PGlite in project unit, PostgreSQL in server-pg).
 */
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, appendFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createServer } from '../../../server/app'
import { type DatabaseConfig, type Db, MIGRATIONS, MigrationChanged, connect, migrate } from '../../../server/db'
import { onPostgres, testConfig, testDatabase } from '../helpers'

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')
const FILES = readdirSync(MIGRATIONS)
  .filter((f) => f.endsWith('.sql'))
  .sort()
const CHANGED_LINE = /^migration 006_copy_trade_history\.sql: [^\n]*refusing to start$/

const temporary: string[] = []
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true })
})
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  temporary.push(dir)
  return dir
}

/** A copy of the migrations: the first `count` files (all by default), for migrate(db, dir). */
function migrationsCopy(count = FILES.length): string {
  const dir = tempDir('migrations-')
  for (const f of FILES.slice(0, count)) copyFileSync(join(MIGRATIONS, f), join(dir, f))
  return dir
}

/** A database that outlives its connection: a data directory for PGlite, a new database on PostgreSQL. */
async function lastingDatabase(): Promise<DatabaseConfig> {
  return onPostgres() ? testDatabase() : { kind: 'pglite', dataDir: tempDir('pglite-') }
}

async function withDb<T>(config: DatabaseConfig, fn: (db: Db) => Promise<T>): Promise<T> {
  const db = await connect(config)
  try {
    return await fn(db)
  } finally {
    await db.close()
  }
}

/** `tsx server/main.ts` on the given database: its exit code and what it printed. */
function runMain(database: DatabaseConfig): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'development',
    PORT: '0',
    COPY_FEED_INTERVAL_MS: '0',
  }
  delete env.DATABASE_URL
  delete env.DATA_DIR
  if (database.kind === 'postgres') env.DATABASE_URL = database.url
  else env.DATA_DIR = database.dataDir as string
  const child = spawn('node_modules/.bin/tsx', ['server/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000)
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr })
    }),
  )
}

describe('migrations are guarded by checksums', () => {
  it('every applied migration is recorded with the sha256 of its text; an unchanged restart applies nothing', async () => {
    await withDb(await testDatabase(), async (db) => {
      await migrate(db)
      const rows = await db.query<{ name: string; checksum: string }>(
        'SELECT name, checksum FROM schema_migrations ORDER BY name',
      )
      expect(rows).toEqual(
        FILES.map((name) => ({ name, checksum: sha256(readFileSync(join(MIGRATIONS, name), 'utf8')) })),
      )
      await migrate(db)
      expect(await db.query('SELECT name FROM schema_migrations')).toHaveLength(FILES.length)
    })
  }, 60_000)

  it('a changed applied migration: migrate() and the server refuse with one line naming the file, and server/main.ts prints it and exits 1', async () => {
    const database = await lastingDatabase()
    await withDb(database, async (db) => {
      await migrate(db)
      // The file's text changed after this database applied it (a changed copy of the directory).
      const changed = migrationsCopy()
      appendFileSync(join(changed, '006_copy_trade_history.sql'), '\n-- edited after it ran\n')
      const refusal = await migrate(db, changed).then(
        () => null,
        (e: unknown) => e,
      )
      expect(refusal).toBeInstanceOf(MigrationChanged)
      expect((refusal as Error).message).toMatch(CHANGED_LINE)
      // Or, as the server sees it: the recorded checksum is not the text's.
      await db.query(`UPDATE schema_migrations SET checksum = $1 WHERE name = '006_copy_trade_history.sql'`, [
        sha256('the text it ran'),
      ])
    })
    await expect(createServer(await testConfig({ database }))).rejects.toThrow(CHANGED_LINE)

    const run = await runMain(database)
    expect(run.code).toBe(1)
    expect(run.stderr.trimEnd()).toMatch(CHANGED_LINE)
    expect(run.stdout).not.toMatch(/server at/)
  }, 120_000)

  it('a database migrated before checksums were recorded gets them on its first start (the current text is taken as the one it ran)', async () => {
    await withDb(await testDatabase(), async (db) => {
      await migrate(db)
      await db.query('ALTER TABLE schema_migrations DROP COLUMN checksum')
      await migrate(db)
      const rows = await db.query<{ name: string; checksum: string | null }>(
        'SELECT name, checksum FROM schema_migrations ORDER BY name',
      )
      expect(rows).toEqual(
        FILES.map((name) => ({ name, checksum: sha256(readFileSync(join(MIGRATIONS, name), 'utf8')) })),
      )
    })
  }, 60_000)

  it('a database of that time that ran the first text of 006 (no history_id) is refused, naming 006', async () => {
    await withDb(await testDatabase(), async (db) => {
      // 001-005, then 006 as commit 3248066 wrote it, recorded by name only as migrate() then did.
      const early = migrationsCopy(FILES.indexOf('006_copy_trade_history.sql'))
      writeFileSync(
        join(early, '006_copy_trade_history.sql'),
        `INSERT INTO history (user_id, account_index, type, entry, created_at)
SELECT t.user_id, t.account_index, 'swap', s.entry, s.created_at
FROM copy_trade_swaps s JOIN copy_trades t ON t.id = s.trade_id
ORDER BY s.id;
`,
      )
      await migrate(db, early)
      await db.query('ALTER TABLE schema_migrations DROP COLUMN checksum')
      await expect(migrate(db)).rejects.toThrow(CHANGED_LINE)
    })
  }, 60_000)
})

describe('007: the running balances', () => {
  it('are filled from the ledger as it stands', async () => {
    await withDb(await testDatabase(), async (db) => {
      await migrate(db, migrationsCopy(FILES.indexOf('007_running_balances.sql')))
      await db.query(`INSERT INTO users (id, first_name) VALUES (41, 'A'), (42, 'B')`)
      for (const [user, i] of [
        [41, 0],
        [41, 1],
        [42, 0],
      ])
        await db.query(
          'INSERT INTO wallets (user_id, account_index, evm_address, ton_address) VALUES ($1, $2, $3, $4)',
          [user, i, `0x${user}${i}`, `ton-${user}-${i}`],
        )
      const entries: [number, number, string, string, string][] = [
        [41, 0, '1', 'eth', '1000000000000000000000000000000'],
        [41, 0, '1', 'eth', '-1'],
        [41, 0, 'TON', 'native', '5'],
        [41, 1, 'TON', 'native', '7'],
        [42, 0, '1', 'eth', '3'],
        [42, 0, '1', 'eth', '-3'],
      ]
      for (const e of entries)
        await db.query(
          `INSERT INTO ledger (user_id, account_index, chain_id, token_address, delta, reason) VALUES ($1, $2, $3, $4, $5::numeric, 'test')`,
          e,
        )
      await migrate(db)
      const rows = await db.query<{
        user_id: unknown
        account_index: number
        chain_id: string
        token_address: string
        units: string
      }>(
        'SELECT user_id, account_index, chain_id, token_address, units::text AS units FROM balances ORDER BY user_id, account_index, chain_id, token_address',
      )
      expect(rows.map((r) => [Number(r.user_id), r.account_index, r.chain_id, r.token_address, r.units])).toEqual([
        [41, 0, '1', 'eth', '999999999999999999999999999999'],
        [41, 0, 'TON', 'native', '5'],
        [41, 1, 'TON', 'native', '7'],
        [42, 0, '1', 'eth', '0'],
      ])
    })
  }, 60_000)
})

describe.runIf(onPostgres())('two servers starting at once on a new database', () => {
  it('both start: one applies the migrations, the other waits and finds them applied', async () => {
    const config = await testConfig()
    const [a, b] = await Promise.all([createServer(config), createServer({ ...config })])
    try {
      const applied = await a.db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')
      expect(applied.map((r) => r.name)).toEqual(FILES)
    } finally {
      await a.close()
      await b.close()
    }
  }, 60_000)
})
