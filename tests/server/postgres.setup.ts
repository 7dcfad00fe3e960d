/**
 * Global setup of the server-pg vitest project: the PostgreSQL cluster its tests create their
 * databases on. `npm test` (tests/run.mjs) starts one for the whole run and passes it as
 * TEST_PG_URL; run alone (`npx vitest run --project server-pg`), this starts a throw-away one and
 * deletes it at the end. Either way it makes one migrated database that test servers' databases
 * are copies of (CREATE DATABASE ... TEMPLATE: quicker than 25 migrations each).
 */
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../../server/db'
import { createDatabase, startPostgres } from '../postgres.mjs'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A superuser URL of the test cluster (its `postgres` database). */
    pgAdminUrl: string
    /** The name of a migrated database on it, to copy (nobody connects to it). */
    pgTemplate: string
  }
}

async function migratedTemplate(adminUrl: string): Promise<string> {
  const url = await createDatabase(adminUrl, 'template')
  const db = await openDatabase({ kind: 'postgres', url })
  await db.close()
  return new URL(url).pathname.slice(1)
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_PG_URL) {
    project.provide('pgAdminUrl', process.env.TEST_PG_URL)
    project.provide('pgTemplate', await migratedTemplate(process.env.TEST_PG_URL))
    return
  }
  const cluster = await startPostgres()
  const stop = () => cluster.stop()
  process.once('exit', stop)
  project.provide('pgAdminUrl', cluster.url)
  project.provide('pgTemplate', await migratedTemplate(cluster.url))
  return stop
}
