import { describe, expect, it } from 'vitest'
import { isLeft, isRight } from 'fp-ts/lib/Either'
import { existsSync, readdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { endpoints } from '../../../domain/api/endpoints'
import { firstScreenEndpoints } from '../../../domain/api/firstScreenEndpoints'
import { buildRequest } from '../../../streams/http/request'

const all = Object.entries(endpoints)
const ok = (codec: { decode(u: unknown): unknown }, v: unknown) => expect(isRight(codec.decode(v) as never)).toBe(true)
const bad = (codec: { decode(u: unknown): unknown }, v: unknown) => expect(isLeft(codec.decode(v) as never)).toBe(true)

const token = {
  address: '0x0000000000000000000000000000000000000000',
  chainId: 42161,
  decimals: 18,
  logoURI: '/logos/ETH.svg',
  name: 'Ether',
  symbol: 'ETH',
}
const tool = { key: 'uniswap', name: 'Uniswap', logoURI: '/logos/UNI.svg' }
const quote = {
  route: {
    id: 'r1',
    fromToken: token,
    toToken: { ...token, symbol: 'USDT', decimals: 6 },
    fromAmount: '1000000000000000000',
    toAmount: '3300000000',
    toAmountMin: '3135000000',
    fromAmountUSD: 3300,
    toAmountUSD: 3299.1,
    gasCostUSD: 0.12,
    priceImpactPercent: 0.4,
    fromChainId: 42161,
    toChainId: 42161,
    steps: [{ type: 'swap', tool, fromAmount: '1', toAmount: '3300', fromSymbol: 'ETH', toSymbol: 'USDT' }],
  },
  gases: [
    {
      address: token.address,
      chainId: 42161,
      symbol: 'ETH',
      amount: '30000000000000',
      printAmount: '0.00003',
      amountUSD: 0.1,
      logoURI: '',
    },
  ],
  transactions: [{ viaTool: tool }],
}

describe('endpoint table', () => {
  it('lists every call once: unique method and path (the airdrops are the tasks call with its own query), paths from the root', () => {
    const keys = all.map(([name, e]) => `${e.method} ${e.path}${name === 'airdrops' ? '?boostType=airdrop' : ''}`)
    expect(new Set(keys).size).toBe(keys.length)
    for (const [, e] of all) expect(e.path.startsWith('/')).toBe(true)
  })

  it("each call is declared once, in its feature's folder, and the table spreads every feature's list", async () => {
    const lists = readdirSync('domain', { withFileTypes: true })
      .filter((d) => d.isDirectory() && d.name !== 'api')
      .flatMap((d) =>
        ['endpoints.ts', 'firstScreenEndpoints.ts']
          .filter((file) => existsSync(join('domain', d.name, file)))
          .map((file) => join('domain', d.name, file)),
      )
    expect(lists).toContain(join('domain', 'staking', 'endpoints.ts'))
    const declaredIn = new Map<string, string[]>()
    for (const file of lists) {
      const module = (await import(resolve(file))) as Record<string, object>
      for (const list of Object.values(module))
        for (const name of Object.keys(list)) declaredIn.set(name, [...(declaredIn.get(name) ?? []), file])
    }
    expect([...declaredIn].filter(([, files]) => files.length > 1)).toEqual([])
    expect([...declaredIn.keys()].sort()).toEqual(Object.keys(endpoints).sort())
    // Each call of the first screen's list is declared by a feature, not in the table's folder.
    expect(Object.keys(firstScreenEndpoints).every((name) => declaredIn.has(name))).toBe(true)
  })

  it("doc 2 calls go to the mining service, doc 1 calls to the wallet service (app.10's routing)", () => {
    // the game's payments (orders of autoclaim, staking, PoH...) are the mining service's too
    for (const [name, e] of all)
      expect(e.service, name).toBe(
        /^\/(v2\/)?(mining|poh|payments)\//.test(e.path) || e.path === '/mining' ? 'mining' : 'wallet',
      )
  })

  it('holds every path doc 1 names', () => {
    const named = [
      '/fetchRoute',
      '/v2/tc/simulate-swap',
      '/swap',
      '/v2/tc/swap',
      '/knownTokens',
      '/balances',
      '/tgUserWallets',
      '/transfer',
      '/createPresetSwap',
      '/getPresetTokens',
      '/getCopyTrades',
      '/startMonitoringCopyTrade',
      '/cancelCopyTrade',
      '/getUserSwaps',
    ]
    const paths = all.filter(([, e]) => e.specPath).map(([, e]) => e.path)
    expect(paths.sort()).toEqual(named.sort())
  })

  it('a quote is POST /fetchRoute with the amount in smallest units, both tokens and chains and the wallet; the quote decodes, a broken one does not', () => {
    expect(endpoints.fetchRoute).toMatchObject({ method: 'POST', path: '/fetchRoute' })
    const req = buildRequest(
      endpoints.fetchRoute as never,
      {
        amount: '1000000',
        from: token.address,
        to: '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9',
        fromChainId: 42161,
        toChainId: 42161,
        accountIndex: 0,
      },
      'https://x',
      'init',
    )
    expect(JSON.parse(req.body as string)).toEqual({
      amount: '1000000',
      from: token.address,
      to: '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9',
      fromChainId: 42161,
      toChainId: 42161,
      accountIndex: 0,
    })
    ok(endpoints.fetchRoute.request, {
      amount: '1000000',
      from: token.address,
      to: '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9',
      fromChainId: 42161,
      toChainId: 42161,
      accountIndex: 0,
    })
    bad(endpoints.fetchRoute.request, {
      amount: '1.5',
      from: 'a',
      to: 'b',
      fromChainId: 42161,
      toChainId: 42161,
      accountIndex: 0,
    })
    ok(endpoints.fetchRoute.response, quote)
    bad(endpoints.fetchRoute.response, { ...quote, route: { ...quote.route, toAmountMin: 3135.5 } })
  })

  it('a TON swap executes by POST /v2/tc/swap with offer_jetton, offer_amount, ask_jetton, min_ask_amount and provider, the wallet index as the walletindex header', () => {
    const req = buildRequest(
      endpoints.tonSwap as never,
      {
        offer_jetton: 'native',
        offer_amount: '1000000000',
        ask_jetton: 'EQ...',
        min_ask_amount: '1',
        provider: 'stonfi',
        walletindex: 2,
      },
      'https://x',
      'init',
    )
    expect([req.method, req.url]).toEqual(['POST', 'https://x/v2/tc/swap'])
    expect(req.headers.walletindex).toBe('2')
    expect(JSON.parse(req.body as string)).toEqual({
      offer_jetton: 'native',
      offer_amount: '1000000000',
      ask_jetton: 'EQ...',
      min_ask_amount: '1',
      provider: 'stonfi',
    })
  })

  it('POST /balances with accountIndex answers entries of address, chainId, tokensAmount, usdAmount, tokensCost, and decimals, symbol, logoURI, name when listed', () => {
    expect(endpoints.balances).toMatchObject({ method: 'POST', path: '/balances' })
    expect(
      JSON.parse(buildRequest(endpoints.balances as never, { accountIndex: 1 }, 'https://x', 'init').body as string),
    ).toEqual({ accountIndex: 1 })
    const entry = { address: token.address, chainId: 42161, tokensAmount: '0.5', usdAmount: 1650, tokensCost: 3300 }
    ok(endpoints.balances.response, [
      entry,
      { ...entry, chainId: 1, decimals: 18, symbol: 'ETH', logoURI: '/logos/ETH.svg', name: 'Ether' },
    ])
    for (const field of ['address', 'chainId', 'tokensAmount', 'usdAmount', 'tokensCost']) {
      const { [field]: _, ...missing } = entry as Record<string, unknown>
      bad(endpoints.balances.response, [missing])
    }
  })

  it('[wallet.15] history entries are swaps, deposits or withdrawals with createdAt, tokens with decimals, amounts, asset, symbol and to', () => {
    const swap = {
      id: '1',
      type: 'swap',
      createdAt: '2026-11-22T10:00:00Z',
      fromToken: { symbol: 'USDC', decimals: 6 },
      toToken: { symbol: 'ETH', decimals: 18 },
      fromAmount: '10000000',
      toAmount: '3000000000000000',
    }
    const withdrawal = {
      id: '2',
      type: 'withdrawal',
      createdAt: '2026-11-22T10:00:00Z',
      asset: 'USDT',
      amount: '12500000',
      decimals: 6,
      symbol: 'USDT',
      to: '0x52908400098527886E0F7030069857D2E4169EE7',
    }
    const deposit = {
      id: '3',
      type: 'deposit',
      createdAt: '2026-11-22T10:00:00Z',
      amount: '1',
      decimals: 9,
      symbol: 'TON',
    }
    ok(endpoints.history.response, [swap, withdrawal, deposit])
    bad(endpoints.history.response, [{ ...deposit, type: 'airdrop' }])
    bad(endpoints.history.response, [{ ...swap, fromToken: { symbol: 'USDC' } }])
    bad(endpoints.history.response, [{ ...deposit, amount: '1.5' }])
  })

  it('a language update names the language and when it was chosen', () => {
    ok(endpoints.userLanguage.request, { language: 'ru', chosenAt: 1_763_800_000_000 })
    bad(endpoints.userLanguage.request, { language: 'ru' })
    bad(endpoints.userLanguage.request, { language: 'de', chosenAt: 1 })
  })

  it('copy trades decode; an active trade has no dttmDeactivated', () => {
    const trade = {
      _id: 't1',
      accountIndex: 0,
      chainId: 42161,
      followedAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
      ante: 0.1,
      protocols: ['uniswapUniversalRouter'],
      depositInNano: '100000000',
      fromToken: 'USDT',
      dttmAdded: '2026-11-22T10:00:00Z',
      token: { logoURI: '', name: 'Tether' },
      deposit: { usd: 100, eth: 0.03 },
    }
    ok(endpoints.copyTrades.response, {
      copyTrades: [trade, { ...trade, _id: 't2', dttmDeactivated: '2026-11-22T11:00:00Z' }],
      tokens: [{ tokenAddress: 'x', chainId: 42161, decimals: 6, price: 1 }],
    })
    bad(endpoints.copyTrades.response, { copyTrades: [{ ...trade, depositInNano: 100 }], tokens: [] })
  })

  it('mining records, tasks with no deadline, staking configs and PoH info decode', () => {
    const record = {
      speed: '1.5',
      gotAmount: '100',
      miningAmount: '2.000416666',
      dttmClaimDeadline: '2026-11-23T18:00:00.000Z',
      dttmLastClaim: null,
      status: 'active',
      dttmLastPayment: null,
      guild: 0,
      alliance: null,
      withheld: '0',
      autoclaimActive: false,
      lockAmount: '0',
      humanGroup: false,
      confirmProve: false,
      dttmAdded: '2026-11-23T12:00:00.000Z',
      friendsBonus: '0',
      friends2Bonus: '0',
      ordinaryFriends: 0,
      premiumFriends: 0,
    }
    ok(endpoints.miningUser.response, { userMining: record, serverTime: 1_795_000_000_000 })
    ok(endpoints.miningUser.response, { userMining: null })
    // SWITCH is exact: a float amount is refused, as is a negative one
    bad(endpoints.miningUser.response, { userMining: { ...record, gotAmount: 100.5 } })
    bad(endpoints.miningUser.response, { userMining: { ...record, miningAmount: '-1' } })
    ok(endpoints.tasks.response, {
      tasks: {
        daily: [{ code: 'dailyReward', type: 'claim', dttmUpdate: null, rewardList: [1, 2, 3], currentDay: 2 }],
      },
    })
    bad(endpoints.tasks.response, { tasks: { daily: [{ code: 'x', type: 'claim', dttmUpdate: 'soon' }] } })
    ok(endpoints.stakingConfigs.response, {
      configs: {
        paidPeriods: ['1y'],
        stakingConfig: {
          '3m': { apy: 0.1, minSwitchAmount: '10', maxSwitchAmount: '50000' },
          '1y': { apy: 0.2, minSwitchAmount: '10', maxSwitchAmount: '50000', priceAmount: { ton: '0.5', stars: 100 } },
        },
      },
    })
    // staked SWITCH is exact too: a number for an amount is refused
    bad(endpoints.stakingConfigs.response, {
      configs: {
        paidPeriods: [],
        stakingConfig: { '3m': { apy: 0.1, minSwitchAmount: 10, maxSwitchAmount: '50000' } },
      },
    })
    ok(endpoints.pohInfo.response, {
      tonAmount: { tonAmount: '1.2', amount: '6.5', starAmount: 300 },
      inProgressStatus: 'responsing',
    })
    bad(endpoints.pohInfo.response, {
      tonAmount: { tonAmount: '1.2', amount: '6.5', starAmount: 300 },
      inProgressStatus: 'done',
    })
    // the PoH price is exact too: TON and its dollar estimate as decimal strings
    bad(endpoints.pohInfo.response, { tonAmount: { tonAmount: 1.2, amount: '6.5', starAmount: 300 } })
  })
})
