/** Copy-trade calls: validation, the reserved deposit, one trade per key, the feed, ownership, stopping. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isRight } from 'fp-ts/lib/Either'
import { createServer, type RunningServer } from '../../server/app'
import { signInitData } from '../../server/auth'
import { endpoints } from '../../domain/api/endpoints'
import { feedEvent } from '../../server/copyTrades'
import { loadCatalogue } from '../../server/catalogue'

const BOT = '7000000007:copy-trade-tests'
let server: RunningServer
let n = 41_000
type User = { id: number; first_name: string }
const newUser = (): User => ({ id: ++n, first_name: `C${n}` })
const TRADER = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
const USDT_ARB = '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9'
const ETH = '0x0000000000000000000000000000000000000000'

async function call(path: string, user: User, body?: unknown) {
  const res = await fetch(server.url + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', telegramRawData: signInitData({ botToken: BOT, user }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { path?: string } }
}
const start = (over: Record<string, unknown> = {}) => ({ accountIndex: 0, chainId: 42161, followedAddress: TRADER, ante: 0.1, protocols: ['uniswapUniversalRouter'], depositInNano: '150000000', fromToken: USDT_ARB, ...over })
const held = async (user: User, chainId: unknown, address: string) =>
  ((await call('/balances', user, { accountIndex: 0 })).body as unknown as { chainId: unknown; address: string; tokensAmount: string }[]).find((b) => b.chainId === chainId && b.address === address)?.tokensAmount ?? '0'
const push = async (body: object = {}) => (await (await fetch(server.url + '/admin/copyFeed/push', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as { copied: number }
const decodes = (name: keyof typeof endpoints, body: unknown) => isRight(endpoints[name].response.decode(body) as never)

beforeAll(async () => {
  server = await createServer({ port: 0, host: '127.0.0.1', botToken: BOT, mode: 'development', database: { kind: 'pglite', dataDir: null }, staticDir: null, authMaxAgeSeconds: 86_400 })
}, 60_000)
afterAll(async () => server?.close())

describe('copy-trade calls', () => {
  it('[copyTrade.9] [copyTrade.14] [copyTrade.26] [copyTrade.27] every bad start is a 400 naming its field', async () => {
    const user = newUser()
    const wallets = (await call('/tgUserWallets', user)).body as unknown as { address: string }[]
    const cases: [Record<string, unknown>, string][] = [
      [{ followedAddress: '0x1234' }, 'followedAddress'],
      [{ followedAddress: TRADER + 'a' }, 'followedAddress'],
      [{ followedAddress: wallets[0].address }, 'followedAddress'],
      [{ chainId: 'TON' }, 'chainId'],
      [{ fromToken: '0x6985884C4392D348587B19cb9eAAf157F13271cd' }, 'fromToken'],
      [{ depositInNano: '99990000' }, 'depositInNano'],
      [{ depositInNano: '500000001' }, 'depositInNano'],
      [{ ante: 0 }, 'ante'],
      [{ ante: 1.5 }, 'ante'],
      [{ protocols: [] }, 'protocols'],
      [{ protocols: ['bogus'] }, 'protocols'],
    ]
    for (const [over, path] of cases) {
      const r = await call('/startMonitoringCopyTrade', user, start(over))
      expect([r.status, r.body.path], JSON.stringify(over)).toEqual([400, path])
    }
    expect((await call('/startMonitoringCopyTrade', user, start({ depositInNano: '99990000' }))).body.message).toBe('the minimum deposit is 100 USD')
    expect((await call('/startMonitoringCopyTrade', user, start({ depositInNano: '500000001' }))).body.message).toBe('insufficient funds')
    expect(await held(user, 42161, USDT_ARB)).toBe('500')
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
    expect(trade).toMatchObject({ chainId: 42161, followedAddress: TRADER, ante: 0.1, protocols: ['uniswapUniversalRouter'], depositInNano: '150000000', fromToken: USDT_ARB, token: { name: 'USDT' }, deposit: { usd: 150 } })
    expect(trade.dttmDeactivated).toBeUndefined()
    expect(list.body.tokens).toEqual([{ tokenAddress: USDT_ARB, chainId: 42161, decimals: 6, price: 1 }])
    expect((await call('/totalBalance?accountIndex=0', user)).body.hasTrades).toBe(true)
    expect((await call('/getCopyTrades?accountIndex=1', user)).body.copyTrades).toEqual([])
  })

  it('[copyTrade.30] ten concurrent starts with one key make one trade and reserve once', async () => {
    const user = newUser()
    await call('/tgUserWallets', user)
    const answers = await Promise.all(Array.from({ length: 10 }, () => call('/startMonitoringCopyTrade', user, start({ idempotencyKey: 'k-1' }))))
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200))
    expect(new Set(answers.map((a) => (a.body.trade as { _id: string })._id)).size).toBe(1)
    expect(((await call('/getCopyTrades?accountIndex=0', user)).body.copyTrades as unknown[]).length).toBe(1)
    expect(await held(user, 42161, USDT_ARB)).toBe('350')
  })

  it('[copyTrade.59] the feed copies the trader swap into the trade, ante x deposit, deterministically', async () => {
    const user = newUser()
    await call('/tgUserWallets', user)
    const trader = '0x00000000000000000000000000000000000000a1'
    const { body } = await call('/startMonitoringCopyTrade', user, start({ followedAddress: trader, ante: 0.2 }))
    const id = (body.trade as { _id: string })._id
    expect((await push({ followedAddress: '0x00000000000000000000000000000000000000ff' })).copied).toBe(0)
    expect((await push({ followedAddress: trader, chainId: 42161 })).copied).toBe(1)
    const swaps = await call(`/getUserSwaps?accountIndex=0&copyTradeId=${id}`, user)
    expect(decodes('copyTradeSwaps', swaps.body)).toBe(true)
    const [swap] = swaps.body.swaps as { type: string; fromAmount: string; fromToken: { symbol: string }; toToken: { symbol: string } }[]
    const expected = feedEvent(trader, 42161, 0, await loadCatalogue(server.db))
    expect(expected.kind).toBe('buy')
    expect(swap).toMatchObject({ type: 'swap', fromAmount: '30000000', fromToken: { symbol: 'USDT' }, toToken: { symbol: expected.symbol } })
    // the wallet's balances are not touched by copied swaps: the deposit was reserved
    expect(await held(user, 42161, USDT_ARB)).toBe('350')
  })

  it('[copyTrade.58] stopping returns the remaining deposit and what the swaps bought; a second stop is 409; no more copies', async () => {
    const user = newUser()
    await call('/tgUserWallets', user)
    const trader = '0x00000000000000000000000000000000000000b2'
    const { body } = await call('/startMonitoringCopyTrade', user, start({ followedAddress: trader, ante: 0.5, depositInNano: '200000000' }))
    const id = (body.trade as { _id: string })._id
    await push({ followedAddress: trader })
    const [swap] = (await call(`/getUserSwaps?accountIndex=0&copyTradeId=${id}`, user)).body.swaps as { toAmount: string; toToken: { address: string; decimals: number } }[]
    const before = await held(user, 42161, swap.toToken.address)
    expect((await call('/cancelCopyTrade', user, { _id: id })).status).toBe(200)
    // 200 reserved, 100 spent by the copied buy: 100 back, plus the bought token
    expect(await held(user, 42161, USDT_ARB)).toBe('400')
    const after = await held(user, 42161, swap.toToken.address)
    const units = (v: string) => BigInt(v.split('.')[0] + (v.split('.')[1] ?? '').padEnd(swap.toToken.decimals, '0'))
    expect(units(after) - units(before)).toBe(BigInt(swap.toAmount))
    const again = await call('/cancelCopyTrade', user, { _id: id })
    expect([again.status, again.body.message]).toEqual([409, 'this copy trade is already stopped'])
    const [trade] = (await call('/getCopyTrades?accountIndex=0', user)).body.copyTrades as { dttmDeactivated?: string }[]
    expect(trade.dttmDeactivated).toMatch(/^\d{4}-\d\d-\d\dT/)
    expect((await push({ followedAddress: trader })).copied).toBe(0)
  })

  it('[copyTrade.59] only the owner reads or stops a trade', async () => {
    const owner = newUser()
    const other = newUser()
    await call('/tgUserWallets', owner)
    await call('/tgUserWallets', other)
    const id = ((await call('/startMonitoringCopyTrade', owner, start())).body.trade as { _id: string })._id
    expect((await call(`/getUserSwaps?accountIndex=0&copyTradeId=${id}`, other)).status).toBe(404)
    expect((await call('/cancelCopyTrade', other, { _id: id })).status).toBe(404)
    expect((await call(`/getUserSwaps?accountIndex=0&copyTradeId=${id}`, owner)).status).toBe(200)
  })

  it('a trader feed is the same on any server', async () => {
    const catalogue = await loadCatalogue(server.db)
    const a = Array.from({ length: 8 }, (_, i) => feedEvent(TRADER, 42161, i, catalogue))
    const b = Array.from({ length: 8 }, (_, i) => feedEvent(TRADER.toLowerCase(), 42161, i, catalogue))
    expect(a).toEqual(b)
    expect(new Set(a.map((e) => e.symbol)).size).toBeGreaterThan(1)
  })
})
