/**
 * The friends calls (doc 2 §3, §7): the list by keyset pages that never repeat or skip a
 * friend while others join, one's own friends only, limits and tokens refused with their path; the
 * stats; every answer decoded with the client's codecs.
 */
import { describe, expect, it } from 'vitest'
import { HOUR_MS } from '../../../domain/mining/accrual'
import type { MovableClock } from '../../../server/kernel/clock'
import { FRIENDS_PAGE_SIZE } from '../../../server/friends/seed'
import { type User, newUser, useServer } from '../helpers'
import { codeOf, decodes, launch, nano } from './helpers'

const api = useServer({ botUsername: 'switch_test_bot' })
const clock = () => api.server.clock as MovableClock

async function member(): Promise<{ user: User; code: string }> {
  const user = newUser()
  expect((await launch(api.server, user, null)).status).toBe(200)
  return { user, code: await codeOf(api.server, user) }
}
/** A new friend of `code`'s owner, named `name`. */
async function join(code: string, name: string, over: Partial<User> = {}): Promise<User> {
  const friend = newUser({ first_name: name, ...over })
  expect((await launch(api.server, friend, `ref-${code}`)).status).toBe(200)
  return friend
}
const page = async (user: User, query: string) => {
  const answer = await api.call(`/mining/friends?${query}`, user)
  if (answer.status === 200) decodes('friends', answer.body)
  return answer
}

describe('the friends list', () => {
  it('[friends.11] a page of at most 10, oldest first, each friend with firstName, gotAmount, bonus and guild; nextToken until the last page', async () => {
    const a = await member()
    const empty = await page(a.user, 'limit=10')
    expect(empty.body).toEqual({ result: [], nextToken: null })
    const friends: User[] = []
    for (let i = 0; i < 12; i++) friends.push(await join(a.code, `Friend ${i}`, { is_premium: i % 3 === 0 }))
    // one friend mines and claims: their SWITCH and what it paid the user show
    await api.call('/mining/user', friends[0], {})
    clock().advance(HOUR_MS)
    const windowStart = (await api.call('/mining/user', friends[0])).body.userMining.windowStart
    const claim = await api.call('/mining/claim', friends[0], {
      idempotencyKey: `friends-list-${Date.now()}`,
      windowStart,
    })
    const claimed = nano(claim.body.claimed)
    const first = await page(a.user, 'limit=10')
    expect(first.status).toBe(200)
    expect(first.body.result.map((f: { firstName: string }) => f.firstName)).toEqual(
      friends.slice(0, 10).map((f) => f.first_name),
    )
    expect(first.body.result[0]).toEqual({
      firstName: 'Friend 0',
      gotAmount: claim.body.claimed,
      bonus: expect.any(String),
      guild: 0,
    })
    // Friend 0 is Premium: 10 % of the claim and the Premium tier's 60
    expect(nano(first.body.result[0].bonus)).toBe((claimed * 10n) / 100n + 60n * 10n ** 9n)
    expect(first.body.result[1]).toEqual({ firstName: 'Friend 1', gotAmount: '0', bonus: '0', guild: 0 })
    expect(first.body.nextToken).toEqual(expect.any(String))
    const second = await page(a.user, `limit=10&pageToken=${encodeURIComponent(first.body.nextToken)}`)
    expect(second.body.result.map((f: { firstName: string }) => f.firstName)).toEqual(['Friend 10', 'Friend 11'])
    expect(second.body.nextToken).toBeNull()
    // the bonuses of the list add up to the stats
    const stats = (await api.call('/mining/referralStats', a.user)).body
    expect(stats).toMatchObject({ premium_friends: 4, ordinary_friends: 8 })
    expect(stats.friends_bonus).toBe(first.body.result[0].bonus)
  })

  it('keyset pages never repeat or skip a friend while others join between page reads (same millisecond or later)', async () => {
    const a = await member()
    const before: User[] = []
    for (let i = 0; i < 23; i++) before.push(await join(a.code, `Early ${i}`))
    const seen: string[] = []
    let token: string | null = null
    let round = 0
    do {
      const limit = [10, 3, 7, 1][round % 4]
      const answer = await page(
        a.user,
        `limit=${limit}${token === null ? '' : `&pageToken=${encodeURIComponent(token)}`}`,
      )
      expect(answer.status).toBe(200)
      expect(answer.body.result.length).toBeLessThanOrEqual(limit)
      seen.push(...answer.body.result.map((f: { firstName: string }) => f.firstName))
      token = answer.body.nextToken
      // friends keep joining between reads, some at the same millisecond as others
      if (round < 6) for (let j = 0; j < 3; j++) await join(a.code, `Late ${round}.${j}`)
      if (round % 2 === 0) clock().advance(1)
      round++
    } while (token !== null)
    expect(new Set(seen).size).toBe(seen.length)
    expect(seen.slice(0, 23)).toEqual(before.map((f) => f.first_name))
    // everyone who joined while the pages were read comes after, in the order they joined
    expect(seen.slice(23)).toEqual(Array.from({ length: 18 }, (_, i) => `Late ${Math.floor(i / 3)}.${i % 3}`))
  })

  it("a user reads their own friends only: another user's page token is refused, and their own list holds none of them", async () => {
    const a = await member()
    const b = await member()
    for (let i = 0; i < 11; i++) await join(a.code, `A's friend ${i}`)
    await join(b.code, "B's friend")
    const aFirst = await page(a.user, 'limit=10')
    expect(aFirst.body.nextToken).toEqual(expect.any(String))
    const stolen = await page(b.user, `limit=10&pageToken=${encodeURIComponent(aFirst.body.nextToken)}`)
    expect(stolen.status).toBe(400)
    expect(stolen.body.path).toBe('pageToken')
    expect((await page(b.user, 'limit=10')).body).toEqual({
      result: [{ firstName: "B's friend", gotAmount: '0', bonus: '0', guild: 0 }],
      nextToken: null,
    })
  })

  it('refuses a limit outside 1-10 with path limit, and a token that is not one with path pageToken; an empty token is the first page', async () => {
    const a = await member()
    await join(a.code, 'Only')
    for (const limit of ['0', String(FRIENDS_PAGE_SIZE + 1), '-1', '1.5', 'ten', '']) {
      const answer = await page(a.user, `limit=${limit}`)
      expect(answer.status, limit).toBe(400)
      expect(answer.body.path).toBe('limit')
    }
    expect((await page(a.user, '')).status).toBe(400)
    for (const token of [
      'x',
      'bm90LWEtdG9rZW4',
      Buffer.from(`${a.user.id}.abc.1`).toString('base64url'),
      '%00',
      'a'.repeat(200),
    ]) {
      const answer = await page(a.user, `limit=10&pageToken=${encodeURIComponent(token)}`)
      expect(answer.status, token).toBe(400)
      expect(answer.body.path).toBe('pageToken')
    }
    expect((await page(a.user, 'limit=10&pageToken=')).body).toEqual({
      result: [{ firstName: 'Only', gotAmount: '0', bonus: '0', guild: 0 }],
      nextToken: null,
    })
  })

  it('needs genuine init data, like every call', async () => {
    for (const path of ['/mining/friends?limit=10', '/mining/referralStats', '/mining/invite'])
      expect((await api.call(path, null)).status).toBe(401)
  })
})
