// @vitest-environment happy-dom
import { act } from 'react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { renderApp } from '../render'
import { typeKeys, paste } from '../typing'
import { launch } from '../../domain/fixtures/events'
import type { EventInput } from '../../../domain/events'
import { USDT, trade } from '../../domain/copyTrade/fixtures'

let app: ReturnType<typeof renderApp> | null = null
afterEach(() => {
  app?.unmount()
  app = null
})
beforeAll(async () => {
  await Promise.all(Object.values(import.meta.glob('../../../src/copyTrade/*.tsx')).map((load) => load()))
})

async function open(events: EventInput[], path: string) {
  app = renderApp([
    { type: 'app/launched', payload: launch() },
    ...events,
    { type: 'app/navigated', payload: { to: path } },
  ])
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0))
  })
  return app
}
const startButton = () => app!.container.querySelector('.main-action button') as HTMLButtonElement
const deposit: EventInput[] = [
  { type: 'copyTrade/addressChanged', payload: { value: '0x52908400098527886E0F7030069857D2E4169EE7' } },
  { type: 'copyTrade/networkChosen', payload: { chainId: 42161 } },
  { type: 'copyTrade/assetChosen', payload: { asset: { ...USDT, tokensAmount: '250', usdAmount: 250 } as never } },
]

describe('copy-trade screens', () => {
  it('[copyTrade.7] [copyTrade.8] the address screen: Paste while empty, a clear icon once filled, the trust hint and four partners', async () => {
    await open([], '/copyTrade/traderAddress')
    expect(app!.button('Paste')).not.toBeNull()
    expect(app!.text()).toContain('Make sure you trust this address')
    expect(app!.container.querySelectorAll('.partners svg')).toHaveLength(4)
    expect(startButton().textContent).toBe('Enter the trader address')
    app!.click(app!.button('Paste'))
    expect(app!.dispatched.at(-1)?.type).toBe('copyTrade/pasteRequested')
    app!.dispatch({ type: 'copyTrade/addressChanged', payload: { value: '0x5290' } })
    expect(app!.button('Paste')).toBeNull()
    app!.click(app!.container.querySelector('[aria-label=Clear]'))
    expect(app!.store.getState().copyTrade.traderAddress).toBe('')
  })

  it('an invalid address says why and stays (copyTrade.10)', async () => {
    await open([{ type: 'copyTrade/addressChanged', payload: { value: '0x1234' } }], '/copyTrade/traderAddress')
    app!.click(startButton())
    expect(app!.text()).toContain('0x followed by 40 hexadecimal characters')
    expect(app!.store.getState().app.history.at(-1)).toBe('/copyTrade/traderAddress')
  })

  it("[copyTrade.1] [copyTrade.12] the networks: Ethereum-type only, each with its chain's logo, name and label and the selected mark; no raw chain id on screen", async () => {
    await open([{ type: 'copyTrade/networkChosen', payload: { chainId: 10 } }], '/copyTrade/chooseNetwork')
    const text = app!.text()
    const rows = [...app!.container.querySelectorAll('.section__body > *')]
    expect(rows.map((r) => [r.querySelector('img.network-icon')?.getAttribute('src'), r.textContent])).toEqual(
      [
        ['Ethereum', 'ETH', 1],
        ['Optimism', 'OP', 10],
        ['Arbitrum', 'ARB', 42161],
        ['Base', 'Base', 8453],
        ['ZKsync', 'ZKSync', 324],
      ].map(([name, label, id]) => [`/logos/networks/${id}.svg`, `${name}${label}`]),
    )
    expect(text).not.toContain('Chain ID')
    expect(text).not.toContain('TON')
    expect(app!.container.querySelectorAll('[aria-label=Selected]')).toHaveLength(1)
    expect(rows[1].querySelector('[aria-label=Selected]')).not.toBeNull()
  })

  it('[copyTrade.15] [copyTrade.17] [copyTrade.19] [copyTrade.21] [copyTrade.23] the deposit form and its figures', async () => {
    await open([...deposit, { type: 'copyTrade/anteChanged', payload: { percent: 30 } }], '/copyTrade/traderDeposit')
    const text = app!.text()
    expect(text).toContain('Max 250 USDT')
    expect((app!.container.querySelector('input[inputmode=decimal]') as HTMLInputElement).value).toBe('100')
    expect(app!.container.querySelector('[data-testid=token-equivalent]')?.textContent).toBe('≈ 100 USDT')
    expect(app!.container.querySelector('[data-testid=ante-usd]')?.textContent).toBe(
      '30 % of the deposit: $30 per trade',
    )
    expect(text).toContain('The minimum deposit is 100 USD')
    const slider = app!.container.querySelector('input[type=range]') as HTMLInputElement
    expect([slider.min, slider.max, slider.step, slider.value]).toEqual(['0', '100', '10', '30'])
    expect([...app!.container.querySelectorAll('.slider__labels span')].map((s) => s.textContent)).toEqual([
      '0 %',
      '20 %',
      '40 %',
      '60 %',
      '80 %',
      '100 %',
    ])
  })

  it('[app.12] the deposit in dollars takes digits and one separator only: letters never enter, a comma reads as a dot, no 3rd decimal', async () => {
    await open(deposit, '/copyTrade/traderDeposit')
    const input = app!.container.querySelector('input[inputmode=decimal]') as HTMLInputElement
    paste(input, '')
    expect(typeKeys(input, 'abc150,2,5x9')).toBe('150.25')
    expect(app!.store.getState().copyTrade.deposit).toBe('150.25')
    expect(paste(input, '$200')).toBe('150.25')
  })

  it('[copyTrade.22] the slider is disabled and dimmed while the deposit is empty', async () => {
    await open(deposit, '/copyTrade/traderDeposit')
    const fieldset = () => app!.container.querySelector('fieldset') as HTMLFieldSetElement
    expect([fieldset().disabled, fieldset().className.includes('slider--disabled')]).toEqual([false, false])
    app!.dispatch({ type: 'copyTrade/depositChanged', payload: { value: '' } })
    expect(fieldset().disabled).toBe(true)
    expect(fieldset().className).toContain('slider--disabled')
    app!.dispatch({ type: 'copyTrade/depositChanged', payload: { value: '1' } })
    expect([fieldset().disabled, fieldset().className.includes('slider--disabled')]).toEqual([false, false])
  })

  it('[copyTrade.24] [copyTrade.25] [copyTrade.26] [copyTrade.27] [copyTrade.28] the button reads each state, red until it can start (blue)', async () => {
    const states: [EventInput[], string, string][] = [
      [[{ type: 'copyTrade/depositChanged', payload: { value: '' } }], 'Enter deposit amount', 'danger'],
      [[{ type: 'copyTrade/depositChanged', payload: { value: '0' } }], 'Enter deposit amount', 'danger'],
      [[{ type: 'copyTrade/anteChanged', payload: { percent: 0 } }], 'Enter ante amount', 'danger'],
      [[{ type: 'copyTrade/depositChanged', payload: { value: '99' } }], 'Minimum deposit amount is 100 USD', 'danger'],
      [[{ type: 'copyTrade/depositChanged', payload: { value: '300' } }], 'Insufficient funds', 'danger'],
      [[], 'Start copy trade', 'primary'],
    ]
    for (const [events, label, tone] of states) {
      await open([...deposit, ...events], '/copyTrade/traderDeposit')
      expect([startButton().textContent, startButton().dataset.tone]).toEqual([label, tone])
      app!.unmount()
      app = null
    }
  })

  it('[copyTrade.44] [copyTrade.46] [copyTrade.47] [copyTrade.48] [copyTrade.49] [copyTrade.50] [copyTrade.51] the archive splits current and finished rows', async () => {
    const trades = [
      trade('a', { dttmAdded: '2026-01-05T12:00:00.000Z' }),
      trade('b', { dttmDeactivated: '2026-03-09T12:00:00.000Z', deposit: { usd: 150.5, eth: 0.04 } }),
    ]
    await open(
      [{ type: 'copyTrade/tradesReceived', payload: { accountIndex: 0, copyTrades: trades as never, tokens: [] } }],
      '/copyTrade/traderArchive',
    )
    const active = app!.container.querySelector('[data-testid=trade-active]')!
    const finished = app!.container.querySelector('[data-testid=trade-finished]')!
    expect(active.textContent).toContain('0x52...9EE7')
    expect(active.textContent).toContain('Copied: 05/01/2026')
    expect(active.textContent).toContain('$100.00')
    expect(active.querySelector('.icon-with-network .network-badge')?.getAttribute('src')).toBe(
      '/logos/networks/42161.svg',
    )
    expect(finished.textContent).toContain('Finished: 09/03/2026')
    expect(finished.className).toContain('dimmed')
    app!.click(active.querySelector('button, [role=button]') ?? active.firstElementChild)
    expect(app!.store.getState().app.history.at(-1)).toBe('/trade?tradeID=a')
    app!.dispatch({ type: 'app/backPressed', payload: {} })
    app!.click(app!.button('Create new trade'))
    expect(app!.store.getState().app.history.at(-1)).toBe('/copyTrade/traderAddress')
  })

  it('[copyTrade.42] [copyTrade.43] a trade without dttmDeactivated is under Current position, one with it under Copy trade history', async () => {
    const trades = [
      trade('a', { followedAddress: '0x1111000000000000000000000000000000001111' }),
      trade('b', {
        followedAddress: '0x2222000000000000000000000000000000002222',
        dttmDeactivated: '2026-11-21T12:00:00.000Z',
      }),
      trade('c', { followedAddress: '0x3333000000000000000000000000000000003333' }),
      trade('d', {
        followedAddress: '0x4444000000000000000000000000000000004444',
        dttmDeactivated: '2026-11-22T12:00:00.000Z',
      }),
    ]
    await open(
      [{ type: 'copyTrade/tradesReceived', payload: { accountIndex: 0, copyTrades: trades as never, tokens: [] } }],
      '/copyTrade/traderArchive',
    )
    const listed = (header: string) => {
      const section = [...app!.container.querySelectorAll('.section')].find(
        (s) => s.querySelector('.section__header')?.textContent === header,
      )
      return [...(section?.querySelectorAll('.trade-row') ?? [])].map(
        (r) => (r.textContent ?? '').match(/0x\w{2}\.\.\.\w{4}/)?.[0],
      )
    }
    expect(listed('Current position')).toEqual(['0x11...1111', '0x33...3333'])
    expect(listed('Copy trade history')).toEqual(['0x22...2222', '0x44...4444'])
    // stopping one moves it from the first list to the second
    app!.dispatch({
      type: 'copyTrade/tradesReceived',
      payload: {
        accountIndex: 0,
        copyTrades: trades.map((t) =>
          t._id === 'a' ? { ...t, dttmDeactivated: '2026-11-23T12:00:00.000Z' } : t,
        ) as never,
        tokens: [],
      },
    })
    expect(listed('Current position')).toEqual(['0x33...3333'])
    expect(listed('Copy trade history')).toHaveLength(3)
    expect(listed('Copy trade history')).toContain('0x11...1111')
  })

  it('[copyTrade.52] [copyTrade.53] [copyTrade.55] an active trade: dollars and ETH, in trading, the trader, the start deposit, to present, with Stop', async () => {
    await open(
      [
        {
          type: 'copyTrade/tradesReceived',
          payload: { accountIndex: 0, copyTrades: [trade('a')] as never, tokens: [] },
        },
        { type: 'copyTrade/swapsReceived', payload: { id: 'a', swaps: [] } },
      ],
      '/trade?tradeID=a',
    )
    expect(app!.container.querySelector('[data-testid=trade-status]')?.textContent).toBe('In trading')
    expect(app!.text()).toContain('20/11/2026 – present')
    expect(app!.container.querySelector('.trade-head .big-figure')?.textContent).toBe('$100.00')
    expect(app!.container.querySelector('.trade-head .muted')?.textContent).toBe('0.0285 ETH')
    expect(app!.text()).toContain('Trader0x5290...9EE7')
    expect(app!.text()).toContain('Start deposit0.0285 ETH')
    expect(app!.button('Stop copy trading')).not.toBeNull()
    app!.click(app!.button('Stop copy trading'))
    expect(app!.dispatched.at(-1)).toMatchObject({ type: 'copyTrade/stopRequested', payload: { id: 'a' } })
  })

  it("the archive and the detail show dates in the user's time zone from the launch", async () => {
    // 20:00 UTC on 20 November is already 21 November in Tokyo
    const late = trade('a', { dttmAdded: '2026-11-20T20:00:00.000Z' })
    app = renderApp([
      { type: 'app/launched', payload: launch({ timeZone: 'Asia/Tokyo' }) },
      { type: 'copyTrade/tradesReceived', payload: { accountIndex: 0, copyTrades: [late] as never, tokens: [] } },
      { type: 'app/navigated', payload: { to: '/copyTrade/traderArchive' } },
    ])
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0))
    })
    expect(app.container.querySelector('[data-testid=trade-active]')?.textContent).toContain('Copied: 21/11/2026')
    app.dispatch({ type: 'app/navigated', payload: { to: '/trade?tradeID=a' } })
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0))
    })
    expect(app.text()).toContain('21/11/2026 – present')
  })

  it('an active trade shows what it holds now and its profit or loss, signed and coloured; a finished one does not', async () => {
    await open(
      [
        {
          type: 'copyTrade/tradesReceived',
          payload: {
            accountIndex: 0,
            copyTrades: [
              trade('a', { valueUsd: 162.4, pnlUsd: 12.4 }),
              trade('c', { valueUsd: 90, pnlUsd: -10 }),
              trade('b', { dttmDeactivated: '2026-11-21T12:00:00.000Z' }),
            ] as never,
            tokens: [],
          },
        },
      ],
      '/trade?tradeID=a',
    )
    const pnl = () => app!.container.querySelector('[data-testid="trade-pnl"]')
    expect(app!.container.querySelector('[data-testid="trade-value"]')?.textContent).toBe('$162.40')
    expect([pnl()?.textContent, pnl()?.className]).toEqual(['+$12.40', 'pnl pnl--up'])
    app!.dispatch({ type: 'app/navigated', payload: { to: '/trade?tradeID=c' } })
    expect([pnl()?.textContent, pnl()?.className]).toEqual(['\u2212$10.00', 'pnl pnl--down'])
    app!.dispatch({ type: 'app/navigated', payload: { to: '/trade?tradeID=b' } })
    expect(pnl()).toBeNull()
  })

  it("[copyTrade.63] in Russian: dates in one form (day.month.year), dollars and ETH in the language's form", async () => {
    const trades = [
      trade('a', {
        dttmAdded: '2026-01-05T12:00:00.000Z',
        deposit: { usd: 1234.5, eth: '0.35271234' },
        valueUsd: 1300,
        pnlUsd: 65.5,
      }),
      trade('b', { dttmDeactivated: '2026-03-09T12:00:00.000Z' }),
    ]
    app = renderApp([
      { type: 'app/launched', payload: launch({ user: { id: 1000001, firstName: 'Демо', languageCode: 'ru' } }) },
      { type: 'copyTrade/tradesReceived', payload: { accountIndex: 0, copyTrades: trades as never, tokens: [] } },
      { type: 'app/navigated', payload: { to: '/copyTrade/traderArchive' } },
    ])
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0))
    })
    const text = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ')
    expect(text(app.container.querySelector('[data-testid=trade-active]'))).toContain('Скопировано: 05.01.2026')
    expect(text(app.container.querySelector('[data-testid=trade-active]'))).toContain('1 234,50 $')
    expect(text(app.container.querySelector('[data-testid=trade-finished]'))).toContain('Завершено: 09.03.2026')
    app.dispatch({ type: 'app/navigated', payload: { to: '/trade?tradeID=a' } })
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0))
    })
    expect(text(app.container.querySelector('.trade-head .big-figure'))).toBe('1 234,50 $')
    expect(text(app.container.querySelector('.trade-head .muted'))).toBe('0,3527 ETH')
    expect(text(app.container.querySelector('[data-testid=trade-pnl]'))).toBe('+65,50 $')
    expect(text(app.container)).toContain('05.01.2026 – ')
  })

  it('[copyTrade.54] [copyTrade.56] [copyTrade.57] a finished trade: stopped, start to end, no Stop; the active one beside it: in trading, with Stop', async () => {
    await open(
      [
        {
          type: 'copyTrade/tradesReceived',
          payload: {
            accountIndex: 0,
            copyTrades: [trade('a'), trade('b', { dttmDeactivated: '2026-11-21T12:00:00.000Z' })] as never,
            tokens: [],
          },
        },
      ],
      '/trade?tradeID=a',
    )
    expect(app!.container.querySelector('[data-testid=trade-status]')?.textContent).toBe('In trading')
    expect(app!.text()).toContain('20/11/2026 – present')
    expect(app!.button('Stop copy trading')).not.toBeNull()
    app!.dispatch({ type: 'app/navigated', payload: { to: '/trade?tradeID=b' } })
    expect(app!.container.querySelector('[data-testid=trade-status]')?.textContent).toBe('Stopped')
    expect(app!.text()).toContain('20/11/2026 – 21/11/2026')
    expect(app!.text()).not.toContain('present')
    expect(app!.button('Stop copy trading')).toBeNull()
  })

  it('[copyTrade.61] notBalance shows the shortened address and a copy control', async () => {
    const wallets = [
      {
        accountIndex: 0,
        address: '0x52908400098527886E0F7030069857D2E4169EE7',
        tonUnbouncableAddress: 'UQ' + 'A'.repeat(46),
        totalBalanceUsd: 0,
      },
    ]
    await open([{ type: 'wallet/walletsReceived', payload: { wallets } }], '/copyTrade/notBalance')
    expect(app!.text()).toContain('Not enough balance')
    expect(app!.text()).toContain('0x5290...9EE7')
    expect(app!.button('Copy address')).not.toBeNull()
  })

  it('[copyTrade.36] [copyTrade.39] [copyTrade.45] [copyTrade.60] [copyTrade.62] back targets (from the address screen, copyTrade.11, through the entry: tests/streams/copyTrade)', async () => {
    const back = async (history: string[]) => {
      app = renderApp([
        { type: 'app/launched', payload: launch() },
        ...history.map((to) => ({ type: 'app/navigated', payload: { to } }) as EventInput),
        { type: 'app/backPressed', payload: {} },
      ])
      const where = app.store.getState().app.history.at(-1)
      app.unmount()
      app = null
      return where
    }
    expect(await back(['/copyTrade/traderArchive', '/copyTrade/traderAddress'])).toBe('/copyTrade/traderArchive')
    expect(await back(['/copyTrade/traderAddress'])).toBe('/')
    expect(
      await back([
        '/copyTrade/traderAddress',
        '/copyTrade/chooseNetwork',
        '/copyTrade/chooseTokens',
        '/copyTrade/traderDeposit',
      ]),
    ).toBe('/copyTrade/chooseTokens')
    expect(await back(['/copyTrade/traderSuccessfully'])).toBe('/')
    expect(await back(['/copyTrade/traderArchive'])).toBe('/')
    expect(await back(['/copyTrade/traderArchive', '/trade?tradeID=a'])).toBe('/copyTrade/traderArchive')
    expect(await back(['/copyTrade/notBalance'])).toBe('/')
  })

  it('[copyTrade.2] the entry shows loading while it decides', async () => {
    await open([], '/copyTrade')
    expect(app!.container.querySelector('[aria-busy=true][aria-label="Loading copy trading"]')).not.toBeNull()
    expect(app!.dispatched.some((e) => e.type === 'copyTrade/entered')).toBe(true)
  })

  it('[copyTrade.37] [copyTrade.38] success: the graphic, the title, the deposit, the token cost, details and Done to the archive', async () => {
    const started = trade('n1', { deposit: { usd: 150, eth: 0.04 } })
    await open(
      [...deposit, { type: 'copyTrade/started', payload: { trade: started as never } }],
      '/copyTrade/traderSuccessfully',
    )
    expect(app!.container.querySelector('.success-graphic')).not.toBeNull()
    expect(app!.container.querySelector('[role=status] .success__title')?.textContent).toBe(
      'Copy trading started successfully',
    )
    expect(app!.container.querySelector('[data-testid=success-figure]')?.textContent).toBe('$150.00')
    expect(app!.container.querySelector('[data-testid=success-detail]')?.textContent).toBe('USDT at $1.00')
    // Done is the screen's main button; View details a link under the detail
    expect(startButton().textContent).toBe('Done')
    app!.click(app!.button('View details'))
    expect(app!.store.getState().app.history.at(-1)).toBe('/trade?tradeID=n1')
    app!.dispatch({ type: 'app/navigated', payload: { to: '/copyTrade/traderSuccessfully' } })
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0))
    })
    app!.click(app!.button('Done'))
    expect(app!.store.getState().app.history.at(-1)).toBe('/copyTrade/traderArchive')
  })

  it("copying one of the user's own wallets is refused on the address screen, in the user's language", async () => {
    const wallets = [0, 1, 2].map((i) => ({
      accountIndex: i,
      address: `0x52908400098527886E0F7030069857D2E4169EE${i}`,
      tonUnbouncableAddress: 'UQ' + 'A'.repeat(46),
      totalBalanceUsd: 0,
    }))
    const mine = '0x52908400098527886e0f7030069857d2e4169ee2' // Wallet 3, in lower case
    await open(
      [
        { type: 'wallet/walletsReceived', payload: { wallets } },
        { type: 'copyTrade/addressChanged', payload: { value: mine } },
      ],
      '/copyTrade/traderAddress',
    )
    expect(app!.container.querySelector('[role=alert]')?.textContent).toBe(
      "This is one of your own wallets: you cannot copy yourself. Enter another trader's address.",
    )
    expect(startButton().disabled).toBe(true)
    app!.click(startButton())
    expect(app!.dispatched.some((e) => e.type === 'copyTrade/addressSubmitted')).toBe(false)
    expect(app!.store.getState().app.history.at(-1)).toBe('/copyTrade/traderAddress')
    // another trader's address goes on
    app!.dispatch({
      type: 'copyTrade/addressChanged',
      payload: { value: '0x27b1fdb04752bbc536007a920d24acb045561c26' },
    })
    expect(app!.container.querySelector('[role=alert]')).toBeNull()
    expect(startButton().disabled).toBe(false)
    app!.unmount()
    app = renderApp([
      { type: 'app/launched', payload: launch({ user: { id: 1000001, firstName: 'Демо', languageCode: 'ru' } }) },
      { type: 'wallet/walletsReceived', payload: { wallets } },
      { type: 'copyTrade/addressChanged', payload: { value: mine } },
      { type: 'app/navigated', payload: { to: '/copyTrade/traderAddress' } },
    ])
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0))
    })
    expect(app.container.querySelector('[role=alert]')?.textContent).toBe(
      'Это один из ваших кошельков: копировать себя нельзя. Введите адрес другого трейдера.',
    )
  })
})
