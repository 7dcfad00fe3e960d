/**
 * The deposit simulator: credits a wallet the way a chain watcher would on an incoming transfer,
 * with a deposit history entry. Dev mode only (and `npm run deposit`): a production server has no
 * such route.
 */
import { Hono } from 'hono'
import * as t from 'io-ts'
import { ChainIdC } from '../../domain/api/codecs'
import type { Db } from '../db'
import { type Catalogue, logoURI } from '../kernel/catalogue'
import { addHistory, post } from '../kernel/ledger'
import { decimalAmount } from '../kernel/money'
import type { Users } from '../kernel/users'
import { BadRequest, accountIndexOf, decodeOrThrow, jsonBody } from '../kernel/validate'

/** Below the ledger's NUMERIC(78, 0) (a deposit may be larger than what a user sends), with room for every balance it is added to. */
const MAX_DIGITS = 60

/** A Telegram user id: a positive safe integer, as bigint columns take it. */
export function userIdOf(value: number): number {
  if (!Number.isSafeInteger(value) || value <= 0)
    throw new BadRequest('userId must be a positive whole number', 'userId')
  return value
}

export const DepositRequest = t.intersection([
  t.type({ userId: t.number, chainId: ChainIdC, token: t.string, amount: t.string }),
  t.partial({ accountIndex: t.number, from: t.string }),
])

export function depositSimulatorRoutes(db: Db, catalogue: Catalogue, users: Users) {
  const app = new Hono()
  app.post('/admin/deposit', async (c) => {
    const req = decodeOrThrow(DepositRequest, await jsonBody(c))
    const userId = userIdOf(req.userId)
    const accountIndex = accountIndexOf(req.accountIndex)
    const token = catalogue.find(req.chainId, req.token) ?? catalogue.bySymbol(req.chainId, req.token)
    if (!token) throw new BadRequest(`no token ${req.token} on ${req.chainId}`, 'token')
    const units = decimalAmount(req.amount, 'amount', { scale: token.decimals, maxDigits: MAX_DIGITS })
    if (units === 0n)
      throw new BadRequest(`the amount must be a positive number with at most ${token.decimals} decimals`, 'amount')
    if ((await users.wallets(userId)).length === 0)
      throw new BadRequest(`no user ${userId}: they appear on their first call from the app`, 'userId')
    const from = req.from ?? 'external wallet'
    await db.transaction(async (tx) => {
      await post(tx, [
        {
          userId,
          accountIndex,
          chainId: token.chainId,
          tokenAddress: token.address,
          delta: units,
          reason: 'deposit',
          reference: 'simulator',
        },
      ])
      await addHistory(tx, userId, accountIndex, 'deposit', {
        asset: token.address,
        amount: units.toString(),
        decimals: token.decimals,
        symbol: token.symbol,
        chainId: token.chainId,
        from,
        logoURI: logoURI(token.symbol),
      })
    })
    return c.json({ ok: true, credited: `${req.amount} ${token.symbol}`, accountIndex })
  })
  return app
}
