// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { renderApp } from '../render'
import { launch } from '../../domain/fixtures/events'
import type { EventInput } from '../../../domain/events'

let app: ReturnType<typeof renderApp> | null = null
afterEach(() => {
  app?.unmount()
  app = null
})

const balance = (symbol: string, usdAmount: number, chainId: 1 | 'TON' = 1) => ({
  address: `0x${symbol.padEnd(40, '0')}`,
  chainId,
  tokensAmount: '1.1234567891',
  usdAmount,
  tokensCost: 1,
  symbol,
  name: symbol,
  decimals: 18,
  logoURI: '',
})
const wallets = [0, 1, 2].map((i) => ({
  accountIndex: i,
  address: `0x52908400098527886E0F7030069857D2E4169EE${i}`,
  tonUnbouncableAddress: 'UQ' + 'A'.repeat(46),
  totalBalanceUsd: [1234.5, 20, 0][i],
}))

const loaded: EventInput[] = [
  { type: 'app/launched', payload: launch() },
  { type: 'wallet/walletsReceived', payload: { wallets } },
  {
    type: 'wallet/balancesReceived',
    payload: {
      accountIndex: 0,
      balances: ['ETH', 'USDT', 'TON', 'DAI', 'PUNK'].map((s, i) => balance(s, 100 - i)) as never,
    },
  },
  {
    type: 'wallet/totalReceived',
    payload: { accountIndex: 0, total: { totalBalanceUsd: 1234.5, hasTrades: false, isNotifyForBoost: false } },
  },
]

describe('wallet home', () => {
  it('[wallet.3] shows the total in USD (totalBalanceUsd)', () => {
    app = renderApp(loaded)
    expect(app.container.querySelector('[data-testid="total-balance"]')?.textContent).toBe('$1,234.50')
  })

  it('[wallet.5] has Deposit, Send and Swap and the wallet switch', () => {
    app = renderApp(loaded)
    for (const label of ['Deposit', 'Send', 'Swap', 'Wallet 1']) expect(app.button(label)).not.toBeNull()
  })

  it('[wallet.8] shows 3 tokens until expanded, then all; [wallet.9] 6 decimals', () => {
    app = renderApp(loaded)
    expect(app.container.querySelectorAll('[data-testid="token-row"]')).toHaveLength(3)
    expect(app.text()).toContain('1.123456')
    expect(app.text()).not.toContain('1.1234567')
    app.click(app.button('Show all (5)'))
    expect(app.container.querySelectorAll('[data-testid="token-row"]')).toHaveLength(5)
    app.click(app.button('Hide'))
    expect(app.container.querySelectorAll('[data-testid="token-row"]')).toHaveLength(3)
  })

  it('entering the home asks for its data; skeletons show until it lands', () => {
    app = renderApp([{ type: 'app/launched', payload: launch() }])
    expect(app.dispatched.map((e) => e.type)).toContain('wallet/homeEntered')
    expect(app.container.querySelectorAll('.skeleton').length).toBeGreaterThan(0)
  })

  it('[app.11] a failed load shows an error with a retry, not a blank screen', () => {
    app = renderApp([
      { type: 'app/launched', payload: launch() },
      {
        type: 'wallet/balancesFailed',
        payload: { accountIndex: 0, error: { kind: 'server', status: 500, message: 'x' } },
      },
      {
        type: 'wallet/totalFailed',
        payload: { accountIndex: 0, error: { kind: 'decode', path: 'totalBalanceUsd', message: 'x' } },
      },
    ])
    expect(app.text()).toContain('Server error. Please try again later.')
    expect(app.text()).toContain('The server sent an answer the app could not read.')
    app.click(app.button('Retry'))
    expect(app.dispatched.at(-1)?.type).toBe('wallet/refreshRequested')
  })

  it('a server whose database is briefly away: the retryable message with the seconds, and Retry, in both languages', () => {
    const unavailable = {
      kind: 'unavailable',
      message: 'the database is not answering; try again in 5 s',
      retryAfterSeconds: 5,
    } as const
    for (const [languageCode, text, retry] of [
      ['en', 'The service is briefly unavailable. Try again in 5 s.', 'Retry'],
      ['ru', 'Сервис временно недоступен. Попробуйте снова через 5 с.', 'Повторить'],
    ] as const) {
      app = renderApp([
        { type: 'app/launched', payload: launch({ user: { id: 1000001, firstName: 'Demo', languageCode } }) },
        { type: 'wallet/balancesFailed', payload: { accountIndex: 0, error: unavailable } },
      ])
      expect(app.text()).toContain(text)
      expect(app.text()).not.toContain('the database is not answering')
      app.click(app.button(retry))
      expect(app.dispatched.at(-1)?.type).toBe('wallet/refreshRequested')
      app.unmount()
      app = null
    }
  })

  it('a wallet with no tokens shows the empty state', () => {
    app = renderApp([
      { type: 'app/launched', payload: launch() },
      { type: 'wallet/balancesReceived', payload: { accountIndex: 0, balances: [] } },
    ])
    expect(app.text()).toContain('No tokens yet')
  })

  it('[wallet.19] the chooser lists label with number, USD and short address; [wallet.20] choosing selects', () => {
    app = renderApp(loaded)
    app.click(app.button('Wallet 1'))
    const dialog = app.container.querySelector('[role="dialog"]')
    expect(dialog?.textContent).toContain('Wallet 2')
    expect(dialog?.textContent).toContain('$20.00')
    expect(dialog?.textContent).toContain('0x5290...9EE1')
    app.click([...(dialog?.querySelectorAll('button') ?? [])].find((b) => b.textContent?.includes('Wallet 3')) ?? null)
    expect(app.dispatched.at(-1)).toMatchObject({ type: 'wallet/walletSelected', payload: { accountIndex: 2 } })
    expect(app.container.querySelector('[role="dialog"]')).toBeNull()
    expect(app.button('Wallet 3')).not.toBeNull()
  })

  it('taps on the chooser title are events (the run of app.27)', () => {
    app = renderApp(loaded)
    app.click(app.button('Wallet 1'))
    const title = app.container.querySelector('.sheet__title')
    for (let i = 0; i < 3; i++) app.click(title)
    expect(app.dispatched.filter((e) => e.type === 'app/resetTapped')).toHaveLength(3)
  })
})

describe('history and deposit on the home', () => {
  const entry = (id: number) => ({
    id: String(id),
    type: 'deposit' as const,
    createdAt: '2026-11-22T10:00:00.000Z',
    amount: '123456789012345678901',
    decimals: 18,
    symbol: 'ETH',
    from: '0x52908400098527886E0F7030069857D2E4169EE7',
  })

  it('[wallet.17] history rows show exact amounts with 8 decimals', () => {
    app = renderApp([
      ...loaded,
      {
        type: 'wallet/historyPageReceived',
        payload: { accountIndex: 0, offset: 0, entries: [entry(1), entry(2)] as never },
      },
    ])
    expect(app.container.querySelectorAll('[data-testid="history-row"]')).toHaveLength(2)
    expect(app.text()).toContain('+123.45678901 ETH')
    expect(app.text()).toContain('Received ETH')
  })

  it("history rows show the date and time in the user's time zone from the launch", () => {
    const late = { ...entry(1), createdAt: '2026-11-22T20:30:00.000Z' }
    const history = {
      type: 'wallet/historyPageReceived' as const,
      payload: { accountIndex: 0, offset: 0, entries: [late] as never },
    }
    app = renderApp([
      { type: 'app/launched', payload: launch({ timeZone: 'Asia/Tokyo' }) },
      ...loaded.slice(1),
      history,
    ])
    expect(app.container.querySelector('[data-testid="history-row"]')?.textContent).toContain('23/11/2026, 05:30')
    app.unmount()
    app = renderApp([
      { type: 'app/launched', payload: launch({ timeZone: 'America/New_York' }) },
      ...loaded.slice(1),
      history,
    ])
    expect(app.container.querySelector('[data-testid="history-row"]')?.textContent).toContain('22/11/2026, 15:30')
  })

  it('the first page asked again on a return to the home renews the rows in place: nothing below the list moves', () => {
    const page = (offset: number, from: number, n: number) => ({
      type: 'wallet/historyPageReceived' as const,
      payload: { accountIndex: 0, offset, entries: Array.from({ length: n }, (_, i) => entry(from + i)) as never },
    })
    app = renderApp([...loaded, page(0, 1, 10), page(10, 11, 10)])
    const section = () => app!.container.querySelector('ul[aria-label="History"]')!.parentElement!
    const shape = () =>
      [...section().children].map((c) => `${c.tagName}:${c.getAttribute('data-testid') ?? c.className}`).join(' ')
    const before = shape()
    expect(before).toContain('history-loader')
    app.dispatch({ type: 'wallet/historyPageRequested', payload: { accountIndex: 0, offset: 0 } })
    expect(shape()).toBe(before)
    app.dispatch(page(0, 1, 10))
    expect(shape()).toBe(before)
    expect(app.container.querySelectorAll('[data-testid="history-row"]')).toHaveLength(20)
    // A later page: its loading row stands where the list ends, in the loader's place.
    app.dispatch({ type: 'wallet/historyPageRequested', payload: { accountIndex: 0, offset: 20 } })
    expect(shape()).not.toContain('history-loader')
    expect(section().lastElementChild?.getAttribute('aria-hidden')).toBe('true')
    expect(section().lastElementChild?.querySelector('.skeleton, [class*=skeleton]')).not.toBeNull()
  })

  it("a first page naming an entry twice, then a good one: the rows are the new answer's, none of the old left behind", () => {
    const page = (ids: number[]) => ({
      type: 'wallet/historyPageReceived' as const,
      payload: { accountIndex: 0, offset: 0, entries: ids.map(entry) as never },
    })
    app = renderApp([...loaded, page([1, 1, 2])])
    expect(app.container.querySelectorAll('[data-testid="history-row"]')).toHaveLength(3)
    app.dispatch(page([3]))
    expect(app.container.querySelectorAll('[data-testid="history-row"]')).toHaveLength(1)
  })

  it('copy trading, the language and the bug report stand above the history, which grows as it is scrolled (below it they moved away under a tap)', () => {
    app = renderApp([
      ...loaded,
      {
        type: 'wallet/historyPageReceived',
        payload: { accountIndex: 0, offset: 0, entries: Array.from({ length: 10 }, (_, i) => entry(i + 1)) as never },
      },
    ])
    const history = app.container.querySelector('ul[aria-label="History"]')!
    for (const label of ['Copy trading', 'Language', 'Report a problem']) {
      const cell = app.button(label)
      expect(cell, label).not.toBeNull()
      expect(
        cell!.compareDocumentPosition(history) & Node.DOCUMENT_POSITION_FOLLOWING,
        `${label} before the history`,
      ).toBeTruthy()
    }
  })

  it('[wallet.14] no transactions: the empty state', () => {
    app = renderApp([
      ...loaded,
      { type: 'wallet/historyPageReceived', payload: { accountIndex: 0, offset: 0, entries: [] } },
    ])
    expect(app.text()).toContain('No transactions yet')
  })

  it('[wallet.18] the deposit drawer shows the TON and the EVM address, each with a copy button', () => {
    app = renderApp(loaded)
    app.click(app.button('Deposit'))
    const dialog = app.container.querySelector('[role="dialog"]')
    expect(dialog?.querySelector('[data-testid="ton-address"]')?.textContent).toBe('UQ' + 'A'.repeat(46))
    expect(dialog?.querySelector('[data-testid="evm-address"]')?.textContent).toBe(wallets[0].address)
    expect(dialog?.querySelectorAll('button[aria-label^="Copy"]')).toHaveLength(2)
  })

  it("the deposit drawer names the networks of the EVM address under its title, and its close control in the user's language", () => {
    for (const [language, deposit, title, close] of [
      ['en', 'Deposit', 'EVM address', 'Close'],
      ['ru', 'Пополнить', 'Адрес EVM', 'Закрыть'],
    ] as const) {
      app = renderApp([
        { type: 'app/launched', payload: launch({ user: { id: 1000001, firstName: 'Demo', languageCode: language } }) },
        ...loaded.slice(1),
      ])
      app.click(app.button(deposit))
      const dialog = app.container.querySelector('[role="dialog"]')
      const evm = dialog?.querySelector('[data-testid="evm-address"]')?.closest('.cell')
      expect(evm?.querySelector('.cell__title')?.textContent).toBe(title)
      expect(evm?.querySelector('[data-testid="evm-networks"]')?.textContent).toBe(
        'Ethereum, Optimism, Arbitrum, Base, ZKsync',
      )
      expect(dialog?.querySelector('.sheet__close')?.getAttribute('aria-label')).toBe(close)
      app.unmount()
      app = null
    }
  })

  it('[wallet.11] a notice shows when part of the SWITCH balance is locked by staking', () => {
    app = renderApp([
      ...loaded,
      { type: 'wallet/switchLockReceived', payload: { gotAmount: '12500.75', lockAmount: '5000' } },
    ])
    expect(app.container.querySelector('[data-testid=switch-lock]')?.textContent).toBe(
      '5,000 of your 12,500.75 SWITCH are locked in staking until their deposits end.',
    )
    app.unmount()
    app = renderApp([...loaded, { type: 'wallet/switchLockReceived', payload: { gotAmount: '100', lockAmount: '0' } }])
    expect(app.container.querySelector('[data-testid=switch-lock]')).toBeNull()
  })
})

describe("figures on the home, in the user's language", () => {
  const nbsp = (s: string | null | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ')
  const home = (
    language: 'en' | 'ru',
    totalBalanceUsd: number,
    balances: { symbol: string; tokensAmount: string; usdAmount: number }[],
  ) =>
    renderApp([
      { type: 'app/launched', payload: launch({ user: { id: 1000001, firstName: 'Demo', languageCode: language } }) },
      {
        type: 'wallet/balancesReceived',
        payload: {
          accountIndex: 0,
          balances: balances.map((b) => ({ ...balance(b.symbol, b.usdAmount), tokensAmount: b.tokensAmount })) as never,
        },
      },
      {
        type: 'wallet/totalReceived',
        payload: { accountIndex: 0, total: { totalBalanceUsd, hasTrades: false, isNotifyForBoost: false } },
      },
    ])
  const rows = () =>
    [...app!.container.querySelectorAll('[data-testid=token-row] .cell__after')].map((r) => nbsp(r.textContent))

  it('every figure is grouped and separated in the language: "1,234.5" in English, "1 234,5" in Russian', () => {
    const balances = [{ symbol: 'USDT', tokensAmount: '1234.5', usdAmount: 1234.5 }]
    app = home('en', 1234.5, balances)
    expect(app.container.querySelector('[data-testid=total-balance]')?.textContent).toBe('$1,234.50')
    expect(rows()).toEqual(['1,234.5$1,234.50'])
    app.unmount()
    app = home('ru', 1234.5, balances)
    expect(nbsp(app.container.querySelector('[data-testid=total-balance]')?.textContent)).toBe('1 234,50 $')
    expect(rows()).toEqual(['1 234,51 234,50 $'])
  })

  it('a non-zero balance too small for 6 decimals reads "< 0.000001", never 0', () => {
    app = home('en', 0.01, [{ symbol: 'WBTC', tokensAmount: '0.00000001', usdAmount: 0.001 }])
    expect(rows()).toEqual(['< 0.000001$0.00'])
  })

  it('a total too long for the screen reads compact, whole, instead of being cut; a long balance sheds decimals, then reads compact', () => {
    app = home('en', 123_456_789_012.34, [
      { symbol: 'USDC', tokensAmount: '123456789.123456', usdAmount: 123_456_789.12 },
      { symbol: 'PUNK', tokensAmount: '98765432109876.5', usdAmount: 12 },
    ])
    expect(app.container.querySelector('[data-testid=total-balance]')?.textContent).toBe('$123.46B')
    expect(rows()).toEqual(['123,456,789.12$123.46M', '98.76T$12.00'])
    app.unmount()
    app = home('ru', 123_456_789_012.34, [
      { symbol: 'USDC', tokensAmount: '123456789.123456', usdAmount: 123_456_789.12 },
    ])
    expect(nbsp(app.container.querySelector('[data-testid=total-balance]')?.textContent)).toBe('123,46 млрд $')
    expect(rows()).toEqual(['123 456 789,12123,46 млн $'])
  })
})
