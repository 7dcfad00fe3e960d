/**
 * POST /transfer (send.12-20): a dry run that changes nothing, then the real send, which debits the
 * amount and the network fee in one transaction and records a withdrawal. A recipient that is
 * another user's wallet is credited and sees a deposit. A repeated idempotency key answers the
 * first result again: one confirm is one transfer, whatever the retries.
 */
import { Hono } from 'hono'
import { endpoints } from '../../domain/api/endpoints'
import { isValidRecipient } from '../../domain/send/rules'
import type { Db } from '../db'
import { type Catalogue, type CatalogueToken, type ChainId, chainKey, logoURI } from '../kernel/catalogue'
import { type Entry, addHistory, balanceOf, post } from '../kernel/ledger'
import { fromUnits, toUnits } from '../kernel/money'
import { BadRequest, accountIndexOf, decodeOrThrow, jsonBody } from '../kernel/validate'
import type { AppEnv } from '../kernel/auth'
import { networkFee } from '../kernel/fees'

interface Recipient {
  userId: number
  accountIndex: number
}

async function internalRecipient(db: Db, chainId: ChainId, to: string): Promise<Recipient | null> {
  const rows = await db.query<{ user_id: number; account_index: number }>(
    chainId === 'TON' ? 'SELECT user_id, account_index FROM wallets WHERE ton_address = $1' : 'SELECT user_id, account_index FROM wallets WHERE lower(evm_address) = lower($1)',
    [to],
  )
  return rows[0] ? { userId: Number(rows[0].user_id), accountIndex: rows[0].account_index } : null
}

export function transferRoutes(db: Db, catalogue: Catalogue) {
  const app = new Hono<AppEnv>()
  app.post('/transfer', async (c) => {
    const req = decodeOrThrow(endpoints.transfer.request, await jsonBody(c))
    const user = c.get('user')
    const accountIndex = accountIndexOf(req.accountIndex)
    const token = catalogue.find(req.chainId, req.tokenAddress)
    if (!token) throw new BadRequest(`unknown token ${req.tokenAddress} on ${chainKey(req.chainId)}`, 'tokenAddress')
    const to = req.to.trim()
    if (!isValidRecipient(to, token.chainId)) throw new BadRequest('invalid address', 'to')
    if (!/^\d+(\.\d+)?$/.test(req.amount)) throw new BadRequest('the amount must be a positive number', 'amount')
    const units = toUnits(req.amount, token.decimals)
    if (units === null) throw new BadRequest(`${token.symbol} has ${token.decimals} decimals at most`, 'amount')
    if (units === 0n) throw new BadRequest('the amount must be above zero', 'amount')
    if (req.comment.length > 120) throw new BadRequest('the comment is 120 characters at most', 'comment')

    const fee = networkFee(token)
    const feeToken = catalogue.find(token.chainId, fee.native) as CatalogueToken
    const feeUnits = toUnits(fee.amount, feeToken.decimals) as bigint
    const sameToken = feeToken.address === token.address
    const answer = { ok: true as const, fee: fee.amount, feeSymbol: feeToken.symbol, total: fromUnits(units + (sameToken ? feeUnits : 0n), token.decimals) }

    const held = await balanceOf(db, user.id, accountIndex, token.chainId, token.address)
    if (held < units + (sameToken ? feeUnits : 0n)) throw new BadRequest('not enough balance', 'amount')
    if (!sameToken && (await balanceOf(db, user.id, accountIndex, token.chainId, feeToken.address)) < feeUnits)
      throw new BadRequest(`not enough ${feeToken.symbol} for the network fee of ${fee.amount}`, 'amount')
    if (req.dry) return c.json(answer)

    const key = req.idempotencyKey ?? null
    const result = await db.transaction(async (tx) => {
      if (key !== null) {
        const claimed = await tx.query('INSERT INTO idempotency (user_id, key, response, status) VALUES ($1, $2, $3::jsonb, 200) ON CONFLICT DO NOTHING RETURNING key', [user.id, `transfer:${key}`, '{}'])
        if (claimed.length === 0) {
          const [done] = await tx.query<{ response: Record<string, unknown> }>('SELECT response FROM idempotency WHERE user_id = $1 AND key = $2', [user.id, `transfer:${key}`])
          return done.response
        }
      }
      const txId = `tx-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`
      const out: Entry[] = [{ userId: user.id, accountIndex, chainId: token.chainId, tokenAddress: token.address, delta: -units, reason: 'withdrawal', reference: txId }]
      out.push({ userId: user.id, accountIndex, chainId: token.chainId, tokenAddress: feeToken.address, delta: -feeUnits, reason: 'fee', reference: txId })
      const recipient = await internalRecipient(tx, token.chainId, to)
      if (recipient) out.push({ userId: recipient.userId, accountIndex: recipient.accountIndex, chainId: token.chainId, tokenAddress: token.address, delta: units, reason: 'deposit', reference: txId })
      await post(tx, out)
      const entry = { asset: token.address, amount: units.toString(), decimals: token.decimals, symbol: token.symbol, chainId: token.chainId, logoURI: logoURI(token.symbol) }
      await addHistory(tx, user.id, accountIndex, 'withdrawal', { ...entry, to, comment: req.comment, fee: fee.amount, txId })
      if (recipient) {
        const [sender] = await tx.query<{ evm_address: string; ton_address: string }>('SELECT evm_address, ton_address FROM wallets WHERE user_id = $1 AND account_index = $2', [user.id, accountIndex])
        await addHistory(tx, recipient.userId, recipient.accountIndex, 'deposit', { ...entry, from: token.chainId === 'TON' ? sender.ton_address : sender.evm_address, comment: req.comment, txId })
      }
      const response = { ...answer, txId }
      if (key !== null) await tx.query('UPDATE idempotency SET response = $3::jsonb WHERE user_id = $1 AND key = $2', [user.id, `transfer:${key}`, JSON.stringify(response)])
      return response
    })
    return c.json(result)
  })
  return app
}

