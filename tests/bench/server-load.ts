/**
 * server_balances_rps: POST /balances from 100 concurrent keep-alive clients on loopback against
 * a fresh in-memory server for a bounded time; p99 latency and failures beside it.
 * Run: tsx tests/bench/server-load.ts
 */
import { Agent, request } from 'node:http'
import { performance } from 'node:perf_hooks'
import { createServer } from '../../server/app'
import { signInitData } from '../../server/auth'

const BOT = '7000000009:bench'

export async function measureBalancesLoad({ seconds = 5, concurrency = 100 } = {}) {
  const server = await createServer({ port: 0, host: '127.0.0.1', botToken: BOT, mode: 'development', database: { kind: 'pglite', dataDir: null }, staticDir: null, authMaxAgeSeconds: 86_400 })
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency })
  const user = { id: 77, first_name: 'Bench' }
  const body = JSON.stringify({ accountIndex: 0 })
  const headers = { telegramRawData: signInitData({ botToken: BOT, user }), 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }
  const once = () =>
    new Promise<number>((resolve) => {
      const t0 = performance.now()
      const req = request({ host: '127.0.0.1', port: server.port, path: '/balances', method: 'POST', headers, agent }, (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode === 200 ? performance.now() - t0 : -1))
      })
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
  await server.close()
  latencies.sort((a, b) => a - b)
  return { rps: Math.round(latencies.length / elapsed), p99Ms: latencies[Math.floor(latencies.length * 0.99)] ?? NaN, failures, requests: latencies.length + failures }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await measureBalancesLoad()
  console.log(`server_balances_rps: ${r.rps}  (100 concurrent clients, ${r.requests} requests in 5 s)`)
  console.log(`server_balances_p99_ms: ${r.p99Ms.toFixed(1)}`)
  console.log(`server_balances_failures: ${r.failures}`)
}
