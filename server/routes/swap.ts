/**
 * Swaps (doc 1 §3, §4, §7): EVM quotes and their execution, TON quotes and their execution, and
 * preset pairs. A quote is stored as a route; POST /swap executes the route's own amounts, once,
 * within its time to live. TON swaps are quoted by two providers and executed by re-quoting with
 * the chosen one against the minimum the user accepted.
 */
import { randomUUID } from 'node:crypto'
import type { Context } from 'hono'
import { Hono } from 'hono'
import { endpoints } from '../../domain/api/endpoints'
import { parseStartParam } from '../../domain/app/rules'
import type { Db } from '../db'
import { type Catalogue, type CatalogueToken, type ChainId, chainKey, logoURI, tokenView } from '../catalogue'
import { type Entry, addHistory, balanceOf, post } from '../ledger'
import { fromUnits, toUnits } from '../money'
import { type SwapQuote, TON_GAS, TON_GAS_MIN, type TonProvider, bestTonQuote, evmQuote, tonQuote, usdValue } from '../quote'
import { BadRequest, accountIndexOf, decodeOrThrow, jsonBody } from '../validate'
import { networkFee } from './transfer'
import type { AppEnv } from './wallet'

/** A quote executes within this time of being given (the client asks again after 30 s). */
export const ROUTE_TTL_MS = 60_000
/** Routes are kept this long, so a retry of an executed one still gets its answer. */
const ROUTE_KEEP_MS = 24 * 60 * 60 * 1000
/** Larger amounts than this many digits of smallest units are refused: the ledger holds 78. */
const MAX_AMOUNT_DIGITS = 40

export const ROUTE_USED = { message: 'This quote has already been used. Ask for a new quote.', code: 'route-used' } as const
export const ROUTE_EXPIRED = { message: 'This quote has expired. Ask for a new quote.', code: 'route-expired' } as const
export const SLIPPAGE = { message: 'The price moved beyond the minimum received. Ask for a new quote.', code: 'slippage' } as const

const EVM_NATIVE = '0x0000000000000000000000000000000000000000'
const TON_NATIVE = 'native'

/** swap.50: the preset tokens, in the spec's order. */
const PRESETS: readonly [ChainId, string][] = [
  ['TON', 'TON'],
  ['TON', 'tsTON'],
  [42161, 'USDT'],
  [42161, 'ZRO'],
  ['TON', 'PUNK'],
]

export interface SwapOptions {
  now?: () => number
  routeTtlMs?: number
}

interface RouteRow {
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

interface SwapAnswer {
  ok: true
  historyId: string
}

export function swapRoutes(db: Db, catalogue: Catalogue, options: SwapOptions = {}) {
  const now = options.now ?? Date.now
  const routeTtlMs = options.routeTtlMs ?? ROUTE_TTL_MS
  const app = new Hono<AppEnv>()
  /** The coin a chain's network fee is paid in. */
  const nativeOf = (chainId: ChainId) => catalogue.find(chainId, chainId === 'TON' ? TON_NATIVE : EVM_NATIVE) as CatalogueToken

  async function storeRoute(userId: number, accountIndex: number, kind: 'evm' | 'ton', from: CatalogueToken, to: CatalogueToken, amount: bigint, quote: SwapQuote, gasUnits: bigint, provider: string) {
    const id = randomUUID()
    const at = now()
    await db.query('DELETE FROM swap_routes WHERE user_id = $1 AND created_at < $2', [userId, at - ROUTE_KEEP_MS])
    await db.query(
      `INSERT INTO swap_routes (id, user_id, account_index, kind, from_chain, from_address, to_chain, to_address, from_units, to_units, to_min, gas_units, provider, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::numeric, $10::numeric, $11::numeric, $12::numeric, $13, $14)`,
      [id, userId, accountIndex, kind, chainKey(from.chainId), from.address, chainKey(to.chainId), to.address, amount.toString(), quote.toUnits.toString(), quote.toMin.toString(), gasUnits.toString(), provider, at],
    )
    return id
  }

  // ---------------------------------------------------------------- EVM (swap.14-15, swap.19, swap.26, swap.41)

  app.post('/fetchRoute', async (c) => {
    const req = decodeOrThrow(endpoints.fetchRoute.request, await jsonBody(c))
    const accountIndex = accountIndexOf(req.accountIndex)
    const from = catalogue.find(req.fromChainId, req.from)
    if (!from) throw new BadRequest(`unknown token ${req.from} on ${chainKey(req.fromChainId)}`, 'from')
    const to = catalogue.find(req.toChainId, req.to)
    if (!to) throw new BadRequest(`unknown token ${req.to} on ${chainKey(req.toChainId)}`, 'to')
    if (from.chainId === 'TON' || to.chainId === 'TON') throw new BadRequest('TON swaps are quoted by /v2/tc/simulate-swap', 'to')
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
    const key = req.idempotencyKey ?? ''
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
      const claimed = await tx.query('UPDATE swap_routes SET used_by_key = $2 WHERE id = $1 AND used_by_key IS NULL RETURNING id', [route.id, key])
      if (claimed.length === 0) return { usedBy: (await loadRoute(tx, route.id)) as RouteRow }
      // A failed check throws, which rolls the claim back: the route stays usable.
      const held = await balanceOf(tx, user.id, accountIndex, from.chainId, from.address)
      if (held < route.from_units) throw new BadRequest(`not enough ${from.symbol}`, 'amount')
      const nativeHeld = native === from ? held - route.from_units : await balanceOf(tx, user.id, accountIndex, native.chainId, native.address)
      if (nativeHeld < route.gas_units) throw new BadRequest(`not enough ${native.symbol} for the network fee of ${fromUnits(route.gas_units, native.decimals)}`, 'gas')

      const reference = `swap-${route.id}`
      const entries: Entry[] = [
        { userId: user.id, accountIndex, chainId: from.chainId, tokenAddress: from.address, delta: -route.from_units, reason: 'swap-out', reference },
        { userId: user.id, accountIndex, chainId: to.chainId, tokenAddress: to.address, delta: route.to_units, reason: 'swap-in', reference },
        { userId: user.id, accountIndex, chainId: native.chainId, tokenAddress: native.address, delta: -route.gas_units, reason: 'fee', reference },
      ]
      await post(tx, entries)
      const historyId = await addHistory(tx, user.id, accountIndex, 'swap', {
        fromToken: tokenView(from),
        toToken: tokenView(to),
        fromAmount: route.from_units.toString(),
        toAmount: route.to_units.toString(),
        chainId: from.chainId,
        routeId: route.id,
      })
      const answer: SwapAnswer = { ok: true, historyId }
      await tx.query('UPDATE swap_routes SET response = $2::jsonb WHERE id = $1', [route.id, JSON.stringify(answer)])
      return { answer }
    })
    return 'answer' in outcome ? c.json(outcome.answer) : usedRouteAnswer(c, outcome.usedBy, key)
  })

  // ---------------------------------------------------------------- TON (swap.23, swap.25, swap.33-35)

  /** swap.35: both sides TON-chain tokens of the catalogue, and not the same one. */
  function tonPair(offerAddress: string, askAddress: string) {
    const find = (address: string, path: string) => {
      const token = catalogue.find('TON', address)
      if (token) return token
      if (/^0x[0-9a-fA-F]{40}$/.test(address)) throw new BadRequest('a TON token pairs only with TON tokens', path)
      throw new BadRequest(`unknown token ${address} on TON`, path)
    }
    const offer = find(offerAddress, 'offer_jetton')
    const ask = find(askAddress, 'ask_jetton')
    if (offer === ask) throw new BadRequest('the token to receive is the token to send', 'ask_jetton')
    return { offer, ask }
  }

  app.post('/v2/tc/simulate-swap', async (c) => {
    const req = decodeOrThrow(endpoints.simulateTonSwap.request, withWalletIndex(c, await jsonBody(c)))
    const accountIndex = walletIndexOf(req.walletindex)
    const { offer, ask } = tonPair(req.offer_jetton, req.ask_jetton)
    const amount = positiveUnits(req.offer_amount, 'offer_amount')
    const { provider, quote } = bestTonQuote(amount, offer, ask)
    const ton = nativeOf('TON')
    const gasUnits = toUnits(TON_GAS, ton.decimals) as bigint
    const id = await storeRoute(c.get('user').id, accountIndex, 'ton', offer, ask, amount, quote, gasUnits, provider)
    const gas = gasView(ton, gasUnits)
    const route = routeView(id, offer, ask, amount, quote, gas.amountUSD)
    return c.json({ route, transactions: route.steps.map((s) => ({ viaTool: s.tool })), provider, gases: [gas] })
  })

  app.post('/v2/tc/swap', async (c) => {
    const req = decodeOrThrow(endpoints.tonSwap.request, withWalletIndex(c, await jsonBody(c)))
    const user = c.get('user')
    const accountIndex = walletIndexOf(req.walletindex)
    const key = req.idempotencyKey === undefined ? null : `tcswap:${req.idempotencyKey}`
    if (key !== null) {
      const [done] = await db.query<{ response: SwapAnswer }>('SELECT response FROM idempotency WHERE user_id = $1 AND key = $2', [user.id, key])
      if (done) return c.json(done.response)
    }
    const { offer, ask } = tonPair(req.offer_jetton, req.ask_jetton)
    const amount = positiveUnits(req.offer_amount, 'offer_amount')
    const provider: TonProvider = req.provider
    const quote = tonQuote(provider, amount, offer, ask)
    if (quote.toUnits < BigInt(req.min_ask_amount)) return c.json(SLIPPAGE, 409)

    const ton = nativeOf('TON')
    const gasUnits = toUnits(TON_GAS, ton.decimals) as bigint
    const tonNeeded = toUnits(TON_GAS_MIN[provider], ton.decimals) as bigint
    const answer = await db.transaction(async (tx): Promise<SwapAnswer> => {
      if (key !== null) {
        const claimed = await tx.query('INSERT INTO idempotency (user_id, key, response, status) VALUES ($1, $2, $3::jsonb, 200) ON CONFLICT DO NOTHING RETURNING key', [user.id, key, '{}'])
        if (claimed.length === 0) return (await tx.query<{ response: SwapAnswer }>('SELECT response FROM idempotency WHERE user_id = $1 AND key = $2', [user.id, key]))[0].response
      }
      const held = await balanceOf(tx, user.id, accountIndex, 'TON', offer.address)
      if (held < amount) throw new BadRequest(`not enough ${offer.symbol}`, 'amount')
      const tonHeld = offer === ton ? held - amount : await balanceOf(tx, user.id, accountIndex, 'TON', ton.address)
      if (tonHeld < tonNeeded) throw new BadRequest(`at least ${TON_GAS_MIN[provider]} TON is needed for the network fee`, 'gas')

      const reference = `tcswap-${randomUUID()}`
      await post(tx, [
        { userId: user.id, accountIndex, chainId: 'TON', tokenAddress: offer.address, delta: -amount, reason: 'swap-out', reference },
        { userId: user.id, accountIndex, chainId: 'TON', tokenAddress: ask.address, delta: quote.toUnits, reason: 'swap-in', reference },
        { userId: user.id, accountIndex, chainId: 'TON', tokenAddress: ton.address, delta: -gasUnits, reason: 'fee', reference },
      ])
      const historyId = await addHistory(tx, user.id, accountIndex, 'swap', {
        fromToken: tokenView(offer),
        toToken: tokenView(ask),
        fromAmount: amount.toString(),
        toAmount: quote.toUnits.toString(),
        chainId: 'TON',
        provider,
      })
      const result: SwapAnswer = { ok: true, historyId }
      if (key !== null) await tx.query('UPDATE idempotency SET response = $3::jsonb WHERE user_id = $1 AND key = $2', [user.id, key, JSON.stringify(result)])
      return result
    })
    return c.json(answer)
  })

  // ---------------------------------------------------------------- presets (swap.46-50)

  app.get('/getPresetTokens', (c) => {
    const q = decodeOrThrow(endpoints.presetTokens.request, c.req.query())
    const { params } = parseStartParam(q.startParam)
    const named = (address: string | undefined) => {
      const token = address === undefined || params.chainId === undefined ? undefined : catalogue.find(params.chainId, address)
      return token ? tokenView(token) : null
    }
    const presets = PRESETS.flatMap(([chainId, symbol]) => {
      const token = catalogue.bySymbol(chainId, symbol)
      return token ? [tokenView(token)] : []
    })
    return c.json({ from: named(params.swapFrom), to: named(params.swapTo), presets })
  })

  app.post('/createPresetSwap', async (c) => {
    const req = decodeOrThrow(endpoints.createPresetSwap.request, await jsonBody(c))
    const from = catalogue.find(req.from.chainId, req.from.address)
    if (!from) throw new BadRequest(`unknown token ${req.from.address} on ${chainKey(req.from.chainId)}`, 'from')
    const to = catalogue.find(req.to.chainId, req.to.address)
    if (!to) throw new BadRequest(`unknown token ${req.to.address} on ${chainKey(req.to.chainId)}`, 'to')
    if (from.chainId !== to.chainId) throw new BadRequest('a preset swap is within one chain', 'to')
    if (from === to) throw new BadRequest('the token to receive is the token to send', 'to')
    return c.json({ startParam: presetStartParam(from, to) })
  })

  return app
}

// ---------------------------------------------------------------- answers

function routeView(id: string, from: CatalogueToken, to: CatalogueToken, amount: bigint, quote: SwapQuote, gasCostUSD: number) {
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

const gasView = (native: CatalogueToken, units: bigint) => ({
  address: native.address,
  chainId: native.chainId,
  symbol: native.symbol,
  amount: units.toString(),
  printAmount: fromUnits(units, native.decimals),
  amountUSD: usdValue(units, native),
  logoURI: logoURI(native.symbol),
})

/** A used route: its first answer again for the key that used it, a 409 for anyone else and for no key. */
function usedRouteAnswer(c: Context, route: RouteRow, key: string) {
  if (key !== '' && route.used_by_key === key && route.response !== null) return c.json(route.response)
  return c.json(ROUTE_USED, 409)
}

// ---------------------------------------------------------------- requests

async function loadRoute(db: Db, id: string): Promise<RouteRow | null> {
  const [row] = await db.query<Record<string, unknown>>(
    `SELECT id, user_id, account_index, kind, from_chain, from_address, to_chain, to_address, from_units::text AS from_units,
            to_units::text AS to_units, gas_units::text AS gas_units, created_at::text AS created_at, used_by_key, response
     FROM swap_routes WHERE id = $1`,
    [id],
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

/** An integer string of smallest units above zero (the codec has checked it is digits). */
function positiveUnits(text: string, path: string): bigint {
  if (text.replace(/^0+/, '').length > MAX_AMOUNT_DIGITS) throw new BadRequest('the amount is too large', path)
  const units = BigInt(text)
  if (units === 0n) throw new BadRequest('the amount must be above zero', path)
  return units
}

/** The TON calls carry the wallet index as the header `walletindex` (endpoints.ts headerFields). */
function withWalletIndex(c: Context, body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body
  const header = c.req.header('walletindex')
  return { ...body, walletindex: header !== undefined && /^\d{1,3}$/.test(header.trim()) ? Number(header.trim()) : header }
}

function walletIndexOf(value: number): number {
  if (!Number.isInteger(value) || value < 0 || value > 2) throw new BadRequest('walletindex must be 0, 1 or 2', 'walletindex')
  return value
}

// ---------------------------------------------------------------- preset start parameters

/**
 * swap.46: `swapFrom-<b64>-swapTo-<b64>-chainId-<chain>`. start_param allows only [A-Za-z0-9_-]
 * and '-' separates its pairs, so the base64 writes '_' for '/' and drops the '=' padding.
 */
export function presetStartParam(from: Pick<CatalogueToken, 'address' | 'chainId'>, to: Pick<CatalogueToken, 'address'>): string {
  return `swapFrom-${startParamBase64(from.address)}-swapTo-${startParamBase64(to.address)}-chainId-${chainKey(from.chainId)}`
}

export function startParamBase64(text: string): string {
  const encoded = Buffer.from(text, 'utf8').toString('base64').replace(/=+$/, '').replace(/\//g, '_')
  // '+' needs a '>' or '~' in the text, which no address has.
  if (!/^[A-Za-z0-9_]+$/.test(encoded)) throw new BadRequest(`${text} cannot be written into a start parameter`, 'from')
  return encoded
}

// ---------------------------------------------------------------- route tool logos

const TOOL_LOGOS: Record<string, string> = {
  uniswap: '<circle cx="32" cy="32" r="32" fill="#FF007A"/><path d="M20 18v16a12 12 0 0 0 24 0V18h-7v16a5 5 0 0 1-10 0V18z" fill="#fff"/>',
  stargate: '<circle cx="32" cy="32" r="32" fill="#111"/><path d="M32 10l5.6 15.2L54 26l-12.8 10L45.6 52 32 43l-13.6 9 4.4-16L10 26l16.4-.8z" fill="#fff"/>',
  stonfi: '<circle cx="32" cy="32" r="32" fill="#0098EA"/><path d="M32 12l16 20-16 20-16-20z" fill="#fff"/><path d="M32 22l8 10-8 10-8-10z" fill="#0098EA"/>',
  dedust: '<circle cx="32" cy="32" r="32" fill="#1A1A1A"/><circle cx="24" cy="26" r="6" fill="#F9A825"/><circle cx="40" cy="26" r="6" fill="#F9A825"/><circle cx="32" cy="41" r="6" fill="#F9A825"/>',
}

/** The logo of a route tool (swap.39), drawn here: /logos/tools/<key>.svg; null for an unknown key. */
export function toolLogoSvg(key: string): string | null {
  const body = Object.hasOwn(TOOL_LOGOS, key) ? TOOL_LOGOS[key] : undefined
  return body === undefined ? null : `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">${body}</svg>`
}
