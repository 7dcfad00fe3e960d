/**
 * The ledger (server/kernel/ledger.ts) on the database of the run (PGlite in project unit,
 * PostgreSQL in project server-pg): users paying each other at the same time never deadlock, and the
 * running balance per wallet and asset is the sum of the ledger, checked never to go negative by the
 * database itself.
 */
import { describe, expect, it } from 'vitest'
import { fromUnits } from '../../../server/kernel/money'
import { InsufficientBalance, balanceOf, balancesOf, post } from '../../../server/kernel/ledger'
import { type User, newUser, useServer } from '../helpers'

const api = useServer()
const { call } = api
const ARBITRUM = 42161
const USDT = '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9'
const ETH = '0x0000000000000000000000000000000000000000'
const USDT_UNIT = 10n ** 6n
const ETH_FEE = 10n ** 14n // 0.0001 ETH on Arbitrum

const held = async (user: User, address: string) =>
  (
    (await call('/balances', user, { accountIndex: 0 })).body as unknown as {
      chainId: unknown
      address: string
      tokensAmount: string
    }[]
  ).find((b) => b.chainId === ARBITRUM && b.address === address)?.tokensAmount ?? '0'

/** Every wallet's running balance next to the sum of its ledger entries: they must agree. */
async function runningVersusLedger(userIds: number[]) {
  const rows = await api.server.db.query<{
    user_id: unknown
    account_index: number
    chain_id: string
    token_address: string
    running: string
    summed: string
  }>(
    `SELECT l.user_id, l.account_index, l.chain_id, l.token_address, coalesce(b.units, 0)::text AS running, sum(l.delta)::text AS summed
     FROM ledger l LEFT JOIN balances b USING (user_id, account_index, chain_id, token_address)
     WHERE l.user_id = ANY($1::bigint[])
     GROUP BY l.user_id, l.account_index, l.chain_id, l.token_address, b.units`,
    [userIds],
  )
  return rows.filter((r) => r.running !== r.summed)
}

describe('users paying each other at the same moment', () => {
  it('500 concurrent transfers in both directions among five users: every answer is 200 and every balance exact', async () => {
    const users = Array.from({ length: 5 }, () => newUser())
    const address: string[] = []
    for (const u of users)
      address.push(((await call('/tgUserWallets', u)).body as unknown as { address: string }[])[0].address)

    // Transfer i goes from user i % 5 to each of the other four in turn, so every pair pays in both
    // directions; amounts of 1 to 4 USDT keep every sender above zero whatever the order.
    const n = users.length
    const plan = Array.from({ length: 500 }, (_, i) => {
      const from = i % n
      const to = (from + 1 + (Math.floor(i / n) % (n - 1))) % n
      return { from, to, units: BigInt(1 + (Math.floor(i / n) % 4)) * USDT_UNIT, key: `pay-key-${i}` }
    })
    const answers = await Promise.all(
      plan.map((p) =>
        call('/transfer', users[p.from], {
          to: address[p.to],
          amount: fromUnits(p.units, 6),
          tokenAddress: USDT,
          chainId: ARBITRUM,
          accountIndex: 0,
          comment: '',
          dry: false,
          idempotencyKey: p.key,
        }),
      ),
    )
    const failed = answers.filter((a) => a.status !== 200)
    expect(failed.length, JSON.stringify(failed.slice(0, 3))).toBe(0)

    for (let u = 0; u < n; u++) {
      const sent = plan.filter((p) => p.from === u)
      const usdt =
        500n * USDT_UNIT -
        sent.reduce((s, p) => s + p.units, 0n) +
        plan.filter((p) => p.to === u).reduce((s, p) => s + p.units, 0n)
      expect(await held(users[u], USDT)).toBe(fromUnits(usdt, 6))
      expect(await held(users[u], ETH)).toBe(fromUnits(5n * 10n ** 17n - BigInt(sent.length) * ETH_FEE, 18))
    }
    expect(await runningVersusLedger(users.map((u) => u.id))).toEqual([])
  }, 180_000)
})

describe('the running balance', () => {
  it('is the sum of the ledger per wallet and asset, kept in the same transaction as each entry', async () => {
    const user = newUser()
    await call('/tgUserWallets', user)
    await api.server.db.transaction((tx) =>
      post(tx, [
        { userId: user.id, accountIndex: 0, chainId: ARBITRUM, tokenAddress: USDT, delta: -7n, reason: 'withdrawal' },
        { userId: user.id, accountIndex: 0, chainId: ARBITRUM, tokenAddress: USDT, delta: 3n, reason: 'deposit' },
        { userId: user.id, accountIndex: 2, chainId: ARBITRUM, tokenAddress: USDT, delta: 4n, reason: 'deposit' },
      ]),
    )
    expect(await runningVersusLedger([user.id])).toEqual([])
    expect(await balanceOf(api.server.db, user.id, 0, ARBITRUM, USDT)).toBe(500n * USDT_UNIT - 4n)
    expect(await balanceOf(api.server.db, user.id, 2, ARBITRUM, USDT)).toBe(4n)
    expect((await balancesOf(api.server.db, user.id, 2)).find((h) => h.tokenAddress === USDT)?.units).toBe(4n)
  })

  it('a failed change leaves the running balance as it was', async () => {
    const user = newUser()
    await call('/tgUserWallets', user)
    const before = await balanceOf(api.server.db, user.id, 0, ARBITRUM, ETH)
    const change = api.server.db.transaction((tx) =>
      post(tx, [
        { userId: user.id, accountIndex: 0, chainId: ARBITRUM, tokenAddress: USDT, delta: 10n, reason: 'deposit' },
        {
          userId: user.id,
          accountIndex: 0,
          chainId: ARBITRUM,
          tokenAddress: ETH,
          delta: -(before + 1n),
          reason: 'withdrawal',
        },
      ]),
    )
    await expect(change).rejects.toBeInstanceOf(InsufficientBalance)
    await expect(change).rejects.toMatchObject({ chainId: String(ARBITRUM), tokenAddress: ETH })
    expect(await balanceOf(api.server.db, user.id, 0, ARBITRUM, ETH)).toBe(before)
    expect(await balanceOf(api.server.db, user.id, 0, ARBITRUM, USDT)).toBe(500n * USDT_UNIT)
    expect(await runningVersusLedger([user.id])).toEqual([])
  })

  it('the database refuses a negative balance by itself (CHECK, SQLSTATE 23514)', async () => {
    const user = newUser()
    await call('/tgUserWallets', user)
    const error = await api.server.db
      .query(
        `UPDATE balances SET units = -1 WHERE user_id = $1 AND account_index = 0 AND chain_id = '42161' AND token_address = $2`,
        [user.id, USDT],
      )
      .then(
        () => null,
        (e: unknown) => e as { code?: string },
      )
    expect(error?.code).toBe('23514')
    expect(await balanceOf(api.server.db, user.id, 0, ARBITRUM, USDT)).toBe(500n * USDT_UNIT)
  })

  it('reads are the running balance (one row per asset), not a sum over the wallet’s history', async () => {
    const user = newUser()
    await call('/tgUserWallets', user)
    // An entry written past post() (never done by the server) changes the history, not the balance.
    await api.server.db.query(
      `INSERT INTO ledger (user_id, account_index, chain_id, token_address, delta, reason) VALUES ($1, 0, '42161', $2, 1, 'test')`,
      [user.id, USDT],
    )
    expect(await balanceOf(api.server.db, user.id, 0, ARBITRUM, USDT)).toBe(500n * USDT_UNIT)
    expect(await held(user, USDT)).toBe('500')
  })
})
