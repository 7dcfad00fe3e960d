/**
 * Two server processes on one PostgreSQL, in the browser: a PostgreSQL cluster of this
 * file's own (tests/postgres.mjs), two processes of server/main.ts on one database of it (dev mode,
 * as `npm start` runs), and the page's server lists for both services = [process 1, process 2]
 * (written into the page by the dev server that serves it: clientServers; that server's own job
 * queue is stopped, so the two processes do all the background work). A send and a mining claim
 * each pass with process 1 killed (SIGKILL) in their middle: process 1 has done the money request
 * and dies before it answers; the client retries it on process 2 with the same idempotency key, and
 * process 2 finds process 1's answer in the shared database. The ledger holds the effect once.
 * Process 1 comes back (a new process on the same database) between the journeys.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Route } from 'playwright-core'
import type { ClientServers } from '../../server/kernel/config'
import { signInitData } from '../../server/kernel/auth'
import { createDatabase, startPostgres } from '../postgres.mjs'
import { type ServerProcess, startServerProcess } from '../serverProcess'
import {
  type Stack,
  TEST_BOT_TOKEN,
  type TestUser,
  fillSend,
  newPhoneContext,
  newUser,
  openAppIn,
  pressMainButton,
  startStack,
} from './harness'

let cluster: Awaited<ReturnType<typeof startPostgres>> | undefined
let env: Record<string, string>
let processes: ServerProcess[] = []
let stack: Stack | undefined
let lists: ClientServers = {}

const first = () => processes[0]
const second = () => processes[1]

beforeAll(async () => {
  cluster = await startPostgres()
  const databaseUrl = await createDatabase(cluster.url)
  env = {
    NODE_ENV: 'development',
    PORT: '0',
    DATABASE_URL: databaseUrl,
    BOT_TOKEN: TEST_BOT_TOKEN,
    // No bot and no TON watcher: each dev process would talk to stand-ins of its own.
    BOT_POLLING: 'off',
    TON_WATCH_INTERVAL_MS: '0',
  }
  processes = await Promise.all([startServerProcess(env), startServerProcess(env)])
  stack = await startStack('development', {
    database: { kind: 'postgres', url: databaseUrl },
    clientServers: () => lists,
  })
  await stack.server.jobs.stop()
  lists = { wallet: processes.map((p) => p.url), mining: processes.map((p) => p.url) }
}, 180_000)

afterAll(async () => {
  await stack?.close()
  await Promise.all(processes.map((p) => p.stop()))
  cluster?.stop()
})

/** A call as `user` to a process, answered as JSON. */
async function callAs<T>(server: ServerProcess, user: TestUser, path: string, body?: unknown): Promise<T> {
  const res = await fetch(server.url + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { telegramRawData: signInitData({ botToken: TEST_BOT_TOKEN, user }), 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  expect(res.status, `${path}: ${res.status}`).toBe(200)
  return (await res.json()) as T
}

const db = () => (stack as Stack).server.db
/** The ledger's last entry: what a journey adds comes after it. */
const lastEntry = async () =>
  Number((await db().query<{ id: string | null }>('SELECT max(id)::text AS id FROM ledger'))[0].id ?? 0)
/** The ledger entries after `since` of these users, in order: "<name> <reason> <delta in units>". */
async function entriesSince(since: number, users: Record<string, TestUser>): Promise<string[]> {
  const names = new Map(Object.entries(users).map(([name, u]) => [String(u.id), name]))
  const rows = await db().query<{ user_id: string; reason: string; delta: string }>(
    'SELECT user_id::text, reason, delta::text FROM ledger WHERE id > $1 AND user_id = ANY($2::bigint[]) ORDER BY id',
    [since, [...names.keys()]],
  )
  return rows.map((r) => `${names.get(r.user_id)} ${r.reason} ${r.delta}`)
}

/**
 * Opens the app as `user` and arms the crash: the first request to process 1 that `isMoney` picks is
 * done by process 1, which is then killed before its answer leaves. Answers the page and the money
 * requests the page sent, in order, with the server each went to.
 */
async function openWithCrash(user: TestUser, path: string, isMoney: (url: URL, body: string) => boolean) {
  const context = await newPhoneContext(stack as Stack)
  const page = await openAppIn(context, stack as Stack, { user, path })
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  await page.addLocatorHandler(page.locator('[data-banner]'), (banner) =>
    banner.getByRole('button', { name: 'Close' }).click(),
  )
  const sent: { server: string; body: string }[] = []
  page.on('request', (r) => {
    const url = new URL(r.url())
    if (r.method() === 'POST' && isMoney(url, r.postData() ?? ''))
      sent.push({ server: url.origin, body: r.postData() ?? '' })
  })
  const victim = first()
  let crashed = false
  await page.route(`${victim.url}/**`, async (route: Route) => {
    const url = new URL(route.request().url())
    if (crashed || route.request().method() !== 'POST' || !isMoney(url, route.request().postData() ?? ''))
      return route.fallback()
    crashed = true
    // Process 1 does the request (and commits it) ...
    const answer = await route.fetch()
    expect(answer.status()).toBe(200)
    // ... and dies before the page hears of it.
    await victim.kill()
    await route.abort('connectionreset')
  })
  return { page, sent, errors, victim, close: () => context.close() }
}

/** The money request went to process 1, then once to process 2 with the same body (its idempotency key). */
function expectRetriedOnProcess2(sent: { server: string; body: string }[], victim: ServerProcess) {
  expect(sent.map((s) => s.server)).toEqual([victim.url, second().url])
  expect(sent[1].body).toBe(sent[0].body)
  expect(sent[0].body).toMatch(/"idempotencyKey":"[^"]+"/)
}

describe('two server processes on one PostgreSQL, the first killed mid-journey', () => {
  it('a send: process 1 made the transfer and died; process 2 answers it from the database, and it is in the ledger once', async () => {
    const payer = newUser({ first_name: 'Ana' })
    const bob = newUser({ first_name: 'Bob' })
    const [bobWallet] = await callAs<{ address: string }[]>(second(), bob, '/tgUserWallets')
    const { page, sent, errors, victim, close } = await openWithCrash(
      payer,
      '/',
      (url, body) => url.pathname === '/transfer' && body.includes('"dry":false'),
    )
    await page.getByTestId('total-balance').waitFor({ timeout: 15_000 })
    await fillSend(page, bobWallet.address, '12.5')
    await page.getByText('Send 12.5 USDT').waitFor()
    const before = await lastEntry()
    await pressMainButton(page, 'Send')
    await page.getByText('Sent', { exact: true }).waitFor({ timeout: 20_000 })
    expect(await victim.exited).toBe('SIGKILL')
    expectRetriedOnProcess2(sent, victim)
    expect(await entriesSince(before, { payer, bob })).toEqual([
      'payer withdrawal -12500000',
      expect.stringMatching(/^payer fee -\d+$/),
      'bob deposit 12500000',
    ])
    expect(errors).toEqual([])
    await close()
  })

  it('a mining claim: process 1 (started again) claimed and died; process 2 answers the claim from the database, and it is in the ledger once', async () => {
    // Process 1 comes back on the same database, on a new port: the next page load's lists name it first.
    processes[0] = await startServerProcess(env)
    lists = { wallet: processes.map((p) => p.url), mining: processes.map((p) => p.url) }
    const payer = newUser({ first_name: 'Cleo' })
    await callAs(second(), payer, '/mining/user', {})
    // Two hours mined: both clocks moved to the same time (the new process 1's starts where the system's is).
    const offsets = await Promise.all(
      processes.map(async (p) => (await callAs<{ offsetMs: number }>(p, payer, '/dev/clock')).offsetMs),
    )
    const target = Math.max(...offsets) + 2 * 3_600_000
    await Promise.all(processes.map((p, i) => callAs(p, payer, '/dev/clock', { advanceMs: target - offsets[i] })))
    const { page, sent, errors, victim, close } = await openWithCrash(
      payer,
      '/mining',
      (url) => url.pathname === '/mining/claim',
    )
    await page.getByTestId('mined-now').waitFor({ timeout: 15_000 })
    const before = await lastEntry()
    await pressMainButton(page, 'Claim')
    await page.getByTestId('claim-result').waitFor({ timeout: 20_000 })
    expect(await victim.exited).toBe('SIGKILL')
    expectRetriedOnProcess2(sent, victim)
    expect(await entriesSince(before, { payer })).toEqual([expect.stringMatching(/^payer claim [1-9]\d*$/)])
    expect(errors).toEqual([])
    await close()
  })
})
