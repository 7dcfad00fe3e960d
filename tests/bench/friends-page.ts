/**
 * A user with 100 000 friends ("Scale"), on a throw-away PostgreSQL cluster. The friends
 * are written in bulk by SQL (users, wallets, a SWITCH balance, a mining profile for every other one,
 * the referral rows), and the referrer's ledger holds what 100 000 friends' claims paid them (one
 * 'referral' entry a friend, the fixed bonus for each, a 'referral-2' entry for every tenth), with
 * the running sums migration 016 would make of them; then ANALYZE. The server runs in a process of
 * its own (tests/bench/serverProcess.ts); each time is the whole call over loopback (signed init
 * data, JSON answer), one call at a time, p99 of ROUNDS calls after a warm-up:
 * - friends_page_ms_p99_100k (budget 10): GET /mining/friends?limit=10, the first page and pages at
 *   random depths of the list (their tokens made as the server makes them);
 * - referral_stats_ms_p99_100k: GET /mining/referralStats (friends counted by tier, both bonuses).
 * Run: tsx tests/bench/friends-page.ts [--rounds N]
 */
import { openDatabase } from '../../server/db'
import { encodeCursor } from '../../server/friends/routes'
import { signInitData } from '../../server/kernel/auth'
import { createDatabase, postgresBin, startPostgres } from '../postgres.mjs'
import { httpClient, percentile, startServerProcess } from './serverProcess'
import { performance } from 'node:perf_hooks'

const BOT = '7000000009:bench-friends'
const FRIENDS = 100_000
const arg = (name: string) => process.argv.indexOf(name)
const ROUNDS = arg('--rounds') > 0 ? Number(process.argv[arg('--rounds') + 1]) : 2_000
const REFERRER = 9_000_000_001
const FIRST_FRIEND = 9_100_000_000
const JOINED_FROM = Date.parse('2026-01-01T00:00:00Z')

if (!postgresBin())
  console.log('friends_page_ms_p99_100k: PostgreSQL not installed, skipped (apt-get install -y postgresql)')
else {
  const cluster = await startPostgres()
  try {
    const url = await createDatabase(cluster.url, 'bench')
    const db = await openDatabase({ kind: 'postgres', url, statementTimeoutMs: 0 })
    const server = await startServerProcess(url, BOT)
    const http = httpClient(server.url, 1)
    try {
      const headers = { telegramRawData: signInitData({ botToken: BOT, user: { id: REFERRER, first_name: 'Bench' } }) }
      const timed = async (path: string, check: (body: unknown) => boolean) => {
        const t0 = performance.now()
        const { status, body } = await http.get(path, headers)
        const ms = performance.now() - t0
        if (status !== 200 || !check(body))
          throw new Error(`GET ${path} answered ${status}: ${JSON.stringify(body).slice(0, 200)}`)
        return ms
      }
      await http.get('/mining/referralStats', headers) // creates the referrer
      const t0 = performance.now()
      const friends = [FIRST_FRIEND, FRIENDS]
      // Invite codes of their own, not the database's random draws (which can collide among many rows written at once).
      await db.query(
        `INSERT INTO users (id, first_name, is_premium, invite_code) SELECT $1::bigint + i, 'Friend ' || i, i % 5 = 0, 'BENCHF' || i FROM generate_series(1, $2) i`,
        friends,
      )
      await db.query(
        `INSERT INTO wallets (user_id, account_index, evm_address, ton_address) SELECT $1::bigint + i, 0, 'bench-evm-' || i, 'bench-ton-' || i FROM generate_series(1, $2) i`,
        friends,
      )
      await db.query(
        `INSERT INTO balances (user_id, account_index, chain_id, token_address, units) SELECT $1::bigint + i, 0, 'GAME', 'SWITCH', i::bigint * 1000000 FROM generate_series(1, $2) i`,
        friends,
      )
      await db.query(
        `INSERT INTO mining_users (user_id, speed, window_start, accrued_at) SELECT $1::bigint + i, 1, now(), now() FROM generate_series(1, $2, 2) i`,
        friends,
      )
      // Joined a second apart, and some in the same millisecond as the one before (keyset ties).
      await db.query(
        `INSERT INTO referrals (friend_id, referrer_id, premium, joined_at, fixed_paid_at, bonus_units)
         SELECT $1::bigint + i, $3::bigint, i % 5 = 0, to_timestamp(($4::bigint + (i - i % 3) * 1000) / 1000.0), now(), i * 1000 FROM generate_series(1, $2) i`,
        [...friends, REFERRER, JOINED_FROM],
      )
      await db.query(
        `INSERT INTO ledger (user_id, account_index, chain_id, token_address, delta, reason, reference)
         SELECT $3::bigint, 0, 'GAME', 'SWITCH', e.delta, e.reason, 'friend:' || ($1::bigint + i) FROM generate_series(1, $2) i
         CROSS JOIN LATERAL (VALUES (i * 1000::numeric, 'referral'), (CASE WHEN i % 5 = 0 THEN 60 ELSE 20 END * 1000000000::numeric, 'referral-fixed'), (i * 200::numeric, 'referral-2')) e(delta, reason)
         WHERE e.reason <> 'referral-2' OR i % 10 = 0`,
        [...friends, REFERRER],
      )
      // What the claims' transactions would have kept: the running sums, as migration 016 fills them.
      await db.query(
        `INSERT INTO referral_totals (user_id, premium_friends, ordinary_friends, friends_bonus_units, friends_2_bonus_units)
         SELECT $1::bigint, count(*) FILTER (WHERE premium), count(*) FILTER (WHERE NOT premium),
           (SELECT sum(delta) FROM ledger WHERE user_id = $1 AND reason IN ('referral', 'referral-fixed')), (SELECT sum(delta) FROM ledger WHERE user_id = $1 AND reason = 'referral-2')
         FROM referrals WHERE referrer_id = $1`,
        [REFERRER],
      )
      await db.query('ANALYZE')
      console.error(`  ${FRIENDS} friends written in ${((performance.now() - t0) / 1000).toFixed(1)} s`)
      const rows = await db.query<{ friend_id: string; joined_ms: string }>(
        `SELECT friend_id::text AS friend_id, (extract(epoch FROM joined_at) * 1000)::bigint::text AS joined_ms FROM referrals WHERE referrer_id = $1 ORDER BY joined_at, friend_id`,
        [REFERRER],
      )
      if (rows.length !== FRIENDS) throw new Error(`expected ${FRIENDS} friends, found ${rows.length}`)
      // Tokens after random friends (never the last 10: every page read has friends on it).
      const tokenAt = (i: number) =>
        encodeCursor({ userId: REFERRER, joinedMs: Number(rows[i].joined_ms), friendId: Number(rows[i].friend_id) })
      const tokens = Array.from({ length: ROUNDS }, (_, r) =>
        r % 10 === 0 ? null : tokenAt(Math.floor(Math.random() * (FRIENDS - 10))),
      )
      const page = (token: string | null) =>
        timed(
          `/mining/friends?limit=10${token === null ? '' : `&pageToken=${token}`}`,
          (b) => ((b as { result?: unknown[] }).result?.length ?? 0) > 0,
        )
      const stats = () =>
        timed('/mining/referralStats', (b) => (b as { premium_friends?: number }).premium_friends === FRIENDS / 5)
      for (let i = 0; i < 200; i++) await page(tokens[i % tokens.length])
      const pageTimes: number[] = []
      for (const token of tokens) pageTimes.push(await page(token))
      console.log(
        `friends_page_ms_p99_100k: ${percentile(pageTimes, 99).toFixed(2)}  (budget 10: ${percentile(pageTimes, 99) <= 10 ? 'met' : 'NOT met'}; PostgreSQL, GET /mining/friends?limit=10 of a user with ${FRIENDS} friends, HTTP to a server process, first page and random depths, p50 ${percentile(pageTimes, 50).toFixed(2)}, ${ROUNDS} calls)`,
      )
      for (let i = 0; i < 200; i++) await stats()
      const statsTimes: number[] = []
      for (let i = 0; i < ROUNDS; i++) statsTimes.push(await stats())
      console.log(
        `referral_stats_ms_p99_100k: ${percentile(statsTimes, 99).toFixed(2)}  (GET /mining/referralStats of the same user: ${FRIENDS} friends, their referral entries in the ledger; p50 ${percentile(statsTimes, 50).toFixed(2)}, ${ROUNDS} calls)`,
      )
    } finally {
      http.close()
      await server.stop()
      await db.close()
    }
  } finally {
    cluster.stop()
  }
}
