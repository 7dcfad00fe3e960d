// @vitest-environment happy-dom
/**
 * A list answer that names one token (or one wallet) twice, then a good one on the next poll
 * (found by the later-poll bad answers): the rows are the new answer's, no row of the
 * old one left behind (React keeps a stale row when two siblings share a key).
 */
import { afterEach, describe, expect, it } from 'vitest'
import { renderApp } from '../render'
import { launch } from '../../domain/fixtures/events'
import type { EventInput } from '../../../domain/events'

let app: ReturnType<typeof renderApp> | null = null
afterEach(() => {
  app?.unmount()
  app = null
})

const balance = (symbol: string, usdAmount: number) => ({
  address: `0x${symbol.padEnd(40, '0')}`,
  chainId: 1,
  tokensAmount: '1.5',
  usdAmount,
  tokensCost: 1,
  symbol,
  name: symbol,
  decimals: 18,
  logoURI: '',
})
const wallet = (accountIndex: number, totalBalanceUsd: number) => ({
  accountIndex,
  address: `0x${String(accountIndex + 1).repeat(40)}`,
  tonUnbouncableAddress: 'UQ' + 'A'.repeat(46),
  totalBalanceUsd,
})
const balances = (list: ReturnType<typeof balance>[]): EventInput => ({
  type: 'wallet/balancesReceived',
  payload: { accountIndex: 0, balances: list as never },
})
const wallets = (list: ReturnType<typeof wallet>[]): EventInput => ({
  type: 'wallet/walletsReceived',
  payload: { wallets: list as never },
})
const tokenRows = () =>
  [...app!.container.querySelectorAll('[data-testid="token-row"]')].map((r) => r.textContent ?? '')

describe('a list answered with a repeated item, then well', () => {
  it("the home token list: the repeated token shows twice, and the next answer's rows replace every one of them", () => {
    app = renderApp([
      { type: 'app/launched', payload: launch() },
      wallets([wallet(0, 10)]),
      balances([balance('WBTC', 3), balance('WBTC', 2), balance('DAI', 1)]),
    ])
    expect(tokenRows()).toHaveLength(3)
    app.dispatch(balances([balance('USDT', 9), balance('DAI', 1)]))
    expect(tokenRows()).toHaveLength(2)
    expect(tokenRows().join(' ')).not.toContain('WBTC')
    app.dispatch(balances([balance('WBTC', 5), balance('WBTC', 4), balance('WBTC', 3)]))
    app.dispatch(balances([balance('WBTC', 5)]))
    expect(tokenRows()).toHaveLength(1)
  })

  it('the wallet chooser: a wallet listed twice, then the list as it is', () => {
    app = renderApp([
      { type: 'app/launched', payload: launch() },
      wallets([wallet(0, 10), wallet(0, 10), wallet(1, 20)]),
      { type: 'wallet/chooserOpened', payload: {} },
    ])
    const listed = () =>
      [...app!.container.ownerDocument.querySelectorAll('.cell')].filter((c) =>
        /0x1111|0x2222/.test(c.textContent ?? ''),
      ).length
    expect(listed()).toBe(3)
    app.dispatch(wallets([wallet(1, 20)]))
    expect(listed()).toBe(1)
  })
})
