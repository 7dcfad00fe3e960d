/**
 * friends_page_ms_p99_100k: GET /mining/friends?limit=10 for a user with 100 000 friends, on a
 * throw-away PostgreSQL cluster (issue 15, "Scale"). The friends are written in bulk by SQL (users,
 * wallets, a SWITCH balance, a mining profile for every other one, the referral rows), then ANALYZE.
 * The server runs in this process; each time is the whole call on loopback (signed init data, JSON
 * answer), one call at a time, for the first page and for pages at random depths of the list (their
 * tokens made as the server makes them). p99 of ROUNDS calls after a warm-up.
 * Run: tsx tests/bench/friends-page.ts [--rounds N]
 */
import { performance } from 'node:perf_hooks'
import { createServer } from '../../server/app'
import { encodeCursor } from '../../server/friends/routes'
import { signInitData } from '../../server/kernel/auth'
import { createDatabase, postgresBin, startPostgres } from '../postgres.mjs'

const BOT = '7000000009:bench-friends'
const FRIENDS = 100_000
const arg = (name: string) => process.argv.indexOf(name)
const ROUNDS = arg('--rounds') > 0 ? Number(process.argv[arg('--rounds') + 1]) : 2_000
const REFERRER = 9_000_000_001
const FIRST_FRIEND = 9_100_000_000
const JOINED_FROM = Date.parse('2026-01-01T00:00:00Z')

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]
}

if (!postgresBin()) console.log('friends_page_ms_p99_100k: PostgreSQL not installed, skipped (apt-get install -y postgresql)')
else {
  const cluster = await startPostgres()
  try {
    const database = { kind: 'postgres' as const, url: await createDatabase(cluster.url, 'bench') }
    const server = await createServer({ port: 0, host: '127.0.0.1', botToken: BOT, mode: 'development', database, staticDir: null, authMaxAgeSeconds: 86_400 })
    try {
      const headers = { telegramRawData: signInitData({ botToken: BOT, user: { id: REFERRER, first_name: 'Bench' } }) }
      const read = async (token: string | null) => {
        const t0 = performance.now()
        const res = await fetch(`${server.url}/mining/friends?limit=10${token === null ? '' : `&pageToken=${token}`}`, { headers })
        const body = (await res.json()) as { result: unknown[] }
        const ms = performance.now() - t0
        if (res.status !== 200 || body.result.length === 0) throw new Error(`GET /mining/friends answered ${res.status} with ${body.result?.length} friends`)
        return ms
      }
      await read(null).catch(() => undefined) // creates the referrer
      const db = server.db
      const t0 = performance.now()
      await db.query(`INSERT INTO users (id, first_name, is_premium) SELECT $1::bigint + i, 'Friend ' || i, i % 5 = 0 FROM generate_series(1, $2) i`, [FIRST_FRIEND, FRIENDS])
      await db.query(`INSERT INTO wallets (user_id, account_index, evm_address, ton_address) SELECT $1::bigint + i, 0, 'bench-evm-' || i, 'bench-ton-' || i FROM generate_series(1, $2) i`, [FIRST_FRIEND, FRIENDS])
      await db.query(`INSERT INTO balances (user_id, account_index, chain_id, token_address, units) SELECT $1::bigint + i, 0, 'GAME', 'SWITCH', i::bigint * 1000000 FROM generate_series(1, $2) i`, [FIRST_FRIEND, FRIENDS])
      await db.query(`INSERT INTO mining_users (user_id, speed, window_start, accrued_at) SELECT $1::bigint + i, 1, now(), now() FROM generate_series(1, $2, 2) i`, [FIRST_FRIEND, FRIENDS])
      // Joined a second apart, and some in the same millisecond as the one before (keyset ties).
      await db.query(
        `INSERT INTO referrals (friend_id, referrer_id, premium, joined_at, bonus_units)
         SELECT $1::bigint + i, $3::bigint, i % 5 = 0, to_timestamp(($4::bigint + (i - i % 3) * 1000) / 1000.0), i * 1000 FROM generate_series(1, $2) i`,
        [FIRST_FRIEND, FRIENDS, REFERRER, JOINED_FROM],
      )
      await db.query('ANALYZE')
      console.error(`  ${FRIENDS} friends written in ${((performance.now() - t0) / 1000).toFixed(1)} s`)
      const rows = await db.query<{ friend_id: string; joined_ms: string }>(
        `SELECT friend_id::text AS friend_id, (extract(epoch FROM joined_at) * 1000)::bigint::text AS joined_ms FROM referrals WHERE referrer_id = $1 ORDER BY joined_at, friend_id`,
        [REFERRER],
      )
      if (rows.length !== FRIENDS) throw new Error(`expected ${FRIENDS} friends, found ${rows.length}`)
      // Tokens after random friends (never the last 10: every page read has friends on it).
      const tokenAt = (i: number) => encodeCursor({ userId: REFERRER, joinedMs: Number(rows[i].joined_ms), friendId: Number(rows[i].friend_id) })
      const tokens = Array.from({ length: ROUNDS }, (_, r) => (r % 10 === 0 ? null : tokenAt(Math.floor(Math.random() * (FRIENDS - 10)))))
      for (let i = 0; i < 200; i++) await read(tokens[i % tokens.length])
      const times: number[] = []
      for (const token of tokens) times.push(await read(token))
      console.log(`friends_page_ms_p99_100k: ${percentile(times, 99).toFixed(2)}  (budget 10; PostgreSQL, GET /mining/friends?limit=10 of a user with ${FRIENDS} friends, first page and random depths, p50 ${percentile(times, 50).toFixed(2)}, ${ROUNDS} calls)`)
    } finally {
      await server.close()
    }
  } finally {
    cluster.stop()
  }
}
