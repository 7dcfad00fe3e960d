/**
 * `npm start -- --fresh`: the demo from the beginning (README.md, "Tour of the demo"). The embedded
 * database's folder is deleted before the server opens it, so every user, balance and mining
 * profile is made anew, and the dev clock (which only moves forward, and whose moves the data
 * remembers) starts from now again. Dev mode only, and only a folder that holds a PGlite database
 * (or nothing): never whatever DATA_DIR happens to name.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { KernelConfig } from './config'

/** What --fresh did (a line for the person), or why it refuses to (the server must not start). */
export type FreshStart = { ok: true; said: string | null } | { ok: false; why: string }

export function freshStart(config: Pick<KernelConfig, 'mode' | 'database'>): FreshStart {
  if (config.mode !== 'development') return { ok: false, why: '--fresh is for dev mode only: it deletes the database' }
  if (config.database.kind !== 'pglite')
    return {
      ok: false,
      why: '--fresh deletes the embedded database (DATA_DIR); with DATABASE_URL, drop and create that database yourself',
    }
  const dir = config.database.dataDir
  // An in-memory database is new on every start.
  if (dir === null || !existsSync(dir)) return { ok: true, said: null }
  if (readdirSync(dir).length > 0 && !existsSync(join(dir, 'PG_VERSION')))
    return { ok: false, why: `--fresh: ${dir} holds no PGlite database, so it was left as it is` }
  rmSync(dir, { recursive: true, force: true })
  return { ok: true, said: `Fresh start: ${dir} deleted; the demo data is made anew.` }
}
