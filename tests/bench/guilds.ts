/**
 * Guild ranks at scale ("Scale"), on a throw-away PostgreSQL cluster: 1 000 000 miners
 * (users, wallets, SWITCH balances, mining profiles, 4 in 5 of them in one of 10 000 alliances),
 * written in bulk by SQL with generate_series, then VACUUM ANALYZE. Prints:
 * - guild_cutoffs_recompute_ms (budget 10 000): one run of the guilds.recompute job's work (both
 *   rankings' cut-offs, the miners' marks, the rank lists, every alliance's total);
 * - guild_floor_p99_ms: GET /mining/staking/configs, the cheapest authenticated call (no database),
 *   timed the same ways: what HTTP, routing and init data cost alone under the same load;
 * - guild_rank_p99_ms (budget 10): GET /mining/user, the record whose `guild` is the user's rank;
 * - guild_leaderboard_p99_ms (budget 10): GET /mining/guilds/:rank (the rank's top 100, the caller's
 *   place and entry).
 * Both are real calls: HTTP over loopback to a server in a process of its own (tests/bench/
 * serverProcess.ts, production mode, its own pool), signed init data for 1 000 random miners
 * validated on every call, JSON answers read and checked. Each is timed three ways, 50 clients on
 * 50 keep-alive connections:
 * - the figure itself: closed loop, each client calling again the moment it has its answer, so 50
 *   calls are always waiting and a time is mostly the wait for the other 49 (50 / calls a second);
 * - `_open_<n>` beside it: open loop, the 50 clients sending n calls a second together at random
 *   moments, timed from when each call was due: 250 (5 a second each, a fast swiper's pace) and
 *   1 000 (20 a second each);
 * - one client alone, in the note;
 * and the server's and PostgreSQL's CPU time a call in the closed loop (from /proc), which a busy
 * machine moves far less than it moves the times. Each budget's line says met or NOT met.
 * guild_standing_p99_ms: the standing statement alone (a user's rank, entry and place), 50 callers
 * on a pool of this process, no HTTP: what guild_rank_p99_ms measured before it was a real call.
 * Run: tsx tests/bench/guilds.ts [--miners N] [--rounds N] [--rates N,N]
 */
import { performance } from 'node:perf_hooks'
import { openDatabase } from '../../server/db'
import { recomputeGuilds, standingOf } from '../../server/guilds/ranks'
import { signInitData } from '../../server/kernel/auth'
import { createDatabase, postgresBin, startPostgres } from '../postgres.mjs'
import { closedLoop, cpuMs, httpClient, openLoop, percentile, postgresCpuMs, startServerProcess } from './serverProcess'

const BOT = '7000000009:bench-guilds'
const arg = (name: string) => process.argv.indexOf(name)
const MINERS = arg('--miners') > 0 ? Number(process.argv[arg('--miners') + 1]) : 1_000_000
const ROUNDS = arg('--rounds') > 0 ? Number(process.argv[arg('--rounds') + 1]) : 10_000
/** The open loops' calls a second, all 50 clients together. */
const RATES = arg('--rates') > 0 ? process.argv[arg('--rates') + 1].split(',').map(Number) : [250, 1_000]
const OPEN_SECONDS = 8
const ALLIANCES = 10_000
const CLIENTS = 50
const FIRST = 20_000_000_000

const randomMiner = () => FIRST + 1 + Math.floor(Math.random() * MINERS)
const ms = (x: number) => x.toFixed(2)
const verdict = (value: number, budget: number) => `budget ${budget}: ${value <= budget ? 'met' : 'NOT met'}`

if (!postgresBin()) console.log('guild_rank_p99_ms: PostgreSQL not installed, skipped (apt-get install -y postgresql)')
else {
  const cluster = await startPostgres()
  try {
    const url = await createDatabase(cluster.url, 'bench')
    const db = await openDatabase({ kind: 'postgres', url, statementTimeoutMs: 0 })
    try {
      const t0 = performance.now()
      const series = [FIRST, MINERS]
      // Invite codes of their own: a million of the database's random 10-hex-digit draws collide (a birthday pair about one run in two).
      await db.query(
        `INSERT INTO users (id, first_name, invite_code) SELECT $1::bigint + i, 'Miner ' || i, 'BENCH' || i FROM generate_series(1, $2) i`,
        series,
      )
      await db.query(
        `INSERT INTO wallets (user_id, account_index, evm_address, ton_address) SELECT $1::bigint + i, 0, 'bench-evm-' || i, 'bench-ton-' || i FROM generate_series(1, $2) i`,
        series,
      )
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
      await db.query(
        `INSERT INTO alliances (name, title, members, created_at) SELECT alliance, initcap(alliance), count(*), now() FROM mining_users WHERE alliance IS NOT NULL GROUP BY alliance`,
      )
      // What autovacuum does to a table in service: statistics, and the visibility map index-only scans rely on.
      await db.query('VACUUM ANALYZE')
      const [{ alliances }] = await db.query<{ alliances: string }>('SELECT count(*)::text AS alliances FROM alliances')
      console.error(
        `  ${MINERS} miners and ${alliances} alliances written in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
      )

      const r0 = performance.now()
      await recomputeGuilds(db, Date.now())
      const recomputeMs = performance.now() - r0
      await db.query('ANALYZE guild_marks')
      const [{ marks }] = await db.query<{ marks: string }>('SELECT count(*)::text AS marks FROM guild_marks')
      console.log(
        `guild_cutoffs_recompute_ms: ${recomputeMs.toFixed(0)}  (${verdict(recomputeMs, 10_000)}; PostgreSQL, ${MINERS} miners, ${alliances} alliances, ${marks} marks)`,
      )

      const standing = async () => {
        if ((await standingOf(db, randomMiner())) === null) throw new Error('no such miner')
      }
      await closedLoop(1000, CLIENTS, standing)
      const standingTimes = await closedLoop(ROUNDS, CLIENTS, standing)
      console.log(
        `guild_standing_p99_ms: ${ms(percentile(standingTimes.times, 99))}  (the standing statement alone, no HTTP: ${CLIENTS} callers on a pool of 10 back to back, p50 ${ms(percentile(standingTimes.times, 50))}, ${standingTimes.perSecond.toFixed(0)} a second)`,
      )

      const server = await startServerProcess(url, BOT)
      const http = httpClient(server.url, CLIENTS)
      try {
        const headers = Array.from({ length: 1000 }, () => ({
          telegramRawData: signInitData({ botToken: BOT, user: { id: randomMiner(), first_name: 'Bench' } }),
        }))
        // The floor: the cheapest authenticated call (no database; routing, init data, JSON, HTTP), timed the same way.
        const floor = async (i: number) => {
          const { status } = await http.get('/mining/staking/configs', headers[i % headers.length])
          if (status !== 200) throw new Error(`GET /mining/staking/configs answered ${status}`)
        }
        const rank = async (i: number) => {
          const { status, body } = await http.get('/mining/user', headers[i % headers.length])
          const guild = (body as { userMining?: { guild?: unknown } }).userMining?.guild
          if (status !== 200 || typeof guild !== 'number')
            throw new Error(`GET /mining/user answered ${status} without a guild`)
        }
        const board = async (i: number) => {
          const { status, body } = await http.get(`/mining/guilds/${1 + (i % 5)}`, headers[i % headers.length])
          const { top, userRank } = body as { top?: unknown[]; userRank?: unknown }
          if (status !== 200 || !top || top.length === 0)
            throw new Error(`GET /mining/guilds answered ${status} with ${top?.length} entries`)
          // A miner with SWITCH has a place (from the ranking in memory), one with nothing none.
          if (userRank !== null && !(typeof userRank === 'number' && userRank >= 1))
            throw new Error(`GET /mining/guilds answered userRank ${String(userRank)}`)
        }
        // Every user's first call records them (users.ensure); then a warm-up of every connection.
        await closedLoop(headers.length, CLIENTS, rank)
        for (const [name, what, one, budget] of [
          [
            'guild_floor_p99_ms',
            'GET /mining/staking/configs, the cheapest authenticated call: no database, init data validated; the floor under the two budgets below',
            floor,
            null,
          ],
          ['guild_rank_p99_ms', 'GET /mining/user, the record whose guild is the rank', rank, 10],
          ['guild_leaderboard_p99_ms', 'GET /mining/guilds/:rank', board, 10],
        ] as const) {
          await closedLoop(2000, CLIENTS, one)
          const alone = await closedLoop(ROUNDS / 5, 1, one)
          // CPU a call, from /proc: robust to a busy machine, where times are not.
          const serverCpu = cpuMs(server.pid)
          const postgresCpu = postgresCpuMs(cluster.dir + '/data')
          const closed = await closedLoop(ROUNDS, CLIENTS, one)
          const perCall = (before: number, after: number) => (((after - before) * 1000) / ROUNDS).toFixed(0)
          const cpu = `CPU a call: server ${perCall(serverCpu, cpuMs(server.pid))} us, PostgreSQL ${perCall(postgresCpu, postgresCpuMs(cluster.dir + '/data'))} us`
          const open = []
          for (const rate of RATES) open.push({ rate, ...(await openLoop(rate, OPEN_SECONDS, CLIENTS, one)) })
          const p99 = percentile(closed.times, 99)
          console.log(
            `${name}: ${ms(p99)}  (${budget === null ? 'no budget of its own' : verdict(p99, budget)}; ${what}, HTTP to a server process, ${CLIENTS} clients each with one call in flight: p50 ${ms(percentile(closed.times, 50))}, ${closed.perSecond.toFixed(0)} a second; ${cpu}; one client alone: p50 ${ms(percentile(alone.times, 50))}, p99 ${ms(percentile(alone.times, 99))})`,
          )
          for (const o of open) {
            const p99open = percentile(o.times, 99)
            console.log(
              `${name}_open_${o.rate}: ${ms(p99open)}  (${budget === null ? 'no budget of its own' : verdict(p99open, budget)}; the same call, ${CLIENTS} clients sending ${o.rate} a second together at random moments: p50 ${ms(percentile(o.times, 50))}, ${o.times.length} calls)`,
            )
          }
        }
      } finally {
        http.close()
        await server.stop()
      }
    } finally {
      await db.close()
    }
  } finally {
    cluster.stop()
  }
}
