/**
 * A stored quote (swap route) is kept a day: the statement that stores a user's new route removes
 * their routes older than that (one statement since the load bench), and nobody else's.
 */
import { describe, expect, it } from 'vitest'
import { newUser, useServer } from '../helpers'

const api = useServer()

const USDC_ARB = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831'
const ETH = '0x0000000000000000000000000000000000000000'
const DAY_MS = 24 * 60 * 60 * 1000

const quote = async (user: ReturnType<typeof newUser>) => {
  const r = await api.call('/fetchRoute', user, {
    amount: '10000000',
    from: USDC_ARB,
    to: ETH,
    fromChainId: 42161,
    toChainId: 42161,
    accountIndex: 0,
  })
  expect(r.status, JSON.stringify(r.body)).toBe(200)
  return r.body.route.id as string
}
const routesOf = async (userId: number) =>
  (
    await api.server.db.query<{ id: string }>('SELECT id FROM swap_routes WHERE user_id = $1 ORDER BY created_at', [
      userId,
    ])
  ).map((r) => r.id)

describe('stored quotes', () => {
  it("a new quote removes the user's routes older than a day, and keeps the newer ones and other users'", async () => {
    const [user, other] = [newUser(), newUser()]
    const old = await quote(user)
    const recent = await quote(user)
    const othersOld = await quote(other)
    // A day and a minute ago, and a day less a minute ago.
    await api.server.db.query('UPDATE swap_routes SET created_at = created_at - $2 WHERE id = $1', [
      old,
      DAY_MS + 60_000,
    ])
    await api.server.db.query('UPDATE swap_routes SET created_at = created_at - $2 WHERE id = $1', [
      recent,
      DAY_MS - 60_000,
    ])
    await api.server.db.query('UPDATE swap_routes SET created_at = created_at - $2 WHERE id = $1', [
      othersOld,
      DAY_MS + 60_000,
    ])
    const fresh = await quote(user)
    expect(await routesOf(user.id)).toEqual([recent, fresh])
    expect(await routesOf(other.id)).toEqual([othersOld])
  })
})
