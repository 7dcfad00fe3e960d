/**
 * The daily reward and the daily boost (tasks.21-23; docs/features/tasks.md, "Rules chosen where
 * the spec is silent"): they turn at 00:00 UTC by the server's clock, pay once a day, also under
 * concurrent claims, and a missed day starts the streak again. On PGlite and on PostgreSQL, on a
 * frozen server clock (22:00 UTC).
 */
import { describe, expect, it } from 'vitest'
import { endpoints } from '../../../domain/api/endpoints'
import { MovableClock } from '../../../server/kernel/clock'
import { DAILY_REWARDS } from '../../../server/tasks/daily'
import { utcDay } from '../../../domain/tasks/completionRules'
import { type User, newUser, useServer } from '../helpers'
import { FIXED, boostsOf, decodes, miner, taskOf, taskRewards } from './helpers'

const api = useServer({ clock: new MovableClock({ now: () => FIXED }) })
const clock = () => api.server.clock as MovableClock
const HOUR = 3_600_000
const DAY = 24 * HOUR
const claim = (user: User) => api.call('/mining/dailyReward', user, {})
const daily = (user: User) => taskOf(api.server, user, 'dailyReward')
const flag = async (user: User) => {
  const r = await api.call('/totalBalance', user)
  decodes(endpoints.totalBalance.response, r.body)
  return r.body.isNotifyForBoost as boolean
}
/** Moves the clock to `hours` past the next 00:00 UTC. */
const toNextDay = (hours = 0) =>
  clock().advance((Math.floor(clock().now() / DAY) + 1) * DAY + hours * HOUR - clock().now())

describe('the daily reward', () => {
  it('rewardList and currentDay; a claim pays the day once; the next day turns at 00:00 UTC', async () => {
    const user = newUser()
    await miner(api.server, user)
    const first = await daily(user)
    expect(first).toMatchObject({
      state: 'notStarted',
      rewardList: DAILY_REWARDS.map(Number),
      currentDay: 1,
      doneAmount: 0,
      maxAmount: 1,
    })
    // the daily group's deadline is the next turn
    expect(first?.dttmUpdate).toBe(Date.UTC(2026, 10, 24))
    const claimed = await claim(user)
    // the day and what it paid, for the app to say
    expect(claimed).toMatchObject({ status: 200, body: { ok: true, day: 1, reward: '10' } })
    decodes(endpoints.dailyRewardClaim.response, claimed.body)
    expect(await claim(user)).toMatchObject({ status: 409 })
    expect(await daily(user)).toMatchObject({ state: 'done', currentDay: 1, doneAmount: 1 })
    // a millisecond before midnight it is still today
    clock().advance(Date.UTC(2026, 10, 24) - 1 - clock().now())
    expect(await claim(user)).toMatchObject({ status: 409 })
    clock().advance(1)
    expect(await daily(user)).toMatchObject({ state: 'notStarted', currentDay: 2 })
    expect(await claim(user)).toMatchObject({ status: 200, body: { ok: true, day: 2, reward: '20' } })
    expect((await taskRewards(api.server, user.id)).map((r) => [r.reference, r.delta])).toEqual([
      ['dailyReward:2026-11-23', '10000000000'],
      ['dailyReward:2026-11-24', '20000000000'],
    ])
  })

  it('a missed day starts the streak again at day 1; after the last day it starts again too', async () => {
    const user = newUser()
    await miner(api.server, user)
    await claim(user)
    toNextDay(1)
    await claim(user)
    toNextDay(1)
    toNextDay(1)
    expect(await daily(user)).toMatchObject({ currentDay: 1 })
    for (let day = 1; day <= DAILY_REWARDS.length; day++) {
      expect((await daily(user))?.currentDay).toBe(day)
      expect((await claim(user)).status).toBe(200)
      toNextDay(3)
    }
    expect((await daily(user))?.currentDay).toBe(1)
  })

  it('concurrent claims pay once', async () => {
    const user = newUser()
    await miner(api.server, user)
    const answers = await Promise.all(Array.from({ length: 8 }, () => claim(user)))
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409])
    expect(await taskRewards(api.server, user.id)).toHaveLength(1)
  })
})

describe('the daily boost', () => {
  it('[tasks.23] the flag is on once a UTC day, a claim boosts and clears it, a second claim is refused; it returns at 00:00 UTC', async () => {
    const user = newUser()
    await api.call('/tgUserWallets', user)
    // no mining profile: nothing to boost
    expect(await flag(user)).toBe(false)
    expect((await api.call('/mining/dailyBoost', user, {})).status).toBe(409)
    await miner(api.server, user)
    expect(await flag(user)).toBe(true)
    const answers = await Promise.all(Array.from({ length: 5 }, () => api.call('/mining/dailyBoost', user, {})))
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409])
    decodes(endpoints.activateDailyBoost.response, answers.find((a) => a.status === 200)?.body)
    // its speed and hours, for the app to say
    expect(answers.find((a) => a.status === 200)?.body).toEqual({ ok: true, speed: '0.5', hours: 3 })
    expect(await flag(user)).toBe(false)
    const boosts = await boostsOf(api.server, user.id)
    expect(
      boosts.map((b) => [b.reference, b.speed, new Date(b.ends_at).getTime() - new Date(b.starts_at).getTime()]),
    ).toEqual([[`dailyBoost:${utcDay(clock().now())}`, '500000000', 3 * HOUR]])
    toNextDay()
    expect(await flag(user)).toBe(true)
    const other = newUser()
    await miner(api.server, other)
    expect(await flag(other)).toBe(true)
  })
})
