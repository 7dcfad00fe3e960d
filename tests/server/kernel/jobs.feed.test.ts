/**
 * The copy-trade feed on the job queue (server/copyTrade/engine.ts scheduleFeed), on the database
 * of the run: one step per interval of the server's clock, and a step taken again after its run
 * died advances no trader twice.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { feedStep } from '../../../server/copyTrade/engine'
import type { Clock } from '../../../server/kernel/clock'
import { loadCatalogue } from '../../../server/kernel/catalogue'
import { newUser, useServer } from '../helpers'

const TRADERS = ['0x8ba1f109551bD432803012645Ac136ddd64DBA72', '0x1111111254EEB25477B68fb85Ed929f73A960582']
const USDT_ARB = '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9'
const INTERVAL_MS = 60_000

const clock: Clock & { t: number } = { t: Date.parse('2030-01-01T00:00:00.000Z'), now: () => clock.t }
const api = useServer({ clock, copyFeedIntervalMs: INTERVAL_MS })

/** Each followed trader's next feed event number: how many steps advanced it. */
const stepsTaken = async () =>
  (
    await api.server.db.query<{ followed_address: string; next_seq: number }>(
      'SELECT followed_address, next_seq FROM copy_feed ORDER BY followed_address',
    )
  ).map((r) => [r.followed_address, r.next_seq])
const both = (n: number) => TRADERS.map((t) => [t.toLowerCase(), n]).sort()

describe('the copy-trade feed on the job queue', () => {
  beforeAll(async () => {
    // This test drives the queue by hand (runDue): the background loop would race it for each step.
    await api.server.jobs.stop()
    for (const followedAddress of TRADERS) {
      const user = newUser()
      await api.call('/tgUserWallets', user)
      const r = await api.call('/startMonitoringCopyTrade', user, {
        accountIndex: 0,
        chainId: 42161,
        followedAddress,
        ante: 0.1,
        protocols: ['uniswapUniversalRouter'],
        depositInNano: '150000000',
        fromToken: USDT_ARB,
      })
      expect(r.status).toBe(200)
    }
  }, 60_000)

  it('steps once per interval of the server clock, not before', async () => {
    expect(await api.server.jobs.runDue()).toBe(0)
    expect(await stepsTaken()).toEqual([])
    clock.t += INTERVAL_MS - 1
    expect(await api.server.jobs.runDue()).toBe(0)
    clock.t += 1
    expect(await api.server.jobs.runDue()).toBe(1)
    expect(await stepsTaken()).toEqual(both(1))
    clock.t += INTERVAL_MS
    expect(await api.server.jobs.runDue()).toBe(1)
    expect(await api.server.jobs.runDue()).toBe(0)
    expect(await stepsTaken()).toEqual(both(2))
  })

  it('a step whose run died after advancing the traders is taken again without advancing them twice', async () => {
    const catalogue = await loadCatalogue(api.server.db)
    const attempts: number[] = []
    api.server.jobs.define(
      'test.feedStepThenDie',
      async (job) => {
        attempts.push(job.attempt)
        await feedStep(api.server.db, catalogue, {}, (tx, trader) => job.firstTime(tx, trader))
        if (job.attempt === 1) throw new Error('the process died after the step committed')
      },
      { retries: 1, backoffMs: 0 },
    )
    const before = await stepsTaken()
    await api.server.jobs.send('test.feedStepThenDie', {})
    await api.server.jobs.runDue()
    expect(attempts).toEqual([1, 2])
    expect(await stepsTaken()).toEqual(before.map(([address, n]) => [address, (n as number) + 1]))
  })
})
