/**
 * One way for the server tests to start a server and call it: a fresh database per server, calls
 * signed with real init data for a given user, answers as status and JSON body.
 */
import { afterAll, beforeAll, inject } from 'vitest'
import { createServer, type RunningServer, type ServerConfig } from '../../server/app'
import { type InitDataUser, signInitData } from '../../server/kernel/auth'
import type { DatabaseConfig } from '../../server/db'
import { createDatabase } from '../postgres.mjs'
import { migratedPglite } from '../setup/pgliteTemplate'

export const TEST_BOT = '7000000009:server-tests'

export type User = Pick<InitDataUser, 'id' | 'first_name'> & Partial<InitDataUser>
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = Record<string, any>
export interface Answer {
  status: number
  body: Json
  headers: Headers
}

/** Users nobody else has: each test file draws from its own range. */
let nextUser = 1_000_000 + Math.floor(Math.random() * 1_000_000_000)
export const newUser = (over: Partial<InitDataUser> = {}): User => {
  const id = ++nextUser
  return { id, first_name: `User ${id}`, ...over }
}

/**
 * A new, empty database: a throw-away embedded one, or in the server-pg project
 * (TEST_DATABASE=postgres) a new database of its own on the test run's PostgreSQL cluster.
 */
export async function testDatabase(): Promise<DatabaseConfig> {
  if (process.env.TEST_DATABASE !== 'postgres') return { kind: 'pglite', dataDir: null }
  return { kind: 'postgres', url: await createDatabase(process.env.TEST_PG_URL ?? inject('pgAdminUrl')) }
}

/**
 * The database a test server runs on: as testDatabase(), but already migrated when the run made a
 * migrated copy to start from (tests/setup/pgliteTemplate.ts, tests/server/postgres.setup.ts); the
 * server's start still checks every migration against its file.
 */
export async function migratedTestDatabase(): Promise<DatabaseConfig> {
  if (process.env.TEST_DATABASE === 'postgres') {
    const template = inject('pgTemplate')
    return {
      kind: 'postgres',
      url: await createDatabase(process.env.TEST_PG_URL ?? inject('pgAdminUrl'), 'test', template),
    }
  }
  return migratedPglite()
}

/** Which database this run's test servers use. */
export const onPostgres = () => process.env.TEST_DATABASE === 'postgres'

export function testConfig(over: Partial<ServerConfig> = {}): Promise<ServerConfig> {
  return migratedTestDatabase().then((database) => ({
    port: 0,
    host: '127.0.0.1',
    botToken: TEST_BOT,
    mode: 'development',
    database,
    staticDir: null,
    authMaxAgeSeconds: 86_400,
    ...over,
  }))
}

export const startTestServer = async (over: Partial<ServerConfig> = {}) => createServer(await testConfig(over))

export interface CallOptions {
  method?: string
  headers?: Record<string, string>
  /** A body sent as it is, not as JSON. */
  raw?: string
}

/**
 * A call to a server as `user` (null: no init data). With a body it is a POST of that body as JSON;
 * without, a GET.
 */
export async function call(
  server: Pick<RunningServer, 'url'>,
  path: string,
  user: User | null,
  body?: unknown,
  options: CallOptions = {},
  botToken = TEST_BOT,
): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...options.headers }
  if (user) headers.telegramRawData = signInitData({ botToken, user: user as InitDataUser })
  const payload = options.raw ?? (body === undefined ? undefined : JSON.stringify(body))
  const res = await fetch(server.url + path, {
    method: options.method ?? (payload === undefined ? 'GET' : 'POST'),
    headers,
    body: payload,
  })
  const text = await res.text()
  let json: Json
  try {
    json = JSON.parse(text) as Json
  } catch {
    json = { text }
  }
  // Not enumerable: `toEqual({status, body})` compares what a test names. So is an error answer's
  // requestId (server/kernel/requests.ts): readable as body.requestId, left out of comparisons.
  if (typeof json.requestId === 'string')
    Object.defineProperty(json, 'requestId', { value: json.requestId, enumerable: false })
  return Object.defineProperty({ status: res.status, body: json } as Answer, 'headers', {
    value: res.headers,
    enumerable: false,
  })
}

/**
 * One server for a whole test file: started before its tests, closed after them. The returned
 * object's `call` is bound to it.
 */
export function useServer(over: Partial<ServerConfig> = {}) {
  const handle = {
    server: undefined as unknown as RunningServer,
    call: (path: string, user: User | null, body?: unknown, options?: CallOptions) =>
      call(handle.server, path, user, body, options, over.botToken ?? TEST_BOT),
  }
  beforeAll(async () => {
    handle.server = await startTestServer(over)
  }, 120_000)
  afterAll(async () => {
    await handle.server?.close()
  })
  return handle
}
