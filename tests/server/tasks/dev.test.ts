/**
 * Dev mode's tasks ("Done when"): npm start's demo user has tasks in each state, made
 * through the server's own calls, once per database. On PGlite and on PostgreSQL.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { MovableClock } from '../../../server/kernel/clock'
import { verifyDelayMs } from '../../../server/tasks/catalogue'
import { seedDemoTasks } from '../../../server/tasks/dev'
import { TEST_BOT, useServer } from '../helpers'
import { FIXED, taskOf } from './helpers'

const api = useServer({
  clock: new MovableClock({ now: () => FIXED }),
  bot: { apiRoot: null, updates: { kind: 'off' } },
})

describe('dev mode tasks', () => {
  // The tests drive the queue by hand (runDue on the moved clock): the background loop would race them.
  beforeAll(() => api.server.jobs.stop())

  it('the demo user has tasks not started, started, verifying, done and expired; a second run adds nothing', async () => {
    const demo = api.server.demoUser!
    await seedDemoTasks(api.server, TEST_BOT, demo)
    const state = async (code: string, tab: 'general' | 'subscriptions' | 'pump' = 'general') =>
      (await taskOf(api.server, demo, code, tab))?.state
    for (const code of ['tonSwaps', 'depositUSD', 'addWallet', 'dailyReward', 'burnFest'])
      expect(await state(code), code).toBe('done')
    expect(await state('ethSwaps')).toBe('started')
    expect(await state('subscription', 'subscriptions')).toBe('verifying')
    expect(await state('kombat')).toBe('verifying')
    expect(await state('openLeague')).toBe('expired')
    expect(await state('arbSwaps')).toBe('notStarted')
    ;(api.server.clock as MovableClock).advance(Math.max(verifyDelayMs('subscription'), verifyDelayMs('kombat')) + 1)
    await api.server.jobs.runDue()
    expect(await state('subscription', 'subscriptions')).toBe('done')
    expect(await state('kombat')).toBe('done')
    const rows = async () =>
      (await api.server.db.query(`SELECT count(*)::text AS n FROM ledger WHERE user_id = $1`, [demo.id]))[0]
    const before = await rows()
    await seedDemoTasks(api.server, TEST_BOT, demo)
    expect(await rows()).toEqual(before)
  })
})
