/** The wallet calls of spec document 1, section 7, shaped as the client's codecs say. */
import { Address } from '@ton/core'
import { Hono } from 'hono'
import * as t from 'io-ts'
import { endpoints } from '../../domain/api/endpoints'
import { ChainIdC } from '../../domain/api/codecs'
import type { Db } from '../db'
import type { AppEnv } from '../kernel/auth'
import { type Catalogue, type CatalogueToken, type ChainId, logoURI, tokenView } from '../kernel/catalogue'
import { type HeldToken, balancesOf } from '../kernel/ledger'
import { fromUnits, usdOf } from '../kernel/money'
import type { Users } from '../kernel/users'
import { BadRequest, accountIndexOf, decodeOrThrow, jsonBody, queryValues } from '../kernel/validate'
import { type HistoryRow, historyAnswer } from './history'

const STABLES_AND_ETH = new Set(['ETH', 'USDT', 'USDC', 'DAI'])
const TON_ADDRESS_LENGTH = 48
const MAX_PAGE = 100

/** `dailyBoostOffered`: the daily boost's flag for /totalBalance (server/tasks/daily.ts; tasks.22); none: never offered. */
export function walletRoutes(
  db: Db,
  catalogue: Catalogue,
  users: Users,
  dailyBoostOffered: (userId: number) => Promise<boolean> = async () => false,
) {
  const app = new Hono<AppEnv>()

  /**
   * The held tokens of a wallet as balance entries (wallet.6). Worked out once per ledger state:
   * the balance cache hands back the same array until the wallet's next change.
   */
  const entriesOf = new WeakMap<readonly HeldToken[], BalanceEntry[]>()
  async function balanceEntries(userId: number, accountIndex: number): Promise<BalanceEntry[]> {
    const held = await balancesOf(db, userId, accountIndex)
    let entries = entriesOf.get(held)
    if (!entries)
      entriesOf.set(
        held,
        (entries = held.flatMap((h) => balanceEntry(catalogue.find(h.chainId, h.tokenAddress), h.units))),
      )
    return entries
  }
  const totalUsd = async (userId: number, accountIndex: number) =>
    Math.round((await balanceEntries(userId, accountIndex)).reduce((s, b) => s + b.usdAmount, 0) * 100) / 100

  app.get('/tgUserWallets', async (c) => {
    const user = c.get('user')
    const wallets = await users.wallets(user.id)
    return c.json(
      await Promise.all(
        wallets.map(async (w) => ({
          accountIndex: w.account_index,
          address: w.evm_address,
          tonUnbouncableAddress: w.ton_address,
          totalBalanceUsd: await totalUsd(user.id, w.account_index),
        })),
      ),
    )
  })

  app.post('/balances', async (c) => {
    const { accountIndex } = decodeOrThrow(endpoints.balances.request, await jsonBody(c))
    return c.json(await balanceEntries(c.get('user').id, accountIndexOf(accountIndex)))
  })

  app.get('/totalBalance', async (c) => {
    const q = decodeOrThrow(
      t.partial({ accountIndex: t.number, boostNotification: t.union([t.literal(1), t.literal(0)]) }),
      queryValues(c.req.query(), ['accountIndex', 'boostNotification']),
    )
    const user = c.get('user').id
    const accountIndex = accountIndexOf(q.accountIndex)
    const trades = await db.query('SELECT 1 FROM copy_trades WHERE user_id = $1 AND account_index = $2 LIMIT 1', [
      user,
      accountIndex,
    ])
    return c.json({
      totalBalanceUsd: await totalUsd(user, accountIndex),
      hasTrades: trades.length > 0,
      isNotifyForBoost: await dailyBoostOffered(user),
    })
  })

  app.get('/history', async (c) => {
    const q = decodeOrThrow(endpoints.history.request, queryValues(c.req.query(), ['limit', 'offset', 'accountIndex']))
    if (q.limit < 1 || q.limit > MAX_PAGE) throw new BadRequest(`limit must be 1 to ${MAX_PAGE}`, 'limit')
    if (q.offset < 0 || !Number.isSafeInteger(q.offset))
      throw new BadRequest('offset must be a whole number from 0', 'offset')
    const rows = await db.query<HistoryRow>(
      `SELECT id, type, entry, created_at FROM history WHERE user_id = $1 AND account_index = $2 ORDER BY id DESC LIMIT $3 OFFSET $4`,
      [c.get('user').id, accountIndexOf(q.accountIndex), q.limit, q.offset],
    )
    return c.json(rows.map((r) => historyAnswer(r, catalogue)))
  })

  app.post('/knownTokens', async (c) => {
    const body = (await jsonBody(c)) as Record<string, unknown> | null
    const req = decodeOrThrow(endpoints.knownTokens.request, body)
    const accountIndex = accountIndexOf(body?.accountIndex)
    const { limit, offset } = req.sliceProps
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE)
      throw new BadRequest(`limit must be 1 to ${MAX_PAGE}`, 'sliceProps.limit')
    if (!Number.isInteger(offset) || offset < 0)
      throw new BadRequest('offset must not be negative', 'sliceProps.offset')
    const held = new Map(
      (await balanceEntries(c.get('user').id, accountIndex)).map((b) => [`${b.chainId}:${b.address}`, b]),
    )
    const matches = searchTokens(
      catalogue.tokens,
      req.chainId,
      req.searchText,
      req.tokenAddress,
      (t) => held.get(`${t.chainId}:${t.address}`)?.usdAmount,
    )
    const page = matches.slice(offset, offset + limit)
    const tokens: Record<string, unknown[]> = {}
    for (const token of page) {
      const h = held.get(`${token.chainId}:${token.address}`)
      ;(tokens[String(token.chainId)] ??= []).push({
        ...tokenView(token),
        priceUsd: token.priceUsd,
        ...(h ? { formattedAmount: h.tokensAmount, usdFormattedAmount: h.usdAmount } : {}),
      })
    }
    return c.json({ tokens, tokenAmount: matches.length })
  })

  app.get('/getStableCoinsAndEth', async (c) => {
    const q = decodeOrThrow(
      t.type({ chainID: ChainIdC, accountIndex: t.union([t.number, t.undefined]) }),
      queryValues(c.req.query(), ['chainID', 'accountIndex']),
    )
    const entries = await balanceEntries(c.get('user').id, accountIndexOf(q.accountIndex))
    return c.json(entries.filter((b) => b.chainId === q.chainID && STABLES_AND_ETH.has(b.symbol)))
  })

  return app
}

type BalanceEntry = ReturnType<typeof balanceEntry>[number]
const balanceEntry = (token: CatalogueToken | undefined, units: bigint) =>
  token
    ? [
        {
          address: token.address,
          chainId: token.chainId,
          tokensAmount: fromUnits(units, token.decimals),
          usdAmount: usdOf(units, token.decimals, token.priceUsd),
          tokensCost: token.priceUsd,
          decimals: token.decimals,
          symbol: token.symbol,
          logoURI: logoURI(token.symbol),
          name: token.name,
        },
      ]
    : []

/**
 * picker.1-3 on the server: a 0x address (40 hex) or a 48-character TON address searches by
 * address, anything else by symbol and name (symbol-prefix matches first). What the wallet holds
 * comes first, the largest USD value first (send and swap start from the user's own
 * tokens); `heldUsd` is the USD value of a held token, undefined for one not held. The order is
 * total, so pages never overlap.
 */
export function searchTokens(
  all: readonly CatalogueToken[],
  chainId: ChainId | null,
  searchText: string,
  tokenAddress: string,
  heldUsd: (t: CatalogueToken) => number | undefined = () => undefined,
): CatalogueToken[] {
  const pool = chainId === null ? all : all.filter((t) => t.chainId === chainId)
  const address = (tokenAddress || searchText).trim()
  if (/^0x[0-9a-fA-F]{40}$/.test(address)) return pool.filter((t) => t.address.toLowerCase() === address.toLowerCase())
  if (address.length === TON_ADDRESS_LENGTH)
    return pool.filter((t) => t.chainId === 'TON' && sameTonAddress(t.address, address))
  const q = searchText.trim().toLowerCase()
  const rank = (t: CatalogueToken) =>
    q === '' ? 0 : t.symbol.toLowerCase() === q ? 0 : t.symbol.toLowerCase().startsWith(q) ? 1 : 2
  // -1 for a token not held, so it sorts after every held one (a held balance is worth 0 USD or more).
  const value = new Map(pool.map((t) => [t, heldUsd(t) ?? -1]))
  const byHolding = (a: CatalogueToken, b: CatalogueToken) => (value.get(b) ?? -1) - (value.get(a) ?? -1)
  return pool
    .filter((t) => q === '' || t.symbol.toLowerCase().includes(q) || t.name.toLowerCase().includes(q))
    .sort(
      (a, b) =>
        byHolding(a, b) ||
        rank(a) - rank(b) ||
        a.symbol.localeCompare(b.symbol) ||
        String(a.chainId).localeCompare(String(b.chainId)) ||
        a.address.localeCompare(b.address),
    )
}

/** One TON address in any user-friendly form (EQ.../UQ..., either alphabet) equals another; base64 is case-sensitive. */
function sameTonAddress(a: string, b: string): boolean {
  try {
    return Address.parse(a).equals(Address.parse(b))
  } catch {
    return a === b // 'native' and anything unparsable: only the exact text
  }
}
