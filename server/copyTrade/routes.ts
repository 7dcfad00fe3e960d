/**
 * Copy-trade calls (doc 1 §7): the subscriptions, starting one (which reserves its deposit), a
 * trade's copied swaps, and stopping (which returns what the trade holds). Only the owner reads or
 * stops a trade. A repeated idempotency key answers the first start again: one tap, one trade.
 */
import { randomUUID } from 'node:crypto'
import { Hono } from 'hono'
import * as t from 'io-ts'
import { endpoints } from '../../domain/api/endpoints'
import { ChainIdC } from '../../domain/api/codecs'
import { SERVER_DEFAULT_ANTE } from '../../domain/copyTrade/rules'
import type { Db } from '../db'
import { type Catalogue, type CatalogueToken, type ChainId, chainKey } from '../kernel/catalogue'
import {
  COPY_ASSETS,
  COPY_NETWORKS,
  KNOWN_PROTOCOLS,
  MIN_DEPOSIT_USD,
  type TradeRow,
  feedStep,
  tradeView,
} from './engine'
import { type Entry, InsufficientBalance, balanceOf, post } from '../kernel/ledger'
import { PRICE_SCALE, scaledPrice } from '../swap/quote'
import type { Users } from '../kernel/users'
import { accountOf } from '../kernel/addresses'
import { keyOrRefuse, once, previousAnswer } from '../kernel/idempotency'
import { BadRequest, accountIndexOf, decodeOrThrow, jsonBody, queryValues } from '../kernel/validate'
import { decimalAmount } from '../kernel/money'
import type { AppEnv } from '../kernel/auth'
import { type HistoryRow, historyAnswer } from '../wallet/history'

const TRADE_COLUMNS =
  'id, user_id, account_index, chain_id, followed_address, ante, protocols, deposit_units::text AS deposit_units, from_token, dttm_added, dttm_deactivated'
/** What is left of the deposit token, and how many swaps were copied: the answer's remainingInNano and swapsCount. */
const PROGRESS_COLUMNS = `(SELECT p.units::text FROM copy_trade_positions p WHERE p.trade_id = copy_trades.id AND p.token_address = copy_trades.from_token) AS remaining_units,
  (SELECT count(*)::int FROM copy_trade_swaps s WHERE s.trade_id = copy_trades.id) AS swaps_count,
  (SELECT coalesce(json_agg(json_build_object('token', p.token_address, 'units', p.units::text)), '[]'::json) FROM copy_trade_positions p WHERE p.trade_id = copy_trades.id AND p.units > 0) AS positions`

export function copyTradeRoutes(db: Db, catalogue: Catalogue, users: Users) {
  const app = new Hono<AppEnv>()
  async function ownTrade(userId: number, id: string, tx: Db = db): Promise<TradeRow> {
    const [row] = await tx.query<TradeRow>(`SELECT ${TRADE_COLUMNS} FROM copy_trades WHERE id = $1 AND user_id = $2`, [
      id,
      userId,
    ])
    if (!row) throw new BadRequest('unknown copy trade', undefined, 404)
    return row
  }

  /** copyTrade.40 */
  app.get('/getCopyTrades', async (c) => {
    const q = decodeOrThrow(endpoints.copyTrades.request, queryValues(c.req.query(), ['accountIndex']))
    const rows = await db.query<TradeRow>(
      `SELECT ${TRADE_COLUMNS}, ${PROGRESS_COLUMNS} FROM copy_trades WHERE user_id = $1 AND account_index = $2 ORDER BY dttm_added DESC, id DESC`,
      [c.get('user').id, accountIndexOf(q.accountIndex)],
    )
    const copyTrades = rows.map((r) => tradeView(r, catalogue))
    const seen = new Map<string, CatalogueToken>()
    for (const r of rows) {
      const token = catalogue.find(r.chain_id, r.from_token)
      if (token) seen.set(`${r.chain_id}:${token.address}`, token)
    }
    const tokens = [...seen.values()].map((tk) => ({
      tokenAddress: tk.address,
      chainId: tk.chainId,
      decimals: tk.decimals,
      price: tk.priceUsd,
    }))
    return c.json({ copyTrades, tokens })
  })

  /**
   * copyTrade.31-33: every check of the client and more, then the deposit is reserved in one
   * transaction. copyTrade.34: a start that gives no ante takes the server's default, 0.5.
   */
  app.post('/startMonitoringCopyTrade', async (c) => {
    const body = await jsonBody(c)
    const req = decodeOrThrow(endpoints.startCopyTrade.request, withDefaultAnte(body))
    const user = c.get('user')
    const given = keyOrRefuse(req.idempotencyKey ?? null)
    const key = given === null ? null : `copytrade:${given}`
    // A retried start answers what the first answered, before any check it has since made false.
    const first = key === null ? undefined : await previousAnswer<object>(db, user.id, key)
    if (first !== undefined) return c.json(first)
    const accountIndex = accountIndexOf(req.accountIndex)
    const followed = accountOf('EVM', req.followedAddress)
    if (followed === null)
      throw new BadRequest('the trader address must be 0x and 40 hexadecimal characters', 'followedAddress')
    const own = (await users.wallets(user.id)).map((w) => accountOf('EVM', w.evm_address))
    if (own.includes(followed)) throw new BadRequest('you cannot copy your own wallet', 'followedAddress')
    if (!COPY_NETWORKS.includes(req.chainId))
      throw new BadRequest('copy trading runs on Ethereum-type networks only', 'chainId')
    const token = catalogue.find(req.chainId, req.fromToken)
    if (!token || !COPY_ASSETS.has(token.symbol))
      throw new BadRequest('the deposit must be ETH, USDT, USDC or DAI on that network', 'fromToken')
    if (!(req.ante > 0 && req.ante <= 1))
      throw new BadRequest('the share per trade must be above 0 and at most 1', 'ante')
    if (req.protocols.length === 0 || !req.protocols.every((p) => KNOWN_PROTOCOLS.has(p)))
      throw new BadRequest(`protocols must be some of ${[...KNOWN_PROTOCOLS].join(', ')}`, 'protocols')
    const units = decimalAmount(req.depositInNano, 'depositInNano', { scale: 0 })
    if (units * scaledPrice(token.priceUsd) < MIN_DEPOSIT_USD * 10n ** BigInt(token.decimals) * PRICE_SCALE)
      throw new BadRequest('the minimum deposit is 100 USD', 'depositInNano')

    const answer = await once(db, user.id, key, async (tx) => {
      const insufficient = new BadRequest('insufficient funds', 'depositInNano')
      if ((await balanceOf(tx, user.id, accountIndex, token.chainId, token.address)) < units) throw insufficient
      const id = randomUUID()
      const [row] = await tx.query<TradeRow>(
        `INSERT INTO copy_trades (id, user_id, account_index, chain_id, followed_address, ante, protocols, deposit_units, from_token)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::numeric, $9) RETURNING ${TRADE_COLUMNS}, deposit_units::text AS remaining_units, 0 AS swaps_count, json_build_array(json_build_object('token', from_token, 'units', deposit_units::text)) AS positions`,
        [
          id,
          user.id,
          accountIndex,
          chainKey(token.chainId),
          req.followedAddress,
          req.ante,
          JSON.stringify(req.protocols),
          units.toString(),
          token.address,
        ],
      )
      const reserve: Entry = {
        userId: user.id,
        accountIndex,
        chainId: token.chainId,
        tokenAddress: token.address,
        delta: -units,
        reason: 'copytrade-reserve',
        reference: id,
      }
      // A start that raced another spend past the check above: the ledger's own check refuses it.
      await post(tx, [reserve]).catch((e: unknown) => {
        throw e instanceof InsufficientBalance ? insufficient : e
      })
      await tx.query('INSERT INTO copy_trade_positions (trade_id, token_address, units) VALUES ($1, $2, $3::numeric)', [
        id,
        token.address,
        units.toString(),
      ])
      return { ok: true, trade: tradeView(row, catalogue) }
    })
    return c.json(answer)
  })

  /** copyTrade.59: the swaps copied into one of the caller's trades, newest first. */
  app.get('/getUserSwaps', async (c) => {
    const q = decodeOrThrow(endpoints.copyTradeSwaps.request, queryValues(c.req.query(), ['accountIndex']))
    const trade = await ownTrade(c.get('user').id, q.copyTradeId)
    if (trade.account_index !== accountIndexOf(q.accountIndex))
      throw new BadRequest('unknown copy trade', undefined, 404)
    // The wallet's own history entries of the trade: the same ids as GET /history.
    const rows = await db.query<HistoryRow>(
      'SELECT h.id, h.type, h.entry, h.created_at FROM copy_trade_swaps s JOIN history h ON h.id = s.history_id WHERE s.trade_id = $1 ORDER BY h.id DESC',
      [trade.id],
    )
    return c.json({ swaps: rows.map((r) => historyAnswer(r, catalogue)) })
  })

  /** copyTrade.58: once, by the owner; every position goes back to the wallet. */
  app.post('/cancelCopyTrade', async (c) => {
    const req = decodeOrThrow(endpoints.cancelCopyTrade.request, await jsonBody(c))
    const user = c.get('user')
    await db.transaction(async (tx) => {
      const trade = await ownTrade(user.id, req._id, tx)
      const stopped = await tx.query(
        'UPDATE copy_trades SET dttm_deactivated = now() WHERE id = $1 AND dttm_deactivated IS NULL RETURNING id',
        [trade.id],
      )
      if (stopped.length === 0) throw new BadRequest('this copy trade is already stopped', '_id', 409)
      const positions = await tx.query<{ token_address: string; units: string }>(
        'SELECT token_address, units::text AS units FROM copy_trade_positions WHERE trade_id = $1 AND units > 0',
        [trade.id],
      )
      const chainId = (trade.chain_id === 'TON' ? 'TON' : Number(trade.chain_id)) as ChainId
      const back: Entry[] = positions.map((p) => ({
        userId: user.id,
        accountIndex: trade.account_index,
        chainId,
        tokenAddress: p.token_address,
        delta: BigInt(p.units),
        reason: 'copytrade-release',
        reference: trade.id,
      }))
      if (back.length > 0) await post(tx, back)
      await tx.query('UPDATE copy_trade_positions SET units = 0 WHERE trade_id = $1', [trade.id])
    })
    return c.json({ ok: true })
  })

  return app
}

const PushRequest = t.partial({ followedAddress: t.string, chainId: ChainIdC })

/** The trader feed, now: for development and tests (dev mode only: no such route in production). */
export function copyFeedAdminRoutes(db: Db, catalogue: Catalogue) {
  const app = new Hono()
  app.post('/admin/copyFeed/push', async (c) => {
    const req = decodeOrThrow(PushRequest, await jsonBody(c))
    return c.json({ ok: true, copied: await feedStep(db, catalogue, req) })
  })
  return app
}

/** copyTrade.34: a start's body with the server's default ante where it gives none. */
function withDefaultAnte(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body
  return 'ante' in body && body.ante !== undefined ? body : { ...body, ante: SERVER_DEFAULT_ANTE }
}
