/**
 * Mixed load (docs/performance.md): the app's real calls at once from 100 and then
 * 500 concurrent keep-alive clients on PostgreSQL, the server in a process of its own
 * (tests/bench/serverProcess.ts: production mode, its own pool of 10 connections, and no rate limit:
 * a server made in code has none unless its config names one; a 429 would count as an error). Server,
 * database and this load generator share the machine's cores; each run prints the CPU each used.
 *
 * Users: USERS of them, each made by its own first call (POST /mining/user: the user, three wallets,
 * the mining profile), one in 20 a referrer whose invite the others launched with (the server's own
 * referral attribution); each wallet then credited through the ledger's post() with a history entry,
 * in one transaction, as the deposit simulator books a deposit (dev mode's starter balances, plus
 * 1 000 000 USDC and 100 ETH on Arbitrum for the swaps); the guild ranks recomputed once by the
 * job's own recomputeGuilds.
 *
 * The mix: each client picks its next action at random by weight, for one of its own users (user i
 * belongs to client i mod clients: no two clients act for one user at once, as two people do not
 * share an account; a referrer and their friends still meet in claims). Calls by share: reads 80 %
 * (balances 18, guild rank, i.e. GET /mining/user, 12, quote 20 of which half before a swap, tasks 10,
 * transfer dry run 8, friends page 6, staking configs 6), writes 20 % (swap 10: a quote, then its
 * swap, as the app does; claim 10, of the window the user last saw). Every call is expected to answer
 * 200: anything else (a refusal, a 4xx, a 5xx, a 429, a reset connection) is an error, and so is an
 * answer that does not decode with the client's codec (one in DECODE_EVERY of each call is decoded;
 * every status is checked).
 *
 * Prints:
 * - mixed_cpu_us_<call>: each call alone first (50 clients, CALIBRATION calls): the server's and
 *   PostgreSQL's CPU a call and its statements (pg_stat_statements);
 * - mixed_<clients>_*: closed loop, every client calling again as soon as it has its answer, SECONDS
 *   after a warm-up: per call count, rate, share, p50, p99, max, errors; all calls together; the
 *   server's RSS and heap before and after (GET /metrics) and its peak RSS; event-loop delay; CPU of
 *   server, PostgreSQL and this generator, each a call; the server thread's waits and preemptions;
 *   the load average;
 * - mixed_open_<rate>_*: open loop, the largest number of clients sending <rate> calls a second
 *   together at random moments, each call timed from when it was due;
 * - mixed_profile_*: a further run at the largest number of clients on a server under
 *   `node --cpu-prof`: its self time within the run's window by module, by function and by caller;
 *   PostgreSQL's statements (pg_stat_statements, reset at the window's start, planning included) and
 *   what its connections were doing (pg_stat_activity, sampled).
 *
 * A documented long run, about 4-5 minutes, not in `npm run bench`'s default list (`-- --long`).
 * Run: tsx tests/bench/mixed.ts [--seconds 60] [--clients 100,500] [--users 1000]
 *        [--calibration 1000] [--open 1000,2000 | --open 0] [--open-seconds 30]
 *        [--profile-seconds 20 | --no-profile] [--log-level info] [--only CALL]
 *        [--node-args FLAG,FLAG] [--socket: the server reaches PostgreSQL by its Unix socket]
 */
import { readFileSync, readdirSync, mkdtempSync, rmSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { isRight } from 'fp-ts/lib/Either'
import { endpoints } from '../../domain/api/endpoints'
import { type Db, openDatabase } from '../../server/db'
import { inviteCodeOfUser, inviteParam } from '../../server/friends/referrals'
import { recomputeGuilds } from '../../server/guilds/ranks'
import { signInitData } from '../../server/kernel/auth'
import { loadCatalogue } from '../../server/kernel/catalogue'
import { addHistory, post } from '../../server/kernel/ledger'
import { toUnits } from '../../server/kernel/money'
import { STARTER_BALANCES } from '../../server/kernel/users'
import { createDatabase, postgresBin, startPostgres } from '../postgres.mjs'
import {
  closedLoop,
  cpuMs,
  percentile,
  postgresCpuMs,
  sleep,
  startServerProcess,
  type ServerProcess,
} from './serverProcess'

const BOT = '7000000009:bench-mixed'
const METRICS_TOKEN = 'bench-metrics'
const arg = (name: string) => process.argv.indexOf(name)
const value = (name: string, fallback: string) => (arg(name) > 0 ? process.argv[arg(name) + 1] : fallback)
const SECONDS = Number(value('--seconds', '60'))
const CLIENTS = value('--clients', '100,500').split(',').map(Number)
const USERS = Number(value('--users', '1000'))
const PROFILE_SECONDS = arg('--no-profile') > 0 ? 0 : Number(value('--profile-seconds', '20'))
/** Open-loop runs after the closed ones: calls a second from the largest number of clients together ('' or 0: none). */
const OPEN_RATES = value('--open', '1000,2000')
  .split(',')
  .map(Number)
  .filter((r) => r > 0)
const OPEN_SECONDS = Number(value('--open-seconds', '30'))
const CALIBRATION = Number(value('--calibration', '1000'))
const LOG_LEVEL = value('--log-level', 'info')
/** Node flags for the server process (comma-separated), e.g. --node-args --max-semi-space-size=64. */
const NODE_ARGS = value('--node-args', '').split(',').filter(Boolean)
const WARM_UP_SECONDS = Math.min(5, SECONDS)
const DECODE_EVERY = 25
/** The goal at 500 clients. */
const GOAL_P99_MS = 150
const FIRST_USER = 30_000_000_000
const REFERRER_EVERY = 20

const USDC_ARB = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831'
const USDT_ARB = '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9'
const ETH = '0x0000000000000000000000000000000000000000'
/** An outside address (no user's wallet): the dry run's recipient. */
const OUTSIDE = '0x52908400098527886E0F7030069857D2E4169EE7'

// ------------------------------------------------------------------ HTTP

interface Answer {
  status: number
  text: string
}

/** Keep-alive calls that never throw: a failed connection is status 0 with the error as text. */
function client(baseUrl: string, sockets: number) {
  const { hostname, port } = new URL(baseUrl)
  const agent = new Agent({ keepAlive: true, maxSockets: sockets })
  const send = (method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: string) =>
    new Promise<Answer>((resolve) => {
      const h =
        body === undefined
          ? headers
          : { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }
      const req = request({ host: hostname, port, path, method, headers: h, agent }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }))
        res.on('error', (e) => resolve({ status: 0, text: String(e) }))
      })
      req.on('error', (e) => resolve({ status: 0, text: String(e) }))
      req.end(body)
    })
  return { send, close: () => agent.destroy() }
}
type Client = ReturnType<typeof client>

// ------------------------------------------------------------------ the calls

interface BenchUser {
  id: number
  headers: Record<string, string>
  /** The mining window the app last saw (the claim names it). */
  windowStart: string
}

type CallName =
  'balances' | 'guildRank' | 'quote' | 'tasks' | 'transferDryRun' | 'friendsPage' | 'stakingConfigs' | 'swap' | 'claim'
const CALLS: readonly CallName[] = [
  'balances',
  'guildRank',
  'quote',
  'tasks',
  'transferDryRun',
  'friendsPage',
  'stakingConfigs',
  'swap',
  'claim',
]
const WRITES: ReadonlySet<CallName> = new Set(['swap', 'claim'])
const LABEL: Record<CallName, string> = {
  balances: 'POST /balances',
  guildRank: 'GET /mining/user',
  quote: 'POST /fetchRoute',
  tasks: 'GET /mining/tasks',
  transferDryRun: 'POST /transfer dry',
  friendsPage: 'GET /mining/friends',
  stakingConfigs: 'GET /mining/staking/configs',
  swap: 'POST /swap',
  claim: 'POST /mining/claim',
}
/** The client's codec of each call's answer. */
const CODEC: Record<CallName, { decode(u: unknown): unknown }> = {
  balances: endpoints.balances.response,
  guildRank: endpoints.miningUser.response,
  quote: endpoints.fetchRoute.response,
  tasks: endpoints.tasks.response,
  transferDryRun: endpoints.transfer.response,
  friendsPage: endpoints.friends.response,
  stakingConfigs: endpoints.stakingConfigs.response,
  swap: endpoints.swap.response,
  claim: endpoints.claimMining.response,
}

/** What a client does next, by weight; a swap action is two calls (its quote, then the swap). `--only NAME` keeps one (to profile it alone). */
const MIX: readonly { action: CallName; weight: number }[] = [
  { action: 'balances', weight: 18 },
  { action: 'guildRank', weight: 12 },
  { action: 'quote', weight: 10 },
  { action: 'tasks', weight: 10 },
  { action: 'transferDryRun', weight: 8 },
  { action: 'friendsPage', weight: 6 },
  { action: 'stakingConfigs', weight: 6 },
  { action: 'swap', weight: 10 },
  { action: 'claim', weight: 10 },
]
const ONLY = value('--only', '')
const ACTIONS = ONLY ? MIX.filter((a) => a.action === ONLY) : MIX
if (ACTIONS.length === 0) throw new Error(`--only: no call ${ONLY} (${CALLS.join(', ')})`)
const TOTAL_WEIGHT = ACTIONS.reduce((s, a) => s + a.weight, 0)
const pickAction = (): CallName => {
  let r = Math.random() * TOTAL_WEIGHT
  for (const a of ACTIONS) if ((r -= a.weight) < 0) return a.action
  return ACTIONS[ACTIONS.length - 1].action
}

class Tally {
  readonly times: number[] = []
  errors = 0
  /** Each kind of error once, with how often: `status: message`. */
  readonly kinds = new Map<string, number>()
  decoded = 0
  error(kind: string) {
    this.errors++
    this.kinds.set(kind, (this.kinds.get(kind) ?? 0) + 1)
  }
}
type Tallies = Record<CallName, Tally>
const newTallies = () => Object.fromEntries(CALLS.map((c) => [c, new Tally()])) as Tallies

const messageOf = (text: string) => {
  try {
    const m = (JSON.parse(text) as { message?: unknown }).message
    return typeof m === 'string' ? m : text.slice(0, 80)
  } catch {
    return text.slice(0, 80)
  }
}

/**
 * One call: timed, its status checked, one in DECODE_EVERY decoded with the client's codec (every one
 * that the next step reads is parsed anyway). Answers the parsed body when 200, else null.
 */
async function timed(
  http: Client,
  tallies: Tallies,
  name: CallName,
  method: 'GET' | 'POST',
  path: string,
  user: BenchUser,
  body: unknown,
  needBody: boolean,
  dueAt?: number,
): Promise<unknown> {
  const tally = tallies[name]
  // In the open loop a call is timed from when it was due (a wait before it was sent counts), or from when it left if a timer let it go a little early.
  const t0 = Math.min(dueAt ?? Infinity, performance.now())
  const answer = await http.send(method, path, user.headers, body === undefined ? undefined : JSON.stringify(body))
  tally.times.push(performance.now() - t0)
  if (answer.status !== 200) {
    tally.error(`${answer.status}: ${answer.status === 0 ? answer.text : messageOf(answer.text)}`)
    return null
  }
  const check = tally.times.length % DECODE_EVERY === 0
  if (!needBody && !check) return undefined
  let parsed: unknown
  try {
    parsed = JSON.parse(answer.text)
  } catch {
    tally.error('200 but not JSON')
    return null
  }
  if (check) {
    tally.decoded++
    if (!isRight(CODEC[name].decode(parsed) as never)) {
      tally.error("200 but the client's codec refuses it")
      return null
    }
  }
  return parsed
}

const quoteBody = { amount: '10000000', from: USDC_ARB, to: ETH, fromChainId: 42161, toChainId: 42161, accountIndex: 0 }
const dryRunBody = {
  to: OUTSIDE,
  amount: '10',
  tokenAddress: USDT_ARB,
  chainId: 42161,
  accountIndex: 0,
  comment: '',
  dry: true,
}
let keys = 0
const key = (what: string) => `${what}-${process.pid}-${++keys}`

/** Runs one action for `user`: one call, or two for a swap; `dueAt`: when the open loop meant it to start (its first call is timed from then). */
async function act(http: Client, tallies: Tallies, action: CallName, user: BenchUser, dueAt?: number): Promise<void> {
  switch (action) {
    case 'balances':
      await timed(http, tallies, 'balances', 'POST', '/balances', user, { accountIndex: 0 }, false, dueAt)
      return
    case 'guildRank': {
      const body = (await timed(http, tallies, 'guildRank', 'GET', '/mining/user', user, undefined, true, dueAt)) as {
        userMining?: { windowStart?: string }
      } | null
      if (body?.userMining?.windowStart) user.windowStart = body.userMining.windowStart
      return
    }
    case 'quote':
      await timed(http, tallies, 'quote', 'POST', '/fetchRoute', user, quoteBody, false, dueAt)
      return
    case 'tasks':
      await timed(http, tallies, 'tasks', 'GET', '/mining/tasks?boostType=general', user, undefined, false, dueAt)
      return
    case 'transferDryRun':
      await timed(http, tallies, 'transferDryRun', 'POST', '/transfer', user, dryRunBody, false, dueAt)
      return
    case 'friendsPage':
      await timed(http, tallies, 'friendsPage', 'GET', '/mining/friends?limit=10', user, undefined, false, dueAt)
      return
    case 'stakingConfigs':
      await timed(http, tallies, 'stakingConfigs', 'GET', '/mining/staking/configs', user, undefined, false, dueAt)
      return
    case 'swap': {
      const quote = (await timed(http, tallies, 'quote', 'POST', '/fetchRoute', user, quoteBody, true, dueAt)) as {
        route?: { id?: string }
      } | null
      if (!quote?.route?.id) return
      await timed(
        http,
        tallies,
        'swap',
        'POST',
        '/swap',
        user,
        { routeId: quote.route.id, accountIndex: 0, idempotencyKey: key('swap') },
        false,
      )
      return
    }
    case 'claim': {
      const body = (await timed(
        http,
        tallies,
        'claim',
        'POST',
        '/mining/claim',
        user,
        { idempotencyKey: key('claim'), windowStart: user.windowStart },
        true,
        dueAt,
      )) as {
        userMining?: { windowStart?: string }
      } | null
      if (body?.userMining?.windowStart) user.windowStart = body.userMining.windowStart
      return
    }
  }
}

// ------------------------------------------------------------------ measuring the server

/** The server's resident memory now and at its peak (kB to MB), from /proc. */
function rssMb(pid: number): { now: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN)
  return { now: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 }
}

/** How often the server's process gave up its core (waiting for I/O) and was made to give it up (preempted), from /proc. */
function switchesOf(pid: number): { waited: number; preempted: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const count = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN)
  return { waited: count('voluntary_ctxt_switches'), preempted: count('nonvoluntary_ctxt_switches') }
}

/** A few of the server's own metrics (GET /metrics, prom-client's defaults). */
interface ServerMetrics {
  heapUsedMb: number
  heapTotalMb: number
  loopDelayP50Ms: number
  loopDelayP99Ms: number
  loopDelayMaxMs: number
}
async function serverMetrics(http: Client): Promise<ServerMetrics> {
  const { status, text } = await http.send('GET', '/metrics', { authorization: `Bearer ${METRICS_TOKEN}` })
  if (status !== 200) throw new Error(`GET /metrics answered ${status}`)
  const read = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN)
  return {
    heapUsedMb: read('switch_nodejs_heap_size_used_bytes') / 2 ** 20,
    heapTotalMb: read('switch_nodejs_heap_size_total_bytes') / 2 ** 20,
    loopDelayP50Ms: read('switch_nodejs_eventloop_lag_p50_seconds') * 1000,
    loopDelayP99Ms: read('switch_nodejs_eventloop_lag_p99_seconds') * 1000,
    loopDelayMaxMs: read('switch_nodejs_eventloop_lag_max_seconds') * 1000,
  }
}

const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')
const f1 = (x: number) => x.toFixed(1)
const f0 = (x: number) => x.toFixed(0)

/** `clients` clients calling back to back for `seconds`; answers the tallies and the wall time. */
async function drive(
  http: Client,
  users: readonly BenchUser[],
  clients: number,
  seconds: number,
  onTick?: () => void,
): Promise<{ tallies: Tallies; wallMs: number }> {
  const tallies = newTallies()
  const t0 = performance.now()
  const end = t0 + seconds * 1000
  const ticker = onTick ? setInterval(onTick, 1000) : null
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      // A client is a person with the app open: its own users, never another client's at the same time.
      const own = users.filter((_, i) => i % clients === c)
      while (performance.now() < end)
        await act(http, tallies, pickAction(), own[Math.floor(Math.random() * own.length)])
    }),
  )
  if (ticker) clearInterval(ticker)
  return { tallies, wallMs: performance.now() - t0 }
}

/** Calls a swap action makes (its quote and the swap) against one for every other action: calls per action on average. */
const CALLS_PER_ACTION = ACTIONS.reduce((n, a) => n + a.weight * (a.action === 'swap' ? 2 : 1), 0) / TOTAL_WEIGHT

/**
 * Open loop: `clients` clients sending `callsPerSecond` calls a second together for `seconds`, each
 * action at random moments (exponential gaps, as people do), whether or not the answers keep up; a
 * client with an answer still due starts its next action when it comes, late, and that call counts
 * its wait.
 */
async function driveOpen(
  http: Client,
  users: readonly BenchUser[],
  clients: number,
  callsPerSecond: number,
  seconds: number,
): Promise<{ tallies: Tallies; wallMs: number }> {
  const tallies = newTallies()
  const gap = (1000 * clients * CALLS_PER_ACTION) / callsPerSecond
  const t0 = performance.now()
  const end = t0 + seconds * 1000
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      const own = users.filter((_, i) => i % clients === c)
      for (let due = t0 - Math.log(1 - Math.random()) * gap; due < end; due -= Math.log(1 - Math.random()) * gap) {
        const wait = due - performance.now()
        if (wait > 0) await sleep(wait)
        await act(http, tallies, pickAction(), own[Math.floor(Math.random() * own.length)], due)
      }
    }),
  )
  return { tallies, wallMs: performance.now() - t0 }
}

function printRun(prefix: string, clients: number, run: { tallies: Tallies; wallMs: number }, extra: string) {
  const seconds = run.wallMs / 1000
  const all = CALLS.flatMap((c) => run.tallies[c].times)
  let errors = 0
  for (const name of CALLS) {
    const t = run.tallies[name]
    if (t.times.length === 0) continue
    errors += t.errors
    const kinds = [...t.kinds].map(([k, n]) => `${n}x ${k}`).join('; ')
    console.log(
      `${prefix}_${name}_p99_ms: ${f1(percentile(t.times, 99))}  (${LABEL[name]}, ${clients} clients: ${t.times.length} calls, ${f0(t.times.length / seconds)} a second, ${f1((100 * t.times.length) / all.length)} % of calls; p50 ${f1(percentile(t.times, 50))}, max ${f1(t.times.reduce((m, x) => (x > m ? x : m), 0))}; errors ${t.errors}${kinds ? ` (${kinds})` : ''}; ${t.decoded} decoded)`,
    )
  }
  const p99 = percentile(all, 99)
  const worst = Math.max(
    ...CALLS.filter((c) => run.tallies[c].times.length > 0).map((c) => percentile(run.tallies[c].times, 99)),
  )
  const goal =
    clients === 500
      ? `; goal at 500 clients (0 errors, p99 < ${GOAL_P99_MS} ms): ${errors === 0 && p99 < GOAL_P99_MS ? 'met' : 'NOT met'} for all calls together, ${errors === 0 && worst < GOAL_P99_MS ? 'met' : 'NOT met'} for every call`
      : ''
  console.log(
    `${prefix}_p99_ms: ${f1(p99)}  (every call, ${clients} clients for ${f1(seconds)} s: ${all.length} calls, ${f0(all.length / seconds)} a second, p50 ${f1(percentile(all, 50))}, errors ${errors}${goal})`,
  )
  console.log(`${prefix}_errors: ${errors}`)
  console.log(`${prefix}_note: ${extra}`)
}

// ------------------------------------------------------------------ the profile

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
interface CpuProfile {
  nodes: ProfileNode[]
  startTime: number
  endTime: number
  samples: number[]
  timeDeltas: number[]
}

/** Where a function lives: a file of this repository, a package, a part of Node, or V8's own. */
function moduleOf(url: string, functionName: string): string {
  if (url === '') return functionName.startsWith('(') ? functionName : '(native)'
  const pkg = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)
  if (pkg) return pkg[1]
  if (url.startsWith('node:'))
    return `node:${
      url
        .slice(5)
        .replace(/^internal\//, '')
        .split('/')[0]
    }`
  const own = /\/(server|domain|tests)\/(.*)$/.exec(url)
  return own ? `${own[1]}/${own[2]}` : url
}

/** Self time by module and by function, of the samples within [fromUs, toUs] of the profile's start. */
function summariseProfile(profile: CpuProfile, fromUs: number, toUs: number) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const selfByNode = new Map<number, number>()
  let t = 0
  let total = 0
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i]
    if (t < fromUs || t > toUs) continue
    const dt = profile.timeDeltas[i + 1] ?? 0
    selfByNode.set(profile.samples[i], (selfByNode.get(profile.samples[i]) ?? 0) + dt)
    total += dt
  }
  const parentOf = new Map<number, number>()
  for (const n of profile.nodes) for (const child of n.children ?? []) parentOf.set(child, n.id)
  const nameOf = (id: number) => {
    const { functionName, url, lineNumber } = (byId.get(id) as ProfileNode).callFrame
    return `${functionName || '(anonymous)'} ${moduleOf(url, functionName)}${url ? `:${lineNumber + 1}` : ''}`
  }
  /** The first caller that is JavaScript of its own (a native function's, or a Node internal's, caller). */
  const callerOf = (id: number) => {
    let p = parentOf.get(id)
    while (
      p !== undefined &&
      /^(\(native\)|node:)/.test(
        moduleOf((byId.get(p) as ProfileNode).callFrame.url, (byId.get(p) as ProfileNode).callFrame.functionName),
      )
    )
      p = parentOf.get(p)
    return p === undefined ? '(none)' : nameOf(p)
  }
  const modules = new Map<string, number>()
  const functions = new Map<string, number>()
  const callers = new Map<string, Map<string, number>>()
  let idle = 0
  for (const [id, us] of selfByNode) {
    const { functionName, url } = (byId.get(id) as ProfileNode).callFrame
    if (functionName === '(idle)') {
      idle += us
      continue
    }
    const mod = moduleOf(url, functionName)
    modules.set(mod, (modules.get(mod) ?? 0) + us)
    const fn = nameOf(id)
    functions.set(fn, (functions.get(fn) ?? 0) + us)
    const byCaller = callers.get(fn) ?? new Map<string, number>()
    byCaller.set(callerOf(id), (byCaller.get(callerOf(id)) ?? 0) + us)
    callers.set(fn, byCaller)
  }
  const busy = total - idle
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => `${k} ${f1((100 * us) / busy)} %`)
  const topFunctions = [...functions].sort((a, b) => b[1] - a[1]).slice(0, 4)
  return {
    busyMs: busy / 1000,
    idleMs: idle / 1000,
    modules: top(modules, 16),
    functions: top(functions, 20),
    // Where the heaviest functions are called from (the nearest caller outside Node's internals).
    callers: topFunctions.map(([fn]) => `${fn} <- ${top(callers.get(fn) as Map<string, number>, 4).join(', ')}`),
  }
}

/** Statements the server ran on the bench's database since pg_stat_statements was reset (BEGIN and COMMIT too), the bench's own reads aside. */
async function statementsSinceReset(db: Db): Promise<number> {
  const [{ n }] = await db.query<{ n: string | null }>(
    `SELECT sum(calls)::text AS n FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) AND query NOT LIKE '%pg_stat_%'`,
  )
  return Number(n ?? 0)
}

// ------------------------------------------------------------------ the bench

if (!postgresBin()) console.log('mixed_p99_ms: PostgreSQL not installed, skipped (apt-get install -y postgresql)')
else {
  console.log(
    `mixed_note: load average at start ${load()} (1, 5, 15 min; 2 cores); ${USERS} users, runs of ${SECONDS} s at ${CLIENTS.join(' and ')} clients, LOG_LEVEL=${LOG_LEVEL}${NODE_ARGS.length > 0 ? `, server node ${NODE_ARGS.join(' ')}` : ''}, no rate limit`,
  )
  const cluster = await startPostgres({
    settings: {
      shared_preload_libraries: 'pg_stat_statements',
      'pg_stat_statements.max': '1000',
      'pg_stat_statements.track_planning': 'on',
    },
  })
  const pgDir = join(cluster.dir, 'data')
  const profileDir = mkdtempSync(join(tmpdir(), 'switch-mixed-prof-'))
  let server: ServerProcess | null = null
  let http: Client | null = null
  const start = async (nodeArgs: string[] = []) => {
    server = await startServerProcess(url, BOT, {
      nodeArgs: [...NODE_ARGS, ...nodeArgs],
      env: { METRICS_TOKEN, LOG_LEVEL },
    })
    http = client(server.url, Math.max(...CLIENTS) + 10)
    return { server, http }
  }
  const stop = async () => {
    http?.close()
    await server?.stop()
    http = null
    server = null
  }
  const tcpUrl = await createDatabase(cluster.url, 'bench')
  // --socket: the server reaches PostgreSQL over its Unix socket instead of TCP on loopback.
  const url =
    arg('--socket') > 0
      ? `postgres://postgres@localhost:${new URL(tcpUrl).port}${new URL(tcpUrl).pathname}?host=${encodeURIComponent(cluster.dir)}`
      : tcpUrl
  const db = await openDatabase({ kind: 'postgres', url: tcpUrl, statementTimeoutMs: 0 })
  try {
    await db.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements')
    let s = await start()

    // Users, each made by its own first call; the referrers first, whose invites the others launch with.
    const t0 = performance.now()
    const ids = Array.from({ length: USERS }, (_, i) => FIRST_USER + i)
    const users: BenchUser[] = []
    const make = async (id: number, startParam?: string) => {
      const telegramRawData = signInitData({ botToken: BOT, user: { id, first_name: `Bench ${id}` }, startParam })
      const headers = { telegramRawData }
      const { status, text } = await s.http.send('POST', '/mining/user', headers, '{}')
      if (status !== 200) throw new Error(`POST /mining/user answered ${status}: ${text}`)
      users.push({ id, headers, windowStart: '' })
    }
    const referrers = ids.filter((_, i) => i % REFERRER_EVERY === 0)
    await closedLoop(referrers.length, 20, (i) => make(referrers[i]))
    const invites = await Promise.all(referrers.map((id) => inviteCodeOfUser(db, id).then(inviteParam)))
    const friends = ids.filter((_, i) => i % REFERRER_EVERY !== 0)
    await closedLoop(friends.length, 20, (i) => make(friends[i], invites[i % invites.length]))
    // Balances through the ledger, as a deposit is booked: dev mode's starter set, and enough for the swaps.
    const catalogue = await loadCatalogue(db)
    const credits = [
      ...STARTER_BALANCES,
      { accountIndex: 0, chainId: 42161, symbol: 'USDC', amount: '1000000' },
      { accountIndex: 0, chainId: 42161, symbol: 'ETH', amount: '100' },
    ] as const
    await closedLoop(users.length, 10, async (i) => {
      const userId = users[i].id
      await db.transaction(async (tx) => {
        for (const c of credits) {
          const token = catalogue.bySymbol(c.chainId, c.symbol)
          if (!token) throw new Error(`no ${c.symbol} on ${c.chainId}`)
          const units = toUnits(c.amount, token.decimals) as bigint
          await post(tx, [
            {
              userId,
              accountIndex: c.accountIndex,
              chainId: token.chainId,
              tokenAddress: token.address,
              delta: units,
              reason: 'deposit',
              reference: 'bench',
            },
          ])
          await addHistory(tx, userId, c.accountIndex, 'deposit', {
            asset: token.address,
            amount: units.toString(),
            decimals: token.decimals,
            symbol: token.symbol,
            chainId: token.chainId,
            from: 'bench',
          })
        }
      })
    })
    await recomputeGuilds(db, Date.now())
    await db.query('VACUUM ANALYZE')
    const [{ referred }] = await db.query<{ referred: string }>('SELECT count(*)::text AS referred FROM referrals')
    console.error(
      `  ${USERS} users (${referrers.length} referrers, ${referred} referred) made and credited in ${f1((performance.now() - t0) / 1000)} s`,
    )
    // Every user's window, as the app reads it before a claim.
    const warmTallies = newTallies()
    await closedLoop(users.length, 20, (i) => act(s.http, warmTallies, 'guildRank', users[i]))
    if (warmTallies.guildRank.errors > 0)
      throw new Error(`GET /mining/user: ${[...warmTallies.guildRank.kinds.keys()].join('; ')}`)

    // Each call alone: the server's and PostgreSQL's CPU a call.
    if (CALIBRATION > 0) {
      for (const name of CALLS) {
        const tallies = newTallies()
        const one = (i: number) => act(s.http, tallies, name, users[i % users.length])
        // A swap's quotes first, outside the measured calls.
        const routes: string[] = []
        if (name === 'swap')
          await closedLoop(CALIBRATION, 50, async (i) => {
            const q = (await timed(
              s.http,
              tallies,
              'quote',
              'POST',
              '/fetchRoute',
              users[i % users.length],
              quoteBody,
              true,
            )) as { route: { id: string } }
            routes[i] = q.route.id
          })
        const measured =
          name === 'swap'
            ? (i: number) =>
                timed(
                  s.http,
                  tallies,
                  'swap',
                  'POST',
                  '/swap',
                  users[i % users.length],
                  { routeId: routes[i], accountIndex: 0, idempotencyKey: key('swap') },
                  false,
                ).then(() => undefined)
            : one
        await closedLoop(200, 50, name === 'swap' ? async () => {} : one)
        await db.query('SELECT pg_stat_statements_reset()')
        const serverCpu = cpuMs(s.server.pid)
        const pgCpu = postgresCpuMs(pgDir)
        const benchCpu = process.cpuUsage()
        const run = await closedLoop(CALIBRATION, 50, measured)
        const per = (ms: number) => f0((ms * 1000) / CALIBRATION)
        const bench = process.cpuUsage(benchCpu)
        const serverUs = per(cpuMs(s.server.pid) - serverCpu)
        const pgUs = per(postgresCpuMs(pgDir) - pgCpu)
        const errors = tallies[name].errors
        const statements = await statementsSinceReset(db)
        console.log(
          `mixed_cpu_us_${name}: server ${serverUs}, PostgreSQL ${pgUs}  (${LABEL[name]} alone, 50 clients, ${CALIBRATION} calls: ${f0(run.perSecond)} a second, p50 ${f1(percentile(run.times, 50))}, p99 ${f1(percentile(run.times, 99))}; ${f1(statements / CALIBRATION)} statements a call, each a round trip; this generator ${per((bench.user + bench.system) / 1000)} us a call; errors ${errors})`,
        )
      }
    }

    // The mixed runs.
    for (const clients of CLIENTS) {
      await drive(s.http, users, clients, WARM_UP_SECONDS)
      const memBefore = { ...(await serverMetrics(s.http)), rss: rssMb(s.server.pid).now }
      const loadBefore = load()
      const serverCpu = cpuMs(s.server.pid)
      const pgCpu = postgresCpuMs(pgDir)
      const benchCpu = process.cpuUsage()
      const switches = switchesOf(s.server.pid)
      let peakRss = 0
      const pid = s.server.pid
      const run = await drive(s.http, users, clients, SECONDS, () => (peakRss = Math.max(peakRss, rssMb(pid).now)))
      const bench = process.cpuUsage(benchCpu)
      const cpu = {
        server: cpuMs(s.server.pid) - serverCpu,
        postgres: postgresCpuMs(pgDir) - pgCpu,
        bench: (bench.user + bench.system) / 1000,
      }
      const switched = switchesOf(s.server.pid)
      const memAfter = { ...(await serverMetrics(s.http)), rss: rssMb(s.server.pid).now }
      const calls = CALLS.reduce((n, c) => n + run.tallies[c].times.length, 0)
      const share = (ms: number) =>
        `${f0(ms)} ms (${f0((100 * ms) / run.wallMs)} % of a core, ${f0((ms * 1000) / calls)} us a call)`
      const writes = CALLS.filter((c) => WRITES.has(c)).reduce((n, c) => n + run.tallies[c].times.length, 0)
      printRun(
        `mixed_${clients}`,
        clients,
        run,
        `writes ${f1((100 * writes) / calls)} % of calls; CPU: server ${share(cpu.server)}, PostgreSQL ${share(cpu.postgres)}, this generator ${share(cpu.bench)}, together ${f0((100 * (cpu.server + cpu.postgres + cpu.bench)) / run.wallMs)} % of the 200 % of 2 cores; the server's thread waited ${f1((switched.waited - switches.waited) / calls)} times a call and was preempted ${f1((switched.preempted - switches.preempted) / calls)} times a call; server RSS ${f0(memBefore.rss)} -> ${f0(memAfter.rss)} MB (peak in the run ${f0(peakRss)}), heap used ${f0(memBefore.heapUsedMb)} -> ${f0(memAfter.heapUsedMb)} MB of ${f0(memAfter.heapTotalMb)}; event-loop delay over the run (prom-client at its 10 ms resolution: 10 is none) p50 ${f1(memAfter.loopDelayP50Ms)}, p99 ${f1(memAfter.loopDelayP99Ms)}, max ${f1(memAfter.loopDelayMaxMs)} ms; load average before ${loadBefore}, after ${load()}`,
      )
    }

    // Open loop: the largest number of clients sending a given rate, as people with the app open do, not back to back.
    for (const rate of OPEN_RATES) {
      const clients = Math.max(...CLIENTS)
      const loadBefore = load()
      const serverCpu = cpuMs(s.server.pid)
      const pgCpu = postgresCpuMs(pgDir)
      const run = await driveOpen(s.http, users, clients, rate, OPEN_SECONDS)
      const calls = CALLS.reduce((n, c) => n + run.tallies[c].times.length, 0)
      const share = (ms: number) => `${f0((100 * ms) / run.wallMs)} % of a core`
      printRun(
        `mixed_open_${rate}`,
        clients,
        run,
        `open loop: ${clients} clients sending ${rate} calls a second together at random moments, each timed from when it was due; CPU: server ${share(cpuMs(s.server.pid) - serverCpu)}, PostgreSQL ${share(postgresCpuMs(pgDir) - pgCpu)}; ${calls} calls; load average before ${loadBefore}, after ${load()}`,
      )
    }

    // The profile: a server under --cpu-prof, 500 clients (the largest run), PostgreSQL's statements beside it.
    if (PROFILE_SECONDS > 0) {
      const clients = Math.max(...CLIENTS)
      await stop()
      const spawned = performance.now()
      s = await start(['--cpu-prof', '--cpu-prof-dir', profileDir])
      await drive(s.http, users, clients, WARM_UP_SECONDS)
      await db.query('SELECT pg_stat_statements_reset()')
      const activity = new Map<string, number>()
      let samples = 0
      let sampling = true
      const sampler = (async () => {
        while (sampling) {
          const rows = await db.query<{ what: string; n: string }>(
            `SELECT coalesce(state, '?') || coalesce(' / ' || wait_event_type || ':' || wait_event, '') AS what, count(*)::text AS n
             FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend' GROUP BY 1`,
          )
          for (const r of rows) activity.set(r.what, (activity.get(r.what) ?? 0) + Number(r.n))
          samples++
          await new Promise((r) => setTimeout(r, 200))
        }
      })()
      const from = performance.now()
      const run = await drive(s.http, users, clients, PROFILE_SECONDS)
      const to = performance.now()
      sampling = false
      await sampler
      const statements = await db.query<{ query: string; calls: string; plans: string; exec: number; plan: number }>(
        `SELECT query, calls::text AS calls, plans::text AS plans, total_exec_time AS exec, total_plan_time AS plan FROM pg_stat_statements
         WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) AND query NOT LIKE '%pg_stat_%' ORDER BY total_exec_time + total_plan_time DESC LIMIT 15`,
      )
      const serverUrl = s.server.url
      await stop()
      const file = readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'))
      if (!file) throw new Error(`no profile written in ${profileDir}`)
      const profile = JSON.parse(readFileSync(join(profileDir, file), 'utf8')) as CpuProfile
      // The window in the profile's time: it starts as the process does (a few ms after the spawn).
      const summary = summariseProfile(profile, (from - spawned) * 1000, (to - spawned) * 1000)
      const calls = CALLS.reduce((n, c) => n + run.tallies[c].times.length, 0)
      const all = CALLS.flatMap((c) => run.tallies[c].times)
      console.log(
        `mixed_profile_note: ${clients} clients for ${f1((to - from) / 1000)} s under --cpu-prof (${serverUrl}): ${calls} calls, ${f0(calls / ((to - from) / 1000))} a second, p99 ${f1(percentile(all, 99))}; load average ${load()}`,
      )
      console.log(
        `mixed_profile_server_busy: ${f0(summary.busyMs)} ms of the server's main thread in the window (idle ${f0(summary.idleMs)} ms), ${f0((summary.busyMs * 1000) / calls)} us a call`,
      )
      console.log(`mixed_profile_server_modules: ${summary.modules.join('; ')}`)
      console.log(`mixed_profile_server_functions: ${summary.functions.join('; ')}`)
      for (const line of summary.callers) console.log(`mixed_profile_server_callers: ${line}`)
      const statementCount = await statementsSinceReset(db)
      console.log(
        `mixed_profile_postgres_statements: ${statementCount}  (${f1(statementCount / calls)} a call, BEGIN and COMMIT included: each a round trip between server and database)`,
      )
      const [pgTime] = await db.query<{ exec: number; plan: number }>(
        `SELECT coalesce(sum(total_exec_time), 0) AS exec, coalesce(sum(total_plan_time), 0) AS plan FROM pg_stat_statements
         WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) AND query NOT LIKE '%pg_stat_%'`,
      )
      console.log(
        `mixed_profile_postgres_time_ms: ${f0(pgTime.exec + pgTime.plan)}  (every statement's time in the window, pg_stat_statements: executing ${f0(pgTime.exec)}, lock waits included; planning ${f0(pgTime.plan)})`,
      )
      for (const r of statements)
        console.log(
          `mixed_profile_postgres_statement: ${r.calls} calls (${r.plans} planned), exec ${f0(r.exec)} ms (mean ${(r.exec / Number(r.calls)).toFixed(3)}), plan ${f0(r.plan)} ms: ${r.query.replace(/\s+/g, ' ').slice(0, 140)}`,
        )
      console.log(
        `mixed_profile_postgres_connections: ${[...activity]
          .sort((a, b) => b[1] - a[1])
          .map(([what, n]) => `${what} ${f1(n / samples)}`)
          .join('; ')}  (the server's connections by state and wait, mean over ${samples} samples)`,
      )
    }
  } finally {
    await stop()
    await db.close()
    cluster.stop()
    rmSync(profileDir, { recursive: true, force: true })
  }
}
