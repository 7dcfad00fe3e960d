/**
 * The wallet half's calls on the wire, one per call: the request the client builds from the endpoint
 * table (domain/api/endpoints.ts, through streams/http/request.ts) is compared with what the spec
 * writes (method, path, query, body, headers: spelled out here, not read from the table), then sent
 * to a real test server, whose answer must decode with the table's codec and carry every field the
 * spec lists. The epic tests' fake API records only a call's name; this file is where the wire is
 * checked.
 */
import { describe, expect, it } from 'vitest'
import { isRight } from 'fp-ts/lib/Either'
import { endpoints, type EndpointName } from '../../domain/api/endpoints'
import { buildRequest } from '../../streams/http/request'
import { signInitData } from '../../server/kernel/auth'
import { TEST_BOT, newUser, useServer, type User } from './helpers'

const api = useServer()

const ETH = '0x0000000000000000000000000000000000000000'
const USDC_ARB = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831'
const USDT_ARB = '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9'
const ZRO = '0x6985884C4392D348587B19cb9eAAf157F13271cd'
const USDT_TON = 'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs'
const TRADER = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any

/** What the spec writes for a call: the wire as a reader of the spec would spell it. */
interface Wire {
  method: 'GET' | 'POST'
  path: string
  query?: Record<string, string>
  body?: Record<string, unknown>
  headers?: Record<string, string>
}

/**
 * Builds `name`'s request from the endpoint table as the client does, checks it against `wire`, sends
 * it as `user` and returns the answer after checking it decodes with the table's codec.
 */
async function onTheWire(name: EndpointName, request: unknown, wire: Wire, user: User): Promise<Json> {
  const initData = signInitData({ botToken: TEST_BOT, user })
  const req = buildRequest(endpoints[name] as never, request, api.server.url, initData)
  const url = new URL(req.url)
  expect(req.method, name).toBe(wire.method)
  expect(url.pathname, name).toBe(wire.path)
  expect(Object.fromEntries(url.searchParams), name).toEqual(wire.query ?? {})
  if (wire.method === 'GET') expect(req.body, name).toBeUndefined()
  else expect(JSON.parse(req.body ?? 'null'), name).toEqual(wire.body ?? {})
  // app.5: the init data and the fixed client header, plus what the call names
  expect(req.headers.telegramRawData, name).toBe(initData)
  for (const [k, v] of Object.entries(wire.headers ?? {})) expect(req.headers[k], `${name} header ${k}`).toBe(v)
  const res = await fetch(req.url, { method: req.method, headers: req.headers, body: req.body })
  const answer = (await res.json()) as Json
  expect(res.status, `${name}: ${JSON.stringify(answer).slice(0, 300)}`).toBe(200)
  expect(isRight(endpoints[name].response.decode(answer) as never), `${name} decodes`).toBe(true)
  return answer
}

const has = (value: Json, fields: string[], what: string) => {
  for (const f of fields) expect(value, `${what}.${f}`).toHaveProperty(f)
}

describe('the wallet calls on the wire', () => {
  it('[wallet.1] GET /tgUserWallets with no body lists the wallets: accountIndex, EVM address, tonUnbouncableAddress, totalBalanceUsd', async () => {
    const wallets = await onTheWire('tgUserWallets', {}, { method: 'GET', path: '/tgUserWallets' }, newUser())
    expect(wallets.length).toBeGreaterThan(0)
    for (const w of wallets) {
      has(w, ['accountIndex', 'address', 'tonUnbouncableAddress', 'totalBalanceUsd'], 'wallet')
      expect(w.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
      expect(typeof w.totalBalanceUsd).toBe('number')
    }
  })

  it('[wallet.2] GET totalBalance, boostNotification=1 optional, answers totalBalanceUsd, hasTrades and isNotifyForBoost', async () => {
    const user = newUser()
    const asked = await onTheWire(
      'totalBalance',
      { boostNotification: 1, accountIndex: 0 },
      { method: 'GET', path: '/totalBalance', query: { boostNotification: '1', accountIndex: '0' } },
      user,
    )
    expect(Object.keys(asked).sort()).toEqual(['hasTrades', 'isNotifyForBoost', 'totalBalanceUsd'])
    // without the optional query the call is the same, and so is the answer's shape
    const plain = await onTheWire(
      'totalBalance',
      { accountIndex: 0 },
      { method: 'GET', path: '/totalBalance', query: { accountIndex: '0' } },
      user,
    )
    expect(Object.keys(plain).sort()).toEqual(['hasTrades', 'isNotifyForBoost', 'totalBalanceUsd'])
    expect(plain.totalBalanceUsd).toBe(asked.totalBalanceUsd)
  })

  it('[wallet.6] POST /balances with accountIndex answers entries of address, chainId, tokensAmount, usdAmount, tokensCost, and decimals, symbol, logoURI, name when listed', async () => {
    const entries = await onTheWire(
      'balances',
      { accountIndex: 1 },
      { method: 'POST', path: '/balances', body: { accountIndex: 1 } },
      newUser(),
    )
    expect(entries.length).toBeGreaterThan(0)
    for (const e of entries) {
      has(e, ['address', 'chainId', 'tokensAmount', 'usdAmount', 'tokensCost'], 'balance')
      if ('symbol' in e) has(e, ['decimals', 'symbol', 'logoURI', 'name'], `listed ${e.symbol}`)
    }
  })

  it('[wallet.13] a history page is GET history with query limit 10, offset and accountIndex', async () => {
    const user = newUser()
    const first = await onTheWire(
      'history',
      { limit: 10, offset: 0, accountIndex: 0 },
      { method: 'GET', path: '/history', query: { limit: '10', offset: '0', accountIndex: '0' } },
      user,
    )
    const second = await onTheWire(
      'history',
      { limit: 10, offset: 10, accountIndex: 0 },
      { method: 'GET', path: '/history', query: { limit: '10', offset: '10', accountIndex: '0' } },
      user,
    )
    expect(first).toHaveLength(10)
    expect(second.length).toBeGreaterThan(0)
    expect(second.length).toBeLessThanOrEqual(10)
    expect(first.filter((a: Json) => second.some((b: Json) => b.id === a.id))).toEqual([])
    for (const e of [...first, ...second]) expect(['swap', 'deposit', 'withdrawal']).toContain(e.type)
  })

  it('[picker.5] tokens load by POST /knownTokens with chainId, searchText, tokenAddress and sliceProps {limit, offset}; tokens keyed by chain and the count tokenAmount', async () => {
    const request = { chainId: 42161, searchText: 'us', tokenAddress: '', sliceProps: { limit: 20, offset: 0 } }
    const answer = await onTheWire(
      'knownTokens',
      request,
      { method: 'POST', path: '/knownTokens', body: request },
      newUser(),
    )
    expect(Object.keys(answer).sort()).toEqual(['tokenAmount', 'tokens'])
    expect(Object.keys(answer.tokens)).toEqual(['42161'])
    expect(typeof answer.tokenAmount).toBe('number')
    expect(answer.tokenAmount).toBeGreaterThanOrEqual(answer.tokens['42161'].length)
    for (const t of answer.tokens['42161'])
      has(t, ['address', 'chainId', 'decimals', 'logoURI', 'name', 'symbol'], 'token')
  })

  it('[copyTrade.13] the deposit assets are GET getStableCoinsAndEth with query chainID and accountIndex: symbol, tokensAmount, tokensCost, usdAmount', async () => {
    const entries = await onTheWire(
      'stableCoinsAndEth',
      { chainID: 42161, accountIndex: 0 },
      { method: 'GET', path: '/getStableCoinsAndEth', query: { chainID: '42161', accountIndex: '0' } },
      newUser(),
    )
    expect(entries.length).toBeGreaterThan(0)
    for (const e of entries) {
      has(e, ['symbol', 'tokensAmount', 'tokensCost', 'usdAmount'], 'asset')
      expect(['ETH', 'USDT', 'USDC', 'DAI']).toContain(e.symbol)
      expect(e.chainId).toBe(42161)
    }
  })
})

describe('the swap calls on the wire', () => {
  it('[swap.14] [swap.15] a quote is POST /fetchRoute (amount in smallest units, from, to, both chains, accountIndex); the answer has the route, gases and transactions with viaTool.key', async () => {
    const user = newUser()
    const request = {
      amount: '10000000',
      from: USDC_ARB,
      to: ETH,
      fromChainId: 42161,
      toChainId: 42161,
      accountIndex: 0,
    }
    const quote = await onTheWire('fetchRoute', request, { method: 'POST', path: '/fetchRoute', body: request }, user)
    has(
      quote.route,
      [
        'id',
        'fromToken',
        'toToken',
        'fromAmount',
        'toAmount',
        'toAmountMin',
        'fromAmountUSD',
        'toAmountUSD',
        'gasCostUSD',
        'priceImpactPercent',
        'fromChainId',
        'toChainId',
      ],
      'route',
    )
    expect(quote.route.fromAmount).toBe('10000000')
    expect(quote.gases.length).toBeGreaterThan(0)
    for (const g of quote.gases) has(g, ['address', 'chainId', 'symbol', 'amount', 'printAmount'], 'gas')
    expect(quote.transactions.length).toBeGreaterThan(0)
    for (const t of quote.transactions) expect(typeof t.viaTool.key).toBe('string')
  })

  it('[swap.41] executing is POST /swap with routeId and accountIndex', async () => {
    const user = newUser()
    const quoteRequest = {
      amount: '10000000',
      from: USDC_ARB,
      to: ETH,
      fromChainId: 42161,
      toChainId: 42161,
      accountIndex: 0,
    }
    const quote = await onTheWire(
      'fetchRoute',
      quoteRequest,
      { method: 'POST', path: '/fetchRoute', body: quoteRequest },
      user,
    )
    const done = await onTheWire(
      'swap',
      { routeId: quote.route.id, accountIndex: 0 },
      { method: 'POST', path: '/swap', body: { routeId: quote.route.id, accountIndex: 0 } },
      user,
    )
    expect(done.ok).toBe(true)
  })

  it('[swap.33] [swap.34] a TON-target swap: POST /v2/tc/simulate-swap (offer_jetton, offer_amount, ask_jetton) gives route and transactions; POST /v2/tc/swap adds min_ask_amount and provider, with the walletindex header', async () => {
    const user = newUser()
    const offer = { offer_jetton: 'native', offer_amount: '1000000000', ask_jetton: USDT_TON }
    const quote = await onTheWire(
      'simulateTonSwap',
      { ...offer, walletindex: 0 },
      { method: 'POST', path: '/v2/tc/simulate-swap', body: offer, headers: { walletindex: '0' } },
      user,
    )
    has(quote, ['route', 'transactions'], 'simulate-swap')
    expect(quote.transactions.length).toBeGreaterThan(0)
    const swap = { ...offer, min_ask_amount: quote.route.toAmountMin, provider: quote.provider }
    const done = await onTheWire(
      'tonSwap',
      { ...swap, walletindex: 0 },
      { method: 'POST', path: '/v2/tc/swap', body: swap, headers: { walletindex: '0' } },
      user,
    )
    expect(done.ok).toBe(true)
  })

  it('[swap.47] [swap.48] POST /createPresetSwap sends the to and from tokens; GET /getPresetTokens, startParam optional, answers the from and to tokens', async () => {
    const user = newUser()
    const pair = { from: { address: USDT_ARB, chainId: 42161 }, to: { address: ZRO, chainId: 42161 } }
    const created = await onTheWire(
      'createPresetSwap',
      pair,
      { method: 'POST', path: '/createPresetSwap', body: pair },
      user,
    )
    const preset = await onTheWire(
      'presetTokens',
      { startParam: created.startParam },
      { method: 'GET', path: '/getPresetTokens', query: { startParam: created.startParam } },
      user,
    )
    expect(preset.from).toMatchObject({ address: USDT_ARB, chainId: 42161 })
    expect(preset.to).toMatchObject({ address: ZRO, chainId: 42161 })
    const none = await onTheWire('presetTokens', {}, { method: 'GET', path: '/getPresetTokens' }, user)
    has(none, ['from', 'to'], 'preset tokens')
  })
})

describe('the send and copy-trade calls on the wire', () => {
  it('[send.12] the check is POST /transfer with to, amount, tokenAddress, chainId, accountIndex, comment and dry true', async () => {
    const check = {
      to: '0x52908400098527886E0F7030069857D2E4169EE7',
      amount: '10',
      tokenAddress: USDT_ARB,
      chainId: 42161,
      accountIndex: 0,
      comment: 'rent',
      dry: true,
    }
    const answer = await onTheWire('transfer', check, { method: 'POST', path: '/transfer', body: check }, newUser())
    expect(answer.ok).toBe(true)
  })

  it("[copyTrade.31] [copyTrade.40] [copyTrade.59] register by POST, list by GET with accountIndex, swaps by GET with accountIndex and copyTradeId, and (copyTrade.58's call) stop by POST with _id", async () => {
    const user = newUser()
    const start = {
      accountIndex: 0,
      chainId: 42161,
      followedAddress: TRADER,
      ante: 0.1,
      protocols: ['uniswapUniversalRouter'],
      depositInNano: '150000000',
      fromToken: USDT_ARB,
    }
    const started = await onTheWire(
      'startCopyTrade',
      start,
      { method: 'POST', path: '/startMonitoringCopyTrade', body: start },
      user,
    )
    const id = started.trade._id as string
    const listed = await onTheWire(
      'copyTrades',
      { accountIndex: 0 },
      { method: 'GET', path: '/getCopyTrades', query: { accountIndex: '0' } },
      user,
    )
    has(listed, ['copyTrades', 'tokens'], 'getCopyTrades')
    for (const t of listed.tokens) has(t, ['tokenAddress', 'chainId', 'decimals', 'price'], 'token')
    const trade = listed.copyTrades.find((t: Json) => t._id === id)
    has(
      trade,
      [
        '_id',
        'accountIndex',
        'chainId',
        'followedAddress',
        'ante',
        'protocols',
        'depositInNano',
        'fromToken',
        'dttmAdded',
        'token',
      ],
      'trade',
    )
    expect(trade.dttmDeactivated).toBeUndefined()
    const swaps = await onTheWire(
      'copyTradeSwaps',
      { accountIndex: 0, copyTradeId: id },
      { method: 'GET', path: '/getUserSwaps', query: { accountIndex: '0', copyTradeId: id } },
      user,
    )
    expect(Array.isArray(swaps.swaps)).toBe(true)
    await onTheWire(
      'cancelCopyTrade',
      { _id: id },
      { method: 'POST', path: '/cancelCopyTrade', body: { _id: id } },
      user,
    )
    const after = await onTheWire(
      'copyTrades',
      { accountIndex: 0 },
      { method: 'GET', path: '/getCopyTrades', query: { accountIndex: '0' } },
      user,
    )
    expect(typeof after.copyTrades.find((t: Json) => t._id === id).dttmDeactivated).toBe('string')
  })
})
