/**
 * EVM swaps (doc 1 §3, §4, §7; swap.14-15, swap.19, swap.26, swap.41): a quote is stored as a
 * route; POST /swap executes the route's own amounts, once, within its time to live. The TON calls
 * (./ton.ts) and preset pairs (./presets.ts) are mounted here too.
 */
import { Hono } from 'hono'
import { endpoints } from '../../domain/api/endpoints'
import type { Db } from '../db'
import type { AppEnv } from '../kernel/auth'
import { type Catalogue, type CatalogueToken, chainKey, tokenView } from '../kernel/catalogue'
import { networkFee } from '../kernel/fees'
import { type Entry, addHistory, balanceOf, post } from '../kernel/ledger'
import { fromUnits, toUnits } from '../kernel/money'
import { BadRequest, accountIndexOf, decodeOrThrow, jsonBody } from '../kernel/validate'
import { keyOrRefuse } from '../kernel/idempotency'
import { presetRoutes } from './presets'
import { evmQuote } from './quote'
import {
  ROUTE_EXPIRED,
  type RouteRow,
  type SwapAnswer,
  type SwapOptions,
  gasView,
  loadRoute,
  positiveUnits,
  routeStore,
  routeView,
  usedRouteAnswer,
} from './routeStore'
import { tonSwapRoutes } from './ton'

export { ROUTE_EXPIRED, ROUTE_TTL_MS, ROUTE_USED, SLIPPAGE, type SwapOptions } from './routeStore'

export function swapRoutes(db: Db, catalogue: Catalogue, options: SwapOptions = {}) {
  const store = routeStore(db, catalogue, options)
  const { now, routeTtlMs, nativeOf, storeRoute } = store
  const app = new Hono<AppEnv>()

  app.post('/fetchRoute', async (c) => {
    const req = decodeOrThrow(endpoints.fetchRoute.request, await jsonBody(c))
    const accountIndex = accountIndexOf(req.accountIndex)
    const from = catalogue.find(req.fromChainId, req.from)
    if (!from) throw new BadRequest(`unknown token ${req.from} on ${chainKey(req.fromChainId)}`, 'from')
    const to = catalogue.find(req.toChainId, req.to)
    if (!to) throw new BadRequest(`unknown token ${req.to} on ${chainKey(req.toChainId)}`, 'to')
    if (from.chainId === 'TON' || to.chainId === 'TON')
      throw new BadRequest('TON swaps are quoted by /v2/tc/simulate-swap', 'to')
    if (from === to) throw new BadRequest('the token to receive is the token to send', 'to')
    const amount = positiveUnits(req.amount, 'amount')

    const quote = evmQuote(amount, from, to, from.chainId !== to.chainId)
    const native = nativeOf(from.chainId)
    const gasUnits = toUnits(networkFee(from).amount, native.decimals) as bigint
    const provider = quote.steps.map((s) => s.tool.key).join('+')
    const id = await storeRoute(c.get('user').id, accountIndex, 'evm', from, to, amount, quote, gasUnits, provider)
    const gas = gasView(native, gasUnits)
    const route = routeView(id, from, to, amount, quote, gas.amountUSD)
    return c.json({ route, gases: [gas], transactions: route.steps.map((s) => ({ viaTool: s.tool })) })
  })

  app.post('/swap', async (c) => {
    const req = decodeOrThrow(endpoints.swap.request, await jsonBody(c))
    const user = c.get('user')
    const accountIndex = accountIndexOf(req.accountIndex)
    const key = keyOrRefuse(req.idempotencyKey ?? null) ?? ''
    const route = await loadRoute(db, req.routeId)
    if (!route || route.user_id !== user.id || route.kind !== 'evm') return c.json({ message: 'unknown route' }, 404)
    if (route.account_index !== accountIndex) throw new BadRequest('this quote is for another wallet', 'accountIndex')
    if (route.used_by_key !== null) return usedRouteAnswer(c, route, key)
    if (now() - route.created_at > routeTtlMs) return c.json(ROUTE_EXPIRED, 410)

    const from = catalogue.find(route.from_chain, route.from_address) as CatalogueToken
    const to = catalogue.find(route.to_chain, route.to_address) as CatalogueToken
    const native = nativeOf(from.chainId)
    const outcome = await db.transaction(async (tx): Promise<{ answer: SwapAnswer } | { usedBy: RouteRow }> => {
      // The claim: of concurrent executions of one route, one updates the row, the others find it used.
      const claimed = await tx.query(
        'UPDATE swap_routes SET used_by_key = $2 WHERE id = $1 AND used_by_key IS NULL RETURNING id',
        [route.id, key],
        { name: 'swap.routes.use' },
      )
      if (claimed.length === 0) return { usedBy: (await loadRoute(tx, route.id)) as RouteRow }
      // A failed check throws, which rolls the claim back: the route stays usable.
      const held = await balanceOf(tx, user.id, accountIndex, from.chainId, from.address)
      if (held < route.from_units) throw new BadRequest(`not enough ${from.symbol}`, 'amount')
      const nativeHeld =
        native === from
          ? held - route.from_units
          : await balanceOf(tx, user.id, accountIndex, native.chainId, native.address)
      if (nativeHeld < route.gas_units)
        throw new BadRequest(
          `not enough ${native.symbol} for the network fee of ${fromUnits(route.gas_units, native.decimals)}`,
          'gas',
        )

      const reference = `swap-${route.id}`
      const entries: Entry[] = [
        {
          userId: user.id,
          accountIndex,
          chainId: from.chainId,
          tokenAddress: from.address,
          delta: -route.from_units,
          reason: 'swap-out',
          reference,
        },
        {
          userId: user.id,
          accountIndex,
          chainId: to.chainId,
          tokenAddress: to.address,
          delta: route.to_units,
          reason: 'swap-in',
          reference,
        },
        {
          userId: user.id,
          accountIndex,
          chainId: native.chainId,
          tokenAddress: native.address,
          delta: -route.gas_units,
          reason: 'fee',
          reference,
        },
      ]
      await post(tx, entries)
      const historyId = await addHistory(tx, user.id, accountIndex, 'swap', {
        fromToken: tokenView(from),
        toToken: tokenView(to),
        fromAmount: route.from_units.toString(),
        toAmount: route.to_units.toString(),
        chainId: from.chainId,
        routeId: route.id,
        // What the entry's detail shows: the gas paid, in the chain's coin, and the ledger's reference.
        fee: fromUnits(route.gas_units, native.decimals),
        txId: reference,
      })
      const answer: SwapAnswer = { ok: true, historyId }
      await tx.query('UPDATE swap_routes SET response = $2::jsonb WHERE id = $1', [route.id, JSON.stringify(answer)], {
        name: 'swap.routes.answered',
      })
      return { answer }
    })
    return 'answer' in outcome ? c.json(outcome.answer) : usedRouteAnswer(c, outcome.usedBy, key)
  })

  return app.route('/', tonSwapRoutes(db, catalogue, store)).route('/', presetRoutes(catalogue))
}
