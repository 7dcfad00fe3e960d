/** Dev mode's demo friends ("Dev mode"): made through the server's own calls, once per database. */
import { describe, expect, it } from 'vitest'
import { DEMO_USER } from '../../../server/app'
import { seedDemoFriends } from '../../../server/friends/dev'
import { TEST_BOT, useServer } from '../helpers'
import { decodes, nano } from './helpers'

const api = useServer()
const demo = { id: DEMO_USER.id, first_name: DEMO_USER.first_name }

describe("the demo user's friends", () => {
  it('has Premium and ordinary friends who mined and claimed, and friends of friends; a second run adds nothing', async () => {
    await seedDemoFriends(api.server, TEST_BOT, DEMO_USER)
    const stats = await api.call('/mining/referralStats', demo)
    decodes('referralStats', stats.body)
    expect(stats.body).toMatchObject({ premium_friends: 6, ordinary_friends: 17 })
    expect(nano(stats.body.friends_bonus)).toBeGreaterThan(0n)
    expect(nano(stats.body.friends_2_bonus)).toBeGreaterThan(0n)
    const names: string[] = []
    let token: string | null = null
    do {
      const page = await api.call(
        `/mining/friends?limit=10${token ? `&pageToken=${encodeURIComponent(token)}` : ''}`,
        demo,
      )
      decodes('friends', page.body)
      names.push(...page.body.result.map((f: { firstName: string }) => f.firstName))
      token = page.body.nextToken
    } while (token !== null)
    expect(names).toHaveLength(23)
    expect(names[0]).toBe('Anna')
    await seedDemoFriends(api.server, TEST_BOT, DEMO_USER)
    expect((await api.call('/mining/referralStats', demo)).body).toEqual(stats.body)
  })
})
