/**
 * The deposit simulator: credits a wallet the way a chain watcher would on an incoming transfer,
 * with a deposit history entry. Open in dev mode (and to `npm run deposit`); in production only
 * with the admin token.
 */
import { Hono } from 'hono'
import * as t from 'io-ts'
import { ChainIdC } from '../../domain/api/codecs/common'
import type { Db } from '../db'
import { type Catalogue, logoURI } from '../kernel/catalogue'
import { addHistory, post } from '../kernel/ledger'
import { toUnits } from '../kernel/money'
import type { Users } from '../kernel/users'
import { BadRequest, accountIndexOf, decodeOrThrow, jsonBody } from '../kernel/validate'

export const DepositRequest = t.intersection([
  t.type({ userId: t.number, chainId: ChainIdC, token: t.string, amount: t.string }),
  t.partial({ accountIndex: t.number, from: t.string }),
])

export function adminRoutes(db: Db, catalogue: Catalogue, users: Users, mode: 'development' | 'production', adminToken: string | undefined) {
  const app = new Hono()
  app.post('/admin/deposit', async (c) => {
    if (mode === 'production' && (!adminToken || c.req.header('authorization') !== `Bearer ${adminToken}`))
      return c.json({ message: 'the deposit simulator needs the admin token' }, 401)
    const req = decodeOrThrow(DepositRequest, await jsonBody(c))
    const accountIndex = accountIndexOf(req.accountIndex)
    const token = catalogue.find(req.chainId, req.token) ?? catalogue.bySymbol(req.chainId, req.token)
    if (!token) throw new BadRequest(`no token ${req.token} on ${req.chainId}`, 'token')
    const units = toUnits(req.amount, token.decimals)
    if (units === null || units === 0n) throw new BadRequest(`the amount must be a positive number with at most ${token.decimals} decimals`, 'amount')
    if ((await users.wallets(req.userId)).length === 0) throw new BadRequest(`no user ${req.userId}: they appear on their first call from the app`, 'userId')
    const from = req.from ?? 'external wallet'
    await db.transaction(async (tx) => {
      await post(tx, [{ userId: req.userId, accountIndex, chainId: token.chainId, tokenAddress: token.address, delta: units, reason: 'deposit', reference: 'simulator' }])
      await addHistory(tx, req.userId, accountIndex, 'deposit', { asset: token.address, amount: units.toString(), decimals: token.decimals, symbol: token.symbol, chainId: token.chainId, from, logoURI: logoURI(token.symbol) })
    })
    return c.json({ ok: true, credited: `${req.amount} ${token.symbol}`, accountIndex })
  })
  return app
}
