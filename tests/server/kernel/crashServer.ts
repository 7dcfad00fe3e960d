/**
 * The crash test's server (tests/server/kernel/crash.test.ts): createServer in a process of its own,
 * so the test can kill it with SIGKILL as a machine or an OOM killer would, and start it again on
 * the same database. The database is the test run's: a PGlite data directory, or a PostgreSQL
 * database (CRASH_DATABASE, JSON of a DatabaseConfig). Over its IPC channel the process says where
 * it listens and runs the test's reads of the database and its SWITCH credits: an embedded database
 * belongs to the one process that opened it, so the test reads it through that process.
 */
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { DatabaseConfig } from '../../../server/db'

type Ask =
  { op: 'query'; sql: string; params?: unknown[] } | { op: 'credit'; userId: number; units: string; reference: string }
type Request = Ask & { id: number }
type Reply = { id: number; rows?: unknown[]; error?: string }
type Notice = { listening: string }

export interface CrashServer {
  url: string
  pid: number
  /** A read of the server's database, run by the server's process. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>
  /** SWITCH credited to a user through the ledger's post(), with the reason 'test-credit' (a grant). */
  credit(userId: number, units: bigint, reference: string): Promise<void>
  /** SIGKILL: no handler runs, nothing is flushed or closed; resolves once the process is gone. */
  kill(): Promise<void>
  /** SIGTERM: the server closes as `npm start` does on a stop. */
  stop(): Promise<void>
}

/** The reason of the credits the test grants (server/kernel/ledger.ts entries). */
export const TEST_CREDIT = 'test-credit'

/** Starts this file as a server on `database`; resolves once it listens. */
export function startCrashServer(database: DatabaseConfig, botToken: string): Promise<CrashServer> {
  // node itself with tsx's loader (no wrapper process): the pid that is killed is the server's.
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    env: { ...process.env, CRASH_DATABASE: JSON.stringify(database), BOT_TOKEN: botToken },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const pending = new Map<number, { resolve(rows: unknown[]): void; reject(e: Error): void }>()
  let next = 0
  child.on('message', (m: Reply | Notice) => {
    if (!('id' in m)) return
    const p = pending.get(m.id)
    pending.delete(m.id)
    if (m.error !== undefined) p?.reject(new Error(m.error))
    else p?.resolve(m.rows ?? [])
  })
  child.once('exit', (code, signal) => {
    for (const p of pending.values()) p.reject(new Error(`the crash server exited (${signal ?? code})`))
    pending.clear()
  })
  const ask = (request: Ask) =>
    new Promise<unknown[]>((resolve, reject) => {
      const id = ++next
      pending.set(id, { resolve, reject })
      child.send({ ...request, id } as Request)
    })
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name)
    await exited
  }
  return new Promise((resolve, reject) => {
    child.on('message', (m: Reply | Notice) => {
      if (!('listening' in m)) return
      resolve({
        url: m.listening,
        pid: child.pid as number,
        query: <T>(sql: string, params?: unknown[]) => ask({ op: 'query', sql, params }) as Promise<T[]>,
        credit: async (userId, units, reference) =>
          void (await ask({ op: 'credit', userId, units: units.toString(), reference })),
        kill: () => signal('SIGKILL'),
        stop: () => signal('SIGTERM'),
      })
    })
    child.once('exit', (code, sig) => reject(new Error(`the crash server exited (${sig ?? code}) before listening`)))
  })
}

/** The process: a server as the tests make one (dev mode: starter balances), no periodic jobs of its own. */
async function serve() {
  const { createServer } = await import('../../../server/app')
  const { post } = await import('../../../server/kernel/ledger')
  const { switchEntry } = await import('../../../server/mining/miner')
  const database = JSON.parse(process.env.CRASH_DATABASE as string) as DatabaseConfig
  const server = await createServer({
    port: 0,
    host: '127.0.0.1',
    botToken: process.env.BOT_TOKEN as string,
    mode: 'development',
    database,
    staticDir: null,
    authMaxAgeSeconds: 86_400,
    guildRanksIntervalMs: 0,
    copyFeedIntervalMs: 0,
    logLevel: 'error',
  })
  process.on('message', (m: Request) => {
    const run = async (): Promise<unknown[]> => {
      if (m.op === 'query') return server.db.query(m.sql, m.params ?? [])
      await server.db.transaction((tx) => post(tx, [switchEntry(m.userId, BigInt(m.units), TEST_CREDIT, m.reference)]))
      return []
    }
    run().then(
      (rows) => process.send?.({ id: m.id, rows } satisfies Reply),
      (e: unknown) => process.send?.({ id: m.id, error: e instanceof Error ? e.message : String(e) } satisfies Reply),
    )
  })
  process.once('SIGTERM', () => void server.close().then(() => process.exit(0)))
  // The test is gone (its process ended without stopping this one): so is its server.
  process.once('disconnect', () => process.exit(1))
  process.send?.({ listening: server.url } satisfies Notice)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await serve()
