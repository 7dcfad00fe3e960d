/** Copy-trade calls: validation, the reserved deposit, one trade per key, the feed, ownership, stopping. */
import { describe, expect, it } from 'vitest'
import { isRight } from 'fp-ts/lib/Either'
import type { RunningServer } from '../../../server/app'
import { type User, call as callServer, newUser, startTestServer, useServer } from '../helpers'
import { endpoints } from '../../../domain/api/endpoints'
import { feedEvent } from '../../../server/copyTrade/engine'
import { loadCatalogue } from '../../../server/kernel/catalogue'

const api = useServer()
const TRADER = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
const USDT_ARB = '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9'
const ETH = '0x0000000000000000000000000000000000000000'

const call = (path: string, user: User, body?: unknown, on: RunningServer = api.server) =>
  callServer(on, path, user, body)
const start = (over: Record<string, unknown> = {}) => ({
  accountIndex: 0,
  chainId: 42161,
  followedAddress: TRADER,
  ante: 0.1,
  protocols: ['uniswapUniversalRouter'],
  depositInNano: '150000000',
  fromToken: USDT_ARB,
  ...over,
})
const held = async (user: User, chainId: unknown, address: string) =>
  (
    (await call('/balances', user, { accountIndex: 0 })).body as unknown as {
      chainId: unknown
      address: string
      tokensAmount: string
    }[]
  ).find((b) => b.chainId === chainId && b.address === address)?.tokensAmount ?? '0'
const push = async (body: object = {}, on: RunningServer = api.server) =>
  (await (
    await fetch(on.url + '/admin/copyFeed/push', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  ).json()) as { copied: number }
const decodes = (name: keyof typeof endpoints, body: unknown) => isRight(endpoints[name].response.decode(body) as never)
/** A balance's decimal string in smallest units, exactly. */
const toUnits = (v: string, decimals: number) =>
  BigInt((v.split('.')[0] ?? '0') + (v.split('.')[1] ?? '').padEnd(decimals, '0'))
type Swap = {
  id: string
  fromAmount: string
  toAmount: string
  fromToken: { address: string; symbol: string; decimals: number }
  toToken: { address: string; symbol: string; decimals: number }
}
const swapsOf = async (user: User, id: string, on: RunningServer = api.server) =>
  (await call(`/getUserSwaps?accountIndex=0&copyTradeId=${id}`, user, undefined, on)).body.swaps as Swap[]
const newServer = () => startTestServer()

describe('copy-trade calls', () => {
  it('every bad start is a 400 naming its field', async () => {
    const user = newUser()
    const wallets = (await call('/tgUserWallets', user)).body as unknown as { address: string }[]
    const cases: [Record<string, unknown>, string][] = [
      [{ followedAddress: '0x1234' }, 'followedAddress'],
      [{ followedAddress: TRADER + 'a' }, 'followedAddress'],
      [{ followedAddress: wallets[0].address }, 'followedAddress'],
      [{ chainId: 'TON' }, 'chainId'],
      [{ followedAddress: '0x' + 'g'.repeat(40) }, 'followedAddress'],
      [{ followedAddress: wallets[1].address.toLowerCase() }, 'followedAddress'],
      [{ chainId: 56 }, 'chainId'],
      [{ fromToken: '0x6985884C4392D348587B19cb9eAAf157F13271cd' }, 'fromToken'],
      [{ fromToken: '0x6B175474E89094C44Da98b954EedeAC495271d0F' }, 'fromToken'],
      [{ depositInNano: '0' }, 'depositInNano'],
      [{ depositInNano: '-150000000' }, 'depositInNano'],
      [{ depositInNano: '150.5' }, 'depositInNano'],
      [{ fromToken: ETH, depositInNano: '28571428571428571' }, 'depositInNano'],
      [{ depositInNano: '99990000' }, 'depositInNano'],
      [{ depositInNano: '500000001' }, 'depositInNano'],
      [{ ante: 0 }, 'ante'],
      [{ ante: 1.5 }, 'ante'],
      [{ ante: -0.1 }, 'ante'],
      [{ protocols: [] }, 'protocols'],
      [{ protocols: ['bogus'] }, 'protocols'],
    ]
    for (const [over, path] of cases) {
      const r = await call('/startMonitoringCopyTrade', user, start(over))
      expect([r.status, r.body.path], JSON.stringify(over)).toEqual([400, path])
    }
    expect((await call('/startMonitoringCopyTrade', user, start({ depositInNano: '99990000' }))).body.message).toBe(
      'the minimum deposit is 100 USD',
    )
    expect((await call('/startMonitoringCopyTrade', user, start({ depositInNano: '500000001' }))).body.message).toBe(
      'insufficient funds',
    )
    expect(await held(user, 42161, USDT_ARB)).toBe('500')
    expect((await call('/getCopyTrades?accountIndex=0', user)).body.copyTrades).toEqual([])
  })

  it('[copyTrade.13] [copyTrade.14] getStableCoinsAndEth answers only ETH, USDT, USDC and DAI held on the chain', async () => {
    const user = newUser()
    await call('/tgUserWallets', user)
    const r = await call('/getStableCoinsAndEth?chainID=42161&accountIndex=0', user)
    expect(decodes('stableCoinsAndEth', r.body)).toBe(true)
    const rows = r.body as unknown as { symbol: string; tokensAmount: string; tokensCost: number; usdAmount: number }[]
    expect(rows.map((b) => b.symbol).sort()).toEqual(['ETH', 'USDC', 'USDT'])
    expect(rows.find((b) => b.symbol === 'USDT')).toMatchObject({ tokensAmount: '500', tokensCost: 1, usdAmount: 500 })
    expect(rows.find((b) => b.symbol === 'ETH')).toMatchObject({
      tokensAmount: '0.5',
      tokensCost: 3500,
      usdAmount: 1750,
    })
    // account 1 holds only ETH on Arbitrum
    const one = (await call('/getStableCoinsAndEth?chainID=42161&accountIndex=1', user)).body as unknown as {
      symbol: string
    }[]
    expect(one.map((b) => b.symbol)).toEqual(['ETH'])
  })

  it('an ETH deposit reserves exactly, its value shown in USD and ETH', async () => {
    const user = newUser()
    await call('/tgUserWallets', user)
    const r = await call(
      '/startMonitoringCopyTrade',
      user,
      start({ fromToken: ETH, depositInNano: '30000000000000000' }),
    )
    expect(r.status).toBe(200)
    expect(decodes('startCopyTrade', r.body)).toBe(true)
    expect(r.body.trade).toMatchObject({
      fromToken: ETH,
      token: { name: 'ETH' },
      deposit: { usd: 105, eth: '0.03' },
      remainingInNano: '30000000000000000',
      swapsCount: 0,
    })
    expect(await held(user, 42161, ETH)).toBe('0.47')
  })

  it('[copyTrade.31] [copyTrade.40] [copyTrade.41] a start reserves the deposit exactly and lists the trade as active', async () => {
    const user = newUser()
    await call('/tgUserWallets', user)
    const r = await call('/startMonitoringCopyTrade', user, start())
    expect(r.status).toBe(200)
    expect(decodes('startCopyTrade', r.body)).toBe(true)
    expect(await held(user, 42161, USDT_ARB)).toBe('350')
    const list = await call('/getCopyTrades?accountIndex=0', user)
    expect(decodes('copyTrades', list.body)).toBe(true)
    const [trade] = list.body.copyTrades as Record<string, unknown>[]
    expect(trade).toMatchObject({
      chainId: 42161,
      followedAddress: TRADER,
      ante: 0.1,
      protocols: ['uniswapUniversalRouter'],
      depositInNano: '150000000',
      fromToken: USDT_ARB,
      token: { name: 'USDT' },
      deposit: { usd: 150, eth: '0.042857142857142857' },
    })
    expect(trade.dttmDeactivated).toBeUndefined()
    expect(list.body.tokens).toEqual([{ tokenAddress: USDT_ARB, chainId: 42161, decimals: 6, price: 1 }])
    expect((await call('/totalBalance?accountIndex=0', user)).body.hasTrades).toBe(true)
    expect((await call('/getCopyTrades?accountIndex=1', user)).body.copyTrades).toEqual([])
  })

  it("[copyTrade.34] a start without an ante takes the server's default, 0.5 as a fraction; one that gives it keeps its own, and 0 is still refused", async () => {
    const user = newUser()
    await call('/tgUserWallets', user)
    const { ante: _omitted, ...noAnte } = start({ followedAddress: '0x00000000000000000000000000000000000000d1' })
    const defaulted = await call('/startMonitoringCopyTrade', user, noAnte)
    expect(defaulted.status).toBe(200)
    expect(decodes('startCopyTrade', defaulted.body)).toBe(true)
    expect((defaulted.body.trade as { ante: number }).ante).toBe(0.5)
    const own = await call(
      '/startMonitoringCopyTrade',
      user,
      start({ followedAddress: '0x00000000000000000000000000000000000000d2', ante: 0.1 }),
    )
    expect((own.body.trade as { ante: number }).ante).toBe(0.1)
    const zero = await call('/startMonitoringCopyTrade', user, start({ ante: 0 }))
    expect([zero.status, zero.body.path]).toEqual([400, 'ante'])
    // as listed: the default is kept with the trade
    const listed = (await call('/getCopyTrades?accountIndex=0', user)).body.copyTrades as {
      followedAddress: string
      ante: number
    }[]
    expect(Object.fromEntries(listed.map((t) => [t.followedAddress, t.ante]))).toEqual({
      '0x00000000000000000000000000000000000000d1': 0.5,
      '0x00000000000000000000000000000000000000d2': 0.1,
    })
  })

  it('ten concurrent starts with one key make one trade and reserve once', async () => {
    const user = newUser()
    await call('/tgUserWallets', user)
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call('/startMonitoringCopyTrade', user, start({ idempotencyKey: 'key-0001' }))),
    )
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200))
    expect(new Set(answers.map((a) => (a.body.trade as { _id: string })._id)).size).toBe(1)
    expect(((await call('/getCopyTrades?accountIndex=0', user)).body.copyTrades as unknown[]).length).toBe(1)
    expect(await held(user, 42161, USDT_ARB)).toBe('350')
  })

  it('an active trade answers what it holds now and its profit or loss in USD; a stopped one does not', async () => {
    const user = newUser()
    await call('/tgUserWallets', user)
    const trader = '0x00000000000000000000000000000000000000f6'
    const started = (await call('/startMonitoringCopyTrade', user, start({ followedAddress: trader, ante: 0.5 }))).body
      .trade as Record<string, unknown>
    expect(started).toMatchObject({ valueUsd: 150, pnlUsd: 0 })
    for (let i = 0; i < 4; i++) await push({ followedAddress: trader, chainId: 42161 })
    const [trade] = (await call('/getCopyTrades?accountIndex=0', user)).body.copyTrades as {
      _id: string
      valueUsd: number
      pnlUsd: number
      deposit: { usd: number }
    }[]
    expect(decodes('copyTrades', (await call('/getCopyTrades?accountIndex=0', user)).body)).toBe(true)
    // The value is every position at catalogue prices; the swaps paid fees and moved prices, so it differs from the deposit.
    expect(trade.valueUsd).toBeGreaterThan(0)
    expect(Math.round((trade.valueUsd - trade.deposit.usd) * 100)).toBe(Math.round(trade.pnlUsd * 100))
    expect(trade.pnlUsd).not.toBe(0)
    await call('/cancelCopyTrade', user, { _id: trade._id })
    const [stopped] = (await call('/getCopyTrades?accountIndex=0', user)).body.copyTrades as Record<string, unknown>[]
    expect(stopped.valueUsd).toBeUndefined()
    expect(stopped.pnlUsd).toBeUndefined()
  })

  it('a retried start repeats its first answer, even when the deposit took the whole balance', async () => {
    const user = newUser()
    await call('/tgUserWallets', user)
    const body = start({ depositInNano: '500000000', idempotencyKey: 'all-in-key' })
    const first = await call('/startMonitoringCopyTrade', user, body)
    expect(first.status).toBe(200)
    expect(await held(user, 42161, USDT_ARB)).toBe('0')
    expect(await call('/startMonitoringCopyTrade', user, body)).toEqual(first)
    expect(((await call('/getCopyTrades?accountIndex=0', user)).body.copyTrades as unknown[]).length).toBe(1)
  })

  it('the own-wallet check compares accounts, not text: a lower-case spelling of the own address is refused', async () => {
    const user = newUser()
    const [own] = (await call('/tgUserWallets', user)).body as unknown as { address: string }[]
    for (const followedAddress of [own.address, own.address.toLowerCase(), '0x' + own.address.slice(2).toUpperCase()]) {
      const r = await call('/startMonitoringCopyTrade', user, start({ followedAddress }))
      expect([r.status, r.body.path], followedAddress).toEqual([400, 'followedAddress'])
    }
  })

  it('[copyTrade.59] the feed copies the trader swap into the trade, loaded by GET with accountIndex and copyTradeId, ante x deposit, deterministically', async () => {
    const user = newUser()
    await call('/tgUserWallets', user)
    const trader = '0x00000000000000000000000000000000000000a1'
    const { body } = await call('/startMonitoringCopyTrade', user, start({ followedAddress: trader, ante: 0.2 }))
    const id = (body.trade as { _id: string })._id
    expect((await push({ followedAddress: '0x00000000000000000000000000000000000000ff' })).copied).toBe(0)
    expect((await push({ followedAddress: trader, chainId: 42161 })).copied).toBe(1)
    const swaps = await call(`/getUserSwaps?accountIndex=0&copyTradeId=${id}`, user)
    expect(decodes('copyTradeSwaps', swaps.body)).toBe(true)
    const [swap] = swaps.body.swaps as {
      type: string
      fromAmount: string
      fromToken: { symbol: string }
      toToken: { symbol: string }
    }[]
    const expected = feedEvent(trader, 42161, 0, await loadCatalogue(api.server.db))
    expect(expected.kind).toBe('buy')
    expect(swap).toMatchObject({
      type: 'swap',
      fromAmount: '30000000',
      fromToken: { symbol: 'USDT' },
      toToken: { symbol: expected.symbol },
    })
    // the wallet's balances are not touched by copied swaps: the deposit was reserved
    expect(await held(user, 42161, USDT_ARB)).toBe('350')
  })

  it('(copyTrade.58, server side) stopping returns the remaining deposit and what the swaps bought; a second stop is 409; no more copies', async () => {
    const user = newUser()
    await call('/tgUserWallets', user)
    const trader = '0x00000000000000000000000000000000000000b2'
    const { body } = await call(
      '/startMonitoringCopyTrade',
      user,
      start({ followedAddress: trader, ante: 0.5, depositInNano: '200000000' }),
    )
    const id = (body.trade as { _id: string })._id
    await push({ followedAddress: trader })
    const [swap] = (await call(`/getUserSwaps?accountIndex=0&copyTradeId=${id}`, user)).body.swaps as {
      toAmount: string
      toToken: { address: string; decimals: number }
    }[]
    const before = await held(user, 42161, swap.toToken.address)
    const cancelled = await call('/cancelCopyTrade', user, { _id: id })
    expect(cancelled.status).toBe(200)
    expect(decodes('cancelCopyTrade', cancelled.body)).toBe(true)
    // 200 reserved, 100 spent by the copied buy: 100 back, plus the bought token
    expect(await held(user, 42161, USDT_ARB)).toBe('400')
    const after = await held(user, 42161, swap.toToken.address)
    const units = (v: string) => BigInt(v.split('.')[0] + (v.split('.')[1] ?? '').padEnd(swap.toToken.decimals, '0'))
    expect(units(after) - units(before)).toBe(BigInt(swap.toAmount))
    const again = await call('/cancelCopyTrade', user, { _id: id })
    expect([again.status, again.body.message]).toEqual([409, 'this copy trade is already stopped'])
    const [trade] = (await call('/getCopyTrades?accountIndex=0', user)).body.copyTrades as {
      dttmDeactivated?: string
    }[]
    expect(trade.dttmDeactivated).toMatch(/^\d{4}-\d\d-\d\dT/)
    expect((await push({ followedAddress: trader })).copied).toBe(0)
  })

  it('only the owner reads or stops a trade, and only under its own wallet', async () => {
    const owner = newUser()
    const other = newUser()
    await call('/tgUserWallets', owner)
    await call('/tgUserWallets', other)
    const id = ((await call('/startMonitoringCopyTrade', owner, start())).body.trade as { _id: string })._id
    const read = await call(`/getUserSwaps?accountIndex=0&copyTradeId=${id}`, other)
    expect([read.status, read.body.message]).toEqual([404, 'unknown copy trade'])
    const stop = await call('/cancelCopyTrade', other, { _id: id })
    expect([stop.status, stop.body.message]).toEqual([404, 'unknown copy trade'])
    expect((await call('/getCopyTrades?accountIndex=0', other)).body.copyTrades).toEqual([])
    expect((await call(`/getUserSwaps?accountIndex=1&copyTradeId=${id}`, owner)).status).toBe(404)
    expect((await call(`/getUserSwaps?accountIndex=0&copyTradeId=${id}`, owner)).status).toBe(200)
    expect((await call('/getCopyTrades?accountIndex=0', owner)).body.copyTrades).toMatchObject([{ _id: id }])
  })

  it('a copied swap is one of the wallet swaps: /history lists it under the same id', async () => {
    const user = newUser()
    await call('/tgUserWallets', user)
    const trader = '0x00000000000000000000000000000000000000c3'
    const id = (
      (await call('/startMonitoringCopyTrade', user, start({ followedAddress: trader }))).body.trade as { _id: string }
    )._id
    expect((await push({ followedAddress: trader, chainId: 42161 })).copied).toBe(1)
    const [swap] = await swapsOf(user, id)
    const history = (await call('/history?limit=10&offset=0&accountIndex=0', user)).body as unknown as Record<
      string,
      unknown
    >[]
    expect(decodes('history', history)).toBe(true)
    expect(history[0]).toMatchObject({
      id: swap.id,
      type: 'swap',
      fromAmount: swap.fromAmount,
      toAmount: swap.toAmount,
      copyTradeId: id,
    })
    const [trade] = (await call('/getCopyTrades?accountIndex=0', user)).body.copyTrades as Record<string, unknown>[]
    expect(trade).toMatchObject({ remainingInNano: String(150_000_000n - BigInt(swap.fromAmount)), swapsCount: 1 })
  })

  it('after many copied swaps, stopping returns every position to the wallet, unit for unit', async () => {
    const user = newUser()
    await call('/tgUserWallets', user)
    const trader = '0x00000000000000000000000000000000000000d4'
    const balances = async () =>
      new Map(
        (
          (await call('/balances', user, { accountIndex: 0 })).body as unknown as {
            chainId: unknown
            address: string
            tokensAmount: string
            decimals: number
          }[]
        )
          .filter((b) => b.chainId === 42161)
          .map((b) => [b.address, toUnits(b.tokensAmount, b.decimals)]),
      )
    const before = await balances()
    const id = (
      (
        await call(
          '/startMonitoringCopyTrade',
          user,
          start({ followedAddress: trader, ante: 0.3, depositInNano: '300000000' }),
        )
      ).body.trade as { _id: string }
    )._id
    for (let i = 0; i < 12; i++) await push({ followedAddress: trader, chainId: 42161 })
    const swaps = await swapsOf(user, id)
    expect(swaps.length).toBeGreaterThan(1)
    // What the trade holds: its deposit, then every copied swap, oldest first.
    const positions = new Map<string, bigint>([[USDT_ARB, 300_000_000n]])
    for (const s of [...swaps].reverse()) {
      positions.set(s.fromToken.address, (positions.get(s.fromToken.address) ?? 0n) - BigInt(s.fromAmount))
      positions.set(s.toToken.address, (positions.get(s.toToken.address) ?? 0n) + BigInt(s.toAmount))
    }
    expect([...positions.values()].every((u) => u >= 0n)).toBe(true)
    expect((await call('/cancelCopyTrade', user, { _id: id })).status).toBe(200)
    const after = await balances()
    for (const address of new Set([...before.keys(), ...after.keys(), ...positions.keys()]))
      // the deposit left the wallet at the start and comes back as part of the positions
      expect((after.get(address) ?? 0n) - (before.get(address) ?? 0n), address).toBe(
        (positions.get(address) ?? 0n) - (address === USDT_ARB ? 300_000_000n : 0n),
      )
    const [trade] = (await call('/getCopyTrades?accountIndex=0', user)).body.copyTrades as Record<string, unknown>[]
    expect(trade).toMatchObject({ remainingInNano: '0', swapsCount: swaps.length })
    expect((await push({ followedAddress: trader, chainId: 42161 })).copied).toBe(0)
    expect((await swapsOf(user, id)).length).toBe(swaps.length)
  })

  it('two servers copy the same trader into the same swaps, amount for amount', async () => {
    const other = await newServer()
    try {
      const trader = '0x00000000000000000000000000000000000000e5'
      const run = async (on: RunningServer) => {
        const user = newUser()
        await call('/tgUserWallets', user, undefined, on)
        const id = (
          (await call('/startMonitoringCopyTrade', user, start({ followedAddress: trader, ante: 0.25 }), on)).body
            .trade as { _id: string }
        )._id
        for (let i = 0; i < 6; i++) await push({ followedAddress: trader, chainId: 42161 }, on)
        return (await swapsOf(user, id, on)).map((s) => [
          s.fromToken.symbol,
          s.fromAmount,
          s.toToken.symbol,
          s.toAmount,
        ])
      }
      const a = await run(api.server)
      expect(a.length).toBeGreaterThan(0)
      expect(await run(other)).toEqual(a)
    } finally {
      await other.close()
    }
  }, 60_000)

  it('a trader feed is the same on any server', async () => {
    const catalogue = await loadCatalogue(api.server.db)
    const a = Array.from({ length: 8 }, (_, i) => feedEvent(TRADER, 42161, i, catalogue))
    const b = Array.from({ length: 8 }, (_, i) => feedEvent(TRADER.toLowerCase(), 42161, i, catalogue))
    expect(a).toEqual(b)
    expect(new Set(a.map((e) => e.symbol)).size).toBeGreaterThan(1)
  })
})
