/**
 * balances_read_ms_10 / balances_read_ms_20000: how long the first POST /balances after a change
 * takes for a wallet with 10 ledger entries and with 20 000, on the embedded database (PGlite) and,
 * when Debian's PostgreSQL is installed, on a throw-away PostgreSQL cluster. The server runs in this
 * process; the time is the whole call on loopback (signed init data, JSON answer). Median of ROUNDS
 * changes, each followed by one read.
 * Run: tsx tests/bench/balances-history.ts [--rounds N] [--pglite-only]
 */
import { performance } from 'node:perf_hooks'
import { createServer, type RunningServer } from '../../server/app'
import { signInitData } from '../../server/kernel/auth'
import { type Entry, post } from '../../server/kernel/ledger'
import type { DatabaseConfig } from '../../server/db'
import { createDatabase, postgresBin, startPostgres } from '../postgres.mjs'

const BOT = '7000000009:bench-balances'
const arg = (name: string) => process.argv.indexOf(name)
const ROUNDS = arg('--rounds') > 0 ? Number(process.argv[arg('--rounds') + 1]) : 15
const ACCOUNT = 1 // a dev-mode user's wallet 1 starts with 2 entries (ETH on Arbitrum, TON)
const ARBITRUM = 42161

let nextUser = 5_000_000 + Math.floor(Math.random() * 1_000_000)

async function readMs(server: RunningServer, userId: number): Promise<number> {
  const headers = {
    telegramRawData: signInitData({ botToken: BOT, user: { id: userId, first_name: 'Bench' } }),
    'content-type': 'application/json',
  }
  const t0 = performance.now()
  const res = await fetch(`${server.url}/balances`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ accountIndex: ACCOUNT }),
  })
  await res.json()
  const ms = performance.now() - t0
  if (res.status !== 200) throw new Error(`POST /balances answered ${res.status}`)
  return ms
}

/** A user with a wallet of `entries` ledger entries in total (the 2 starter ones included). */
async function userWith(server: RunningServer, tokens: string[], entries: number): Promise<number> {
  const userId = ++nextUser
  await readMs(server, userId) // creates the user, their wallets and starter balances
  const deposit = (i: number): Entry => ({
    userId,
    accountIndex: ACCOUNT,
    chainId: ARBITRUM,
    tokenAddress: tokens[i % tokens.length],
    delta: BigInt(1 + (i % 7)),
    reason: 'deposit',
    reference: 'bench',
  })
  for (let done = 2; done < entries;) {
    const n = Math.min(1000, entries - done)
    const batch = Array.from({ length: n }, (_, i) => deposit(done + i))
    await server.db.transaction((tx) => post(tx, batch))
    done += n
  }
  return userId
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}

async function measure(database: DatabaseConfig) {
  const server = await createServer({
    port: 0,
    host: '127.0.0.1',
    botToken: BOT,
    mode: 'development',
    database,
    staticDir: null,
    authMaxAgeSeconds: 86_400,
    logLevel: 'warn',
  })
  try {
    const probe = ++nextUser
    await readMs(server, probe)
    const headers = {
      telegramRawData: signInitData({ botToken: BOT, user: { id: probe, first_name: 'Bench' } }),
      'content-type': 'application/json',
    }
    const held = (await (
      await fetch(`${server.url}/balances`, { method: 'POST', headers, body: JSON.stringify({ accountIndex: 0 }) })
    ).json()) as { chainId: unknown; address: string }[]
    const tokens = held.filter((b) => b.chainId === ARBITRUM).map((b) => b.address)
    // Warm-up: JIT, prepared paths, the pool's connections.
    for (let i = 0; i < 20; i++) await readMs(server, probe)

    const result: Record<number, number> = {}
    for (const size of [10, 20_000]) {
      // Small wallets are cheap to make: a fresh one per round keeps the count exact; the large one
      // grows by one entry a round (20 000 to 20 000 + ROUNDS - 1).
      let userId = await userWith(server, tokens, size - 1)
      const times: number[] = []
      for (let r = 0; r < ROUNDS; r++) {
        if (r > 0 && size <= 100) userId = await userWith(server, tokens, size - 1)
        // The change: one more entry (the wallet holds `size` entries at the first read), then the read.
        await server.db.transaction((tx) =>
          post(tx, [
            {
              userId,
              accountIndex: ACCOUNT,
              chainId: ARBITRUM,
              tokenAddress: tokens[r % tokens.length],
              delta: 1n,
              reason: 'deposit',
              reference: 'bench-change',
            },
          ]),
        )
        times.push(await readMs(server, userId))
      }
      result[size] = median(times)
    }
    return result
  } finally {
    await server.close()
  }
}

const print = (r: Record<number, number>, label: string) => {
  for (const size of [10, 20_000])
    console.log(
      `balances_read_ms_${size}: ${r[size].toFixed(2)}  (${label}: first POST /balances after a change, ${size} ledger entries, median of ${ROUNDS})`,
    )
}

print(await measure({ kind: 'pglite', dataDir: null }), 'PGlite')
if (arg('--pglite-only') < 0) {
  if (!postgresBin()) console.log('balances_read_ms: PostgreSQL not installed, skipped (apt-get install -y postgresql)')
  else {
    const cluster = await startPostgres()
    try {
      print(await measure({ kind: 'postgres', url: await createDatabase(cluster.url, 'bench') }), 'PostgreSQL')
    } finally {
      cluster.stop()
    }
  }
}
