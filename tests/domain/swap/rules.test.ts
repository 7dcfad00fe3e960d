import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { readFileSync } from 'node:fs'
import {
  EXECUTE_DEBOUNCE_MS,
  GAS_HINTS,
  MAX_DUST,
  QUOTE_DEBOUNCE_MS,
  TON_GAS_MIN,
  canPair,
  gasSufficient,
  maxAmount,
  minimumReceived,
  nativeReserve,
  priceImpactStatus,
  quoteUnits,
  showsPriceImpactWarning,
  tonGasRange,
} from '../../../domain/swap/rules'
import { fromUnits, toUnits } from '../../../domain/money'
import { ETH_ARB, ETH_MAIN, TON, USDC_ARB, USDC_BASE, USDT_TON, ZRO_ARB } from './fixtures'

describe('swap rules', () => {
  it('[swap.2] price impact up to and including 2 % is normal', () => {
    for (const p of [0, 0.01, 1.99, 2]) expect(priceImpactStatus(p)).toBe('normal')
  })
  it('[swap.3] above 2 % and up to 5 % is warning', () => {
    for (const p of [2.0001, 2.01, 4.99, 5]) expect(priceImpactStatus(p)).toBe('warning')
  })
  it('[swap.4] price impact above 5 % is danger', () => {
    for (const p of [5.0001, 5.01, 12, 99]) expect(priceImpactStatus(p)).toBe('danger')
  })
  it('[swap.5] the warning shows for warning and danger only', () => {
    expect([
      showsPriceImpactWarning('normal'),
      showsPriceImpactWarning('warning'),
      showsPriceImpactWarning('danger'),
    ]).toEqual([false, true, true])
  })

  it("the debounce constants are the spec's: 1000 ms for quotes (swap.9), 500 ms for execution (swap.42)", () => {
    expect([QUOTE_DEBOUNCE_MS, EXECUTE_DEBOUNCE_MS]).toEqual([1000, 500])
  })

  it('[swap.28] Max is the balance minus 0.000001 for a token that is not native', () => {
    expect(MAX_DUST).toBe('0.000001')
    expect(maxAmount('500', USDC_ARB, null)).toBe('499.999999')
    expect(maxAmount('50', ZRO_ARB, null)).toBe('49.999999')
    expect(maxAmount('100', USDT_TON, null)).toBe('99.999999')
  })

  it('[swap.29] [swap.30] Max also keeps the native gas reserve: ETH 0.01, other EVM 0.00033, TON 0.22 or 0.3', () => {
    expect(nativeReserve(ETH_MAIN, null)).toBe('0.01')
    expect(nativeReserve(ETH_ARB, null)).toBe('0.00033')
    expect(nativeReserve(TON, 'stonfi')).toBe('0.22')
    expect(nativeReserve(TON, 'dedust')).toBe('0.3')
    expect(nativeReserve(USDC_ARB, null)).toBe('0')
    expect(maxAmount('0.5', ETH_MAIN, null)).toBe('0.489999')
    expect(maxAmount('0.5', ETH_ARB, null)).toBe('0.499669')
    expect(maxAmount('50', TON, 'stonfi')).toBe('49.779999')
    expect(maxAmount('50', TON, 'dedust')).toBe('49.699999')
    expect(maxAmount('50', TON, null)).toBe('49.779999')
  })

  it('[swap.28] Max is never negative and is exact for any balance', () => {
    expect(maxAmount('0.0001', ETH_ARB, null)).toBe('0')
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), (units) => {
        const max = maxAmount(fromUnits(units, 18), ETH_ARB, null)
        const keep = toUnits('0.000331', 18)!
        expect(toUnits(max, 18)).toBe(units > keep ? units - keep : 0n)
      }),
    )
  })

  it('[swap.23] a TON swap needs 0.22 TON with the DEX-type provider and 0.3 with the other', () => {
    expect(TON_GAS_MIN).toEqual({ stonfi: '0.22', dedust: '0.3' })
    const base = { from: USDT_TON, amount: '10', fee: null }
    expect(gasSufficient({ ...base, heldNative: '0.22', provider: 'stonfi' })).toBe(true)
    expect(gasSufficient({ ...base, heldNative: '0.219999999', provider: 'stonfi' })).toBe(false)
    expect(gasSufficient({ ...base, heldNative: '0.29', provider: 'dedust' })).toBe(false)
    expect(gasSufficient({ ...base, heldNative: '0.3', provider: 'dedust' })).toBe(true)
    // Swapping TON itself: the amount comes out of the same balance.
    expect(gasSufficient({ from: TON, amount: '49.78', fee: null, heldNative: '50', provider: 'stonfi' })).toBe(true)
    expect(gasSufficient({ from: TON, amount: '49.8', fee: null, heldNative: '50', provider: 'stonfi' })).toBe(false)
  })

  it('[swap.24] on other chains the held native coin must cover the printed fee', () => {
    expect(gasSufficient({ from: USDC_ARB, amount: '10', heldNative: '0.0001', provider: null, fee: '0.0001' })).toBe(
      true,
    )
    expect(gasSufficient({ from: USDC_ARB, amount: '10', heldNative: '0.00009', provider: null, fee: '0.0001' })).toBe(
      false,
    )
    expect(gasSufficient({ from: ETH_ARB, amount: '0.4999', heldNative: '0.5', provider: null, fee: '0.0001' })).toBe(
      true,
    )
    expect(gasSufficient({ from: ETH_ARB, amount: '0.49991', heldNative: '0.5', provider: null, fee: '0.0001' })).toBe(
      false,
    )
  })

  it('[swap.25] gas shown for a TON swap is 0.08-0.22 or 0.08-0.3 by provider', () => {
    expect([tonGasRange('stonfi'), tonGasRange('dedust')]).toEqual(['0.08-0.22', '0.08-0.3'])
  })

  it('the gas hint table (swap.26)', () => {
    expect(GAS_HINTS).toEqual({ 1: '0.005', 10: '0.0001', 42161: '0.0001', 8453: '0.00001', 324: '0.00001' })
  })

  it('[swap.35] [swap.36] TON pairs only with TON, others only with non-TON', () => {
    expect(canPair(TON, USDT_TON)).toBe(true)
    expect(canPair(ETH_ARB, USDC_BASE)).toBe(true)
    expect(canPair(TON, ETH_ARB)).toBe(false)
    expect(canPair(USDC_ARB, USDT_TON)).toBe(false)
  })

  it('[swap.19] the minimum received is 95 % of the quote, floored, exactly', () => {
    expect(minimumReceived(1000n)).toBe(950n)
    expect(minimumReceived(19n)).toBe(18n)
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 40n }), (q) => {
        const m = minimumReceived(q)
        expect(m * 100n <= q * 95n && (m + 1n) * 100n > q * 95n).toBe(true)
      }),
    )
  })

  it('[swap.12] [swap.13] the amount: comma accepted; empty, zero or non-numeric means no quote', () => {
    expect(quoteUnits('1,5', 6)).toBe(1_500_000n)
    expect(quoteUnits('0.000001', 6)).toBe(1n)
    expect(quoteUnits('12.', 18)).toBe(12n * 10n ** 18n)
    for (const bad of ['', '.', '0', '0.0', 'abc', '1.2.3', '0.0000001', '-1']) expect(quoteUnits(bad, 6)).toBeNull()
  })

  it('[swap.51] decimals: native TON 9, USDT 6, ZRO 18, in the token catalogue the server quotes from', () => {
    const seed = JSON.parse(readFileSync('server/seed/tokens.json', 'utf8')) as {
      symbol: string
      decimals: number
      address: string
    }[]
    expect(seed.find((t) => t.symbol === 'TON' && t.address === 'native')?.decimals).toBe(9)
    expect(new Set(seed.filter((t) => t.symbol === 'USDT').map((t) => t.decimals))).toEqual(new Set([6]))
    expect(new Set(seed.filter((t) => t.symbol === 'ZRO').map((t) => t.decimals))).toEqual(new Set([18]))
  })
})
