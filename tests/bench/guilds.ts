/**
 * Guild ranks at scale (issue 15, "Scale"), on a throw-away PostgreSQL cluster: 1 000 000 miners
 * (users, wallets, SWITCH balances, mining profiles, 4 in 5 of them in one of 10 000 alliances),
 * written in bulk by SQL with generate_series, then VACUUM ANALYZE. Prints:
 * - guild_cutoffs_recompute_ms (budget 10 000): one run of the guilds.recompute job's work (both
 *   rankings' cut-offs, the miners' marks, every alliance's total);
 * - guild_rank_p99_ms (budget 10): a user's rank and place (their balance, the cut-off lookup, the
 *   count from the nearest mark), 50 concurrent callers on the server's pool;
 * - guild_leaderboard_p99_ms (budget 10): GET /mining/guilds/:rank (top 100 of the rank, the
 *   caller's place and entry), 50 concurrent clients over loopback, signed init data, JSON answer.
 * Each client calls again as soon as it has its answer (a closed loop), so under 50 clients a time is
 * mostly the wait for the others (50 / calls per second); one client alone is printed beside it.
 * Run: tsx tests/bench/guilds.ts [--miners N] [--rounds N]
 */
import { performance } from 'node:perf_hooks'
import { createServer } from '../../server/app'
import { placeOf, rankOf, recomputeGuilds, standingOf, switchUnits } from '../../server/guilds/ranks'
import { signInitData } from '../../server/kernel/auth'
import { createDatabase, postgresBin, startPostgres } from '../postgres.mjs'

const BOT = '7000000009:bench-guilds'
const arg = (name: string) => process.argv.indexOf(name)
const MINERS = arg('--miners') > 0 ? Number(process.argv[arg('--miners') + 1]) : 1_000_000
const ROUNDS = arg('--rounds') > 0 ? Number(process.argv[arg('--rounds') + 1]) : 5_000
const ALLIANCES = 10_000
const CLIENTS = 50
const FIRST = 20_000_000_000

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]
}
/** `rounds` calls of `one`, `clients` at a time (each client calls again as soon as it has its answer), each timed. */
async function concurrently(rounds: number, one: (i: number) => Promise<void>, clients = CLIENTS): Promise<number[]> {
  const times: number[] = []
  let next = 0
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < rounds) {
        const i = next++
        const t0 = performance.now()
        await one(i)
        times.push(performance.now() - t0)
      }
    }),
  )
  return times
}
const randomMiner = () => FIRST + 1 + Math.floor(Math.random() * MINERS)

if (!postgresBin()) console.log('guild_rank_p99_ms: PostgreSQL not installed, skipped (apt-get install -y postgresql)')
else {
  const cluster = await startPostgres()
  try {
    const database = { kind: 'postgres' as const, url: await createDatabase(cluster.url, 'bench') }
    // The periodic job stays off: the bench runs the recompute itself, once, timed.
    const server = await createServer({ port: 0, host: '127.0.0.1', botToken: BOT, mode: 'development', database, staticDir: null, authMaxAgeSeconds: 86_400, guildRanksIntervalMs: 0 })
    try {
      const db = server.db
      const t0 = performance.now()
      const series = [FIRST, MINERS]
      // Invite codes of their own: a million of the database's random 10-hex-digit draws collide (a birthday pair about one run in two).
      await db.query(`INSERT INTO users (id, first_name, invite_code) SELECT $1::bigint + i, 'Miner ' || i, 'BENCH' || i FROM generate_series(1, $2) i`, series)
      await db.query(`INSERT INTO wallets (user_id, account_index, evm_address, ton_address) SELECT $1::bigint + i, 0, 'bench-evm-' || i, 'bench-ton-' || i FROM generate_series(1, $2) i`, series)
      // Balances spread over 0 to 10 000 SWITCH, many ties among the small ones, 1 in 20 with nothing.
      await db.query(
        `INSERT INTO balances (user_id, account_index, chain_id, token_address, units)
         SELECT $1::bigint + i, 0, 'GAME', 'SWITCH', (abs(hashint4(i)) % 10000000)::numeric * 1000000 FROM generate_series(1, $2) i WHERE i % 20 <> 0`,
        series,
      )
      await db.query(
        `INSERT INTO mining_users (user_id, speed, window_start, accrued_at, alliance)
         SELECT $1::bigint + i, 1, now(), now(), CASE WHEN i % 5 <> 0 THEN 'alliance_' || (abs(hashint4(i + 1)) % $3) END FROM generate_series(1, $2) i`,
        [...series, ALLIANCES],
      )
      await db.query(`INSERT INTO alliances (name, title, members, created_at) SELECT alliance, initcap(alliance), count(*), now() FROM mining_users WHERE alliance IS NOT NULL GROUP BY alliance`)
      // What autovacuum does to a table in service: statistics, and the visibility map index-only scans rely on.
      await db.query('VACUUM ANALYZE')
      const [{ alliances }] = await db.query<{ alliances: string }>('SELECT count(*)::text AS alliances FROM alliances')
      console.error(`  ${MINERS} miners and ${alliances} alliances written in ${((performance.now() - t0) / 1000).toFixed(1)} s`)

      const r0 = performance.now()
      await recomputeGuilds(db, server.clock.now())
      const recomputeMs = performance.now() - r0
      await db.query('ANALYZE guild_marks')
      const [{ marks }] = await db.query<{ marks: string }>('SELECT count(*)::text AS marks FROM guild_marks')

      // A user's rank and place, as GET /mining/user and the leaderboards look them up.
      const rankOfMiner = async () => {
        if ((await standingOf(db, randomMiner())) === null) throw new Error('no such miner')
      }
      await concurrently(500, rankOfMiner)
      const rankAlone = await concurrently(ROUNDS / 5, rankOfMiner, 1)
      let t = performance.now()
      const rankTimes = await concurrently(ROUNDS, rankOfMiner)
      const rankRps = ROUNDS / ((performance.now() - t) / 1000)

      const headers = Array.from({ length: 1000 }, () => ({ telegramRawData: signInitData({ botToken: BOT, user: { id: randomMiner(), first_name: 'Bench' } }) }))
      const board = async (i: number) => {
        const res = await fetch(`${server.url}/mining/guilds/${1 + (i % 5)}`, { headers: headers[i % headers.length] })
        const body = (await res.json()) as { top: unknown[]; userRank: number | null }
        if (res.status !== 200 || body.top.length === 0) throw new Error(`GET /mining/guilds answered ${res.status} with ${body.top?.length} entries`)
      }
      await concurrently(500, board)
      const boardAlone = await concurrently(ROUNDS / 5, board, 1)
      t = performance.now()
      const boardTimes = await concurrently(ROUNDS, board)
      const boardRps = ROUNDS / ((performance.now() - t) / 1000)

      console.log(`guild_cutoffs_recompute_ms: ${recomputeMs.toFixed(0)}  (budget 10000; PostgreSQL, ${MINERS} miners, ${alliances} alliances, ${marks} marks)`)
      const figures = (times: number[], alone: number[], rps: number) =>
        `p50 ${percentile(times, 50).toFixed(2)}, ${rps.toFixed(0)} per second; one client alone: p50 ${percentile(alone, 50).toFixed(2)}, p99 ${percentile(alone, 99).toFixed(2)}`
      console.log(`guild_rank_p99_ms: ${percentile(rankTimes, 99).toFixed(2)}  (budget 10; a user's rank and place, ${CLIENTS} concurrent callers on the server's pool, ${figures(rankTimes, rankAlone, rankRps)})`)
      console.log(`guild_leaderboard_p99_ms: ${percentile(boardTimes, 99).toFixed(2)}  (budget 10; GET /mining/guilds/:rank over loopback, ${CLIENTS} concurrent clients, ${figures(boardTimes, boardAlone, boardRps)})`)
    } finally {
      await server.close()
    }
  } finally {
    cluster.stop()
  }
}
