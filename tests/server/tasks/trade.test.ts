/**
 * The trade task (tasks.68; docs/features/tasks.md, "The catalogue and how a task is judged"): the
 * swap volume of the last 24 h, from $100, boosts mining by 0.001 SWITCH/h per $1 counted up to the
 * daily maximum volume of $1000, for 24 h. On PGlite and on PostgreSQL, on a frozen server clock.
 */
import { describe, expect, it } from 'vitest'
import { MovableClock } from '../../../server/kernel/clock'
import { newUser, useServer } from '../helpers'
import { ETH, FIXED, USDC_ARB, boostsOf, miner, swapUsdc, taskOf } from './helpers'

const api = useServer({
  clock: new MovableClock({ now: () => FIXED }),
  bot: { apiRoot: null, updates: { kind: 'off' } },
})
const clock = () => api.server.clock as MovableClock
const HOUR = 3_600_000

/** Swaps `wei` of ETH on Arbitrum into USDC ($3500 an ETH in the catalogue). */
async function sellEth(user: ReturnType<typeof newUser>, wei: string) {
  const q = await api.call('/fetchRoute', user, {
    amount: wei,
    from: ETH,
    to: USDC_ARB,
    fromChainId: 42161,
    toChainId: 42161,
    accountIndex: 0,
  })
  expect(q.status, JSON.stringify(q.body)).toBe(200)
  const r = await api.call('/swap', user, {
    routeId: q.body.route.id,
    accountIndex: 0,
    idempotencyKey: `trade-eth-${user.id}-${wei}`,
  })
  expect(r.status, JSON.stringify(r.body)).toBe(200)
}
const tradeBoosts = async (userId: number) =>
  (await boostsOf(api.server, userId))
    .filter((b) => b.reference.startsWith('trade:'))
    .map((b) => ({ speed: b.speed, hours: (b.ends_at.getTime() - b.starts_at.getTime()) / HOUR }))

describe('the trade task', () => {
  it("[tasks.68] a day's swap volume from $100 gives a 24 h boost of 0.001 SWITCH/h per $1, counted up to the daily maximum of $1000", async () => {
    // $99.99 is not enough; $250 in all gives 0.25 SWITCH/h for 24 h
    const small = newUser()
    await miner(api.server, small)
    await swapUsdc(api.server, small, '99990000')
    expect(await taskOf(api.server, small, 'trade', 'pump')).toMatchObject({
      state: 'notStarted',
      doneAmount: 99,
      maxAmount: 100,
    })
    expect(await tradeBoosts(small.id)).toEqual([])
    await swapUsdc(api.server, small, '150010000')
    expect(await taskOf(api.server, small, 'trade', 'pump')).toMatchObject({ state: 'done', currentAddSpeed: 0.25 })
    expect(await tradeBoosts(small.id)).toEqual([{ speed: '250000000', hours: 24 }])

    // 0.4 ETH is $1400 of volume: only the daily maximum of $1000 counts, 1 SWITCH/h
    const big = newUser()
    await miner(api.server, big)
    await sellEth(big, '400000000000000000')
    expect(await taskOf(api.server, big, 'trade', 'pump')).toMatchObject({ state: 'done', currentAddSpeed: 1 })
    expect(await tradeBoosts(big.id)).toEqual([{ speed: '1000000000', hours: 24 }])

    // a day later the boost has run out and the volume window is empty: the task is open again
    clock().advance(24 * HOUR + 1)
    expect((await taskOf(api.server, big, 'trade', 'pump'))?.state).toBe('notStarted')
    expect((await taskOf(api.server, small, 'trade', 'pump'))?.state).toBe('notStarted')
  })
})
