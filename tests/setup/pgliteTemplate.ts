/**
 * Global setup of the projects whose servers run on in-memory PGlite (unit, e2e): one database is
 * made and migrated once per run and dumped to a file; each test server then starts from that copy
 * (tests/server/helpers.ts testConfig, tests/e2e/harness.ts startStack) instead of an initdb and 25
 * migrations of its own, about 1 s instead of 3-5 s on this 2-core machine. The server still runs
 * migrate() on it at start, which checks every migration's checksum against the files.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { inject } from 'vitest'
import type { TestProject } from 'vitest/node'
import { PGlite } from '@electric-sql/pglite'
import { type PgliteConfig, migrate, pgliteDb } from '../../server/db'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory, dumped (dumpDataDir): what a test server's database starts as. */
    pgliteTemplate: string
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'switch-pglite-'))
  const file = join(dir, 'migrated.tar')
  const pg = new PGlite()
  const db = pgliteDb(pg)
  await migrate(db)
  writeFileSync(file, Buffer.from(await (await pg.dumpDataDir('none')).arrayBuffer()))
  await db.close()
  project.provide('pgliteTemplate', file)
  const remove = () => rmSync(dir, { recursive: true, force: true })
  process.once('exit', remove)
  return remove
}

/** The template's content, read once per test file. */
let template: Promise<Blob> | undefined

/**
 * An in-memory database for a test server: a copy of the run's migrated template, or a new, empty
 * one where no template was made (a project without this setup).
 */
export async function migratedPglite(): Promise<PgliteConfig> {
  const file = inject('pgliteTemplate')
  if (!file) return { kind: 'pglite', dataDir: null }
  template ??= readFile(file).then((data) => new Blob([data]))
  return { kind: 'pglite', dataDir: null, loadDataDir: await template }
}
