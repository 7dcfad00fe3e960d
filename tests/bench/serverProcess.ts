/**
 * The benchmarks' server, in a process of its own as a deployment runs it, so the load a bench
 * generates does not share its thread: createServer in production mode on a PostgreSQL database
 * (DATABASE_URL), no periodic jobs (a bench runs what it times itself), API only. Prints
 * `listening <url>` once it answers; SIGTERM closes it.
 * Started by startServerProcess() below (tests/bench/guilds.ts, tests/bench/friends-page.ts).
 */
import { spawn } from 'node:child_process'
import { readFileSync, readdirSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'

export interface ServerProcess {
  url: string
  /** The server's own process (node itself, no wrapper): its CPU time is the server's. */
  pid: number
  stop(): Promise<void>
}

/** CPU time (user and system, ms) a process has used so far, from /proc; 0 where there is none. */
export function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return (Number(fields[11]) + Number(fields[12])) * (1000 / CLOCK_TICKS)
  } catch {
    return 0
  }
}
/** Linux's USER_HZ, the unit of /proc/<pid>/stat's times. */
const CLOCK_TICKS = 100

/**
 * The CPU time (ms) of every process a PostgreSQL server runs: its postmaster (pid in the data
 * directory), the children it runs now, and those that have ended (a pool's connection closed when
 * idle, an autovacuum worker), which the kernel adds to the postmaster's children's time when it
 * reaps them: without them the sum could fall between two readings.
 */
export function postgresCpuMs(dataDir: string): number {
  const postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0])
  const own = readFileSync(`/proc/${postmaster}/stat`, 'utf8').split(') ')[1].split(' ')
  // utime, stime, then cutime and cstime: the reaped children's.
  let total = (Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14])) * (1000 / CLOCK_TICKS)
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ')
      if (Number(fields[1]) === postmaster) total += (Number(fields[11]) + Number(fields[12])) * (1000 / CLOCK_TICKS)
    } catch {
      // gone meanwhile
    }
  }
  return total
}

export interface ServerProcessOptions {
  /** Node's own flags before the script (tests/bench/mixed.ts: `--cpu-prof`). */
  nodeArgs?: readonly string[]
  /** More environment: METRICS_TOKEN (GET /metrics with it as a bearer token), LOG_LEVEL. */
  env?: Readonly<Record<string, string>>
}

/** Starts this file as a server on `databaseUrl`; resolves once it listens. */
export function startServerProcess(
  databaseUrl: string,
  botToken: string,
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  // node itself with tsx's loader (not the tsx command, which runs node as a child): the pid is the server's.
  const child = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), '--import', 'tsx', fileURLToPath(import.meta.url)],
    {
      env: { ...process.env, ...options.env, DATABASE_URL: databaseUrl, BOT_TOKEN: botToken },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return new Promise((resolve, reject) => {
    let out = ''
    const onData = (chunk: Buffer) => {
      out += chunk.toString()
      const m = /^listening (\S+)$/m.exec(out)
      if (!m) return
      // From here on the server's output (its request log) is drained and dropped: kept, it would grow
      // with every call and cost this process, the load generator, more CPU per call as it grew.
      child.stdout.off('data', onData)
      child.stdout.resume()
      out = ''
      resolve({
        url: m[1],
        pid: child.pid as number,
        stop: async () => {
          child.kill('SIGTERM')
          await exited
        },
      })
    }
    child.stdout.on('data', onData)
    child.once('exit', (code) => reject(new Error(`the bench server exited (${code}) before listening`)))
  })
}

/**
 * GET calls over `sockets` keep-alive connections, each answer read whole and parsed as JSON:
 * resolves with the status and body.
 */
export function httpClient(baseUrl: string, sockets: number) {
  const { hostname, port } = new URL(baseUrl)
  const agent = new Agent({ keepAlive: true, maxSockets: sockets })
  const get = (path: string, headers: Record<string, string>) =>
    new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const req = request({ host: hostname, port, path, headers, agent }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) })
          } catch (e) {
            reject(e)
          }
        })
        res.on('error', reject)
      })
      req.on('error', reject)
      req.end()
    })
  return { get, close: () => agent.destroy() }
}

export const percentile = (xs: readonly number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]
}

/**
 * Closed loop: `rounds` calls of `one`, `clients` at a time, each client calling again as soon as it
 * has its answer. Times and calls a second. With every client always waiting, a time is mostly the
 * wait for the others: about clients / (calls a second).
 */
export async function closedLoop(
  rounds: number,
  clients: number,
  one: (i: number) => Promise<void>,
): Promise<{ times: number[]; perSecond: number }> {
  const times: number[] = []
  let next = 0
  const t0 = performance.now()
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < rounds) {
        const i = next++
        const t = performance.now()
        await one(i)
        times.push(performance.now() - t)
      }
    }),
  )
  return { times, perSecond: rounds / ((performance.now() - t0) / 1000) }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * Open loop: `clients` clients that together send `perSecond` calls a second for `seconds`, each at
 * random moments (exponential gaps, as independent users do), whether or not the answers keep up.
 * A time runs from the moment the call was due, so a call held up behind a slow one counts its wait.
 */
export async function openLoop(
  perSecond: number,
  seconds: number,
  clients: number,
  one: (i: number) => Promise<void>,
): Promise<{ times: number[]; perSecond: number }> {
  const times: number[] = []
  const gap = (1000 * clients) / perSecond
  const start = performance.now()
  const end = start + seconds * 1000
  let next = 0
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let due = start - Math.log(1 - Math.random()) * gap; due < end; due -= Math.log(1 - Math.random()) * gap) {
        const wait = due - performance.now()
        if (wait > 0) await sleep(wait)
        await one(next++)
        times.push(performance.now() - due)
      }
    }),
  )
  return { times, perSecond: times.length / ((performance.now() - start) / 1000) }
}

// This file run as the server.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { createServer } = await import('../../server/app')
  const url = process.env.DATABASE_URL
  const botToken = process.env.BOT_TOKEN
  if (!url || !botToken) throw new Error('DATABASE_URL and BOT_TOKEN are required')
  const server = await createServer({
    port: 0,
    host: '127.0.0.1',
    botToken,
    mode: 'production',
    walletSecret: 'bench-wallet-secret',
    database: { kind: 'postgres', url },
    staticDir: null,
    authMaxAgeSeconds: 86_400,
    guildRanksIntervalMs: 0,
    copyFeedIntervalMs: 0,
    // GET /metrics (memory, heap) answers a production server only with this token; none: a 404.
    metricsToken: process.env.METRICS_TOKEN || undefined,
    // No rateLimit: a server made in code has no limit on writes unless its config names one.
  })
  console.log(`listening ${server.url}`)
  process.once('SIGTERM', () => void server.close().then(() => process.exit(0)))
}
