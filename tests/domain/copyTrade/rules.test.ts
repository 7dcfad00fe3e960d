import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  ANTE_LABELS,
  ANTE_STEP,
  COPY_ASSETS,
  DEFAULT_ANTE_PERCENT,
  DEFAULT_DEPOSIT,
  DEFAULT_PROTOCOLS,
  MIN_DEPOSIT_USD,
  SERVER_DEFAULT_ANTE,
  anteFraction,
  anteUsd,
  depositUnits,
  entryTarget,
  isOwnAddress,
  isTraderAddress,
  maxDeposit,
  sanitizeUsd,
  shortTrader,
  splitArchive,
  startButton,
  statusKey,
  tokenEquivalent,
} from '../../../domain/copyTrade/rules'
import { toChecksumAddress } from '../../../server/kernel/addresses'

describe('copy-trade rules', () => {
  it('[copyTrade.9] a trader address is 42 characters: 0x and 40 hex digits', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), (bytes) => {
        const hex = '0x' + Buffer.from(bytes).toString('hex')
        expect(isTraderAddress(hex)).toBe(true)
        expect(isTraderAddress(toChecksumAddress(hex))).toBe(true)
      }),
    )
    for (const bad of [
      '',
      '0x',
      '0x52908400098527886E0F7030069857D2E4169EE',
      '0x52908400098527886E0F7030069857D2E4169EE7a',
      '0X52908400098527886E0F7030069857D2E4169EE7',
      '0x52908400098527886E0F7030069857D2E4169EEG',
      ' 0x52908400098527886E0F7030069857D2E4169EE7',
    ])
      expect(isTraderAddress(bad)).toBe(false)
  })

  it("one of the user's own wallets, in any letter case, is their own address; another, or nothing, is not", () => {
    const own = ['0x52908400098527886E0F7030069857D2E4169EE7', '0xde709f2102306220921060314715629080e2fb77']
    expect(isOwnAddress('0x52908400098527886e0f7030069857d2e4169ee7', own)).toBe(true)
    expect(isOwnAddress(' 0xDE709F2102306220921060314715629080E2FB77 ', own)).toBe(true)
    expect(isOwnAddress('0x27b1fdb04752bbc536007a920d24acb045561c26', own)).toBe(false)
    expect(isOwnAddress('', own)).toBe(false)
    expect(isOwnAddress('0x52908400098527886E0F7030069857D2E4169EE7', [])).toBe(false)
  })

  it('[copyTrade.48] the followed address shows as first 4 + ... + last 4', () => {
    expect(shortTrader('0x52908400098527886E0F7030069857D2E4169EE7')).toBe('0x52...9EE7')
    expect(shortTrader('0x8ba1f109551bD432803012645Ac136ddd64DBA72')).toBe('0x8b...BA72')
    expect(shortTrader('0xabcdef0000000000000000000000000000001234')).toBe('0xab...1234')
  })

  it('[copyTrade.24] [copyTrade.25] [copyTrade.26] [copyTrade.27] [copyTrade.28] [copyTrade.29] the start button, first match wins', () => {
    const key = (d: string, a: number, avail: number) => startButton(d, a, avail)
    expect(key('', 10, 500)).toEqual({ key: 'copyTrade.button.enter-deposit', tone: 'danger' })
    expect(key('0', 0, 0)).toEqual({ key: 'copyTrade.button.enter-deposit', tone: 'danger' })
    expect(key('0.00', 10, 500).key).toBe('copyTrade.button.enter-deposit')
    // no ante wins over a small deposit and a deposit above the funds
    expect(key('50', 0, 10)).toEqual({ key: 'copyTrade.button.enter-ante', tone: 'danger' })
    // under 100 wins over insufficient funds
    expect(key('99.99', 10, 10)).toEqual({ key: 'copyTrade.button.minimum', tone: 'danger' })
    expect(key('100.01', 10, 100)).toEqual({ key: 'copyTrade.button.insufficient', tone: 'danger' })
    expect(key('100', 10, 100)).toEqual({ key: 'copyTrade.button.start', tone: 'primary' })
    expect(MIN_DEPOSIT_USD).toBe(100)
  })

  it("the defaults and the slider steps are the spec's (copyTrade.17, .19, .20): deposit 100, ante 10 %, 0-100 by 10, labels every 20", () => {
    expect([DEFAULT_DEPOSIT, DEFAULT_ANTE_PERCENT, ANTE_STEP, [...ANTE_LABELS]]).toEqual([
      '100',
      10,
      10,
      [0, 20, 40, 60, 80, 100],
    ])
  })

  it('[copyTrade.18] the token equivalent is deposit / token cost to 4 decimals', () => {
    expect(tokenEquivalent('100', 1)).toBe('100')
    expect(tokenEquivalent('100', 3500)).toBe('0.0285')
    expect(tokenEquivalent('250', 0.9998)).toBe('250.05')
  })

  it('[copyTrade.21] the per-trade amount is deposit / 100 x ante, 4 decimals', () => {
    expect(anteUsd('100', 10)).toBe('10')
    expect(anteUsd('123.45', 30)).toBe('37.035')
    expect(anteUsd('100.01', 10)).toBe('10.001')
    expect(anteUsd('0.03', 10)).toBe('0.003')
  })

  it("the ante as a fraction and the default protocols (copyTrade.32-33) are what the request carries; the server's default ante is recorded as 0.5 (applied: tests/server/copyTrade)", () => {
    expect([anteFraction(10), anteFraction(100), anteFraction(0)]).toEqual([0.1, 1, 0])
    expect([...DEFAULT_PROTOCOLS]).toEqual(['uniswapUniversalRouter'])
    expect(SERVER_DEFAULT_ANTE).toBe(0.5)
  })

  it("depositInNano (copyTrade.31) is the deposit in the token's smallest unit, rounded up, exactly", () => {
    expect(depositUnits('100', 1, 6)).toBe('100000000')
    expect(depositUnits('100', 3500, 18)).toBe('28571428571428572')
    fc.assert(
      fc.property(
        fc.integer({ min: 100_00, max: 10_000_000_00 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        (cents, price8) => {
          const deposit = (cents / 100).toFixed(2)
          const price = price8 / 100
          const units = BigInt(depositUnits(deposit, price, 18))
          // worth at least the deposit, and less than one unit more
          const worth = units * BigInt(price8) // in 1e-18 tokens x 1e-2 USD
          const wanted = BigInt(cents) * 10n ** 18n
          expect(worth >= wanted && (units - 1n) * BigInt(price8) < wanted).toBe(true)
        },
      ),
    )
  })

  it('the Max figure (copyTrade.16) is the available USD to 2 decimals, never above it', () => {
    expect(maxDeposit(500)).toBe('500')
    expect(maxDeposit(1749.999)).toBe('1749.99')
    expect(maxDeposit(100.1)).toBe('100.10')
  })

  it('the deposit input keeps digits, one separator, a comma as a dot, 2 decimals', () => {
    expect(sanitizeUsd('1,5')).toBe('1.5')
    expect(sanitizeUsd('12a3.456')).toBe('123.45')
    expect(sanitizeUsd('.5')).toBe('0.5')
  })

  it("the entry's target (copyTrade.3-5): subscriptions first, then balances", () => {
    expect(entryTarget(true, false)).toBe('/copyTrade/traderArchive')
    expect(entryTarget(false, false)).toBe('/copyTrade/notBalance')
    expect(entryTarget(false, true)).toBe('/copyTrade/traderAddress')
  })

  it('a trade is active while it has no deactivation time (copyTrade.42-43), and its status key follows (copyTrade.56)', () => {
    const trades = [{ id: 'a' }, { id: 'b', dttmDeactivated: '2026-11-22T12:00:00.000Z' }, { id: 'c' }]
    const { active, finished } = splitArchive(trades)
    expect([active.map((t) => t.id), finished.map((t) => t.id)]).toEqual([['a', 'c'], ['b']])
    expect([statusKey(trades[0]), statusKey(trades[1])]).toEqual([
      'copyTrade.status.active',
      'copyTrade.status.stopped',
    ])
  })

  it('the deposit assets (copyTrade.14) are ETH, USDT, USDC and DAI', () => {
    expect([...COPY_ASSETS]).toEqual(['ETH', 'USDT', 'USDC', 'DAI'])
  })
})
