// @vitest-environment happy-dom
import { act } from 'react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { renderApp } from '../render'
import { typeKeys, paste } from '../typing'
import { launch } from '../../domain/fixtures/events'
import type { EventInput } from '../../../domain/events'
import { ETH_ARB, TON, USDC_ARB, USDT_TON, quoteFor } from '../../domain/swap/fixtures'

let app: ReturnType<typeof renderApp> | null = null
afterEach(() => {
  app?.unmount()
  app = null
})
// The swap screens are lazy chunks: load them once so Suspense resolves inside act().
beforeAll(async () => {
  await Promise.all(Object.values(import.meta.glob('../../../src/swap/*.tsx')).map((load) => load()))
})

const held = (token: typeof ETH_ARB, tokensAmount: string) => ({ ...token, tokensAmount, usdAmount: 1, tokensCost: 1 })
const params = {
  from: '42161:0xaf88d065e77c8cc2239327c5edb3a432268e5831',
  to: '42161:0x0000000000000000000000000000000000000000',
  amount: '10000000',
  accountIndex: 0,
}
const setup = (balances: ReturnType<typeof held>[]): EventInput[] => [
  { type: 'app/launched', payload: launch() },
  { type: 'wallet/balancesReceived', payload: { accountIndex: 0, balances: balances as never } },
  { type: 'picker/tokenPicked', payload: { purpose: 'swapFrom', token: USDC_ARB } },
  { type: 'picker/tokenPicked', payload: { purpose: 'swapTo', token: ETH_ARB } },
  { type: 'swap/amountChanged', payload: { value: '10' } },
]
const quoted = (impact = 0.1): EventInput => ({
  type: 'swap/quoteReceived',
  payload: { params, quote: quoteFor(USDC_ARB, ETH_ARB, '10000000', 3_000_000_000_000_000n, { impact }) },
})

async function open(events: EventInput[], path = '/swap') {
  app = renderApp([...events, { type: 'app/navigated', payload: { to: path } }])
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0))
  })
  return app
}
const review = () => app!.container.querySelector('.main-action button') as HTMLButtonElement

describe('swap screen', () => {
  it('[swap.7] [swap.1] shows both tokens, the amount, the route, the gas and the price impact', async () => {
    await open([...setup([held(USDC_ARB, '500'), held(ETH_ARB, '0.5')]), quoted()])
    const text = app!.text()
    for (const s of [
      'USDC',
      'ETH',
      'Uniswap',
      'Network fee',
      '0.0001 ETH',
      'Price impact',
      '0.10 %',
      'Minimum received',
      '0.00285 ETH',
    ])
      expect(text).toContain(s)
    expect((app!.container.querySelector('input[inputmode=decimal]') as HTMLInputElement).value).toBe('10')
    expect(app!.container.querySelector('[data-status]')?.getAttribute('data-status')).toBe('normal')
    expect(review().disabled).toBe(false)
  })

  it('[swap.18] the network fee shows its chain, printed amount and symbol, USD value, logo and the native coin held', async () => {
    const base = quoteFor(USDC_ARB, ETH_ARB, '10000000', 3_000_000_000_000_000n)
    const gas = {
      address: ETH_ARB.address,
      chainId: 42161,
      symbol: 'ETH',
      amount: '200000000000000',
      printAmount: '0.0002',
      amountUSD: 0.7,
      logoURI: '/logos/ETH.svg',
    }
    await open([
      ...setup([held(USDC_ARB, '500'), held(ETH_ARB, '0.4321')]),
      { type: 'swap/quoteReceived', payload: { params, quote: { ...base, gases: [gas] } as never } },
    ])
    const cell = [...app!.container.querySelectorAll('.cell')].find(
      (c) => c.querySelector('.cell__title')?.textContent === 'Network fee',
    )!
    expect(cell.querySelector('.cell__after-title, .cell__after')?.textContent).toContain('0.0002 ETH')
    expect(cell.textContent).toContain('$0.70')
    expect(cell.querySelector('img:not(.network-badge)')?.getAttribute('src')).toBe('/logos/ETH.svg')
    expect(cell.querySelector('img.network-badge')?.getAttribute('src')).toBe('/logos/networks/42161.svg')
    expect(cell.querySelector('.cell__subtitle')?.textContent).toContain('ARB')
    // tokensAmount: what the wallet holds of the fee's coin
    expect(cell.querySelector('.cell__subtitle')?.textContent).toContain('0.4321 ETH')
  })

  it('[swap.10] [swap.20] the looking state shows and the button is disabled while the quote loads', async () => {
    await open([
      ...setup([held(USDC_ARB, '500'), held(ETH_ARB, '0.5')]),
      { type: 'swap/quoteRequested', payload: { params } },
    ])
    expect(app!.text()).toContain('Looking for the best route')
    expect(review().disabled).toBe(true)
    app!.dispatch(quoted())
    expect(app!.text()).not.toContain('Looking for the best route')
    expect(review().disabled).toBe(false)
  })

  it('[swap.17] could not find route, with a retry that asks again', async () => {
    await open([
      ...setup([held(USDC_ARB, '500'), held(ETH_ARB, '0.5')]),
      {
        type: 'swap/quoteFailed',
        payload: { params, error: { kind: 'rejected', status: 404, message: 'no route for this pair' } },
      },
    ])
    expect(app!.text()).toContain('Could not find route')
    app!.click(app!.button('Try again'))
    expect(app!.dispatched.at(-1)?.type).toBe('swap/retryRequested')
  })

  it('[swap.3] [swap.5] a price impact above 2 % shows the warning; [swap.4] above 5 % the danger', async () => {
    await open([...setup([held(USDC_ARB, '500'), held(ETH_ARB, '0.5')]), quoted(3.2)])
    expect(app!.container.querySelector('[data-status=warning]')).not.toBeNull()
    expect(app!.text()).toContain('Price impact is 3.20 %')
    app!.unmount()
    await open([...setup([held(USDC_ARB, '500'), held(ETH_ARB, '0.5')]), quoted(7)])
    expect(app!.container.querySelector('[data-status=danger]')).not.toBeNull()
    expect(app!.container.querySelector('.notice--danger')?.textContent).toContain('7.00 %')
    app!.unmount()
    await open([...setup([held(USDC_ARB, '500'), held(ETH_ARB, '0.5')]), quoted(2)])
    expect(app!.container.querySelector('.notice')).toBeNull()
  })

  it('[swap.21] [swap.24] not enough of the native coin for the printed fee disables the button with a message', async () => {
    await open([...setup([held(USDC_ARB, '500'), held(ETH_ARB, '0.00005')]), quoted()])
    expect(app!.text()).toContain('Not enough ETH for the network fee of 0.0001 ETH')
    expect(review().disabled).toBe(true)
    app!.unmount()
    // the fee exactly covered: enabled, no message
    await open([...setup([held(USDC_ARB, '500'), held(ETH_ARB, '0.0001')]), quoted()])
    expect(app!.text()).not.toContain('for the network fee')
    expect(review().disabled).toBe(false)
  })

  it('[swap.22] an amount above the balance disables the button', async () => {
    await open([...setup([held(USDC_ARB, '5'), held(ETH_ARB, '0.5')]), quoted()])
    expect(app!.text()).toContain('Not enough USDC')
    expect(review().disabled).toBe(true)
    app!.unmount()
    // the whole balance is not above it
    await open([...setup([held(USDC_ARB, '10'), held(ETH_ARB, '0.5')]), quoted()])
    expect(app!.text()).not.toContain('Not enough USDC')
    expect(review().disabled).toBe(false)
  })

  it('above the balance the swap says "Not enough ETH", not the network fee', async () => {
    const ethParams = {
      from: '42161:0x0000000000000000000000000000000000000000',
      to: '42161:0xaf88d065e77c8cc2239327c5edb3a432268e5831',
      amount: '1000000000000000000',
      accountIndex: 0,
    }
    await open([
      { type: 'app/launched', payload: launch() },
      { type: 'wallet/balancesReceived', payload: { accountIndex: 0, balances: [held(ETH_ARB, '0.5')] as never } },
      { type: 'picker/tokenPicked', payload: { purpose: 'swapFrom', token: ETH_ARB } },
      { type: 'picker/tokenPicked', payload: { purpose: 'swapTo', token: USDC_ARB } },
      { type: 'swap/amountChanged', payload: { value: '1' } },
      {
        type: 'swap/quoteReceived',
        payload: { params: ethParams, quote: quoteFor(ETH_ARB, USDC_ARB, ethParams.amount, 3_000_000_000n) },
      },
    ])
    expect(app!.container.querySelector('[data-testid=swap-from] [role=alert]')?.textContent).toBe('Not enough ETH')
    expect(app!.text()).not.toContain('network fee of')
    expect(review().disabled).toBe(true)
  })

  it('[app.12] [swap.12] the amount field takes digits and one separator only: letters never enter, a comma reads as a dot, no 7th decimal of USDC', async () => {
    await open(setup([held(USDC_ARB, '500'), held(ETH_ARB, '0.5')]))
    const input = app!.container.querySelector('input[aria-label="Amount to swap"]') as HTMLInputElement
    paste(input, '')
    expect(typeKeys(input, 'abc1,5.,x')).toBe('1.5')
    expect(typeKeys(input, '1234567')).toBe('1.512345')
    expect(app!.store.getState().swap.amount).toBe('1.512345')
  })

  it('the amount says why there is no quote: none typed, "1e30" refused as typed, 30 decimals, zero; in Russian too', async () => {
    const pair = setup([held(USDC_ARB, '500'), held(ETH_ARB, '0.5')]).slice(0, 4)
    await open(pair)
    expect(app!.text()).toContain('Enter an amount to see a quote')
    const input = () => app!.container.querySelector('input[inputmode=decimal]') as HTMLInputElement
    const alert = () => app!.container.querySelector('[data-testid=swap-from] [role=alert]')?.textContent
    app!.dispatch({ type: 'swap/amountChanged', payload: { value: '1e30' } })
    expect([input().value, alert(), input().getAttribute('aria-invalid')]).toEqual([
      '1e30',
      'Only digits and one decimal point: this is not an amount.',
      'true',
    ])
    app!.dispatch({ type: 'swap/amountChanged', payload: { value: '0.' + '0'.repeat(29) + '1' } })
    expect(alert()).toBe('USDC has 6 decimals at most')
    app!.dispatch({ type: 'swap/amountChanged', payload: { value: '0' } })
    expect(alert()).toBeUndefined()
    expect(app!.container.querySelector('[data-testid=swap-from] .hint')?.textContent).toBe(
      'Enter an amount above zero',
    )
    expect(review().disabled).toBe(true)
    app!.unmount()
    await open([
      ...pair.map((e) =>
        e.type === 'app/launched'
          ? { ...e, payload: launch({ user: { id: 1000001, firstName: 'Демо', languageCode: 'ru' } }) }
          : e,
      ),
      { type: 'swap/amountChanged', payload: { value: '1e30' } },
    ] as EventInput[])
    expect(alert()).toBe('Только цифры и одна десятичная точка: это не сумма.')
  })

  it('[swap.23] [swap.25] a TON swap shows 0.08-0.22 TON and needs 0.22 TON with the DEX-type provider, 0.08-0.3 and 0.3 with the other', async () => {
    const p = { from: 'TON:native', to: `TON:${USDT_TON.address.toLowerCase()}`, amount: '1000000000', accountIndex: 0 }
    // 1.25 TON held, 1 TON swapped: 0.25 TON left for gas
    const events = (provider: 'stonfi' | 'dedust'): EventInput[] => [
      { type: 'app/launched', payload: launch() },
      { type: 'wallet/balancesReceived', payload: { accountIndex: 0, balances: [held(TON, '1.25')] as never } },
      { type: 'picker/tokenPicked', payload: { purpose: 'swapFrom', token: TON } },
      { type: 'picker/tokenPicked', payload: { purpose: 'swapTo', token: USDT_TON } },
      { type: 'swap/amountChanged', payload: { value: '1' } },
      {
        type: 'swap/quoteReceived',
        payload: { params: p, quote: quoteFor(TON, USDT_TON, '1000000000', 3_000_000n, { provider }) },
      },
    ]
    await open(events('dedust'))
    expect(app!.text()).toContain('0.08-0.3 TON')
    expect(app!.text()).toContain('keep at least 0.3 TON')
    expect(review().disabled).toBe(true)
    app!.unmount()
    await open(events('stonfi'))
    expect(app!.text()).toContain('0.08-0.22 TON')
    expect(app!.text()).not.toContain('keep at least')
    expect(review().disabled).toBe(false)
  })

  it('[swap.38] [swap.39] the review shows both amounts, the route steps with provider and key, and the minimum received', async () => {
    await open([...setup([held(USDC_ARB, '500'), held(ETH_ARB, '0.5')]), quoted()], '/confirmSwap')
    expect(app!.container.querySelector('[data-testid=confirm-send]')?.textContent).toBe('10 USDC')
    expect(app!.container.querySelector('[data-testid=confirm-receive]')?.textContent).toBe('0.003 ETH')
    expect(app!.container.querySelector('[data-testid=confirm-min]')?.textContent).toBe('0.00285 ETH')
    const step = [...app!.container.querySelectorAll('.cell')].find((c) => c.textContent?.includes('Swap · Uniswap'))!
    expect(step.querySelector('img')?.getAttribute('src')).toBe('/logos/tools/uniswap.svg')
    expect(step.textContent).toContain('uniswap')
    expect(step.textContent).toContain('1 USDC')
    expect(step.textContent).toContain('→ 1 ETH')
    app!.click(app!.button('Confirm swap'))
    expect(app!.dispatched.at(-1)?.type).toBe('swap/confirmTapped')
  })

  it('[swap.40] leaving /confirmSwap goes back to /', async () => {
    await open(
      [
        ...setup([held(USDC_ARB, '500'), held(ETH_ARB, '0.5')]),
        quoted(),
        { type: 'app/navigated', payload: { to: '/swap' } },
      ],
      '/confirmSwap',
    )
    app!.dispatch({ type: 'app/backPressed', payload: {} })
    expect(app!.store.getState().app.history.at(-1)).toBe('/')
  })
})

describe('swap figures, layout and success', () => {
  const text = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ')
  const inRussian = (events: EventInput[]) =>
    events.map((e) =>
      e.type === 'app/launched'
        ? { ...e, payload: launch({ user: { id: 1000001, firstName: 'Демо', languageCode: 'ru' } }) }
        : e,
    ) as EventInput[]
  // 10 USDC for 4902.87957612 ETH: a long figure to receive
  const big = (): EventInput => ({
    type: 'swap/quoteReceived',
    payload: { params, quote: quoteFor(USDC_ARB, ETH_ARB, '10000000', 4_902_879_576_123_456_789_012n) },
  })

  it('the amount to receive is whole (never cut to "430.79..."), grouped, shedding decimals to fit; in Russian with its comma', async () => {
    await open([...setup([held(USDC_ARB, '500'), held(ETH_ARB, '0.5')]), big()])
    expect(text(app!.container.querySelector('output'))).toBe('4,902.879576')
    expect(text(app!.container.querySelector('[data-testid=swap-to] .swap-card__balance'))).toBe('$9.97')
    app!.unmount()
    await open([...inRussian(setup([held(USDC_ARB, '500'), held(ETH_ARB, '0.5')])), big()])
    expect(text(app!.container.querySelector('output'))).toBe('4 902,879576')
    expect(text(app!.container.querySelector('[data-testid=swap-to] .swap-card__balance'))).toBe('9,97 $')
    expect(text(app!.container)).toContain('Баланс: 500 USDC')
  })

  it('the quote lands without moving the layout: while it loads, its rows stand line for line in skeleton', async () => {
    await open([
      ...setup([held(USDC_ARB, '500'), held(ETH_ARB, '0.5')]),
      { type: 'swap/quoteRequested', payload: { params } },
    ])
    // each row's kind and lines: its class, an icon, a title, a subtitle and a figure (a line under
    // the figure, the fee's USD when the server knows it, sits beside the subtitle: no height of its own)
    const parts = ['.cell__before', '.cell__title', '.cell__subtitle', '.cell__after-title']
    const rows = () =>
      [...app!.container.querySelectorAll('.section .cell')].map((c) => [
        c.className,
        ...parts.map((p) => c.querySelector(p) !== null),
      ])
    const loading = rows()
    expect(app!.container.querySelector('[data-testid=quote-loading]')?.getAttribute('aria-busy')).toBe('true')
    expect(app!.container.querySelectorAll('[data-testid=quote-loading] .skeleton--text')).toHaveLength(10)
    expect(app!.text()).not.toContain('Minimum received')
    app!.dispatch(quoted())
    expect(rows()).toEqual(loading)
    expect([...app!.container.querySelectorAll('.section .cell__title')].map((t) => t.textContent)).toEqual([
      'Route',
      'Network fee',
      'Price impact',
      'Minimum received',
    ])
  })

  it('[swap.31] Max is on, in the button colour, while it fills the amount; off again when pressed again', async () => {
    await open(setup([held(USDC_ARB, '500'), held(ETH_ARB, '0.5')]))
    const max = () => app!.button('Max')!
    expect([max().getAttribute('aria-pressed'), max().classList.contains('chip--toggle')]).toEqual(['false', true])
    app!.click(max())
    expect([
      max().getAttribute('aria-pressed'),
      (app!.container.querySelector('input[inputmode=decimal]') as HTMLInputElement).value,
    ]).toEqual(['true', '499.999999'])
    app!.click(max())
    expect(max().getAttribute('aria-pressed')).toBe('false')
  })

  it('Confirm swap shows its progress from the tap, through the 500 ms wait, until the swap is done', async () => {
    await open([...setup([held(USDC_ARB, '500'), held(ETH_ARB, '0.5')]), quoted()], '/confirmSwap')
    const confirm = () => app!.container.querySelector('.main-action button') as HTMLButtonElement
    expect([confirm().getAttribute('aria-busy'), confirm().disabled]).toEqual([null, false])
    app!.click(confirm())
    // the tap only: the execution waits 500 ms for more taps, and the button already spins
    expect(app!.dispatched.at(-1)?.type).toBe('swap/confirmTapped')
    expect([confirm().getAttribute('aria-busy'), confirm().disabled]).toEqual(['true', true])
    app!.dispatch({ type: 'swap/executionStarted', payload: { idempotencyKey: 'k' } })
    expect(confirm().getAttribute('aria-busy')).toBe('true')
  })

  it('success: the ring and check, the amount received, what went for what, and Done (the main button) home', async () => {
    await open(
      [
        ...setup([held(USDC_ARB, '500'), held(ETH_ARB, '0.5')]),
        big(),
        { type: 'swap/executionStarted', payload: { idempotencyKey: 'k' } },
        { type: 'swap/executed', payload: { historyId: 'h1' } },
      ],
      '/confirmSwap',
    )
    expect(app!.container.querySelector('.success-graphic')).not.toBeNull()
    expect(text(app!.container.querySelector('[role=status] h1'))).toBe('Swap sent')
    expect(text(app!.container.querySelector('[data-testid=success-figure]'))).toBe('4,902.87957612 ETH')
    expect(text(app!.container.querySelector('[data-testid=success-detail]'))).toBe('10 USDC → 4,902.87957612 ETH')
    const done = app!.container.querySelector('.main-action button') as HTMLButtonElement
    expect(done.textContent).toBe('Done')
    app!.click(done)
    expect(app!.store.getState().app.history.at(-1)).toBe('/')
  })

  it("the review in Russian: both sides and the minimum in the language's form, the price impact with a comma", async () => {
    await open(
      [
        ...inRussian(setup([held(USDC_ARB, '500'), held(ETH_ARB, '0.5')])),
        {
          type: 'swap/quoteReceived',
          payload: {
            params,
            quote: quoteFor(USDC_ARB, ETH_ARB, '10000000', 1_234_500_000_000_000_000_000n, { impact: 3.2 }),
          },
        },
      ],
      '/confirmSwap',
    )
    expect(text(app!.container.querySelector('[data-testid=confirm-send]'))).toBe('10 USDC')
    expect(text(app!.container.querySelector('[data-testid=confirm-receive]'))).toBe('1 234,5 ETH')
    expect(text(app!.container.querySelector('[data-testid=confirm-min]'))).toBe('1 172,775 ETH')
    expect(text(app!.container.querySelector('[data-status]'))).toBe('3,20 %')
  })
})
