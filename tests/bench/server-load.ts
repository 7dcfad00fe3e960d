/**
 * server_balances_rps: POST /balances from 100 concurrent keep-alive clients on loopback against
 * a fresh in-memory server, run as its own process (as `npm start` runs it) so the load generator
 * does not share its thread; p50/p99 latency and failures beside it.
 * Run: tsx tests/bench/server-load.ts
 */
import { spawn } from 'node:child_process'
import { Agent, request } from 'node:http'
import { performance } from 'node:perf_hooks'
import { signInitData } from '../../server/kernel/auth'

const BOT = '7000000009:bench'

/** Starts `tsx server/main.ts` on a free port with an in-memory database; resolves with its port. */
function startServerProcess(): Promise<{ port: number; stop(): void }> {
  const child = spawn('node_modules/.bin/tsx', ['server/main.ts'], {
    env: { ...process.env, PORT: '0', DATA_DIR: ':memory:', BOT_TOKEN: BOT, NODE_ENV: 'development' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  return new Promise((resolve, reject) => {
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const m = /server at http:\/\/127\.0\.0\.1:(\d+)/.exec(out)
      if (m) resolve({ port: Number(m[1]), stop: () => child.kill('SIGTERM') })
    })
    child.on('exit', (code) => reject(new Error(`server exited (${code}) before listening`)))
  })
}

export async function measureBalancesLoad({ seconds = 5, concurrency = 100 } = {}) {
  const server = await startServerProcess()
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency })
  const user = { id: 77, first_name: 'Bench' }
  const body = JSON.stringify({ accountIndex: 0 })
  const headers = {
    telegramRawData: signInitData({ botToken: BOT, user }),
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
  }
  const once = () =>
    new Promise<number>((resolve) => {
      const t0 = performance.now()
      const req = request(
        { host: '127.0.0.1', port: server.port, path: '/balances', method: 'POST', headers, agent },
        (res) => {
          res.resume()
          res.on('end', () => resolve(res.statusCode === 200 ? performance.now() - t0 : -1))
        },
      )
      req.on('error', () => resolve(-1))
      req.end(body)
    })
  await once() // creates the user and warms up
  const latencies: number[] = []
  let failures = 0
  const end = performance.now() + seconds * 1000
  const client = async () => {
    while (performance.now() < end) {
      const ms = await once()
      if (ms < 0) failures++
      else latencies.push(ms)
    }
  }
  const t0 = performance.now()
  await Promise.all(Array.from({ length: concurrency }, client))
  const elapsed = (performance.now() - t0) / 1000
  agent.destroy()
  server.stop()
  latencies.sort((a, b) => a - b)
  const at = (q: number) => latencies[Math.floor(latencies.length * q)] ?? NaN
  return {
    rps: Math.round(latencies.length / elapsed),
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    failures,
    requests: latencies.length + failures,
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await measureBalancesLoad()
  console.log(`server_balances_rps: ${r.rps}  (100 concurrent clients, ${r.requests} requests in 5 s)`)
  console.log(`server_balances_p99_ms: ${r.p99Ms.toFixed(1)}  (p50 ${r.p50Ms.toFixed(1)} ms)`)
  console.log(`server_balances_failures: ${r.failures}`)
}
