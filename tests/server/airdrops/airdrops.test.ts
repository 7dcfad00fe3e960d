/**
 * Airdrops (airdrops.1-6; docs/features/tasks.md, "Airdrops"): tston and xrocket, locked below 3 invited
 * friends (nothing judged, confirmations refused), then confirmed subscriptions done 10 s on, the
 * deposit task from the token deposited, and the airdrop's speed once all its tasks are done. On
 * PGlite and on PostgreSQL, on a frozen server clock.
 */
import { describe, expect, it } from 'vitest'
import { endpoints } from '../../../domain/api/endpoints'
import { CONFIRM_DELAY_MS } from '../../../server/airdrops/airdrops'
import { MovableClock } from '../../../server/kernel/clock'
import { type User, newUser, useServer } from '../helpers'
import { FIXED, boostsOf, decodes, deposit, inviteFriend, miner } from '../tasks/helpers'

const api = useServer({ clock: new MovableClock({ now: () => FIXED }), botUsername: 'switch_test_bot' })
const clock = () => api.server.clock as MovableClock
type Airdrop = {
  code: string
  airDropSpeed: number
  dttmDeadline: string
  pricePool: number | string
  winnerAmount: number
  isCompleted: boolean
  tasks: { code: string; doneAmount: number; maxAmount: number; isCompleted: boolean }[]
}
async function airdrops(user: User) {
  const r = await api.call('/mining/tasks?boostType=airdrop', user)
  expect(r.status).toBe(200)
  decodes(endpoints.airdrops.response, r.body)
  return r.body as { friendsAmount: number; tasks: Airdrop[] }
}
const confirm = (user: User, subscriptionType: string, airdropId?: string) =>
  api.call('/mining/confirmSubscription', user, { subscriptionType, ...(airdropId ? { airdropId } : {}) })
const tston = async (user: User) => (await airdrops(user)).tasks.find((a) => a.code === 'tston') as Airdrop

describe('airdrops', () => {
  it('[airdrops.2] [airdrops.3] [airdrops.5] tston and xrocket with speed, deadline, a prize pool as a number and as a range, winners and tasks', async () => {
    const user = newUser()
    await miner(api.server, user)
    const { friendsAmount, tasks } = await airdrops(user)
    expect(friendsAmount).toBe(0)
    expect(tasks.map((a) => [a.code, typeof a.pricePool])).toEqual([
      ['tston', 'number'],
      ['xrocket', 'string'],
    ])
    expect(tasks[1].pricePool).toBe('1000-3000')
    for (const a of tasks) {
      expect(a.tasks.map((t) => t.code)).toEqual(['subscription', 'subscriptionTwitter', 'deposit'])
      // airdrops.5: each task's progress; a subscription's link; a deposit's token, as token and fromToken
      const [subscription, twitter, deposit] = a.tasks as (Airdrop['tasks'][number] & {
        url?: string
        token?: { symbol: string }
        fromToken?: { symbol: string }
      })[]
      for (const t of a.tasks)
        expect(t).toMatchObject({ doneAmount: 0, maxAmount: expect.any(Number), isCompleted: false })
      expect([subscription.url, twitter.url]).toEqual([
        expect.stringMatching(/^https:\/\/t\.me\//),
        expect.stringMatching(/^https:\/\/x\.com\//),
      ])
      expect(deposit.token?.symbol).toBe(a.code === 'tston' ? 'tsTON' : 'USDT')
      expect(deposit.fromToken).toEqual(deposit.token)
      expect(a.isCompleted).toBe(false)
      expect(Date.parse(a.dttmDeadline)).toBeGreaterThan(FIXED)
      expect(a.airDropSpeed).toBeGreaterThan(0)
    }
  })

  it('[airdrops.1] locked below 3 friends: nothing judged, a confirmation refused; the third friend unlocks them', async () => {
    const user = newUser()
    await miner(api.server, user)
    await deposit(api.server, user, 'TON', 'tsTON', '2')
    for (let i = 0; i < 2; i++) await inviteFriend(api.server, user, newUser() as never)
    expect(await confirm(user, 'subscription', 'tston')).toMatchObject({ status: 409 })
    const locked = await airdrops(user)
    expect(locked.friendsAmount).toBe(2)
    expect(locked.tasks.flatMap((a) => a.tasks).every((t) => t.doneAmount === 0 && !t.isCompleted)).toBe(true)
    await inviteFriend(api.server, user, newUser() as never)
    expect((await airdrops(user)).friendsAmount).toBe(3)
    // the deposit made before counts once unlocked (it is inside the airdrop's time)
    expect((await tston(user)).tasks[2]).toMatchObject({
      code: 'deposit',
      doneAmount: 2,
      maxAmount: 1,
      isCompleted: true,
    })
  })

  it('a confirmed subscription is done 10 s on; all tasks done boost by airDropSpeed until the deadline, once', async () => {
    const user = newUser()
    await miner(api.server, user)
    for (let i = 0; i < 3; i++) await inviteFriend(api.server, user, newUser() as never)
    const ok = await confirm(user, 'subscription', 'tston')
    expect(ok).toMatchObject({ status: 200, body: { ok: true } })
    decodes(endpoints.confirmSubscription.response, ok.body)
    expect((await tston(user)).tasks[0].isCompleted).toBe(false)
    clock().advance(CONFIRM_DELAY_MS)
    expect((await tston(user)).tasks[0].isCompleted).toBe(true)
    await confirm(user, 'subscriptionTwitter', 'tston')
    clock().advance(CONFIRM_DELAY_MS)
    expect((await tston(user)).isCompleted).toBe(false)
    await deposit(api.server, user, 'TON', 'tsTON', '1')
    await Promise.all([airdrops(user), airdrops(user), airdrops(user)])
    const done = await tston(user)
    expect(done.isCompleted).toBe(true)
    const boosts = (await boostsOf(api.server, user.id)).filter((b) => b.source === 'airdrop')
    expect(boosts.map((b) => [b.reference, b.speed, new Date(b.ends_at).toISOString()])).toEqual([
      ['tston', '500000000', new Date(Date.parse(done.dttmDeadline)).toISOString()],
    ])
    // another user's confirmations are theirs
    const other = newUser()
    for (let i = 0; i < 3; i++) await inviteFriend(api.server, other, newUser() as never)
    expect((await tston(other)).tasks[0].isCompleted).toBe(false)
  })

  it('bad input is a 4xx naming the field', async () => {
    const user = newUser()
    expect(await confirm(user, 'subscription', 'nope')).toMatchObject({ status: 400, body: { path: 'airdropId' } })
    expect(await confirm(user, 'subscription')).toMatchObject({ status: 400, body: { path: 'airdropId' } })
    expect(await confirm(user, 'deposit', 'tston')).toMatchObject({ status: 400, body: { path: 'subscriptionType' } })
    expect(await api.call('/mining/confirmSubscription', user, { airdropId: 'tston' })).toMatchObject({
      status: 400,
      body: { path: 'subscriptionType' },
    })
  })
})
