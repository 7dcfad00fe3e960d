/**
 * Swap calls: EVM quotes and execution (one route, one execution, within its time to live), TON
 * quotes by two providers and their execution, and preset pairs. Every answer decodes with the
 * client's codec.
 */
import { describe, expect, it } from 'vitest'
import { Hono } from 'hono'
import { isRight } from 'fp-ts/lib/Either'
import { signInitData } from '../../../server/kernel/auth'
import { TEST_BOT, type User, newUser, useServer } from '../helpers'
import { loadCatalogue } from '../../../server/kernel/catalogue'
import { fromUnits, toUnits } from '../../../server/kernel/money'
import { evmQuote, tonQuote } from '../../../server/swap/quote'
import { startParamBase64 } from '../../../server/swap/presets'
import { ROUTE_TTL_MS, swapRoutes } from '../../../server/swap/routes'
import type { AppEnv } from '../../../server/kernel/auth'
import { endpoints } from '../../../domain/api/endpoints'
import { parseStartParam } from '../../../domain/app/startParam'

const api = useServer()

const ETH = '0x0000000000000000000000000000000000000000'
const USDC_ARB = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831'
const USDT_ARB = '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9'
const ZRO = '0x6985884C4392D348587B19cb9eAAf157F13271cd'
const USDC_OP = '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85'
const TON = 'native'
const USDT_TON = 'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs'
const TSTON = 'EQC98_qAmNEptUtPc7W6xdHh_ZHrBUFpw5Ft_IzNU20QAJav'
const PUNK = 'EQCdpz6QhJtDtm2s9-krV2ygl45Pwl-KJJCV1-XrP-Xuuxoq'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

const call = (path: string, user: User, body?: unknown, headers: Record<string, string> = {}) =>
  api.call(path, user, body, { headers })
const decodes = (codec: { decode(u: unknown): unknown }, value: unknown) =>
  expect(isRight(codec.decode(value) as never), JSON.stringify(value).slice(0, 400)).toBe(true)

/** Every balance of a wallet as `chainId:address` -> exact decimal, as /balances answers it. */
async function balances(user: User, accountIndex = 0): Promise<Record<string, string>> {
  const r = await call('/balances', user, { accountIndex })
  return Object.fromEntries(
    (r.body as unknown as Json[]).map((b) => [`${b.chainId}:${b.address}`, b.tokensAmount as string]),
  )
}
const held = (all: Record<string, string>, chainId: unknown, address: string) => all[`${chainId}:${address}`] ?? '0'
/** a + b for exact decimal strings of a token with `decimals`. */
const plus = (a: string, b: string, decimals: number) =>
  fromUnits((toUnits(a, decimals) as bigint) + (toUnits(b, decimals) as bigint), decimals)
const minus = (a: string, b: string, decimals: number) =>
  fromUnits((toUnits(a, decimals) as bigint) - (toUnits(b, decimals) as bigint), decimals)

const quoteRequest = (over: Record<string, unknown> = {}) => ({
  amount: '10000000',
  from: USDC_ARB,
  to: ETH,
  fromChainId: 42161,
  toChainId: 42161,
  accountIndex: 0,
  ...over,
})
async function quote(user: User, over: Record<string, unknown> = {}) {
  const r = await call('/fetchRoute', user, quoteRequest(over))
  expect(r.status, JSON.stringify(r.body)).toBe(200)
  decodes(endpoints.fetchRoute.response, r.body)
  return r.body as { route: Json; gases: Json[]; transactions: Json[] }
}
const execute = (user: User, routeId: string, over: Record<string, unknown> = {}) =>
  call('/swap', user, { routeId, accountIndex: 0, ...over })
const history = async (user: User, accountIndex = 0) => {
  const r = await call(`/history?limit=10&offset=0&accountIndex=${accountIndex}`, user)
  decodes(endpoints.history.response, r.body)
  return r.body as unknown as Json[]
}
const swapsIn = async (user: User, accountIndex = 0) =>
  (await history(user, accountIndex)).filter((h) => h.type === 'swap')
const age = (routeId: string, ms: number) =>
  api.server.db.query('UPDATE swap_routes SET created_at = created_at - $2 WHERE id = $1', [routeId, ms])

const simulate = (user: User, body: Record<string, unknown>, walletindex = '0') =>
  call('/v2/tc/simulate-swap', user, body, { walletindex })
const tonSwap = (user: User, body: Record<string, unknown>, walletindex = '0') =>
  call('/v2/tc/swap', user, body, { walletindex })

describe('POST /fetchRoute', () => {
  it('[swap.15] a quote answers route, gases and transactions that decode with the client codec', async () => {
    const user = newUser()
    const { route, gases, transactions } = await quote(user)
    const model = evmQuote(
      10_000_000n,
      { symbol: 'USDC', decimals: 6, priceUsd: 1 },
      { symbol: 'ETH', decimals: 18, priceUsd: 3500 },
      false,
    )
    expect(route).toMatchObject({
      fromToken: {
        symbol: 'USDC',
        address: USDC_ARB,
        chainId: 42161,
        decimals: 6,
        logoURI: '/logos/USDC.svg',
        name: expect.any(String),
      },
      toToken: { symbol: 'ETH', address: ETH, chainId: 42161, decimals: 18 },
      fromAmount: '10000000',
      toAmount: model.toUnits.toString(),
      fromAmountUSD: 10,
      toAmountUSD: 9.97,
      gasCostUSD: 0.35,
      priceImpactPercent: 0,
      fromChainId: 42161,
      toChainId: 42161,
      steps: [
        {
          type: 'swap',
          tool: { key: 'uniswap', name: 'Uniswap', logoURI: '/logos/tools/uniswap.svg' },
          fromAmount: '10',
          toAmount: fromUnits(model.toUnits, 18),
          fromSymbol: 'USDC',
          toSymbol: 'ETH',
        },
      ],
    })
    expect(route.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(gases).toEqual([
      {
        address: ETH,
        chainId: 42161,
        symbol: 'ETH',
        amount: '100000000000000',
        printAmount: '0.0001',
        amountUSD: 0.35,
        logoURI: '/logos/ETH.svg',
      },
    ])
    expect(transactions).toEqual([
      { viaTool: { key: 'uniswap', name: 'Uniswap', logoURI: '/logos/tools/uniswap.svg' } },
    ])
    const [row] = await api.server.db.query<Json>(
      'SELECT user_id, account_index, kind, to_units::text AS to_units, used_by_key FROM swap_routes WHERE id = $1',
      [route.id],
    )
    expect(row).toMatchObject({ account_index: 0, kind: 'evm', to_units: route.toAmount, used_by_key: null })
    expect(Number(row.user_id)).toBe(user.id)
  })

  it('bad quote input is a 400 whose path names the field', async () => {
    const user = newUser()
    const cases: [Record<string, unknown>, string][] = [
      [{ from: '0x0000000000000000000000000000000000000001' }, 'from'],
      [{ to: '0x0000000000000000000000000000000000000001' }, 'to'],
      [{ to: USDC_ARB }, 'to'],
      [{ to: USDC_ARB.toLowerCase() }, 'to'],
      [{ amount: '0' }, 'amount'],
      [{ amount: '-1' }, 'amount'],
      [{ amount: '1.5' }, 'amount'],
      [{ amount: 'abc' }, 'amount'],
      [{ amount: 10 }, 'amount'],
      [{ amount: '1'.repeat(41) }, 'amount'],
      [{ accountIndex: 3 }, 'accountIndex'],
      [{ accountIndex: -1 }, 'accountIndex'],
      [{ fromChainId: 56 }, 'fromChainId'],
      [{ to: TON, toChainId: 'TON' }, 'to'],
      [{ from: TON, fromChainId: 'TON', to: USDT_TON, toChainId: 'TON' }, 'to'],
    ]
    for (const [over, path] of cases) {
      const r = await call('/fetchRoute', user, quoteRequest(over))
      expect(r.status, JSON.stringify(over)).toBe(400)
      expect(r.body.path, JSON.stringify(over)).toBe(path)
      expect(typeof r.body.message).toBe('string')
    }
    expect((await call('/fetchRoute', user, quoteRequest({ to: TON, toChainId: 'TON' }))).body.message).toBe(
      'TON swaps are quoted by /v2/tc/simulate-swap',
    )
  })

  it('a quote needs no balance: only execution does', async () => {
    const user = newUser()
    const { route } = await quote(user, { amount: '1000000000000' })
    expect(route.fromAmountUSD).toBe(1_000_000)
  })

  it('price impact grows with the size; 50 ZRO to USDC on Arbitrum is above 2 %', async () => {
    const user = newUser()
    const impacts: number[] = []
    for (const zro of ['1', '10', '50', '200'])
      impacts.push(
        (await quote(user, { from: ZRO, to: USDC_ARB, amount: toUnits(zro, 18)!.toString() })).route.priceImpactPercent,
      )
    expect(impacts).toEqual([...impacts].sort((a, b) => a - b))
    expect(new Set(impacts).size).toBe(impacts.length)
    expect(impacts[2]).toBeGreaterThan(2)
    expect(impacts[2]).toBeLessThanOrEqual(5)
    expect((await quote(user)).route.priceImpactPercent).toBeLessThan(2)
  })

  it('[swap.19] the minimum received is 95 % of the quote, floored', async () => {
    const user = newUser()
    for (const over of [
      {},
      { from: ZRO, to: USDT_ARB, amount: '50000000000000000000' },
      { from: ETH, to: USDC_ARB, amount: '123456789012345678' },
      { toChainId: 10, to: USDC_OP },
    ]) {
      const { route } = await quote(user, over)
      expect(route.toAmountMin).toBe(((BigInt(route.toAmount) * 95n) / 100n).toString())
    }
  })

  it('[swap.6] a cross-chain quote has a swap step and a bridge step, one transaction each', async () => {
    const user = newUser()
    const { route, gases, transactions } = await quote(user, { toChainId: 8453 })
    const sameChain = (await quote(user)).route
    expect(route).toMatchObject({ fromChainId: 42161, toChainId: 8453, toToken: { chainId: 8453, symbol: 'ETH' } })
    expect(route.steps).toEqual([
      {
        type: 'swap',
        tool: { key: 'uniswap', name: 'Uniswap', logoURI: '/logos/tools/uniswap.svg' },
        fromAmount: '10',
        toAmount: fromUnits(sameChain.toAmount, 18),
        fromSymbol: 'USDC',
        toSymbol: 'ETH',
      },
      {
        type: 'cross',
        tool: { key: 'stargate', name: 'Stargate', logoURI: '/logos/tools/stargate.svg' },
        fromAmount: fromUnits(sameChain.toAmount, 18),
        toAmount: fromUnits(route.toAmount, 18),
        fromSymbol: 'ETH',
        toSymbol: 'ETH',
      },
    ])
    // The bridge keeps 0.1 %.
    expect(route.toAmount).toBe(((BigInt(sameChain.toAmount) * 999n) / 1000n).toString())
    expect(transactions.map((t) => t.viaTool.key)).toEqual(['uniswap', 'stargate'])
    expect(gases[0]).toMatchObject({ chainId: 42161, printAmount: '0.0001' })
  })

  it('[swap.26] gas is the chain hint, in the source chain native coin', async () => {
    const user = newUser()
    const hints: [number, string, string][] = [
      [1, '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', '0.005'],
      [10, USDC_OP, '0.0001'],
      [42161, USDC_ARB, '0.0001'],
      [8453, '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', '0.00001'],
      [324, '0x1d17CBcF0D6D143135aE902365D2E5e2A16538D4', '0.00001'],
    ]
    for (const [chainId, usdc, gas] of hints) {
      const { route, gases } = await quote(user, { from: usdc, fromChainId: chainId, toChainId: chainId })
      expect(gases).toEqual([
        {
          address: ETH,
          chainId,
          symbol: 'ETH',
          amount: toUnits(gas, 18)!.toString(),
          printAmount: gas,
          amountUSD: Math.round(Number(gas) * 3500 * 100) / 100,
          logoURI: '/logos/ETH.svg',
        },
      ])
      expect(route.gasCostUSD).toBe(gases[0].amountUSD)
    }
  })
})

describe('POST /swap', () => {
  it('executing moves both balances and the gas exactly, and records one swap history entry', async () => {
    const user = newUser()
    const before = await balances(user)
    const { route } = await quote(user, { from: ZRO, to: USDC_ARB, amount: '50000000000000000000' })
    const r = await execute(user, route.id, { idempotencyKey: 'tap-0001' })
    expect(r.status).toBe(200)
    decodes(endpoints.swap.response, r.body)
    expect(r.body).toEqual({ ok: true, historyId: expect.stringMatching(/^\d+$/) })

    const after = await balances(user)
    expect(held(before, 42161, ZRO)).toBe('50')
    expect(held(after, 42161, ZRO)).toBe('0')
    expect(held(after, 42161, USDC_ARB)).toBe(plus(held(before, 42161, USDC_ARB), fromUnits(route.toAmount, 6), 6))
    expect(held(after, 42161, USDC_ARB)).toBe('597.268292')
    expect(held(after, 42161, ETH)).toBe('0.4999')
    // Nothing else moved.
    for (const key of Object.keys(before))
      if (![`42161:${ZRO}`, `42161:${USDC_ARB}`, `42161:${ETH}`].includes(key))
        expect(after[key], key).toBe(before[key])

    const swaps = await swapsIn(user)
    expect(swaps).toHaveLength(1)
    expect(swaps[0]).toMatchObject({
      id: r.body.historyId,
      type: 'swap',
      fromToken: {
        symbol: 'ZRO',
        decimals: 18,
        address: ZRO,
        chainId: 42161,
        logoURI: '/logos/ZRO.svg',
        name: expect.any(String),
      },
      toToken: { symbol: 'USDC', decimals: 6, address: USDC_ARB, chainId: 42161, logoURI: '/logos/USDC.svg' },
      fromAmount: '50000000000000000000',
      toAmount: route.toAmount,
      chainId: 42161,
    })
  })

  it('swapping the native coin takes the amount and the gas from it', async () => {
    const user = newUser()
    const { route } = await quote(user, { from: ETH, to: USDC_ARB, amount: '100000000000000000' })
    expect((await execute(user, route.id)).status).toBe(200)
    const after = await balances(user)
    expect(held(after, 42161, ETH)).toBe('0.3999')
    expect(held(after, 42161, USDC_ARB)).toBe(plus('500', fromUnits(route.toAmount, 6), 6))
  })

  it('[swap.6] a cross-chain swap takes on the source chain and pays out on the target chain', async () => {
    const user = newUser()
    const { route } = await quote(user, { toChainId: 8453 })
    expect((await execute(user, route.id)).status).toBe(200)
    const after = await balances(user)
    expect(held(after, 42161, USDC_ARB)).toBe('490')
    expect(held(after, 42161, ETH)).toBe('0.4999')
    expect(held(after, 8453, ETH)).toBe(plus('0.5', fromUnits(route.toAmount, 18), 18))
    expect((await swapsIn(user))[0]).toMatchObject({ toToken: { chainId: 8453 }, chainId: 42161 })
  })

  it('not enough of the from token or of gas is a 400 naming amount or gas; the route stays usable', async () => {
    const user = newUser()
    // Wallet 1 holds 0.1 ETH on Arbitrum and no USDC.
    const noUsdc = await quote(user, { accountIndex: 1 })
    expect(await execute(user, noUsdc.route.id, { accountIndex: 1 })).toMatchObject({
      status: 400,
      body: { path: 'amount', message: 'not enough USDC' },
    })
    const allEth = await quote(user, { accountIndex: 1, from: ETH, to: USDC_ARB, amount: '100000000000000000' })
    expect(await execute(user, allEth.route.id, { accountIndex: 1 })).toMatchObject({
      status: 400,
      body: { path: 'gas', message: 'not enough ETH for the network fee of 0.0001' },
    })

    // Wallet 2 gets USDC on Optimism, where it holds no ETH.
    await call('/tgUserWallets', user)
    await fetch(api.server.url + '/admin/deposit', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId: user.id, chainId: 10, token: 'USDC', amount: '20', accountIndex: 2 }),
    })
    const noGas = await quote(user, { accountIndex: 2, from: USDC_OP, fromChainId: 10, toChainId: 10 })
    expect(await execute(user, noGas.route.id, { accountIndex: 2 })).toMatchObject({
      status: 400,
      body: { path: 'gas', message: 'not enough ETH for the network fee of 0.0001' },
    })
    await fetch(api.server.url + '/admin/deposit', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId: user.id, chainId: 10, token: 'ETH', amount: '0.0001', accountIndex: 2 }),
    })
    expect((await execute(user, noGas.route.id, { accountIndex: 2 })).status).toBe(200)
    const after = await balances(user, 2)
    expect(held(after, 10, USDC_OP)).toBe('10')
    expect(held(after, 10, ETH)).toBe(fromUnits(noGas.route.toAmount, 18))
  })

  it('an unknown route, or another user route, is a 404; another wallet is a 400', async () => {
    const alice = newUser()
    const bob = newUser()
    const { route } = await quote(alice)
    expect(await execute(alice, '00000000-0000-0000-0000-000000000000')).toEqual({
      status: 404,
      body: { message: 'unknown route' },
    })
    expect(await execute(bob, route.id)).toEqual({ status: 404, body: { message: 'unknown route' } })
    expect(await execute(alice, route.id, { accountIndex: 1 })).toMatchObject({
      status: 400,
      body: { path: 'accountIndex' },
    })
    expect((await call('/swap', alice, { accountIndex: 0 })).body.path).toBe('routeId')
    expect((await execute(alice, route.id)).status).toBe(200)
  })

  it('a used route is a 409 for another key; the same key answers the first result again and moves nothing', async () => {
    const user = newUser()
    const { route } = await quote(user)
    const first = await execute(user, route.id, { idempotencyKey: 'key-0001' })
    expect(first.status).toBe(200)
    const moved = await balances(user)
    expect(await execute(user, route.id, { idempotencyKey: 'key-0001' })).toEqual(first)
    const used = {
      status: 409,
      body: { message: 'This quote has already been used. Ask for a new quote.', code: 'route-used' },
    }
    expect(await execute(user, route.id, { idempotencyKey: 'key-0002' })).toEqual(used)
    expect(await execute(user, route.id)).toEqual(used)
    expect(await balances(user)).toEqual(moved)
    expect(await swapsIn(user)).toHaveLength(1)
    // Without a key a repeat is refused as well.
    const second = await quote(user)
    expect((await execute(user, second.route.id)).status).toBe(200)
    expect(await execute(user, second.route.id)).toEqual(used)
  })

  it('a route older than 60 s is a 410; one just under it still executes', async () => {
    const user = newUser()
    expect(ROUTE_TTL_MS).toBe(60_000)
    const old = await quote(user)
    await age(old.route.id, ROUTE_TTL_MS + 1_000)
    expect(await execute(user, old.route.id)).toEqual({
      status: 410,
      body: { message: 'This quote has expired. Ask for a new quote.', code: 'route-expired' },
    })
    const fresh = await quote(user)
    await age(fresh.route.id, ROUTE_TTL_MS - 2_000)
    const first = await execute(user, fresh.route.id, { idempotencyKey: 'late-tap' })
    expect(first.status).toBe(200)
    // A replay of an executed route answers after its time to live too.
    await age(fresh.route.id, 10 * ROUTE_TTL_MS)
    expect(await execute(user, fresh.route.id, { idempotencyKey: 'late-tap' })).toEqual(first)
  })

  it('the time to live and the clock are parameters', async () => {
    const user = newUser()
    await call('/tgUserWallets', user)
    let clock = 1_000_000
    const catalogue = await loadCatalogue(api.server.db)
    const app = new Hono<AppEnv>()
      .use('*', async (c, next) => {
        c.set('user', user)
        await next()
      })
      .route('/', swapRoutes(api.server.db, catalogue, { now: () => clock, routeTtlMs: 5_000 }))
    const post = async (path: string, body: unknown) => {
      const res = await app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      return { status: res.status, body: (await res.json()) as Json }
    }
    const a = (await post('/fetchRoute', quoteRequest())).body.route
    const b = (await post('/fetchRoute', quoteRequest())).body.route
    clock += 5_000
    expect((await post('/swap', { routeId: a.id, accountIndex: 0 })).status).toBe(200)
    clock += 1
    expect(await post('/swap', { routeId: b.id, accountIndex: 0 })).toMatchObject({
      status: 410,
      body: { code: 'route-expired' },
    })
  })

  it('ten concurrent taps with one key execute once', async () => {
    const user = newUser()
    const before = await balances(user)
    const { route } = await quote(user, { amount: '25000000' })
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => execute(user, route.id, { idempotencyKey: 'burst-tap' })),
    )
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200))
    expect(new Set(answers.map((a) => a.body.historyId)).size).toBe(1)
    const after = await balances(user)
    expect(held(after, 42161, USDC_ARB)).toBe(minus(held(before, 42161, USDC_ARB), '25', 6))
    expect(held(after, 42161, ETH)).toBe(plus(minus('0.5', '0.0001', 18), fromUnits(route.toAmount, 18), 18))
    expect(await swapsIn(user)).toHaveLength(1)
  })

  it('ten concurrent executions without a key: one succeeds, nine are told the quote was used', async () => {
    const user = newUser()
    const { route } = await quote(user, { amount: '25000000' })
    const answers = await Promise.all(Array.from({ length: 10 }, () => execute(user, route.id)))
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(9).fill(409)])
    expect(held(await balances(user), 42161, USDC_ARB)).toBe('475')
    expect(await swapsIn(user)).toHaveLength(1)
  })
})

describe('TON swaps', () => {
  const tonQuoteOf = (provider: 'stonfi' | 'dedust', offer: string, amount: bigint) =>
    tonQuote(
      provider,
      amount,
      offer === TON ? { symbol: 'TON', decimals: 9, priceUsd: 3 } : { symbol: 'USDT', decimals: 6, priceUsd: 1 },
      { symbol: offer === TON ? 'USDT' : 'TON', decimals: offer === TON ? 6 : 9, priceUsd: offer === TON ? 1 : 3 },
    )

  it('simulate quotes both providers and answers the better, with 0.08 TON of gas', async () => {
    const user = newUser()
    const r = await simulate(user, { offer_jetton: TON, offer_amount: '10000000000', ask_jetton: USDT_TON })
    expect(r.status).toBe(200)
    decodes(endpoints.simulateTonSwap.response, r.body)
    const dedust = tonQuoteOf('dedust', TON, 10_000_000_000n)
    expect(dedust.toUnits).toBeGreaterThan(tonQuoteOf('stonfi', TON, 10_000_000_000n).toUnits)
    expect(r.body.provider).toBe('dedust')
    expect(r.body.route).toMatchObject({
      fromToken: { symbol: 'TON', address: TON, chainId: 'TON', decimals: 9 },
      toToken: { symbol: 'USDT', address: USDT_TON, chainId: 'TON', decimals: 6 },
      fromAmount: '10000000000',
      toAmount: dedust.toUnits.toString(),
      toAmountMin: ((dedust.toUnits * 95n) / 100n).toString(),
      fromAmountUSD: 30,
      gasCostUSD: 0.24,
      fromChainId: 'TON',
      toChainId: 'TON',
      steps: [
        {
          type: 'swap',
          tool: { key: 'dedust', name: 'DeDust', logoURI: '/logos/tools/dedust.svg' },
          fromAmount: '10',
          fromSymbol: 'TON',
          toSymbol: 'USDT',
        },
      ],
    })
    expect(r.body.transactions).toEqual([
      { viaTool: { key: 'dedust', name: 'DeDust', logoURI: '/logos/tools/dedust.svg' } },
    ])
    expect(r.body.gases).toEqual([
      {
        address: TON,
        chainId: 'TON',
        symbol: 'TON',
        amount: '80000000',
        printAmount: '0.08',
        amountUSD: 0.24,
        logoURI: '/logos/TON.svg',
      },
    ])
    const [row] = await api.server.db.query<Json>('SELECT kind, provider FROM swap_routes WHERE id = $1', [
      r.body.route.id,
    ])
    expect(row).toEqual({ kind: 'ton', provider: 'dedust' })

    // A large swap goes to STON.fi's deeper pool; a quote needs no balance.
    const big = await simulate(user, { offer_jetton: TON, offer_amount: '10000000000000', ask_jetton: USDT_TON })
    expect(big.body.provider).toBe('stonfi')
    expect(big.body.route.toAmount).toBe(tonQuoteOf('stonfi', TON, 10_000_000_000_000n).toUnits.toString())
  })

  it('bad TON quotes are a 400 whose path names the field', async () => {
    const user = newUser()
    const base = { offer_jetton: TON, offer_amount: '1000000000', ask_jetton: USDT_TON }
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ offer_jetton: 'EQnope' }, 'offer_jetton'],
      [{ ask_jetton: 'EQnope' }, 'ask_jetton'],
      [{ ask_jetton: USDT_ARB }, 'ask_jetton', 'a TON token pairs only with TON tokens'],
      [{ offer_jetton: ETH }, 'offer_jetton', 'a TON token pairs only with TON tokens'],
      [{ ask_jetton: TON }, 'ask_jetton'],
      [{ offer_amount: '0' }, 'offer_amount'],
      [{ offer_amount: '1.5' }, 'offer_amount'],
    ]
    for (const [over, path, message] of cases) {
      const r = await simulate(user, { ...base, ...over })
      expect(r.status, JSON.stringify(over)).toBe(400)
      expect(r.body.path, JSON.stringify(over)).toBe(path)
      if (message) expect(r.body.message).toBe(message)
    }
    for (const walletindex of ['3', 'x', '-1'])
      expect(await simulate(user, base, walletindex), walletindex).toMatchObject({
        status: 400,
        body: { path: 'walletindex' },
      })
  })

  it('[swap.33] the quote call as the spec writes it, with no walletindex header, quotes for wallet 0', async () => {
    const user = newUser()
    const base = { offer_jetton: TON, offer_amount: '1000000000', ask_jetton: USDT_TON }
    const noHeader = await fetch(api.server.url + '/v2/tc/simulate-swap', {
      method: 'POST',
      headers: { 'content-type': 'application/json', telegramRawData: signInitData({ botToken: TEST_BOT, user }) },
      body: JSON.stringify(base),
    })
    expect(noHeader.status).toBe(200)
    const quote = (await noHeader.json()) as Json
    decodes(endpoints.simulateTonSwap.response, quote)
    const [row] = await api.server.db.query<Json>('SELECT account_index FROM swap_routes WHERE id = $1', [
      quote.route.id,
    ])
    expect(Number(row.account_index)).toBe(0)
    // swap.34: executing still needs the header.
    const exec = await fetch(api.server.url + '/v2/tc/swap', {
      method: 'POST',
      headers: { 'content-type': 'application/json', telegramRawData: signInitData({ botToken: TEST_BOT, user }) },
      body: JSON.stringify({ ...base, min_ask_amount: '0', provider: quote.provider }),
    })
    expect([exec.status, ((await exec.json()) as Json).path]).toEqual([400, 'walletindex'])
  })

  it('a TON swap moves both balances, charges 0.08 TON and records a swap', async () => {
    const user = newUser()
    const q = (await simulate(user, { offer_jetton: PUNK, offer_amount: '1000000000000', ask_jetton: TON })).body
    const r = await tonSwap(user, {
      offer_jetton: PUNK,
      offer_amount: '1000000000000',
      ask_jetton: TON,
      min_ask_amount: q.route.toAmountMin,
      provider: q.provider,
    })
    expect(r.status).toBe(200)
    decodes(endpoints.tonSwap.response, r.body)
    const after = await balances(user)
    expect(held(after, 'TON', PUNK)).toBe('0')
    expect(held(after, 'TON', TON)).toBe(minus(plus('50', fromUnits(q.route.toAmount, 9), 9), '0.08', 9))
    expect((await swapsIn(user))[0]).toMatchObject({
      id: r.body.historyId,
      fromToken: { symbol: 'PUNK', chainId: 'TON' },
      toToken: { symbol: 'TON' },
      fromAmount: '1000000000000',
      toAmount: q.route.toAmount,
      chainId: 'TON',
    })
  })

  it('[swap.23] the held TON must cover the offer and the provider minimum: 0.22 for STON.fi, 0.3 for DeDust', async () => {
    const user = newUser()
    // Wallet 1 holds 5 TON: 4.75 + 0.3 is too much, 4.75 + 0.22 is not.
    const body = { offer_jetton: TON, offer_amount: '4750000000', ask_jetton: USDT_TON, min_ask_amount: '0' }
    expect(await tonSwap(user, { ...body, provider: 'dedust' }, '1')).toMatchObject({
      status: 400,
      body: { path: 'gas', message: 'at least 0.3 TON is needed for the network fee' },
    })
    expect((await tonSwap(user, { ...body, provider: 'stonfi' }, '1')).status).toBe(200)
    expect(held(await balances(user, 1), 'TON', TON)).toBe('0.17')
    expect(await tonSwap(user, { ...body, offer_amount: '100000000', provider: 'stonfi' }, '1')).toMatchObject({
      status: 400,
      body: { path: 'gas', message: 'at least 0.22 TON is needed for the network fee' },
    })
    expect(
      await tonSwap(
        user,
        { ...body, offer_jetton: USDT_TON, ask_jetton: TON, offer_amount: '1000000000', provider: 'stonfi' },
        '1',
      ),
    ).toMatchObject({ status: 400, body: { path: 'amount', message: 'not enough USDT' } })
    // at the minimum exactly it is enough; one nanoTON short it is not, for each provider
    for (const [provider, offerAtMinimum] of [
      ['stonfi', 4_780_000_000n],
      ['dedust', 4_700_000_000n],
    ] as const) {
      const fresh = newUser()
      const short = await tonSwap(fresh, { ...body, offer_amount: (offerAtMinimum + 1n).toString(), provider }, '1')
      expect([provider, short.status, short.body.path]).toEqual([provider, 400, 'gas'])
      expect(
        (await tonSwap(fresh, { ...body, offer_amount: offerAtMinimum.toString(), provider }, '1')).status,
        provider,
      ).toBe(200)
    }
  })

  it('a re-quote below min_ask_amount is a 409 slippage; at the minimum it executes', async () => {
    const user = newUser()
    const expected = tonQuoteOf('stonfi', USDT_TON, 10_000_000n).toUnits
    const body = { offer_jetton: USDT_TON, offer_amount: '10000000', ask_jetton: TON, provider: 'stonfi' }
    expect(await tonSwap(user, { ...body, min_ask_amount: (expected + 1n).toString() })).toEqual({
      status: 409,
      body: { code: 'slippage', message: 'The price moved beyond the minimum received. Ask for a new quote.' },
    })
    expect(held(await balances(user), 'TON', USDT_TON)).toBe('100')
    expect((await tonSwap(user, { ...body, min_ask_amount: expected.toString() })).status).toBe(200)
    expect(held(await balances(user), 'TON', USDT_TON)).toBe('90')
  })

  it('one key is one TON swap: repeats, even concurrent, answer the first result', async () => {
    const user = newUser()
    const body = {
      offer_jetton: TSTON,
      offer_amount: '2000000000',
      ask_jetton: TON,
      min_ask_amount: '0',
      provider: 'stonfi',
      idempotencyKey: 'ton-0001',
    }
    const answers = await Promise.all(Array.from({ length: 5 }, () => tonSwap(user, body)))
    expect(answers.map((a) => a.status)).toEqual(Array(5).fill(200))
    expect(new Set(answers.map((a) => a.body.historyId)).size).toBe(1)
    expect(await tonSwap(user, body)).toEqual(answers[0])
    expect(held(await balances(user), 'TON', TSTON)).toBe('18')
    expect(await swapsIn(user)).toHaveLength(1)
  })
})

describe('preset swaps', () => {
  it('[swap.50] without a start parameter: no pair, and the five preset tokens in order', async () => {
    const user = newUser()
    const r = await call('/getPresetTokens', user)
    expect(r.status).toBe(200)
    decodes(endpoints.presetTokens.response, r.body)
    expect(r.body.from).toBeNull()
    expect(r.body.to).toBeNull()
    expect(r.body.presets.map((t: Json) => [t.symbol, t.chainId])).toEqual([
      ['TON', 'TON'],
      ['tsTON', 'TON'],
      ['USDT', 42161],
      ['ZRO', 42161],
      ['PUNK', 'TON'],
    ])
    expect(r.body.presets[2].address).toBe(USDT_ARB)
  })

  it('[swap.47] [swap.48] a created start parameter round-trips through parseStartParam and /getPresetTokens', async () => {
    const user = newUser()
    const pairs: [unknown, string, string][] = [
      [42161, USDT_ARB, ZRO],
      ['TON', TON, PUNK],
      ['TON', TSTON, USDT_TON],
    ]
    for (const [chainId, from, to] of pairs) {
      const r = await call('/createPresetSwap', user, {
        from: { address: from, chainId },
        to: { address: to, chainId },
      })
      expect(r.status).toBe(200)
      decodes(endpoints.createPresetSwap.response, r.body)
      const startParam = r.body.startParam as string
      expect(startParam).toMatch(/^[A-Za-z0-9_-]+$/)
      expect(startParam).toMatch(/^swapFrom-[A-Za-z0-9_]+-swapTo-[A-Za-z0-9_]+-chainId-/)
      expect(parseStartParam(startParam)).toEqual({ params: { swapFrom: from, swapTo: to, chainId }, rejected: [] })
      const preset = await call(`/getPresetTokens?startParam=${encodeURIComponent(startParam)}`, user)
      decodes(endpoints.presetTokens.response, preset.body)
      expect(preset.body.from).toMatchObject({ address: from, chainId })
      expect(preset.body.to).toMatchObject({ address: to, chainId })
    }
  })

  it('every catalogue address can be written into a start parameter', async () => {
    for (const token of (await loadCatalogue(api.server.db)).tokens) {
      const encoded = startParamBase64(token.address)
      expect(encoded).toMatch(/^[A-Za-z0-9_]+$/)
      expect(parseStartParam(`swapFrom-${encoded}`).params.swapFrom).toBe(token.address)
    }
  })

  it('an unknown token in a start parameter is null', async () => {
    const user = newUser()
    const r = await call(
      `/getPresetTokens?startParam=swapFrom-${startParamBase64('0x0000000000000000000000000000000000000001')}-swapTo-${startParamBase64(ZRO)}-chainId-42161`,
      user,
    )
    expect(r.body).toMatchObject({ from: null, to: { symbol: 'ZRO' } })
  })

  it('a preset pair is two known, different tokens of one chain', async () => {
    const user = newUser()
    const cases: [Record<string, unknown>, string][] = [
      [
        {
          from: { address: '0x0000000000000000000000000000000000000001', chainId: 42161 },
          to: { address: ZRO, chainId: 42161 },
        },
        'from',
      ],
      [{ from: { address: ZRO, chainId: 42161 }, to: { address: 'EQnope', chainId: 'TON' } }, 'to'],
      [{ from: { address: ZRO, chainId: 42161 }, to: { address: PUNK, chainId: 'TON' } }, 'to'],
      [{ from: { address: ZRO, chainId: 42161 }, to: { address: ZRO, chainId: 42161 } }, 'to'],
    ]
    for (const [body, path] of cases)
      expect(await call('/createPresetSwap', user, body), JSON.stringify(body)).toMatchObject({
        status: 400,
        body: { path },
      })
  })
})

describe('route tool logos', () => {
  it('each route tool has a logo served here, as SVG', async () => {
    for (const key of ['uniswap', 'stargate', 'stonfi', 'dedust']) {
      const res = await fetch(`${api.server.url}/logos/tools/${key}.svg`)
      expect(res.status, key).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/svg+xml')
      expect(await res.text()).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/)
    }
    expect((await fetch(`${api.server.url}/logos/tools/nope.svg`)).status).toBe(404)
  })
})
