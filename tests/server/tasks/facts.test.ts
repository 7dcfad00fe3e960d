/**
 * Tasks completed from the server's facts (docs/features/tasks.md, "The catalogue and how a task is
 * judged"): swaps of more than $10 per chain in the last 24 h, deposits, PUNK deposits, alliance
 * membership, invited friends, the group task's 2 of 4, sniping; each paid once, also under
 * concurrent reads. On PGlite and on PostgreSQL, on a frozen server clock.
 */
import { describe, expect, it } from 'vitest'
import { endpoints } from '../../../domain/api/endpoints'
import { MovableClock } from '../../../server/kernel/clock'
import { newUser, useServer } from '../helpers'
import {
  FIXED,
  PUNK,
  boostsOf,
  buyWithTon,
  decodes,
  deposit,
  inviteFriend,
  miner,
  swapUsdc,
  taskOf,
  taskRewards,
  tasksOf,
  whale,
} from './helpers'

const api = useServer({
  clock: new MovableClock({ now: () => FIXED }),
  bot: { apiRoot: null, updates: { kind: 'off' } },
})
const clock = () => api.server.clock as MovableClock
const HOUR = 3_600_000

describe('tasks from facts', () => {
  it('[tasks.6] each tab answers its groups, every task with its server state, decoding with the client codec', async () => {
    const user = newUser()
    await miner(api.server, user)
    const general = await tasksOf(api.server, user, 'general')
    expect(Object.keys(general).sort()).toEqual(['connect', 'daily', 'partner', 'pump', 'subscriptions', 'trade'])
    expect(general.pump).toEqual([])
    expect(general.trade.map((t) => t.code)).toContain('arbSwaps')
    expect((await tasksOf(api.server, user, 'pump')).pump.map((t) => t.code)).toContain('sniping')
    expect((await tasksOf(api.server, user, 'subscriptions')).subscriptions.map((t) => t.code)).toContain(
      'bigpumpChannel',
    )
    for (const t of Object.values(general).flat()) expect(['notStarted', 'expired']).toContain(t.state)
    expect((await taskOf(api.server, user, 'openLeague'))?.state).toBe('expired')
  })

  it('[tasks.16] [tasks.17] a task shows only from its minSpeedToShow (SWITCH an hour): 0.7 shows at 1.5, 1e6 to 1e8 do not', async () => {
    const user = newUser()
    await miner(api.server, user)
    const codes = Object.values(await tasksOf(api.server, user))
      .flat()
      .map((t) => t.code)
    expect(codes).toContain('depositPunk')
    for (const hidden of ['dailySwap', 'group', 'addAlliance', 'bums', 'boink']) expect(codes).not.toContain(hidden)
    expect(codes).toContain('kombat')
    const fast = newUser()
    await whale(api.server, fast)
    const shown = Object.values(await tasksOf(api.server, fast))
      .flat()
      .map((t) => t.code)
    for (const code of ['dailySwap', 'group', 'addAlliance']) expect(shown).toContain(code)
    expect(shown).not.toContain('bums')
    // each threshold exactly, and one nano below it (speeds compared exactly, as decimal text)
    const edge = newUser()
    await miner(api.server, edge)
    // [code, its threshold, one nano below it]
    const thresholds = [
      ['depositPunk', '0.7', '0.699999999'],
      ['dailySwap', '1000000', '999999.999999999'],
      ['group', '10000000', '9999999.999999999'],
      ['addAlliance', '10000000', '9999999.999999999'],
      ['bums', '100000000', '99999999.999999999'],
      ['boink', '100000000', '99999999.999999999'],
    ]
    const shownAt = async (speed: string) => {
      await api.server.db.query('UPDATE mining_users SET speed = $2::numeric WHERE user_id = $1', [edge.id, speed])
      return Object.values(await tasksOf(api.server, edge))
        .flat()
        .map((t) => t.code)
    }
    for (const [code, threshold, below] of thresholds) {
      expect(await shownAt(threshold), `${code} at ${threshold}`).toContain(code)
      expect(await shownAt(below), `${code} at ${below}`).not.toContain(code)
    }
  })

  it("a task not shown at the user's speed is not paid: addAlliance at 1.5 SWITCH/h", async () => {
    const user = newUser()
    await miner(api.server, user)
    await api.call('/mining/alliance?alliance=hidden_pals', user, {})
    await tasksOf(api.server, user)
    expect(await taskRewards(api.server, user.id)).toEqual([])
  })

  it('[tasks.65] a $9.99 swap on Arbitrum does not complete arbSwaps, a $10.01 one does: a 24 h boost, once; 24 h on the task is open again', async () => {
    const user = newUser()
    await miner(api.server, user)
    await swapUsdc(api.server, user, '9990000')
    expect((await taskOf(api.server, user, 'arbSwaps'))?.state).toBe('notStarted')
    expect(await boostsOf(api.server, user.id)).toEqual([])
    await swapUsdc(api.server, user, '10010000')
    const done = await taskOf(api.server, user, 'arbSwaps')
    expect(done).toMatchObject({
      state: 'done',
      isCompleted: true,
      doneAmount: 1,
      maxAmount: 1,
      dttmUpdate: FIXED + 24 * HOUR,
      currentAddSpeed: 0.1,
    })
    // other chains are not done by it
    expect((await taskOf(api.server, user, 'opSwaps'))?.state).toBe('notStarted')
    expect((await taskOf(api.server, user, 'tonSwaps'))?.state).toBe('notStarted')
    const boosts = await boostsOf(api.server, user.id)
    expect(
      boosts.map((b) => [
        b.reference.split(':')[0],
        b.speed,
        new Date(b.ends_at).getTime() - new Date(b.starts_at).getTime(),
      ]),
    ).toEqual([['arbSwaps', '100000000', 24 * HOUR]])
    const record = (await api.call('/mining/user', user)).body
    decodes(endpoints.miningUser.response, record)
    expect(record.userMining.speed).toBe('1.6')
    // the same swap never completes it twice; after 24 h the task is open again
    clock().advance(24 * HOUR + 1)
    expect((await taskOf(api.server, user, 'arbSwaps'))?.state).toBe('notStarted')
    await swapUsdc(api.server, user, '11000000')
    expect((await taskOf(api.server, user, 'arbSwaps'))?.state).toBe('done')
    expect(await boostsOf(api.server, user.id)).toHaveLength(2)
  })

  it('a swap older than 24 h does not count', async () => {
    const user = newUser()
    await miner(api.server, user)
    await swapUsdc(api.server, user, '20000000')
    clock().advance(24 * HOUR + 1)
    expect((await taskOf(api.server, user, 'arbSwaps'))?.state).toBe('notStarted')
  })

  it('concurrent reads of a completed task pay it once', async () => {
    const user = newUser()
    await whale(api.server, user)
    await api.call('/mining/alliance?alliance=task_pals', user, {})
    await Promise.all(Array.from({ length: 8 }, () => api.call('/mining/tasks?boostType=general', user)))
    expect(await taskRewards(api.server, user.id)).toEqual([{ reference: 'addAlliance:once', delta: '200000000000' }])
    await swapUsdc(api.server, user, '15000000')
    await Promise.all(Array.from({ length: 8 }, () => api.call('/mining/tasks?boostType=general', user)))
    expect((await boostsOf(api.server, user.id)).filter((b) => b.reference.startsWith('arbSwaps:'))).toHaveLength(1)
    // dailySwap (any chain) is done by the same swap, once
    expect(
      (await boostsOf(api.server, user.id)).filter((b) => b.reference.startsWith('dailySwap:')).map((b) => b.speed),
    ).toEqual(['200000000'])
  })

  it('[tasks.66] the deposit boost: +0.05 SWITCH/h per $1 from $10, counted up to $100', async () => {
    const user = newUser()
    await miner(api.server, user)
    await deposit(api.server, user, 42161, 'USDT', '9')
    expect(await taskOf(api.server, user, 'depositUSD')).toMatchObject({
      state: 'notStarted',
      doneAmount: 9,
      maxAmount: 10,
    })
    await deposit(api.server, user, 42161, 'USDT', '2.5')
    expect(await taskOf(api.server, user, 'depositUSD')).toMatchObject({ state: 'done', currentAddSpeed: 0.575 })
    const other = newUser()
    await miner(api.server, other)
    await deposit(api.server, other, 1, 'USDC', '250')
    expect(await taskOf(api.server, other, 'depositUSD')).toMatchObject({ state: 'done', currentAddSpeed: 5 })
    expect((await boostsOf(api.server, other.id)).map((b) => b.speed)).toEqual(['5000000000'])
  })

  it('money sent by another user of the service is no deposit: passing it back and forth earns no boost', async () => {
    const [alice, bob] = [newUser(), newUser()]
    await miner(api.server, alice)
    await miner(api.server, bob)
    const bobWallets = (await api.call('/tgUserWallets', bob)).body as unknown as { address: string }[]
    const sent = await api.call('/transfer', alice, {
      to: bobWallets[1].address,
      amount: '60',
      tokenAddress: '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9',
      chainId: 42161,
      accountIndex: 0,
      comment: '',
      dry: false,
      idempotencyKey: 'deposit-loop-1',
    })
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
    expect(await taskOf(api.server, bob, 'depositUSD')).toMatchObject({ state: 'notStarted', doneAmount: 0 })
    expect(await boostsOf(api.server, bob.id)).toEqual([])
  })

  it('[tasks.67] the PUNK deposit boost: +0.00875 SWITCH/h per PUNK from 20; the starter balance is no deposit', async () => {
    const user = newUser()
    await miner(api.server, user)
    expect(await taskOf(api.server, user, 'depositPunk')).toMatchObject({ state: 'notStarted', doneAmount: 0 })
    await deposit(api.server, user, 'TON', 'PUNK', '19.5')
    expect((await taskOf(api.server, user, 'depositPunk'))?.state).toBe('notStarted')
    await deposit(api.server, user, 'TON', PUNK, '10.5')
    expect(await taskOf(api.server, user, 'depositPunk')).toMatchObject({ state: 'done', currentAddSpeed: 0.2625 })
    const big = newUser()
    await miner(api.server, big)
    await deposit(api.server, big, 'TON', 'PUNK', '9000')
    expect(await taskOf(api.server, big, 'depositPunk')).toMatchObject({ state: 'done', currentAddSpeed: 70 })
  })

  it('[tasks.72] waitlist: done at 2 invited friends, paid once', async () => {
    const user = newUser()
    await miner(api.server, user)
    await inviteFriend(api.server, user, newUser() as never)
    expect(await taskOf(api.server, user, 'waitlist')).toMatchObject({
      state: 'notStarted',
      doneAmount: 1,
      maxAmount: 2,
    })
    await inviteFriend(api.server, user, newUser() as never)
    expect(await taskOf(api.server, user, 'waitlist')).toMatchObject({ state: 'done', doneAmount: 2 })
    await tasksOf(api.server, user)
    expect(await taskRewards(api.server, user.id)).toEqual([{ reference: 'waitlist:once', delta: '300000000000' }])
  })

  it('group: one swap over $1000 alone is 1 of 4; with swaps over $2000 in all it is 2 and done', async () => {
    const user = newUser()
    await whale(api.server, user)
    await deposit(api.server, user, 42161, 'USDC', '3000')
    await swapUsdc(api.server, user, '1000010000')
    expect(await taskOf(api.server, user, 'group')).toMatchObject({ state: 'notStarted', doneAmount: 1, maxAmount: 2 })
    await swapUsdc(api.server, user, '1000000000')
    expect(await taskOf(api.server, user, 'group')).toMatchObject({ state: 'done', doneAmount: 2 })
    expect(
      (await boostsOf(api.server, user.id)).filter((b) => b.reference === 'group:once').map((b) => b.speed),
    ).toEqual(['300000000'])
  })

  it('[tasks.69] sniping: 10 buys with TON in 24 h, or 1.4M tokens sold in one sale', async () => {
    const user = newUser()
    await miner(api.server, user)
    for (let i = 0; i < 9; i++) await buyWithTon(api.server, user, '100000000')
    expect(await taskOf(api.server, user, 'sniping', 'pump')).toMatchObject({
      state: 'notStarted',
      doneAmount: 9,
      maxAmount: 10,
    })
    await buyWithTon(api.server, user, '100000000')
    expect(await taskOf(api.server, user, 'sniping', 'pump')).toMatchObject({ state: 'done', currentAddSpeed: 0.5 })
    // tonSwaps needs more than $10: ten buys of 0.1 TON ($0.30 each) never did it
    expect((await taskOf(api.server, user, 'tonSwaps'))?.state).toBe('notStarted')
    // or 1.4M tokens sold: 1,399,999 PUNK in one sale do not, 1,400,000 do
    const sell = async (seller: typeof user, punk: string) => {
      await deposit(api.server, seller, 'TON', PUNK, punk)
      const r = await api.call(
        '/v2/tc/swap',
        seller,
        {
          offer_jetton: PUNK,
          offer_amount: `${punk}000000000`,
          ask_jetton: 'native',
          min_ask_amount: '1',
          provider: 'stonfi',
          idempotencyKey: `sell-${seller.id}-${punk}`,
        },
        { headers: { walletindex: '0' } },
      )
      expect(r.status, JSON.stringify(r.body)).toBe(200)
    }
    const [short, seller] = [newUser(), newUser()]
    await miner(api.server, short)
    await miner(api.server, seller)
    await sell(short, '1399999')
    expect((await taskOf(api.server, short, 'sniping', 'pump'))?.state).toBe('notStarted')
    await sell(seller, '1400000')
    expect((await taskOf(api.server, seller, 'sniping', 'pump'))?.state).toBe('done')
  })

  it("a user never sees or changes another user's tasks", async () => {
    const [alice, bob] = [newUser(), newUser()]
    await miner(api.server, alice)
    await miner(api.server, bob)
    await swapUsdc(api.server, alice, '50000000')
    await api.call('/mining/taskStarted', alice, { code: 'ethSwaps' })
    expect((await taskOf(api.server, alice, 'arbSwaps'))?.state).toBe('done')
    expect((await taskOf(api.server, alice, 'ethSwaps'))?.state).toBe('started')
    expect((await taskOf(api.server, bob, 'arbSwaps'))?.state).toBe('notStarted')
    expect((await taskOf(api.server, bob, 'ethSwaps'))?.state).toBe('notStarted')
    expect(await boostsOf(api.server, bob.id)).toEqual([])
  })

  it('bad input is a 4xx naming the field', async () => {
    const user = newUser()
    expect(await api.call('/mining/tasks', user)).toMatchObject({ status: 400, body: { path: 'boostType' } })
    expect(await api.call('/mining/tasks?boostType=nope', user)).toMatchObject({
      status: 400,
      body: { path: 'boostType' },
    })
    // airdrops.2: boostType=airdrop is the spec's airdrops call, answered with the airdrops
    expect(await api.call('/mining/tasks?boostType=airdrop', user)).toMatchObject({
      status: 200,
      body: { friendsAmount: 0, tasks: [{ code: 'tston' }, { code: 'xrocket' }] },
    })
    expect(await api.call('/mining/taskStarted', user, { code: 'nope' })).toMatchObject({
      status: 400,
      body: { path: 'code' },
    })
    expect(await api.call('/mining/taskStarted', user, {})).toMatchObject({ status: 400, body: { path: 'code' } })
    expect(await api.call('/mining/taskStarted', user, { code: 'openLeague' })).toMatchObject({
      status: 409,
      body: { path: 'code' },
    })
    // tasks.16: a partner task at minSpeedToShow 1e8 is not offered at 1.5 SWITCH/h, so not started
    expect(await api.call('/mining/taskStarted', user, { code: 'bums' })).toMatchObject({
      status: 409,
      body: { path: 'code' },
    })
    expect((await api.call('/mining/tasks?boostType=general', null)).status).toBe(401)
  })
})
