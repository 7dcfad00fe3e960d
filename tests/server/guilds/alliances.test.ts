/** Alliances (guilds.13-16, 21, 23): join or create, leave, details, exact member counts, the claim bonus. */
import { isRight } from 'fp-ts/lib/Either'
import { describe, expect, it } from 'vitest'
import { endpoints } from '../../../domain/api/endpoints'
import { HOUR_MS } from '../../../domain/mining/accrual'
import { allianceAvatar } from '../../../domain/guilds/rules'
import { type MovableClock } from '../../../server/kernel/clock'
import { signInitData } from '../../../server/kernel/auth'
import { type User, newUser, useServer } from '../helpers'

const api = useServer()
const decodes = (name: keyof typeof endpoints, body: unknown) =>
  expect(isRight(endpoints[name].response.decode(body) as never), JSON.stringify(body)).toBe(true)
async function miner(): Promise<User> {
  const user = newUser()
  expect((await api.call('/mining/user', user, {})).status).toBe(200)
  return user
}
const join = (user: User, text?: string) =>
  api.call(`/mining/alliance${text === undefined ? '' : `?alliance=${encodeURIComponent(text)}`}`, user, {})
const membershipOf = async (user: User) =>
  (await api.call('/mining/user', user)).body.userMining.alliance as string | null
const details = async (name: string, user: User) => {
  const answer = await api.call(`/mining/alliances/${name}`, user)
  if (answer.status === 200) decodes('alliance', answer.body)
  return answer
}
/** Members counted by the alliance against members counted one by one: they must agree. */
const counts = () =>
  api.server.db.query<{ name: string; members: number; counted: number }>(
    `SELECT a.name, a.members, (SELECT count(*)::int FROM mining_users m WHERE m.alliance = a.name) AS counted FROM alliances a`,
  )

describe('joining, creating and leaving', () => {
  it("[guilds.13] [guilds.16] joining (POST with alliance in the query) a new name creates it: details by GET with the name in the path: name, title, userpicURL (and our avatar), total, count, guild rank, place, top and the caller's place", async () => {
    const a = await miner()
    const answer = await join(a, '@Night_Owls')
    expect(answer).toEqual({ status: 200, body: { ok: true } })
    decodes('setAlliance', answer.body)
    expect(await membershipOf(a)).toBe('night_owls')
    const { status, body } = await details('night_owls', a)
    expect(status).toBe(200)
    expect(body).toMatchObject({
      name: 'night_owls',
      title: 'Night_Owls',
      userpicURL: 'https://t.me/i/userpic/320/night_owls.jpg',
      avatar: allianceAvatar('night_owls'),
      users: 1,
      totalMined: '0',
      member: true,
      userRank: 1,
      allianceRank: expect.any(Number),
      guild: expect.any(Number),
    })
    expect(body.guild).toBeGreaterThanOrEqual(0)
    expect(body.guild).toBeLessThanOrEqual(5)
    expect(body.top).toEqual([{ firstName: a.first_name, gotAmount: '0' }])
    // the handle in any of its forms and any case names the same alliance
    expect((await details('@NIGHT_OWLS', a)).body.name).toBe('night_owls')
  })

  it('a second user joins by a t.me link; a third is told it is not a member (member: false, no place)', async () => {
    const [a, b, c] = [await miner(), await miner(), await miner()]
    await join(a, 'larks')
    expect((await join(b, 'https://t.me/Larks')).status).toBe(200)
    expect((await details('larks', b)).body).toMatchObject({ users: 2, member: true, title: 'larks' })
    expect((await details('larks', c)).body).toMatchObject({ users: 2, member: false, userRank: null })
    // joining the one you are in changes nothing
    await join(b, 'larks')
    expect((await details('larks', c)).body.users).toBe(2)
  })

  it('[guilds.14] without the parameter the user leaves; moving to another alliance leaves the first', async () => {
    const [a, b] = [await miner(), await miner()]
    await join(a, 'swifts')
    await join(b, 'swifts')
    await join(b, 'robins')
    expect((await details('swifts', a)).body.users).toBe(1)
    expect((await details('robins', a)).body.users).toBe(1)
    expect(await join(a)).toEqual({ status: 200, body: { ok: true } })
    expect(await membershipOf(a)).toBeNull()
    expect((await details('swifts', b)).body).toMatchObject({ users: 0, member: false })
    // leaving when in none is fine too
    expect((await join(a)).status).toBe(200)
  })

  it('a name that is not a handle is a 400 on alliance; an unknown one a 404; no mining profile a 409', async () => {
    const a = await miner()
    for (const bad of ['', 'two words', 'https://example.com/x', 'a'.repeat(33), 'a-b']) {
      const answer = await join(a, bad)
      expect(answer.status, bad).toBe(400)
      expect(answer.body.path).toBe('alliance')
    }
    expect(await membershipOf(a)).toBeNull()
    expect((await api.call('/mining/alliances/a-b', a)).body).toMatchObject({ path: 'name' })
    expect((await details('nobody_made_this', a)).status).toBe(404)
    const stranger = newUser()
    expect((await join(stranger, 'larks')).status).toBe(409)
  })

  it('a user cannot change or read as member another one membership: the init data decides whose it is', async () => {
    const [a, b] = [await miner(), await miner()]
    await join(a, 'herons')
    // b names a in every way a request could: query, body; only b moves
    await api.call(`/mining/alliance?alliance=egrets&userId=${a.id}&user_id=${a.id}`, b, {
      userId: a.id,
      user: { id: a.id },
    })
    expect(await membershipOf(a)).toBe('herons')
    expect(await membershipOf(b)).toBe('egrets')
    expect((await details('herons', b)).body).toMatchObject({ member: false, userRank: null })
    // a's init data signed with another bot's token, or none: refused, nothing changes
    const forged = signInitData({ botToken: '1:not-the-bot', user: { id: a.id, first_name: 'A' } })
    expect((await api.call('/mining/alliance', null, {}, { headers: { telegramRawData: forged } })).status).toBe(401)
    expect((await api.call('/mining/alliance', null, {})).status).toBe(401)
    expect(await membershipOf(a)).toBe('herons')
  })
})

describe('concurrent joins and leaves', () => {
  it('[guilds.14] 60 users joining, moving and leaving at once: every count is exact', async () => {
    const users = await Promise.all(Array.from({ length: 60 }, () => miner()))
    await Promise.all(users.map((u, i) => join(u, i % 2 ? 'flock_a' : 'flock_b')))
    // then all at once: a third leave, a third swap sides, a third join a third alliance, twice over
    for (let round = 0; round < 2; round++)
      await Promise.all(
        users.map((u, i) =>
          i % 3 === 0 ? join(u) : i % 3 === 1 ? join(u, (i + round) % 2 ? 'flock_b' : 'flock_a') : join(u, 'flock_c'),
        ),
      )
    for (const row of await counts()) expect(row.members, row.name).toBe(row.counted)
    const viewer = await miner()
    const sizes = await Promise.all(
      ['flock_a', 'flock_b', 'flock_c'].map(async (n) => (await details(n, viewer)).body.users),
    )
    // i % 3 == 1 (20 users) ends on (i + 1) % 2 ? b : a; i % 3 == 2 (20 users) in c
    const ones = users.map((_, i) => i).filter((i) => i % 3 === 1)
    expect(sizes).toEqual([
      ones.filter((i) => (i + 1) % 2 === 0).length,
      ones.filter((i) => (i + 1) % 2 === 1).length,
      20,
    ])
  }, 60_000)
})

describe('the alliance bonus', () => {
  it('[guilds.23] a member claim credits the claimer 5 % of the claim, reason alliance, once; a non-member claim none', async () => {
    const [member, loner] = [await miner(), await miner()]
    await join(member, 'bonus_team')
    ;(api.server.clock as MovableClock).advance(2 * HOUR_MS)
    const claimOf = async (user: User, key: string) => {
      const seen = (await api.call('/mining/user', user)).body.userMining
      return api.call('/mining/claim', user, { idempotencyKey: key, windowStart: seen.windowStart })
    }
    const key = `alliance-bonus-${member.id}`
    const first = await claimOf(member, key)
    expect(first.body.outcome).toBe('claimed')
    // the same claim again (a retry): the first answer, no second bonus
    expect((await claimOf(member, key)).body).toEqual(first.body)
    const entries = await api.server.db.query<{ delta: string; reference: string }>(
      `SELECT delta::text AS delta, reference FROM ledger WHERE user_id = $1 AND reason = 'alliance'`,
      [member.id],
    )
    const [claimed] = await api.server.db.query<{ delta: string; reference: string }>(
      `SELECT delta::text AS delta, reference FROM ledger WHERE user_id = $1 AND reason = 'claim'`,
      [member.id],
    )
    expect(entries).toEqual([{ delta: ((BigInt(claimed.delta) * 5n) / 100n).toString(), reference: claimed.reference }])
    expect(BigInt(entries[0].delta)).toBeGreaterThan(0n)
    expect((await claimOf(loner, `alliance-bonus-${loner.id}`)).body.outcome).toBe('claimed')
    expect(
      await api.server.db.query(`SELECT 1 FROM ledger WHERE user_id = $1 AND reason = 'alliance'`, [loner.id]),
    ).toEqual([])
  })
})
