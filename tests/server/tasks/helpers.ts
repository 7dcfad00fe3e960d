/** What the task tests share: a frozen server clock, calls, swaps and deposits through the server's own calls. */
import { isRight } from 'fp-ts/lib/Either'
import type * as t from 'io-ts'
import { expect } from 'vitest'
import { PathReporter } from 'io-ts/lib/PathReporter'
import { endpoints } from '../../../domain/api/endpoints'
import { TEST_BOT, type User, call } from '../helpers'
import type { RunningServer } from '../../../server/app'
import { type InitDataUser, signInitData } from '../../../server/kernel/auth'
import { grantBoost } from '../../../server/mining/boosts'

/** 2026-11-23 22:00 UTC: two hours before a daily turn. */
export const FIXED = Date.UTC(2026, 10, 23, 22)
export const USDC_ARB = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831'
export const ETH = '0x0000000000000000000000000000000000000000'
export const PUNK = 'EQCdpz6QhJtDtm2s9-krV2ygl45Pwl-KJJCV1-XrP-Xuuxoq'
export const TSTON = 'EQC98_qAmNEptUtPc7W6xdHh_ZHrBUFpw5Ft_IzNU20QAJav'

export function decodes<A, O>(codec: t.Type<A, O, unknown>, value: unknown): A {
  const r = codec.decode(value)
  if (!isRight(r)) expect.fail(PathReporter.report(r).join('\n'))
  return r.right
}

type Server = Pick<RunningServer, 'url' | 'db'>

export async function tasksOf(server: Server, user: User, boostType: 'general' | 'subscriptions' | 'pump' = 'general') {
  const r = await call(server, `/mining/tasks?boostType=${boostType}`, user)
  expect(r.status, JSON.stringify(r.body)).toBe(200)
  decodes(endpoints.tasks.response, r.body)
  return r.body.tasks as Record<
    string,
    {
      code: string
      state: string
      doneAmount: number
      maxAmount: number
      currentAddSpeed?: number
      dttmUpdate: number | null
      rewardList?: number[]
      currentDay?: number
      isCompleted: boolean
      lastCheck?: string
      logoURI?: string
    }[]
  >
}
/** One task by code, from the list of the tab it is in. */
export async function taskOf(
  server: Server,
  user: User,
  code: string,
  boostType: 'general' | 'subscriptions' | 'pump' = 'general',
) {
  const all = Object.values(await tasksOf(server, user, boostType)).flat()
  return all.find((x) => x.code === code)
}

/** A user with a wallet and a mining profile. */
export async function miner(server: Server, user: User) {
  await call(server, '/tgUserWallets', user)
  await call(server, '/mining/user', user, {})
}

let keys = 0
/** An EVM swap on Arbitrum of `usdc` USDC (6 decimals, $1 each) into ETH, through /fetchRoute and /swap. */
export async function swapUsdc(server: Server, user: User, usdcUnits: string) {
  const q = await call(server, '/fetchRoute', user, {
    amount: usdcUnits,
    from: USDC_ARB,
    to: ETH,
    fromChainId: 42161,
    toChainId: 42161,
    accountIndex: 0,
  })
  expect(q.status, JSON.stringify(q.body)).toBe(200)
  const r = await call(server, '/swap', user, {
    routeId: q.body.route.id,
    accountIndex: 0,
    idempotencyKey: `task-swap-${++keys}-${Date.now()}`,
  })
  expect(r.status, JSON.stringify(r.body)).toBe(200)
}

/** A TON swap of `nanotons` TON into a jetton (stonfi). */
export async function buyWithTon(server: Server, user: User, nanotons: string, jetton = TSTON) {
  const r = await call(
    server,
    '/v2/tc/swap',
    user,
    {
      offer_jetton: 'native',
      offer_amount: nanotons,
      ask_jetton: jetton,
      min_ask_amount: '1',
      provider: 'stonfi',
      idempotencyKey: `task-ton-${++keys}-${Date.now()}`,
    },
    { headers: { walletindex: '0' } },
  )
  expect(r.status, JSON.stringify(r.body)).toBe(200)
}

/** A deposit through the dev simulator (ledger reason 'deposit'). */
export async function deposit(server: Server, user: User, chainId: string | number, token: string, amount: string) {
  const r = await call(server, '/admin/deposit', null, { userId: user.id, chainId, token, amount })
  expect(r.status, JSON.stringify(r.body)).toBe(200)
}

/** A friend invited by `user`: their first call carries `ref-<code>` of user's invite link. */
export async function inviteFriend(server: Server, user: User, friend: InitDataUser) {
  const invite = await call(server, '/mining/invite', user)
  expect(invite.status, JSON.stringify(invite.body)).toBe(200)
  const { startParam } = invite.body as { startParam: string }
  const res = await fetch(`${server.url}/mining/user`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      telegramRawData: signInitData({ botToken: TEST_BOT, user: friend, startParam }),
    },
    body: '{}',
  })
  expect(res.status).toBe(200)
}

/** SWITCH credited to the user for tasks (ledger reason 'task'), by reference. */
export async function taskRewards(server: Server, userId: number) {
  return server.db.query<{ reference: string; delta: string }>(
    `SELECT reference, delta::text AS delta FROM ledger WHERE user_id = $1 AND reason = 'task' ORDER BY id`,
    [userId],
  )
}
export async function boostsOf(server: Server, userId: number) {
  return server.db.query<{ source: string; reference: string; speed: string; starts_at: Date; ends_at: Date }>(
    `SELECT source, reference, speed_units::text AS speed, starts_at, ends_at FROM mining_boosts WHERE user_id = $1 ORDER BY id`,
    [userId],
  )
}

/**
 * A miner fast enough (2e7 SWITCH an hour, by a boost granted directly) to be shown the tasks at
 * minSpeedToShow 1e6 and 1e7 (dailySwap, group, addAlliance; tasks.17), which no ordinary speed reaches.
 */
export async function whale(server: Pick<RunningServer, 'url' | 'db' | 'clock'>, user: User) {
  await miner(server, user)
  const now = server.clock.now()
  await server.db.transaction((tx) =>
    grantBoost(
      tx,
      {
        userId: user.id,
        source: 'test',
        reference: 'whale',
        speed: 2n * 10n ** 16n,
        from: now,
        to: now + 365 * 24 * 3_600_000,
      },
      now,
    ),
  )
}
