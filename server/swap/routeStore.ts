/**
 * Stored quotes ("routes"): a quote is kept so that its execution spends exactly what was shown,
 * once, within its time to live. Shared by the EVM and TON swap calls.
 */
import { randomUUID } from 'node:crypto'
import type { Context } from 'hono'
import type { Db } from '../db'
import { type Catalogue, type CatalogueToken, type ChainId, chainKey, logoURI, tokenView } from '../kernel/catalogue'
import { decimalAmount, fromUnits } from '../kernel/money'
import { BadRequest } from '../kernel/validate'
import { type SwapQuote, usdValue } from './quote'

/** A quote executes within this time of being given (the client asks again after 30 s). */
export const ROUTE_TTL_MS = 60_000
/** Routes are kept this long, so a retry of an executed one still gets its answer. */
const ROUTE_KEEP_MS = 24 * 60 * 60 * 1000

export const ROUTE_USED = {
  message: 'This quote has already been used. Ask for a new quote.',
  code: 'route-used',
} as const
export const ROUTE_EXPIRED = { message: 'This quote has expired. Ask for a new quote.', code: 'route-expired' } as const
export const SLIPPAGE = {
  message: 'The price moved beyond the minimum received. Ask for a new quote.',
  code: 'slippage',
} as const

const EVM_NATIVE = '0x0000000000000000000000000000000000000000'
const TON_NATIVE = 'native'

export interface SwapOptions {
  now?: () => number
  routeTtlMs?: number
}

export interface RouteRow {
  id: string
  user_id: number
  account_index: number
  kind: 'evm' | 'ton'
  from_chain: string
  from_address: string
  to_chain: string
  to_address: string
  from_units: bigint
  to_units: bigint
  gas_units: bigint
  created_at: number
  used_by_key: string | null
  response: SwapAnswer | null
}

export interface SwapAnswer {
  ok: true
  historyId: string
}

/** Where routes are written and read, on the server's clock. */
export function routeStore(db: Db, catalogue: Catalogue, options: SwapOptions = {}) {
  const now = options.now ?? Date.now
  const routeTtlMs = options.routeTtlMs ?? ROUTE_TTL_MS
  /** The coin a chain's network fee is paid in. */
  const nativeOf = (chainId: ChainId) =>
    catalogue.find(chainId, chainId === 'TON' ? TON_NATIVE : EVM_NATIVE) as CatalogueToken

  async function storeRoute(
    userId: number,
    accountIndex: number,
    kind: 'evm' | 'ton',
    from: CatalogueToken,
    to: CatalogueToken,
    amount: bigint,
    quote: SwapQuote,
    gasUnits: bigint,
    provider: string,
  ) {
    const id = randomUUID()
    const at = now()
    // The user's routes older than ROUTE_KEEP_MS go in the same statement: one round trip, one wait for a pooled connection.
    await db.query(
      `WITH expired AS (DELETE FROM swap_routes WHERE user_id = $2 AND created_at < $15)
       INSERT INTO swap_routes (id, user_id, account_index, kind, from_chain, from_address, to_chain, to_address, from_units, to_units, to_min, gas_units, provider, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::numeric, $10::numeric, $11::numeric, $12::numeric, $13, $14)`,
      [
        id,
        userId,
        accountIndex,
        kind,
        chainKey(from.chainId),
        from.address,
        chainKey(to.chainId),
        to.address,
        amount.toString(),
        quote.toUnits.toString(),
        quote.toMin.toString(),
        gasUnits.toString(),
        provider,
        at,
        at - ROUTE_KEEP_MS,
      ],
      { name: 'swap.routes.store' },
    )
    return id
  }

  return { now, routeTtlMs, nativeOf, storeRoute }
}
export type RouteStore = ReturnType<typeof routeStore>

export function routeView(
  id: string,
  from: CatalogueToken,
  to: CatalogueToken,
  amount: bigint,
  quote: SwapQuote,
  gasCostUSD: number,
) {
  return {
    id,
    fromToken: tokenView(from),
    toToken: tokenView(to),
    fromAmount: amount.toString(),
    toAmount: quote.toUnits.toString(),
    toAmountMin: quote.toMin.toString(),
    fromAmountUSD: usdValue(amount, from),
    toAmountUSD: usdValue(quote.toUnits, to),
    gasCostUSD,
    priceImpactPercent: quote.priceImpactPercent,
    fromChainId: from.chainId,
    toChainId: to.chainId,
    steps: quote.steps.map((s) => ({
      type: s.type,
      tool: s.tool,
      fromAmount: fromUnits(s.fromUnits, s.fromToken.decimals),
      toAmount: fromUnits(s.toUnits, s.toToken.decimals),
      fromSymbol: s.fromToken.symbol,
      toSymbol: s.toToken.symbol,
    })),
  }
}

export const gasView = (native: CatalogueToken, units: bigint) => ({
  address: native.address,
  chainId: native.chainId,
  symbol: native.symbol,
  amount: units.toString(),
  printAmount: fromUnits(units, native.decimals),
  amountUSD: usdValue(units, native),
  logoURI: logoURI(native.symbol),
})

/** A used route: its first answer again for the key that used it, a 409 for anyone else and for no key. */
export function usedRouteAnswer(c: Context, route: RouteRow, key: string) {
  if (key !== '' && route.used_by_key === key && route.response !== null) return c.json(route.response)
  return c.json(ROUTE_USED, 409)
}

export async function loadRoute(db: Db, id: string): Promise<RouteRow | null> {
  const [row] = await db.query<Record<string, unknown>>(
    `SELECT id, user_id, account_index, kind, from_chain, from_address, to_chain, to_address, from_units::text AS from_units,
            to_units::text AS to_units, gas_units::text AS gas_units, created_at::text AS created_at, used_by_key, response
     FROM swap_routes WHERE id = $1`,
    [id],
    { name: 'swap.routes.load' },
  )
  if (!row) return null
  return {
    id: String(row.id),
    user_id: Number(row.user_id),
    account_index: Number(row.account_index),
    kind: row.kind as RouteRow['kind'],
    from_chain: String(row.from_chain),
    from_address: String(row.from_address),
    to_chain: String(row.to_chain),
    to_address: String(row.to_address),
    from_units: BigInt(row.from_units as string),
    to_units: BigInt(row.to_units as string),
    gas_units: BigInt(row.gas_units as string),
    created_at: Number(row.created_at),
    used_by_key: (row.used_by_key as string | null) ?? null,
    response: (row.response as SwapAnswer | null) ?? null,
  }
}

/** An integer string of smallest units above zero, no larger than an amount may be. */
export function positiveUnits(text: string, path: string): bigint {
  const units = decimalAmount(text, path, { scale: 0 })
  if (units === 0n) throw new BadRequest('the amount must be above zero', path)
  return units
}
