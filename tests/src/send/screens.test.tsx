// @vitest-environment happy-dom
import { act } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { BehaviorSubject, type Observable, lastValueFrom, of, throwError, toArray } from 'rxjs'
import { checkEpic, confirmEpic } from '../../../streams/send/epics'
import type { StateObservable } from '../../../streams/store'
import type { AppEvent } from '../../../domain/events'
import { fakeApi, fakeDeps } from '../../streams/fakes'
import { renderApp } from '../render'
import { typeKeys, paste } from '../typing'
import { launch } from '../../domain/fixtures/events'
import type { EventInput } from '../../../domain/events'

let app: ReturnType<typeof renderApp> | null = null
afterEach(() => {
  app?.unmount()
  app = null
})
beforeAll(async () => {
  await import('../../../src/send/Send')
})

const USDT = {
  address: '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9',
  chainId: 42161 as const,
  decimals: 6,
  logoURI: '',
  name: 'Tether',
  symbol: 'USDT',
}
const BOB = '0x52908400098527886E0F7030069857D2E4169EE7'

async function openForm(language = 'en') {
  const events: EventInput[] = [
    { type: 'app/launched', payload: launch({ user: { id: 1000001, firstName: 'Demo', languageCode: language } }) },
    {
      type: 'wallet/balancesReceived',
      payload: {
        accountIndex: 0,
        balances: [{ ...USDT, tokensAmount: '500', usdAmount: 500, tokensCost: 1 }] as never,
      },
    },
    { type: 'send/started', payload: {} },
    { type: 'picker/tokenPicked', payload: { purpose: 'send', token: USDT } },
    { type: 'app/navigated', payload: { to: '/send/info' } },
    { type: 'send/addressChanged', payload: { value: BOB } },
  ]
  app = renderApp(events)
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0))
  })
  return app
}
const amountError = () => document.getElementById('send-amount-error')?.textContent
const amountInput = () => document.getElementById('send-amount') as HTMLInputElement
const continueButton = () => app!.container.querySelector('.main-action button') as HTMLButtonElement

describe('send form', () => {
  it('"1e30" is refused at once, as typed, and Continue stays disabled', async () => {
    await openForm()
    app!.dispatch({ type: 'send/amountChanged', payload: { value: '1e30' } })
    expect([amountInput().value, amountError(), amountInput().getAttribute('aria-invalid')]).toEqual([
      '1e30',
      'Only digits and one decimal point: this is not an amount.',
      'true',
    ])
    expect(continueButton().disabled).toBe(true)
    app!.dispatch({ type: 'send/amountChanged', payload: { value: '130' } })
    expect(amountError()).toBeUndefined()
    expect(continueButton().disabled).toBe(false)
  })

  it('[app.12] the amount field takes digits and one separator only: letters never enter, a second separator is refused, a comma reads as a dot, no 7th decimal of USDT', async () => {
    await openForm()
    expect(typeKeys(amountInput(), 'abc0,5')).toBe('0.5')
    expect(typeKeys(amountInput(), ',1e')).toBe('0.51')
    expect(typeKeys(amountInput(), '23456')).toBe('0.512345')
    expect(app!.store.getState().send.amount).toBe('0.512345')
    expect(paste(amountInput(), '1e30')).toBe('0.512345')
    expect(paste(amountInput(), '1 000,25')).toBe('1000.25')
  })

  it('more decimals than the token has are refused in the form, before Continue', async () => {
    await openForm()
    app!.dispatch({ type: 'send/amountChanged', payload: { value: '1.0000001' } })
    expect(amountError()).toBe('USDT has 6 decimals at most')
    expect(continueButton().disabled).toBe(true)
  })

  it('[send.20] a refused /transfer is logged, and its field error is all the user sees of it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      /** What checkEpic makes of a refusal, run against the open form's state. */
      const refusedWith = async (epic: typeof checkEpic, trigger: AppEvent, refusal: object) => {
        const state$ = new BehaviorSubject(app!.store.getState()) as unknown as StateObservable
        const api = fakeApi({ transfer: () => throwError(() => refusal) })
        return lastValueFrom(epic(of(trigger) as Observable<AppEvent>, state$, fakeDeps({ api })).pipe(toArray()))
      }
      const cases = [
        {
          path: 'amount',
          message: 'not enough balance on the server',
          field: () => amountError(),
          other: () => document.getElementById('send-to-error'),
        },
        {
          path: 'to',
          message: 'unknown recipient',
          field: () => document.getElementById('send-to-error')?.textContent,
          other: () => document.getElementById('send-amount-error'),
        },
      ]
      for (const c of cases) {
        await openForm()
        app!.dispatch({ type: 'send/amountChanged', payload: { value: '10' } })
        app!.dispatch({ type: 'send/checkRequested', payload: { balance: '500' } })
        warn.mockClear()
        const refusal = { kind: 'rejected', status: 400, message: c.message, path: c.path }
        const out = await refusedWith(
          checkEpic,
          { seq: 0, at: 0, type: 'send/checkRequested', payload: { balance: '500' } } as AppEvent,
          refusal,
        )
        // logged, as it came
        expect(warn).toHaveBeenCalledTimes(1)
        expect(warn.mock.calls[0]).toContain(refusal)
        // before it lands: no error anywhere
        expect(app!.container.querySelectorAll('[role=alert]')).toHaveLength(0)
        for (const e of out) app!.dispatch(e as never)
        // after: the server's message at its field, and nothing else
        expect(c.field(), c.path).toBe(c.message)
        expect(c.other(), c.path).toBeNull()
        expect([...app!.container.querySelectorAll('[role=alert]')].map((a) => a.textContent)).toEqual([c.message])
        expect(app!.store.getState().app.history.at(-1)).toBe('/send/info')
        app!.unmount()
        app = null
      }
      // the real send's refusal is logged too
      await openForm()
      warn.mockClear()
      const refusal = { kind: 'rejected', status: 409, message: 'already sent' }
      const state$ = new BehaviorSubject({
        ...app!.store.getState(),
        send: { ...app!.store.getState().send, isChecked: true, idempotencyKey: 'k'.repeat(32) },
      }) as unknown as StateObservable
      await lastValueFrom(
        confirmEpic(
          of({ seq: 0, at: 0, type: 'send/confirmRequested', payload: {} } as AppEvent) as Observable<AppEvent>,
          state$,
          fakeDeps({ api: fakeApi({ transfer: () => throwError(() => refusal) }) }),
        ).pipe(toArray()),
      )
      expect(warn).toHaveBeenCalledTimes(1)
      expect(warn.mock.calls[0]).toContain(refusal)
    } finally {
      warn.mockRestore()
    }
  })

  it('[send.7] above the balance the amount says "Not enough USDT" (on blur)', async () => {
    await openForm()
    app!.dispatch({ type: 'send/amountChanged', payload: { value: '600' } })
    app!.dispatch({ type: 'send/fieldBlurred', payload: { field: 'amount', balance: '500' } })
    expect(amountError()).toBe('Not enough USDT')
  })

  it("a comment over 120 characters is refused in the form, in the user's language", async () => {
    await openForm()
    app!.dispatch({ type: 'send/amountChanged', payload: { value: '1' } })
    app!.dispatch({ type: 'send/commentChanged', payload: { value: 'x'.repeat(120) } })
    expect(continueButton().disabled).toBe(false)
    expect(app!.text()).not.toContain('characters at most')
    app!.dispatch({ type: 'send/commentChanged', payload: { value: 'x'.repeat(121) } })
    expect(app!.text()).toContain('The comment is 120 characters at most')
    expect(continueButton().disabled).toBe(true)
    app!.unmount()
    await openForm('ru')
    app!.dispatch({ type: 'send/amountChanged', payload: { value: '1e30' } })
    app!.dispatch({ type: 'send/commentChanged', payload: { value: 'x'.repeat(121) } })
    expect(amountError()).toBe('Только цифры и одна десятичная точка: это не сумма.')
    expect(app!.text()).toContain('Комментарий — не больше 120 символов')
  })

  it('a refused amount shows its reason however it came: a draft restored after a reload carries no errors', async () => {
    app = renderApp([
      { type: 'app/launched', payload: launch() },
      {
        type: 'app/journeyRestored',
        payload: {
          from: 1,
          history: ['/', '/send', '/send/info'],
          accountIndex: 0,
          send: { token: USDT, to: BOB, amount: '1e30', comment: '' },
          swap: { from: null, to: null, amount: '', max: false },
          copyTrade: { traderAddress: '', chainId: null, asset: null, deposit: '100', antePercent: 10 },
          refill: { token: null },
        },
      },
    ] as EventInput[])
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0))
    })
    expect(app.store.getState().send.errors).toEqual({})
    expect(amountError()).toBe('Only digits and one decimal point: this is not an amount.')
    expect(amountInput().getAttribute('aria-invalid')).toBe('true')
    expect(continueButton().disabled).toBe(true)
  })
})

describe('send confirm', () => {
  it('shows the whole recipient address, the network, the comment in full, and the fee and total with their USD', async () => {
    const ETH = {
      address: '0x0000000000000000000000000000000000000000',
      chainId: 42161 as const,
      decimals: 18,
      logoURI: '',
      name: 'Ether',
      symbol: 'ETH',
    }
    const comment = 'rent for November, flat 4, with the parking space and the storage room downstairs'
    app = renderApp([
      { type: 'app/launched', payload: launch() },
      {
        type: 'wallet/balancesReceived',
        payload: {
          accountIndex: 0,
          balances: [
            { ...USDT, tokensAmount: '500', usdAmount: 500, tokensCost: 1 },
            { ...ETH, tokensAmount: '0.5', usdAmount: 1750, tokensCost: 3500 },
          ] as never,
        },
      },
      { type: 'send/started', payload: {} },
      { type: 'picker/tokenPicked', payload: { purpose: 'send', token: USDT } },
      { type: 'send/addressChanged', payload: { value: BOB } },
      { type: 'send/amountChanged', payload: { value: '12.5' } },
      { type: 'send/commentChanged', payload: { value: comment } },
      { type: 'send/checkRequested', payload: { balance: '500' } },
      { type: 'send/checkPassed', payload: { fee: '0.0001', feeSymbol: 'ETH', idempotencyKey: 'k' } },
      { type: 'app/navigated', payload: { to: '/send/confirm' } },
    ] as EventInput[])
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0))
    })
    const text = (id: string) => app!.container.querySelector(`[data-testid=${id}]`)?.textContent
    expect(text('send-recipient')).toBe(BOB)
    expect(app.text()).toContain('Network')
    expect(text('send-comment')).toBe(comment)
    expect([text('send-fee'), text('send-fee-usd')]).toEqual(['≈ 0.0001 ETH', '$0.35'])
    expect([text('send-total'), text('send-total-usd')]).toEqual(['12.5 USDT', '$12.85'])
  })
})

describe('send figures and success', () => {
  const ETH = {
    address: '0x0000000000000000000000000000000000000000',
    chainId: 42161 as const,
    decimals: 18,
    logoURI: '',
    name: 'Ether',
    symbol: 'ETH',
  }
  const checked = (language: string, amount: string): EventInput[] => [
    { type: 'app/launched', payload: launch({ user: { id: 1000001, firstName: 'Demo', languageCode: language } }) },
    {
      type: 'wallet/balancesReceived',
      payload: {
        accountIndex: 0,
        balances: [
          { ...USDT, tokensAmount: '12345.678912', usdAmount: 12345.68, tokensCost: 1 },
          { ...ETH, tokensAmount: '0.5', usdAmount: 1750, tokensCost: 3500 },
        ] as never,
      },
    },
    { type: 'send/started', payload: {} },
    { type: 'picker/tokenPicked', payload: { purpose: 'send', token: USDT } },
    { type: 'send/addressChanged', payload: { value: BOB } },
    { type: 'send/amountChanged', payload: { value: amount } },
    { type: 'send/checkRequested', payload: { balance: '12345.678912' } },
    { type: 'send/checkPassed', payload: { fee: '0.0001', feeSymbol: 'ETH', idempotencyKey: 'k' } },
  ]
  const open = async (events: EventInput[], to: string) => {
    app = renderApp([...events, { type: 'app/navigated', payload: { to } }])
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0))
    })
  }
  const text = (selector: string) =>
    (app!.container.querySelector(selector)?.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ')

  it('the confirm screen groups its figures in the user\'s language: "1,234.5" in English, "1 234,5" in Russian', async () => {
    await open(checked('en', '1234.5'), '/send/confirm')
    expect(text('h1')).toBe('Send 1,234.5 USDT')
    expect([
      text('[data-testid=send-total]'),
      text('[data-testid=send-total-usd]'),
      text('[data-testid=send-balance-after]'),
    ]).toEqual(['1,234.5 USDT', '$1,234.85', '11,111.178912 USDT'])
    app!.unmount()
    await open(checked('ru', '1234.5'), '/send/confirm')
    expect(text('h1')).toBe('Отправить 1 234,5 USDT')
    expect([text('[data-testid=send-fee]'), text('[data-testid=send-fee-usd]')]).toEqual(['≈ 0,0001 ETH', '0,35 $'])
    expect([
      text('[data-testid=send-total]'),
      text('[data-testid=send-total-usd]'),
      text('[data-testid=send-balance-after]'),
    ]).toEqual(['1 234,5 USDT', '1 234,85 $', '11 111,178912 USDT'])
  })

  it("Max shows the balance in the user's form and is on (pressed) while the amount is the whole balance, which it puts in plain; pressed again it clears", async () => {
    await openForm()
    const max = () => app!.button('Max')!
    expect([max().textContent, max().getAttribute('aria-pressed')]).toEqual(['Max 500 USDT', 'false'])
    app!.click(max())
    expect([amountInput().value, max().getAttribute('aria-pressed')]).toEqual(['500', 'true'])
    app!.click(max())
    expect([amountInput().value, max().getAttribute('aria-pressed')]).toEqual(['', 'false'])
    app!.unmount()
    app = renderApp([
      { type: 'app/launched', payload: launch() },
      {
        type: 'wallet/balancesReceived',
        payload: {
          accountIndex: 0,
          balances: [{ ...USDT, tokensAmount: '12345.678912', usdAmount: 12345.68, tokensCost: 1 }] as never,
        },
      },
      { type: 'send/started', payload: {} },
      { type: 'picker/tokenPicked', payload: { purpose: 'send', token: USDT } },
      { type: 'app/navigated', payload: { to: '/send/info' } },
    ])
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0))
    })
    expect(max().textContent).toBe('Max 12,345.6789 USDT')
    app!.click(max())
    // the amount field takes the exact balance, a dot and no grouping
    expect([amountInput().value, max().getAttribute('aria-pressed')]).toEqual(['12345.678912', 'true'])
  })

  it('success (send.19): the ring and check, "Sent", the amount, to whom; Done is the main button, home; the bot is a link', async () => {
    await open([...checked('en', '1234.5'), { type: 'send/sent', payload: { txId: null } }], '/send/success')
    expect(app!.container.querySelector('.success-graphic')).not.toBeNull()
    expect(text('[role=status] h1')).toBe('Sent')
    expect([text('[data-testid=success-figure]'), text('[data-testid=success-detail]')]).toEqual([
      '1,234.5 USDT',
      'On its way to 0x5290...9EE7',
    ])
    app!.click(app!.button('View in the bot'))
    expect(app!.dispatched.at(-1)).toMatchObject({ type: 'app/linkOpened' })
    const done = app!.container.querySelector('.main-action button') as HTMLButtonElement
    expect(done.textContent).toBe('Done')
    app!.click(done)
    expect(app!.store.getState().app.history.at(-1)).toBe('/')
  })
})
