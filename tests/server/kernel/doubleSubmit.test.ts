/**
 * Double submits on the server: for each write a confirm sends, ten identical requests at
 * once (with one idempotency key where the call takes one) change the ledger and the state exactly
 * as one request does. Each case sets up two users alike, sends one request for the first and ten at
 * once for the second, and compares what changed for each. On PGlite and PostgreSQL.
 */
import { describe, expect, it } from 'vitest'
import type { MovableClock } from '../../../server/kernel/clock'
import { checkedOrAnswered, once } from '../../../server/kernel/idempotency'
import { HOUR_MS } from '../../../domain/mining/accrual'
import { type Answer, type Json, type User, newUser, useServer } from '../helpers'
import { creditSwitch } from '../staking/helpers'
import { boostsOf } from '../tasks/helpers'

const api = useServer()
const { call } = api
const clock = () => api.server.clock as MovableClock

const USDC_ARB = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831'
const USDT_ARB = '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9'
const ETH = '0x0000000000000000000000000000000000000000'
const OUTSIDE_EVM = '0x52908400098527886E0F7030069857D2E4169EE7'
const TRADER = '0x1111111111111111111111111111111111111111'

/** The user's ledger movements since entry `after`, without ids or references (which differ by user): sorted, comparable. */
async function movements(user: User, after: string): Promise<string[]> {
  const rows = await api.server.db.query<{ reason: string; chain_id: string; token_address: string; delta: string }>(
    'SELECT reason, chain_id, token_address, delta::text AS delta FROM ledger WHERE user_id = $1 AND id > $2::bigint',
    [user.id, after],
  )
  return rows.map((r) => `${r.reason} ${r.chain_id} ${r.token_address.toLowerCase()} ${r.delta}`).sort()
}
const lastEntry = async () =>
  (await api.server.db.query<{ id: string }>('SELECT coalesce(max(id), 0)::text AS id FROM ledger'))[0].id

interface Case<C> {
  /** Makes a user ready to send (a wallet, a miner, a balance, an order...). */
  setup: (user: User) => Promise<C>
  /** Between the setups and the sends (time passing for a claim). */
  between?: () => void | Promise<void>
  send: (user: User, ctx: C) => Promise<Answer>
  /** Movements compared by kind only (reason, chain, token): amounts that grow with time, as a claim's. */
  kindsOnly?: boolean
  /** What else the write changes, read for a user (rows of its own tables). */
  state?: (user: User, ctx: C) => Promise<unknown>
}

/** One request for one user, ten at once for another: the same movements, the same state. */
async function tenAsOne<C>(c: Case<C>): Promise<{ one: Answer; ten: Answer[]; moved: string[] }> {
  const [single, burst] = [newUser(), newUser()]
  const ctxSingle = await c.setup(single)
  const ctxBurst = await c.setup(burst)
  await c.between?.()
  const from = await lastEntry()
  const one = await c.send(single, ctxSingle)
  const ten = await Promise.all(Array.from({ length: 10 }, () => c.send(burst, ctxBurst)))
  const moved = await movements(single, from)
  const kinds = (m: string[]) => (c.kindsOnly ? m.map((x) => x.split(' ').slice(0, 3).join(' ')) : m)
  expect(kinds(await movements(burst, from))).toEqual(kinds(moved))
  if (c.state) expect(await c.state(burst, ctxBurst)).toEqual(await c.state(single, ctxSingle))
  return { one, ten, moved }
}

const wallet = async (user: User) => {
  await call('/tgUserWallets', user)
}
const miner = async (user: User) => {
  await wallet(user)
  await call('/mining/user', user, {})
}
const statuses = (answers: Answer[]) => answers.map((a) => a.status)

describe('ten identical writes at once change what one does', () => {
  it('send: POST /transfer with one key moves the amount and the fee once, answering the same transfer ten times', async () => {
    const { one, ten, moved } = await tenAsOne({
      setup: wallet,
      send: (user) =>
        call('/transfer', user, {
          to: OUTSIDE_EVM,
          amount: '100',
          tokenAddress: USDT_ARB,
          chainId: 42161,
          accountIndex: 0,
          comment: '',
          dry: false,
          idempotencyKey: 'send-burst',
        }),
    })
    expect(one.status).toBe(200)
    expect(statuses(ten)).toEqual(Array(10).fill(200))
    expect(new Set(ten.map((a) => a.body.txId)).size).toBe(1)
    expect(moved.filter((m) => m.startsWith('withdrawal'))).toHaveLength(1)
  })

  it('swap: POST /swap with one key swaps once', async () => {
    const { ten, moved } = await tenAsOne({
      setup: async (user) => {
        await wallet(user)
        const quote = await call('/fetchRoute', user, {
          amount: '25000000',
          from: USDC_ARB,
          to: ETH,
          fromChainId: 42161,
          toChainId: 42161,
          accountIndex: 0,
        })
        expect(quote.status).toBe(200)
        return (quote.body as Json).route.id as string
      },
      send: (user, routeId) => call('/swap', user, { routeId, accountIndex: 0, idempotencyKey: 'swap-burst' }),
    })
    expect(statuses(ten)).toEqual(Array(10).fill(200))
    expect(new Set(ten.map((a) => a.body.historyId)).size).toBe(1)
    expect(moved.length).toBeGreaterThan(0)
  })

  it('copy trade: POST /startMonitoringCopyTrade with one key starts one trade and reserves its deposit once', async () => {
    const trades = async (user: User) =>
      ((await call('/getCopyTrades?accountIndex=0', user)).body as Json).copyTrades?.length
    const { ten, moved } = await tenAsOne({
      setup: wallet,
      send: (user) =>
        call('/startMonitoringCopyTrade', user, {
          accountIndex: 0,
          chainId: 42161,
          followedAddress: TRADER,
          ante: 0.1,
          protocols: ['uniswapUniversalRouter'],
          depositInNano: '150000000',
          fromToken: USDT_ARB,
          idempotencyKey: 'copy-burst',
        }),
      state: trades,
    })
    expect(statuses(ten)).toEqual(Array(10).fill(200))
    expect(new Set(ten.map((a) => a.body.trade._id)).size).toBe(1)
    expect(moved).toEqual([`copytrade-reserve 42161 ${USDT_ARB.toLowerCase()} -150000000`])
  })

  it('copy trade: ten POST /cancelCopyTrade (no key) stop the trade once and give its deposit back once; the nine others are told it is stopped', async () => {
    const { ten, moved } = await tenAsOne({
      setup: async (user) => {
        await wallet(user)
        const started = await call('/startMonitoringCopyTrade', user, {
          accountIndex: 0,
          chainId: 42161,
          followedAddress: TRADER,
          ante: 0.1,
          protocols: ['uniswapUniversalRouter'],
          depositInNano: '150000000',
          fromToken: USDT_ARB,
        })
        return (started.body as Json).trade._id as string
      },
      send: (user, id) => call('/cancelCopyTrade', user, { _id: id }),
    })
    expect(statuses(ten).sort()).toEqual([200, ...Array(9).fill(409)])
    expect(moved).toEqual([`copytrade-release 42161 ${USDT_ARB.toLowerCase()} 150000000`])
  })

  it('mining: POST /mining/claim with one key credits the window once', async () => {
    const { ten, moved } = await tenAsOne({
      setup: async (user) => {
        await miner(user)
      },
      between: () => clock().advance(HOUR_MS),
      kindsOnly: true,
      send: async (user) => {
        const windowStart = ((await call('/mining/user', user)).body as Json).userMining.windowStart as string
        return call('/mining/claim', user, { idempotencyKey: 'claim-burst', windowStart })
      },
    })
    expect(statuses(ten)).toEqual(Array(10).fill(200))
    // the first answer, ten times (the stored one is the same answer, its keys in jsonb's order)
    for (const a of ten) expect(a.body).toEqual(ten[0].body)
    expect(ten[0].body.outcome).toBe('claimed')
    expect(moved.filter((m) => m.startsWith('claim '))).toHaveLength(1)
  })

  it('tasks: POST /mining/burn with one key burns the PUNK and pays the gas once, one boost', async () => {
    const boosts = async (user: User) =>
      (await boostsOf(api.server, user.id)).filter((b) => b.source === 'burn').map((b) => b.speed)
    const { ten, moved } = await tenAsOne({
      setup: miner,
      send: (user) => call('/mining/burn', user, { amount: '100', idempotencyKey: 'burn-burst' }),
      state: boosts,
    })
    // every answer is the first burn's, with the boost it gave (100 x 0.01 SWITCH/h for 48 h)
    expect(ten.map((a) => a.body)).toEqual(Array(10).fill({ ok: true, speed: '1', hours: 48 }))
    expect(moved.filter((m) => m.startsWith('burn'))).toHaveLength(1)
  })

  it("a keyed request refused by a check that its twin made false (the order paid, the balance spent) answers the twin's answer", async () => {
    const user = newUser()
    await call('/tgUserWallets', user)
    const refusal = new Error('the order is paid already')
    const refuse = async () => {
      throw refusal
    }
    // The key has no answer: the refusal stands.
    await expect(checkedOrAnswered(api.server.db, user.id, 'transfer:twin', refuse)).rejects.toBe(refusal)
    // The twin commits its write and the key's answer together; the same refusal now answers that.
    await once(api.server.db, user.id, 'transfer:twin', async () => ({ ok: true, txId: 'tx-twin' }))
    await expect(checkedOrAnswered(api.server.db, user.id, 'transfer:twin', refuse)).resolves.toEqual({
      ok: true,
      txId: 'tx-twin',
    })
    // No key (a dry run), or another key: the refusal stands; checks that pass answer nothing.
    await expect(checkedOrAnswered(api.server.db, user.id, null, refuse)).rejects.toBe(refusal)
    await expect(checkedOrAnswered(api.server.db, user.id, 'transfer:other', refuse)).rejects.toBe(refusal)
    await expect(checkedOrAnswered(api.server.db, user.id, 'transfer:other', async () => {})).resolves.toBeUndefined()
  })

  it('autoclaim: the order paid by ten transfers with one key is paid once and granted once', async () => {
    const granted = async (_user: User, orderId: string) =>
      (await api.server.db.query("SELECT 1 FROM payments WHERE order_id = $1 AND outcome = 'granted'", [orderId]))
        .length
    const orders = new Map<number, Json>()
    const { ten, moved } = await tenAsOne({
      setup: async (user) => {
        await miner(user)
        const order = (await call('/mining/autoclaim/internal', user, {})).body as Json
        orders.set(user.id, order)
        return order.orderId as string
      },
      send: (user) =>
        call('/transfer', user, {
          ...orders.get(user.id)!.data,
          tokenAddress: 'native',
          chainId: 'TON',
          accountIndex: 0,
          dry: false,
          idempotencyKey: 'autoclaim-burst',
        }),
      state: granted,
    })
    expect(statuses(ten)).toEqual(Array(10).fill(200))
    expect(moved.length).toBeGreaterThan(0)
    const [, burst] = [...orders.values()]
    expect(await granted(newUser(), burst.orderId as string)).toBe(1)
  })

  it('staking: POST /mining/staking/deposit with one key makes one deposit and locks its amount once', async () => {
    const deposits = async (user: User) =>
      (((await call('/mining/staking/deposits', user)).body as Json).deposits as Json[]).map((d) => [
        d.amount,
        d.period,
      ])
    const { ten } = await tenAsOne({
      setup: async (user) => {
        await miner(user)
        await creditSwitch(api.server.db, user.id, '1000')
      },
      send: (user) =>
        call('/mining/staking/deposit', user, { amount: '100', period: '3m', idempotencyKey: 'stake-burst' }),
      state: deposits,
    })
    expect(statuses(ten)).toEqual(Array(10).fill(200))
    expect(new Set(ten.map((a) => a.body.deposit._id)).size).toBe(1)
  })

  it('PoH: POST /v2/poh/transaction (internal) with one key pays once and opens one request', async () => {
    // How many requests, not their status: the queue moves each on in its own time.
    const requests = async (user: User) =>
      (
        await api.server.db.query<{ n: string }>('SELECT count(*)::text AS n FROM poh_requests WHERE user_id = $1', [
          user.id,
        ])
      )[0].n
    const { ten, moved } = await tenAsOne({
      setup: miner,
      send: (user) => call('/v2/poh/transaction', user, { payType: 'internal', idempotencyKey: 'poh-burst' }),
      state: requests,
    })
    // Paid once, and every tap of the key answered with the first one's order (a tap that finds the
    // request already under way looks the key up again before refusing).
    expect(ten.filter((a) => a.status !== 200).map((a) => a.body)).toEqual([])
    expect(new Set(ten.map((a) => a.body.result.orderId)).size).toBe(1)
    expect(moved.length).toBeGreaterThan(0)
  })

  it('guilds: ten POST /mining/alliance (no key) to one alliance make one member', async () => {
    const name = `burst_${Date.now() % 1_000_000}`
    let n = 0
    const { ten, moved } = await tenAsOne({
      setup: async (user) => {
        await miner(user)
        return `${name}_${n++}`
      },
      send: (user, alliance) => call(`/mining/alliance?alliance=${alliance}`, user, {}),
      // each user's own alliance: one participant, the user, whatever the taps
      state: async (user, alliance) => ((await call(`/mining/alliances/${alliance}`, user)).body as Json).users,
    })
    expect(statuses(ten)).toEqual(Array(10).fill(200))
    expect(moved).toEqual([])
  })
})
