/**
 * The rank leaderboards' lists (guilds.7; docs/features/guilds.md, "In batch, on the queue"): written by the recompute
 * with the cut-offs, kept by each server per generation, read again when a recompute (on any server)
 * writes a newer one. The caller's own entry stays live, and so does their balance in their place.
 */
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, type ServerConfig, createServer } from '../../../server/app'
import { type DatabaseConfig, type Db, MIGRATIONS, connect, migrate } from '../../../server/db'
import { recomputeGuilds } from '../../../server/guilds/ranks'
import { post } from '../../../server/kernel/ledger'
import { switchEntry } from '../../../server/mining/miner'
import { type User, call, newUser, onPostgres, testConfig, testDatabase } from '../helpers'

const NANO = 1_000_000_000n
let config: ServerConfig
let server: RunningServer
/** On PostgreSQL, a second connection to the same database: what another server process would use. */
let other: Db | null = null

beforeAll(async () => {
  config = await testConfig({ guildRanksIntervalMs: 0 })
  server = await createServer(config)
  if (config.database.kind === 'postgres') other = await connect(config.database)
}, 120_000)
const temporary: string[] = []
afterAll(async () => {
  await other?.close()
  await server?.close()
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true })
})

const board = async (rank: number, user: User) => {
  const answer = await call(server, `/mining/guilds/${rank}`, user)
  expect(answer.status).toBe(200)
  return answer.body as {
    top: { firstName: string; gotAmount: string }[]
    userRank: number | null
    user: { firstName: string; gotAmount: string } | null
  }
}
const generations = async () =>
  (
    await server.db.query<{ generation: string }>(
      'SELECT DISTINCT generation::text AS generation FROM guild_leaders ORDER BY 1',
    )
  ).map((r) => r.generation)

// Ten miners with 5 SWITCH each, ids ascending in this order.
const miners: User[] = []

describe('rank leaderboards', () => {
  it('ties: when cut-offs are equal the lower ranks list nobody and the highest lists every miner of that amount, ids ascending', async () => {
    for (let i = 0; i < 10; i++) {
      const user = newUser({ first_name: `Tied ${i}` })
      expect((await call(server, '/mining/user', user, {})).status).toBe(200)
      await server.db.transaction((tx) => post(tx, [switchEntry(user.id, 5n * NANO, 'mined', 'test')]))
      miners.push(user)
    }
    // before any recompute: no lists, the caller's own entry all the same
    expect(await board(3, miners[0])).toEqual({ top: [], userRank: 1, user: { firstName: 'Tied 0', gotAmount: '5' } })
    await recomputeGuilds(server.db, server.clock.now())
    // 10 miners: Adept places 1-5, Master 1-3, Magister 1; all ten hold place 1, so all are Magisters
    expect((await board(1, miners[0])).top).toEqual([])
    expect((await board(2, miners[0])).top).toEqual([])
    expect((await board(3, miners[0])).top).toEqual(miners.map((m) => ({ firstName: m.first_name, gotAmount: '5' })))
    expect((await board(4, miners[0])).top).toEqual([])
  })

  it("a list is as of the last recompute, the caller's entry is live, their place their balance now among the others' as of the recompute; the next recompute writes the lists again and every server reads them", async () => {
    await server.db.transaction((tx) => post(tx, [switchEntry(miners[9].id, 2n * NANO, 'mined', 'test')]))
    // the list still shows the recompute's amounts; the caller's line shows theirs now, place 1 alone
    const seen = await board(3, miners[9])
    expect(seen.top).toContainEqual({ firstName: 'Tied 9', gotAmount: '5' })
    expect(seen.user).toEqual({ firstName: 'Tied 9', gotAmount: '7' })
    expect(seen.userRank).toBe(1)
    // the others' places count Tied 9 at the recompute's 5 until the next recompute
    expect((await board(3, miners[0])).userRank).toBe(1)
    // recomputed (on PostgreSQL through another connection, as another server process would): 7 is
    // Magister alone, the nine with 5 are Masters (place 2 <= 3), Adept's band is empty (its cut-off is Master's)
    await recomputeGuilds(other ?? server.db, server.clock.now())
    expect((await board(3, miners[0])).top).toEqual([{ firstName: 'Tied 9', gotAmount: '7' }])
    expect((await board(3, miners[0])).userRank).toBe(2)
    expect((await board(3, miners[9])).userRank).toBe(1)
    expect((await board(2, miners[0])).top).toEqual(
      miners.slice(0, 9).map((m) => ({ firstName: m.first_name, gotAmount: '5' })),
    )
    expect((await board(1, miners[0])).top).toEqual([])
  })

  it('a recompute keeps the generation before its own (a request that just read it still finds its rows) and removes older ones', async () => {
    const before = await generations()
    expect(before.length).toBe(2)
    await recomputeGuilds(server.db, server.clock.now())
    const after = await generations()
    expect(after).toHaveLength(2)
    expect(after[0]).toBe(before[1])
    expect(BigInt(after[1])).toBeGreaterThan(BigInt(before[1]))
    // the lists read from the newest
    expect((await board(3, miners[0])).top).toEqual([{ firstName: 'Tied 9', gotAmount: '7' }])
  })

  it('a generation without a ranking (written before migration 024) places the caller by counting in the database, live', async () => {
    await server.db.query(
      `WITH g AS (SELECT nextval('guild_generation') AS generation)
       INSERT INTO guild_leaders (generation, rank, place, user_id, first_name, units)
       SELECT g.generation, l.rank, l.place, l.user_id, l.first_name, l.units FROM guild_leaders l, g WHERE l.generation = (SELECT max(generation) FROM guild_leaders)`,
    )
    // Tied 1 gains 3 without a recompute: counted live, Tied 0 (5) has Tied 9 (7) and Tied 1 (8) above
    await server.db.transaction((tx) => post(tx, [switchEntry(miners[1].id, 3n * NANO, 'mined', 'test')]))
    expect((await board(3, miners[0])).userRank).toBe(3)
    expect((await board(3, miners[1])).userRank).toBe(1)
    await server.db.transaction((tx) => post(tx, [switchEntry(miners[1].id, -3n * NANO, 'test', 'test')]))
    await recomputeGuilds(server.db, server.clock.now())
    expect((await board(3, miners[0])).userRank).toBe(2)
  })

  it('a user without a mining profile sees the lists, and no entry or place', async () => {
    expect(await board(3, newUser())).toEqual({
      top: [{ firstName: 'Tied 9', gotAmount: '7' }],
      userRank: null,
      user: null,
    })
  })

  it.runIf(onPostgres())('two servers on one database answer the same lists after a recompute by either', async () => {
    const second = await createServer(config)
    try {
      await board(2, miners[0]) // this server holds the current generation
      expect((await call(second, '/mining/guilds/2', miners[0])).body.top).toHaveLength(9)
      await second.db.transaction((tx) => post(tx, [switchEntry(miners[0].id, 10n * NANO, 'mined', 'test')]))
      await recomputeGuilds(second.db, second.clock.now())
      for (const s of [server, second]) {
        const answer = (await call(s, '/mining/guilds/3', miners[1])).body
        expect(answer.top).toEqual([{ firstName: 'Tied 0', gotAmount: '15' }])
        // both hold the new generation's ranking: 15 and 7 above the caller's 5
        expect(answer.userRank).toBe(3)
      }
    } finally {
      await second.close()
    }
  })
})

describe('migration 016', () => {
  it('writes the lists of the cut-offs computed before it, as the leaderboards read them until then', async () => {
    const before = mkdtempSync(join(tmpdir(), 'migrations-'))
    temporary.push(before)
    for (const f of readdirSync(MIGRATIONS).filter((f) => f.endsWith('.sql') && f < '016'))
      copyFileSync(join(MIGRATIONS, f), join(before, f))
    let database: DatabaseConfig
    if (onPostgres()) database = await testDatabase()
    else {
      const dir = mkdtempSync(join(tmpdir(), 'pglite-'))
      temporary.push(dir)
      database = { kind: 'pglite', dataDir: dir }
    }
    const db = await connect(database)
    try {
      await migrate(db, before)
      // five miners with 9, 7, 5, 5 and 3 SWITCH, and one user with SWITCH but no mining profile
      for (const [id, whole, miner] of [
        [1, 9, true],
        [2, 7, true],
        [3, 5, true],
        [4, 5, true],
        [5, 3, true],
        [6, 8, false],
      ] as const) {
        await db.query('INSERT INTO users (id, first_name) VALUES ($1, $2)', [id, `U${id}`])
        await db.query(
          'INSERT INTO wallets (user_id, account_index, evm_address, ton_address) VALUES ($1, 0, $2, $3)',
          [id, `evm-${id}`, `ton-${id}`],
        )
        await db.query(
          `INSERT INTO balances (user_id, account_index, chain_id, token_address, units) VALUES ($1, 0, 'GAME', 'SWITCH', $2::numeric)`,
          [id, (BigInt(whole) * NANO).toString()],
        )
        if (miner)
          await db.query(
            'INSERT INTO mining_users (user_id, speed, window_start, accrued_at) VALUES ($1, 1, now(), now())',
            [id],
          )
      }
      // cut-offs as a recompute of migration 015 wrote them: Adept 5, Master 7, Magister 9
      for (const [rank, whole] of [
        [1, 5],
        [2, 7],
        [3, 9],
        [4, null],
        [5, null],
      ] as const)
        await db.query(
          `INSERT INTO guild_cutoffs (kind, rank, min_units, population, computed_at) VALUES ('miners', $1, $2::numeric, 5, now())`,
          [rank, whole === null ? null : (BigInt(whole) * NANO).toString()],
        )
      await migrate(db)
      const rows = await db.query<{ rank: number; place: number; user_id: string; first_name: string; units: string }>(
        'SELECT rank, place, user_id::text AS user_id, first_name, units::text AS units FROM guild_leaders ORDER BY rank, place',
      )
      expect(rows.map((r) => [r.rank, r.place, r.first_name, BigInt(r.units) / NANO])).toEqual([
        [1, 1, 'U3', 5n],
        [1, 2, 'U4', 5n],
        [2, 1, 'U2', 7n],
        [3, 1, 'U1', 9n],
      ])
    } finally {
      await db.close()
    }
  })
})
