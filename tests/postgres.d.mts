/** Types of tests/postgres.mjs for the TypeScript files that use it. */
export declare const INSTALL_HINT: string
export declare function postgresBin(): string | null
export declare function ensurePostgres(options?: { install?: boolean }): string | null
export interface RunningPostgres {
  /** A superuser connection to the cluster's `postgres` database. */
  url: string
  dir: string
  /** Stops the cluster and deletes its directory; synchronous, idempotent. */
  stop(): void
  /** `pg_ctl stop -m fast`: every connection ended, the server down (start() brings it back on the same port). */
  stopFast(): void
  /** Starts a cluster stopped by stopFast(). */
  start(): void
  /** SIGSTOP to the postmaster and all its processes: connections stay open, nothing answers. */
  freeze(): void
  /** SIGCONT to what freeze() stopped. */
  thaw(): void
}
export declare function startPostgres(options?: {
  bin?: string | null
  settings?: Readonly<Record<string, string>>
}): Promise<RunningPostgres>
/** A new, empty database on the cluster at adminUrl (or a copy of the database `template`); answers its URL. */
export declare function createDatabase(adminUrl: string, prefix?: string, template?: string): Promise<string>
