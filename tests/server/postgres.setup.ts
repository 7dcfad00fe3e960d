/**
 * Global setup of the server-pg vitest project: the PostgreSQL cluster its tests create their
 * databases on. `npm test` (tests/run.mjs) starts one for the whole run and passes it as
 * TEST_PG_URL; run alone (`npx vitest run --project server-pg`), this starts a throw-away one and
 * deletes it at the end.
 */
import type { TestProject } from 'vitest/node'
import { startPostgres } from '../postgres.mjs'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A superuser URL of the test cluster (its `postgres` database). */
    pgAdminUrl: string
  }
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_PG_URL) {
    project.provide('pgAdminUrl', process.env.TEST_PG_URL)
    return
  }
  const cluster = await startPostgres()
  const stop = () => cluster.stop()
  process.once('exit', stop)
  project.provide('pgAdminUrl', cluster.url)
  return stop
}
