/** Dev mode's simulated miners and alliances (server/guilds/dev.ts): the guild screens have data. */
import { describe, expect, it } from 'vitest'
import { seedDemoGuilds } from '../../../server/guilds/dev'
import { TEST_BOT, newUser, useServer } from '../helpers'

const api = useServer()

describe('dev mode guild data', () => {
  it('fills the rank leaderboards and the alliances, puts the demo user in one, and runs once per database', async () => {
    const demo = newUser()
    await seedDemoGuilds(api.server, TEST_BOT, demo, 30)
    const top = await api.call('/mining/guilds/1', demo)
    expect(top.status).toBe(200)
    expect(top.body.top.length).toBeGreaterThan(0)
    const mine = await api.call('/mining/alliances/switch_miners', demo)
    expect(mine.body).toMatchObject({ name: 'switch_miners', member: true })
    expect(mine.body.users).toBeGreaterThan(1)
    expect((await api.call('/mining/user', demo)).body.userMining.alliance).toBe('switch_miners')
    const seeded = await api.server.db.query("SELECT 1 FROM ledger WHERE reason = 'dev-seed'")
    await seedDemoGuilds(api.server, TEST_BOT, demo, 30)
    expect(await api.server.db.query("SELECT 1 FROM ledger WHERE reason = 'dev-seed'")).toHaveLength(seeded.length)
  })
})
