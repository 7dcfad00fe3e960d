/**
 * POST /transfer (send.12-20): a dry run that changes nothing, then the real send, which debits the
 * amount and the network fee in one transaction and records a withdrawal. A recipient that is
 * another user's wallet is credited and sees a deposit. A repeated idempotency key answers the
 * first result again: one confirm is one transfer, whatever the retries.
 */
import { Hono } from 'hono'
import { endpoints } from '../../domain/api/endpoints'
import { SEND_ERRORS, isTonName, isValidRecipient } from '../../domain/send/rules'
import type { Db } from '../db'
import { type Catalogue, type CatalogueToken, chainKey, logoURI } from '../kernel/catalogue'
import { type Entry, addHistory, post } from '../kernel/ledger'
import type { InternalPayments } from '../payments/internal'
import { checkedOrAnswered, keyOrRefuse, once, previousAnswer } from '../kernel/idempotency'
import { decimalAmount, fromUnits, toUnits } from '../kernel/money'
import { BadRequest, accountIndexOf, decodeOrThrow, jsonBody } from '../kernel/validate'
import { accountOf } from '../kernel/addresses'
import type { AppEnv } from '../kernel/auth'
import { networkFee } from '../kernel/fees'

interface Recipient {
  userId: number
  accountIndex: number
}

/**
 * What the checks of a transfer read, in one statement (one round trip, one wait for a pooled
 * connection; under the mixed load bench's 500 clients each of the three reads it was waited again):
 * the user's wallet the recipient is, if it is one (`account` in accountOf()'s form, null for a .ton
 * name), and what the sender holds of the token and of the network fee's coin.
 */
async function checksOf(
  db: Db,
  from: { userId: number; accountIndex: number },
  token: CatalogueToken,
  feeToken: CatalogueToken,
  account: string | null,
) {
  const ton = token.chainId === 'TON'
  const [row] = await db.query<{
    user_id: number | string | null
    account_index: number | null
    held: string
    fee_held: string
  }>(
    `SELECT r.user_id, r.account_index,
            coalesce((SELECT units FROM balances WHERE user_id = $1 AND account_index = $2 AND chain_id = $3 AND token_address = $4), 0)::text AS held,
            coalesce((SELECT units FROM balances WHERE user_id = $1 AND account_index = $2 AND chain_id = $3 AND token_address = $5), 0)::text AS fee_held
     FROM (SELECT 1) one
     LEFT JOIN LATERAL (SELECT user_id, account_index FROM wallets WHERE ${ton ? 'ton_address = $6' : 'lower(evm_address) = $6'} LIMIT 1) r ON true`,
    [from.userId, from.accountIndex, chainKey(token.chainId), token.address, feeToken.address, account],
    { name: ton ? 'send.checks.ton' : 'send.checks.evm' },
  )
  const recipient: Recipient | null =
    row.user_id === null ? null : { userId: Number(row.user_id), accountIndex: row.account_index as number }
  return { recipient, held: BigInt(row.held), feeHeld: BigInt(row.fee_held) }
}

export function transferRoutes(db: Db, catalogue: Catalogue, service?: InternalPayments) {
  const app = new Hono<AppEnv>()
  app.post('/transfer', async (c) => {
    const req = decodeOrThrow(endpoints.transfer.request, await jsonBody(c))
    const user = c.get('user')
    const accountIndex = accountIndexOf(req.accountIndex)
    const token = catalogue.find(req.chainId, req.tokenAddress)
    if (!token) throw new BadRequest(`unknown token ${req.tokenAddress} on ${chainKey(req.chainId)}`, 'tokenAddress')
    const to = req.to.trim()
    // send.11 and send safety (domain/send/addresses.ts): the form's own key, which the client words (send.15).
    if (!isValidRecipient(to, token.chainId)) throw new BadRequest(SEND_ERRORS.invalidAddress, 'to')
    // One account, however it is written: a .ton name is the only recipient that is no account here.
    const account = isTonName(to) ? null : accountOf(token.chainId === 'TON' ? 'TON' : 'EVM', to)
    if (account === null && !isTonName(to)) throw new BadRequest(SEND_ERRORS.invalidAddress, 'to')
    const units = decimalAmount(req.amount, 'amount', {
      scale: token.decimals,
      tooFine: `${token.symbol} has ${token.decimals} decimals at most`,
    })
    if (units === 0n) throw new BadRequest('the amount must be above zero', 'amount')
    if (req.comment.length > 120) throw new BadRequest('the comment is 120 characters at most', 'comment')

    const fee = networkFee(token)
    const feeToken = catalogue.find(token.chainId, fee.native) as CatalogueToken
    const feeUnits = toUnits(fee.amount, feeToken.decimals) as bigint
    const sameToken = feeToken.address === token.address
    const answer = {
      ok: true as const,
      fee: fee.amount,
      feeSymbol: feeToken.symbol,
      total: fromUnits(units + (sameToken ? feeUnits : 0n), token.decimals),
    }

    // A retry of a send that went through answers what it answered, before any check that the
    // send itself has since made false (the balance it spent).
    const given = keyOrRefuse(req.idempotencyKey ?? null)
    const key = req.dry || given === null ? null : `transfer:${given}`
    const first = key === null ? undefined : await previousAnswer<object>(db, user.id, key)
    if (first !== undefined) return c.json(first)

    const { recipient, held, feeHeld } = await checksOf(db, { userId: user.id, accountIndex }, token, feeToken, account)
    // A payment to the service wallet must pay one of the sender's open orders exactly (tasks.44).
    const paysOrder = service?.isService(to) ?? false
    const answered = await checkedOrAnswered<object>(db, user.id, key, async () => {
      if (recipient?.userId === user.id && recipient.accountIndex === accountIndex)
        throw new BadRequest('this is the address of the wallet you are sending from', 'to')
      if (held < units + (sameToken ? feeUnits : 0n)) throw new BadRequest('not enough balance', 'amount')
      if (!sameToken && feeHeld < feeUnits)
        throw new BadRequest(`not enough ${feeToken.symbol} for the network fee of ${fee.amount}`, 'amount')
      if (paysOrder) {
        const refused = await (service as InternalPayments).refusal(db, {
          userId: user.id,
          chainId: token.chainId,
          tokenAddress: token.address,
          units,
          comment: req.comment,
        })
        if (refused !== null) throw refused
      }
    })
    if (answered !== undefined) return c.json(answered)
    if (req.dry) return c.json(answer)

    const result = await once(db, user.id, key, async (tx) => {
      const txId = `tx-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`
      const out: Entry[] = [
        {
          userId: user.id,
          accountIndex,
          chainId: token.chainId,
          tokenAddress: token.address,
          delta: -units,
          reason: 'withdrawal',
          reference: txId,
        },
        {
          userId: user.id,
          accountIndex,
          chainId: token.chainId,
          tokenAddress: feeToken.address,
          delta: -feeUnits,
          reason: 'fee',
          reference: txId,
        },
      ]
      if (recipient)
        out.push({
          userId: recipient.userId,
          accountIndex: recipient.accountIndex,
          chainId: token.chainId,
          tokenAddress: token.address,
          delta: units,
          reason: 'deposit',
          reference: txId,
        })
      await post(tx, out)
      const entry = {
        asset: token.address,
        amount: units.toString(),
        decimals: token.decimals,
        symbol: token.symbol,
        chainId: token.chainId,
        logoURI: logoURI(token.symbol),
      }
      await addHistory(tx, user.id, accountIndex, 'withdrawal', {
        ...entry,
        to,
        comment: req.comment,
        fee: fee.amount,
        txId,
      })
      if (paysOrder)
        await (service as InternalPayments).settle(tx, {
          userId: user.id,
          chainId: token.chainId,
          tokenAddress: token.address,
          units,
          comment: req.comment,
          txId,
        })
      if (recipient) {
        const [sender] = await tx.query<{ evm_address: string; ton_address: string }>(
          'SELECT evm_address, ton_address FROM wallets WHERE user_id = $1 AND account_index = $2',
          [user.id, accountIndex],
        )
        await addHistory(tx, recipient.userId, recipient.accountIndex, 'deposit', {
          ...entry,
          from: token.chainId === 'TON' ? sender.ton_address : sender.evm_address,
          comment: req.comment,
          txId,
        })
      }
      return { ...answer, txId }
    })
    return c.json(result)
  })
  return app
}
