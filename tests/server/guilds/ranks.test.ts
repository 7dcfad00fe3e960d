/** Guild ranks and leaderboards (guilds.1-2, 7, 10): cut-offs computed by the queue's job, ranks looked up. */
import { isRight } from 'fp-ts/lib/Either'
import { describe, expect, it } from 'vitest'
import { endpoints } from '../../../domain/api/endpoints'
import { allianceAvatar } from '../../../domain/guilds/rules'
import { DEMO_USER } from '../../../server/app'
import { type MovableClock } from '../../../server/kernel/clock'
import { post } from '../../../server/kernel/ledger'
import { placeIn } from '../../../server/guilds/leaderboard'
import {
  GUILD_RANKS_INTERVAL_MS,
  RANKING_MAX,
  bandOf,
  placeOf,
  recomputeGuilds,
  standingOf,
} from '../../../server/guilds/ranks'
import { switchEntry } from '../../../server/mining/miner'
import { type Json, type User, newUser, useServer } from '../helpers'

const api = useServer()
const decodes = (name: keyof typeof endpoints, body: unknown) =>
  expect(isRight(endpoints[name].response.decode(body) as never), JSON.stringify(body)).toBe(true)
const NANO = 1_000_000_000n

async function minerWith(whole: number, first_name?: string): Promise<User> {
  const user = newUser(first_name ? { first_name } : {})
  await api.call('/tgUserWallets', user)
  expect((await api.call('/mining/user', user, {})).status).toBe(200)
  if (whole > 0)
    await api.server.db.transaction((tx) => post(tx, [switchEntry(user.id, BigInt(whole) * NANO, 'mined', 'test')]))
  return user
}
/** The periodic job, run the way the queue runs it: the clock moves one interval, then what is due runs. */
async function recomputeByQueue() {
  const clock = api.server.clock as MovableClock
  clock.advance(GUILD_RANKS_INTERVAL_MS)
  const due = clock.now()
  // The server's own loop may have taken the run: then wait for it to finish.
  for (let tries = 0; tries < 500; tries++) {
    await api.server.jobs.runDue()
    const [row] = await api.server.db.query<{ at: Date | string }>(
      `SELECT computed_at AS at FROM guild_cutoffs WHERE kind = 'alliances' AND rank = 1`,
    )
    if (row && new Date(row.at).getTime() >= due) return new Date(row.at).getTime() - due
    await new Promise((r) => setTimeout(r, 20))
  }
  throw new Error('the guild job did not run')
}

// 100 miners with 1..100 SWITCH (place p holds 101 - p) and one with nothing; each test adds nothing to the ranking.
const miners: User[] = []
let idle: User

describe('guild ranks', () => {
  it('[guilds.2] after the periodic job, each miner holds the rank of their place: 1 %, 4 %, 15 %, 30 %, 50 %', async () => {
    for (let i = 1; i <= 100; i += 10)
      miners.push(...(await Promise.all(Array.from({ length: 10 }, (_, k) => minerWith(i + k, `Miner ${i + k}`)))))
    // Dev mode makes the demo user a miner with nothing (server/poh/dev.ts): then it is the one with nothing, and the miners are still 101.
    const demoMines =
      (await api.server.db.query('SELECT 1 FROM mining_users WHERE user_id = $1', [DEMO_USER.id])).length > 0
    idle = demoMines ? { id: DEMO_USER.id, first_name: DEMO_USER.first_name } : await minerWith(0)
    // before the first recompute nobody has a rank
    expect((await api.call('/mining/user', miners[99])).body.userMining.guild).toBe(0)
    // the job runs once the clock has moved one interval, and then in the same moment, not later
    expect(await recomputeByQueue()).toBeLessThan(5_000)
    // 101 miners: Adept places 1-50, Master 1-30, Magister 1-15, Grandmaster 1-4, Cardinal 1 (1.01)
    const expected = (whole: number) => {
      const place = 101 - whole
      return place <= 1 ? 5 : place <= 4 ? 4 : place <= 15 ? 3 : place <= 30 ? 2 : place <= 50 ? 1 : 0
    }
    for (const whole of [100, 99, 97, 96, 86, 85, 71, 70, 51, 50, 1]) {
      const { status, body } = await api.call('/mining/user', miners[whole - 1])
      expect(status).toBe(200)
      decodes('miningUser', body)
      expect(body.userMining.guild, `miner with ${whole}`).toBe(expected(whole))
    }
    expect((await api.call('/mining/user', idle)).body.userMining.guild).toBe(0)
  })

  it('[guilds.7] each rank leaderboard lists its band best first, with the caller place and entry', async () => {
    const board = async (rank: number, user: User) => {
      const { status, body } = await api.call(`/mining/guilds/${rank}`, user)
      expect(status).toBe(200)
      decodes('guildLeaderboard', body)
      return body
    }
    const names = (b: Json) => (b.top as { firstName: string }[]).map((t) => t.firstName)
    expect(names(await board(5, idle))).toEqual(['Miner 100'])
    expect(names(await board(4, idle))).toEqual(['Miner 99', 'Miner 98', 'Miner 97'])
    expect((await board(3, idle)).top).toHaveLength(11)
    expect((await board(2, idle)).top).toHaveLength(15)
    const adept = await board(1, miners[60])
    expect(adept.top).toHaveLength(20)
    expect(adept.top[0]).toEqual({ firstName: 'Miner 70', gotAmount: '70' })
    expect(adept.top.at(-1)).toEqual({ firstName: 'Miner 51', gotAmount: '51' })
    expect(adept.userRank).toBe(40)
    expect(adept.user).toEqual({ firstName: 'Miner 61', gotAmount: '61' })
    // nothing mined: an entry, no place; no profile: neither
    expect(await board(1, idle)).toMatchObject({ userRank: null, user: { gotAmount: '0' } })
    const stranger = newUser()
    expect(await board(5, stranger)).toEqual({
      top: [{ firstName: 'Miner 100', gotAmount: '100' }],
      userRank: null,
      user: null,
    })
  })

  it('a rank outside 1-5 is a 400 naming the rank', async () => {
    for (const bad of ['0', '6', 'x', '1.5', '-1', '01'])
      for (const path of [`/mining/guilds/${bad}`, `/mining/allianceLeaderboard/${bad}`]) {
        const { status, body } = await api.call(path, idle)
        expect(status, path).toBe(400)
        expect(body.path).toBe('rank')
      }
  })

  it('a place is the nearest mark of the last recompute plus a count of the balances since: exact right after it, with any mark step', async () => {
    for (const step of [1, 3, 7, 64]) {
      await recomputeGuilds(api.server.db, api.server.clock.now(), step)
      for (let whole = 1; whole <= 100; whole++) {
        expect(await placeOf(api.server.db, BigInt(whole) * NANO), `step ${step}, ${whole}`).toBe(101 - whole)
        // the one-statement form the leaderboards use: the same place, the rank, the entry
        expect(await standingOf(api.server.db, miners[whole - 1].id)).toEqual({
          firstName: `Miner ${whole}`,
          units: BigInt(whole) * NANO,
          guild: expect.any(Number),
          place: 101 - whole,
        })
      }
      expect((await standingOf(api.server.db, miners[99].id))?.guild).toBe(5)
      expect(await standingOf(api.server.db, idle.id)).toEqual({
        firstName: idle.first_name,
        units: 0n,
        guild: 0,
        place: null,
      })
      expect(await standingOf(api.server.db, newUser().id)).toBeNull()
      expect(await placeOf(api.server.db, 100n * NANO + 1n)).toBe(1)
      expect(await placeOf(api.server.db, 0n)).toBeNull()
    }
    // between recomputes a gain counts at once: a miner passing others moves up past them
    await api.server.db.transaction((tx) => post(tx, [switchEntry(miners[9].id, 45n * NANO, 'mined', 'test')]))
    expect((await api.call('/mining/guilds/1', miners[9])).body.userRank).toBe(46)
    expect((await api.call('/mining/user', miners[9])).body.userMining.guild).toBe(1)
  })

  it("a leaderboard's place: the caller's balance now among every miner's of the last recompute (guild_ranking), exact right after it, ties sharing a place", async () => {
    await recomputeGuilds(api.server.db, api.server.clock.now())
    const [{ bytes }] = await api.server.db.query<{ bytes: number }>(
      'SELECT length(units) AS bytes FROM guild_ranking WHERE generation = (SELECT max(generation) FROM guild_leaders)',
    )
    expect(bytes).toBe(100 * 8)
    // miner 10 holds 55 since the last test: 55 twice, so both hold place 46 and 54 is 48th
    const held = (whole: number) => (whole === 10 ? 55 : whole)
    for (let whole = 1; whole <= 100; whole++) {
      const place = 1 + miners.filter((_, i) => held(i + 1) > held(whole)).length
      expect((await api.call('/mining/guilds/1', miners[whole - 1])).body.userRank, `${whole}`).toBe(place)
    }
    expect((await api.call('/mining/guilds/1', miners[53])).body.userRank).toBe(48)
    // a gain places the caller among the others as of the recompute; the others' places move at the next one
    await api.server.db.transaction((tx) => post(tx, [switchEntry(miners[0].id, 30n * NANO + 1n, 'mined', 'test')]))
    expect((await api.call('/mining/guilds/1', miners[0])).body.userRank).toBe(71)
    expect((await api.call('/mining/guilds/1', miners[29])).body.userRank).toBe(72)
    await recomputeGuilds(api.server.db, api.server.clock.now())
    expect((await api.call('/mining/guilds/1', miners[29])).body.userRank).toBe(73)
    await api.server.db.transaction((tx) => post(tx, [switchEntry(miners[0].id, -(30n * NANO + 1n), 'test', 'test')]))
    await recomputeGuilds(api.server.db, api.server.clock.now())
  })

  it('two recomputes at once (two processes, or a run outlasting its lease) both finish, and leave what one alone leaves', async () => {
    const marks = () =>
      api.server.db.query<{ units: string; above: string }>(
        'SELECT units::text AS units, above::text AS above FROM guild_marks ORDER BY guild_marks.units DESC',
      )
    const now = (api.server.clock as MovableClock).now()
    // Every 7th place: more marks than the default step leaves. On PostgreSQL, without the lock the
    // second's insert of the marks fails on the first's (a duplicate key).
    await Promise.all([recomputeGuilds(api.server.db, now, 7), recomputeGuilds(api.server.db, now, 7)])
    const both = await marks()
    expect(both.length).toBeGreaterThanOrEqual(14)
    await recomputeGuilds(api.server.db, now, 7)
    expect(await marks()).toEqual(both)
    await recomputeGuilds(api.server.db, now)
  })

  it('placeIn: 1 + how many of a ranking (best first) exceed the balance', () => {
    const ranking = (...units: bigint[]) => {
      const view = new DataView(new ArrayBuffer(units.length * 8))
      units.forEach((u, i) => view.setBigInt64(i * 8, u))
      return view
    }
    expect(placeIn(ranking(), 5n)).toBe(1)
    expect(placeIn(ranking(9n, 7n, 7n, 7n, 3n), 10n)).toBe(1)
    expect(placeIn(ranking(9n, 7n, 7n, 7n, 3n), 9n)).toBe(1)
    expect(placeIn(ranking(9n, 7n, 7n, 7n, 3n), 7n)).toBe(2)
    expect(placeIn(ranking(9n, 7n, 7n, 7n, 3n), 6n)).toBe(5)
    expect(placeIn(ranking(9n, 7n, 7n, 7n, 3n), 1n)).toBe(6)
    expect(placeIn(ranking(RANKING_MAX, 2n ** 40n), 2n ** 40n + 1n)).toBe(2)
  })
})

describe('a rank band', () => {
  it('spans from its cut-off to the next higher one; equal cut-offs leave the lower rank empty', () => {
    expect(bandOf([1n, 5n, 9n, null, null], 1)).toEqual({ from: 1n, below: 5n })
    expect(bandOf([1n, 5n, 9n, null, null], 3)).toEqual({ from: 9n, below: null })
    expect(bandOf([1n, 5n, 9n, null, null], 4)).toBeNull()
    // 4 miners with 5, 5, 5, 1: all three with 5 are Masters (place 1), so Adept lists nobody
    expect(bandOf([5n, 5n, null, null, null], 1)).toBeNull()
    expect(bandOf([5n, 5n, null, null, null], 2)).toEqual({ from: 5n, below: null })
    // the leaderboards written by a recompute, with ties: tests/server/guilds/leaders.test.ts
  })
})

describe('alliance ranks', () => {
  it('[guilds.10] alliances ranked by their members total; the leaderboard of a rank and the caller alliance with its place', async () => {
    // 20 alliances of one or two of the miners above: alliance k holds miners k and k + 40 (total 2k + 40, or k + 40 for k > 10 without a second)
    for (let k = 1; k <= 20; k++) {
      expect((await api.call(`/mining/alliance?alliance=Clan${k}`, miners[k + 39], {})).status).toBe(200)
      if (k <= 10) await api.call(`/mining/alliance?alliance=clan${k}`, miners[k - 1], {})
    }
    await recomputeByQueue()
    // totals: k <= 10: (k + 40) + k; else k + 40 (miner 10 has 55 since the last test)
    const total = (k: number) => (k <= 10 ? 2 * k + 40 + (k === 10 ? 45 : 0) : k + 40)
    const order = Array.from({ length: 20 }, (_, i) => i + 1).sort(
      (a, b) => total(b) - total(a) || (`clan${a}` < `clan${b}` ? -1 : 1),
    )
    // 20 alliances: Magister places 1-3, Master 1-6, Adept 1-10, none hold Grandmaster or Cardinal
    const { status, body } = await api.call('/mining/allianceLeaderboard/3', miners[order[0] + 39])
    expect(status).toBe(200)
    decodes('allianceLeaderboard', body)
    expect(body.top.map((a: { name: string }) => a.name)).toEqual(order.slice(0, 3).map((k) => `clan${k}`))
    expect(body.top[0]).toMatchObject({
      title: `Clan${order[0]}`,
      totalMined: String(total(order[0])),
      users: order[0] <= 10 ? 2 : 1,
      guild: 3,
      avatar: allianceAvatar(`clan${order[0]}`),
    })
    expect(body.allianceRank).toBe(1)
    expect(body.alliance).toMatchObject({ name: `clan${order[0]}`, guild: 3 })
    expect((await api.call('/mining/allianceLeaderboard/2', idle)).body).toMatchObject({
      allianceRank: null,
      alliance: null,
    })
    expect(
      (await api.call('/mining/allianceLeaderboard/2', idle)).body.top.map((a: { name: string }) => a.name),
    ).toEqual(order.slice(3, 6).map((k) => `clan${k}`))
    // Adept: down to the total at place 10 (54), which two alliances share
    expect(
      (await api.call('/mining/allianceLeaderboard/1', idle)).body.top.map((a: { totalMined: string }) => a.totalMined),
    ).toEqual(['56', '56', '55', '54', '54'])
    expect((await api.call('/mining/allianceLeaderboard/5', idle)).body.top).toEqual([])
    const details = await api.call(`/mining/alliances/clan${order[5]}`, idle)
    decodes('alliance', details.body)
    expect(details.body).toMatchObject({
      name: 'clan17',
      totalMined: '57',
      allianceRank: 6,
      guild: 2,
      member: false,
      userRank: null,
    })
  })
})
