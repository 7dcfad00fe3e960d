// @vitest-environment happy-dom
import { act } from 'react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderApp } from '../render'
import { typeKeys, paste } from '../typing'
import { launch } from '../../domain/fixtures/events'
import type { EventInput } from '../../../domain/events'
import { configs, deposit, userRead } from '../../domain/staking/fixtures'
import { PERIOD_MONTHS } from '../../../domain/staking/rules'

/** The store stamps every event at this device time (tests/src/render.tsx). */
const DEVICE = 1_763_800_000_000
const DAY = 86_400_000

let app: ReturnType<typeof renderApp> | null = null
beforeAll(async () => {
  await import('../../../src/staking/screens')
})
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(DEVICE)
})
afterEach(() => {
  app?.unmount()
  app = null
  vi.useRealTimers()
})

const e = (type: string, payload: object = {}) => ({ type, payload }) as EventInput
const frames = () => act(async () => await new Promise((r) => setTimeout(r, 60)))
async function open(path: string, events: EventInput[], language: 'en' | 'ru' = 'en') {
  app = renderApp([
    { type: 'app/launched', payload: launch({ user: { id: 1, firstName: 'Mia', languageCode: language } }) },
    e('app/navigated', { to: path }),
  ])
  await frames()
  for (const x of events) app.dispatch(x)
  await frames()
  return app
}
const testId = (id: string) => app!.container.querySelector(`[data-testid="${id}"]`)?.textContent ?? null
const mainButton = () => app!.container.querySelector('.main-action button') as HTMLButtonElement
const path = () => app!.store.getState().app.history.at(-1)
const type = (text: string) => app!.dispatch(e('staking/amountTyped', { text }))
const loaded = (got = '1000', locked = '0') => [
  userRead(got, locked),
  e('staking/configsReceived', { configs }),
  e('staking/totalReceived', { totalAmount: '123456.789' }),
]

describe('the main staking screen', () => {
  it('[app.12] [staking.6] the amount field takes digits and one separator only: letters never enter, a comma reads as a dot, no 10th decimal of SWITCH', async () => {
    await open('/mining/staking', loaded('801.379'))
    const input = app!.container.querySelector('#staking-amount') as HTMLInputElement
    paste(input, '')
    expect(typeKeys(input, 'abc12,5,x')).toBe('12.5')
    expect(typeKeys(input, '12345678901')).toBe('12.512345678')
    expect(app!.store.getState().staking.form.amount).toBe('12.512345678')
  })

  it('[staking.5] [staking.11] amount prefilled at 50 %, the presets, the period card, the total staked, Continue; nothing to prefill without a balance', async () => {
    await open('/mining/staking', loaded('801.379'))
    const input = app!.container.querySelector('#staking-amount') as HTMLInputElement
    expect(input.value).toBe('400.68')
    expect(testId('staking-available')).toBe('Available: 801.37 SWITCH')
    expect([...app!.container.querySelectorAll('.staking-preset')].map((b) => b.textContent)).toEqual([
      '25%',
      '35%',
      '50%',
      '75%',
      '100%',
    ])
    expect(app!.container.querySelector('.staking-preset[aria-pressed="true"]')?.textContent).toBe('50%')
    expect(app!.text()).toContain('3 months')
    expect(app!.text()).toContain('APR 12%')
    expect(testId('staking-total')).toBe('123,456.789 SWITCH')
    expect(mainButton().textContent).toBe('Continue')
    expect(mainButton().disabled).toBe(false)
    expect(app!.dispatched.map((x) => x.type)).toContain('staking/entered')
    app!.unmount()
    await open('/mining/staking', loaded('100', '100'))
    expect((app!.container.querySelector('#staking-amount') as HTMLInputElement).value).toBe('')
  })

  it('[staking.9] a preset is its share of the available balance, capped at the max', async () => {
    await open('/mining/staking', loaded('200000', '100'))
    app!.click(app!.button('25%'))
    expect((app!.container.querySelector('#staking-amount') as HTMLInputElement).value).toBe('49975')
    app!.click(app!.button('35%'))
    expect((app!.container.querySelector('#staking-amount') as HTMLInputElement).value).toBe('50000')
  })

  it("[staking.6] [staking.12] [staking.13] [staking.14] [staking.15] [staking.16] [staking.19] each error at its edge with its keys' texts, only the first, Continue disabled while it shows", async () => {
    const error = () => app!.container.querySelectorAll('[data-testid="staking-error"]')
    const expectError = (kind: string | null, text: string | null) => {
      expect(error().length, kind ?? 'none').toBe(kind === null ? 0 : 1)
      if (kind !== null) expect(error()[0].getAttribute('data-error')).toBe(kind)
      expect(testId('staking-error')).toBe(text)
      expect(mainButton().disabled, kind ?? 'none').toBe(kind !== null)
    }
    const NOT_ENOUGH = (most: string) => `Not enough SWITCHYou can stake up to ${most} SWITCH.`
    const MIN = 'Below the minimumThe least you can stake for this period is 10 SWITCH.'
    const MAX = 'Above the maximumThe most you can stake for this period is 50,000 SWITCH.'
    // 800 available (1000 got, 200 locked), 10 to 50000 for 3 months
    await open('/mining/staking', loaded('1000', '200'))
    type('800,01')
    expectError('not-enough', NOT_ENOUGH('800'))
    type('800')
    expectError(null, null)
    type('9,99')
    expectError('min-amount', MIN)
    type('10')
    expectError(null, null)
    app!.unmount()
    // 60000 available: the max shows above 50000, not at it
    await open('/mining/staking', loaded('60000'))
    type('50000')
    expectError(null, null)
    type('50000,01')
    expectError('max-amount', MAX)
    // above both what is available and the max: not-enough alone
    type('60000,01')
    expectError('not-enough', NOT_ENOUGH('60,000'))
    app!.unmount()
    // 5 available, below the minimum too: not-enough alone
    await open('/mining/staking', loaded('205', '200'))
    type('6')
    expectError('not-enough', NOT_ENOUGH('5'))
    type('5')
    expectError('min-amount', MIN)
  })

  it('[staking.14] above the max; in Russian', async () => {
    await open('/mining/staking', loaded('100000'), 'ru')
    type('50000')
    expect(testId('staking-error')).toBeNull()
    expect(mainButton().disabled).toBe(false)
    type('50000,01')
    expect(testId('staking-error')).toBe('Больше максимумаМаксимум для этого срока — 50\u00a0000 SWITCH.')
    expect(mainButton().textContent).toBe('Продолжить')
    expect(mainButton().disabled).toBe(true)
  })

  it('[staking.17] [staking.18] Continue disabled with an empty amount or before the configs come (no period); enabled once both are there', async () => {
    await open('/mining/staking', [userRead('1000'), e('staking/amountTyped', { text: '100' })])
    expect(app!.store.getState().staking.form.configPeriod).toBeNull()
    expect(mainButton().disabled).toBe(true)
    app!.dispatch(e('staking/configsReceived', { configs }))
    await frames()
    expect(mainButton().disabled).toBe(false)
    type('')
    expect(mainButton().disabled).toBe(true)
    type('1')
    type('10')
    expect(mainButton().disabled).toBe(false)
  })

  it('[staking.22] [staking.23] Continue leads to confirm for a free period, to the payment method for a paid one', async () => {
    await open('/mining/staking', loaded())
    app!.click(mainButton())
    expect(path()).toBe('/mining/staking/confirm')
    app!.dispatch(e('app/navigated', { to: '/mining/staking' }))
    app!.dispatch(e('staking/periodChosen', { period: '6m' }))
    await frames()
    app!.click(mainButton())
    expect(path()).toBe('/mining/staking/paymentMethod')
  })

  it('a load failure shows its retry', async () => {
    await open('/mining/staking', [e('staking/configsFailed', { error: { kind: 'network', message: 'offline' } })])
    expect(app!.text()).toContain('Staking did not load')
    const before = app!.dispatched.filter((x) => x.type === 'staking/entered').length
    app!.click(app!.button('Retry'))
    expect(app!.dispatched.filter((x) => x.type === 'staking/entered').length).toBe(before + 1)
  })
})

describe('choosing a period and paying', () => {
  it('[staking.1] the periods 3mhp, 3m, 6m, 1y, 5y and 100y last 3, 3, 6, 12, 60 and 1200 months, each listed with an icon of its own', async () => {
    expect(PERIOD_MONTHS).toEqual({ '3mhp': 3, '3m': 3, '6m': 6, '1y': 12, '5y': 60, '100y': 1200 })
    await open('/mining/staking/configs', loaded())
    const rows = [...app!.container.querySelectorAll('[data-testid="staking-configs"] button')].filter(
      (b) => b.querySelector('.period-icon') !== null,
    )
    expect(rows.map((r) => r.querySelector('.cell__title')?.textContent?.split(' · ')[0])).toEqual([
      '3 months',
      '3 months, higher APR',
      '6 months',
      '1 year',
      '5 years',
      '100 years',
    ])
    const icons = rows.map((r) => r.querySelector('.period-icon')?.outerHTML)
    expect(new Set(icons).size).toBe(6)
  })

  it('[staking.26] payment and confirm go back to the main screen without a config (the configs did not load) or without an amount; with both they stay', async () => {
    for (const screen of ['/mining/staking/paymentMethod', '/mining/staking/confirm']) {
      // on a reload the screen waits for the configs before it judges
      await open(screen, [
        userRead('1000'),
        e('staking/periodChosen', { period: '6m' }),
        e('staking/amountTyped', { text: '100' }),
      ])
      expect(path()).toBe(screen)
      app!.dispatch(e('staking/configsFailed', { error: { kind: 'network', message: 'down' } }))
      await frames()
      expect(path(), screen).toBe('/mining/staking')
      app!.unmount()
      app = null
      await open(screen, [...loaded('0'), e('staking/periodChosen', { period: '6m' })])
      expect(path(), screen).toBe('/mining/staking')
      app!.unmount()
      app = null
      await open(screen, [
        ...loaded('1000'),
        e('staking/periodChosen', { period: '6m' }),
        e('staking/amountTyped', { text: '100' }),
      ])
      expect(path(), screen).toBe(screen)
      app!.unmount()
      app = null
    }
  })

  it('[staking.20] [staking.21] the configs list the periods; choosing one resets the payment method and goes back', async () => {
    await open('/mining/staking/configs', [
      ...loaded(),
      e('staking/periodChosen', { period: '6m' }),
      e('staking/paymentMethodChosen', { way: 'stars' }),
    ])
    const rows = [...app!.container.querySelectorAll('.cell__title')].map((c) => c.textContent)
    expect(rows).toHaveLength(6)
    app!.click(app!.button(/1 year/))
    expect(app!.store.getState().staking.form).toMatchObject({ configPeriod: '1y', paymentMethod: null })
    expect(path()).toBe('/mining/staking')
  })

  it('[staking.24] [staking.25] the three ways with the fee in TON and in Stars; Continue once one is chosen', async () => {
    await open('/mining/staking/paymentMethod', [
      ...loaded(),
      e('staking/periodChosen', { period: '6m' }),
      e('staking/amountTyped', { text: '100' }),
    ])
    expect(app!.text()).toContain('TON from this wallet')
    expect(app!.text()).toContain('Telegram Stars200 Stars')
    expect(app!.text()).toContain('Another TON wallet1 TON over TonConnect')
    expect(mainButton().disabled).toBe(true)
    app!.click(app!.button('Telegram Stars'))
    expect(app!.store.getState().staking.form.paymentMethod).toBe('stars')
    expect(mainButton().disabled).toBe(false)
    app!.click(mainButton())
    expect(path()).toBe('/mining/staking/confirm')
  })

  it('payment and confirm go back to the main screen without an amount', async () => {
    for (const screen of ['/mining/staking/paymentMethod', '/mining/staking/confirm']) {
      await open(screen, [...loaded('0'), e('staking/periodChosen', { period: '6m' })])
      expect(path()).toBe('/mining/staking')
      app!.unmount()
      app = null
    }
  })

  it('[staking.27] [staking.32] confirm shows amount, period, balance after and fee; a refusal in a red bar', async () => {
    await open('/mining/staking/confirm', [
      ...loaded('1000', '200'),
      e('staking/periodChosen', { period: '6m' }),
      e('staking/paymentMethodChosen', { way: 'internal' }),
      e('staking/amountTyped', { text: '150,5' }),
    ])
    expect(testId('confirm-amount')).toBe('150.5 SWITCH')
    expect(app!.text()).toContain('6 months')
    expect(testId('confirm-balance-after')).toBe('649.5 SWITCH')
    expect(testId('confirm-fee')).toBe('1 TON')
    expect(mainButton().textContent).toBe('Stake')
    app!.click(mainButton())
    expect(app!.dispatched.at(-1)?.type).toBe('staking/depositTapped')
    app!.dispatch(
      e('staking/depositRequested', { idempotencyKey: 'k', amount: '150.5', period: '6m', way: 'internal' }),
    )
    app!.dispatch(
      e('staking/depositFailed', { error: { kind: 'rejected', status: 409, message: 'Not enough SWITCH to stake' } }),
    )
    await frames()
    expect(testId('confirm-error')).toBe('Not enough SWITCH to stake')
    const bar = app!.container.querySelector('[data-testid="confirm-error"]')!
    expect(bar.getAttribute('role')).toBe('alert')
    // the red bar (.staking-bar: white on red, kept at the bottom above the Stake button)
    expect(bar.className).toBe('staking-bar')
    expect(bar.nextElementSibling?.classList.contains('main-action')).toBe(true)
  })

  it('confirm on 30 November shows a 3-month deposit unlocking on 28 February, the day the server keeps', async () => {
    // The screen counts on the server's clock (the mining record's serverTime): 30 November 2025, noon.
    const [read, ...rest] = loaded('1000', '0')
    const onServer = e(read.type, { ...read.payload, serverTime: Date.UTC(2025, 10, 30, 12) })
    await open('/mining/staking/confirm', [
      onServer,
      ...rest,
      e('staking/periodChosen', { period: '3m' }),
      e('staking/amountTyped', { text: '100' }),
    ])
    expect(app!.text()).toContain('Unlocks28/02/2026')
  })

  it("a refusal with a code reads in the user's language, its values as the screen writes SWITCH; an unknown code, the server's text; no answer, the network text", async () => {
    const refusals = [
      [
        { code: 'staking.stake.errors.not-enough', params: { amount: '1234.5' } },
        'Not enough SWITCH. You can stake up to 1,234.5 SWITCH.',
        'Недостаточно SWITCH. Можно застейкать не больше 1\u00a0234,5 SWITCH.',
      ],
      [
        { code: 'staking.stake.errors.min-amount', params: { amount: '100' } },
        'Below the minimum. The least you can stake for this period is 100 SWITCH.',
        'Меньше минимума. Минимум для этого срока — 100 SWITCH.',
      ],
      [
        { code: 'staking.refusals.order-expired' },
        'The time to pay has run out. Tap Stake again.',
        'Время на оплату истекло. Нажмите «Застейкать» ещё раз.',
      ],
      [{ code: 'staking.refusals.from-a-newer-server' }, 'the server says no', 'the server says no'],
      [{ code: 'staking.stake' }, 'the server says no', 'the server says no'],
      [{}, 'the server says no', 'the server says no'],
    ] as const
    for (const language of ['en', 'ru'] as const)
      for (const [refusal, en, ru] of refusals) {
        await open(
          '/mining/staking/confirm',
          [...loaded('2000', '0'), e('staking/amountTyped', { text: '150' })],
          language,
        )
        app!.dispatch(e('staking/depositRequested', { idempotencyKey: 'k', amount: '150', period: '3m', way: null }))
        app!.dispatch(
          e('staking/depositFailed', {
            error: { kind: 'rejected', status: 409, message: 'the server says no', ...refusal },
          }),
        )
        await frames()
        expect(testId('confirm-error'), JSON.stringify(refusal)).toBe(language === 'en' ? en : ru)
        app!.unmount()
      }
    await open('/mining/staking/confirm', [...loaded('2000', '0'), e('staking/amountTyped', { text: '150' })], 'ru')
    app!.dispatch(e('staking/depositRequested', { idempotencyKey: 'k', amount: '150', period: '3m', way: null }))
    app!.dispatch(e('staking/depositFailed', { error: { kind: 'network', message: 'Failed to fetch' } }))
    await frames()
    expect(testId('confirm-error')).toBe('Нет связи с сервером. Проверьте интернет и попробуйте снова.')
  })

  it('[staking.33] a deposit made: the success screen with the amount and the period', async () => {
    await open('/mining/staking/confirm', [...loaded(), e('staking/amountTyped', { text: '150' })])
    app!.dispatch(e('staking/depositRequested', { idempotencyKey: 'k', amount: '150', period: '3m', way: null }))
    app!.dispatch(e('staking/deposited', { deposit: null }))
    await frames()
    expect(path()).toBe('/mining/staking/successDeposit')
    expect(testId('success-figure')).toBe('150 SWITCH')
    expect(testId('success-detail')).toBe('Locked for 3 months. The reward accrues every hour.')
    app!.click(mainButton())
    expect(path()).toBe('/mining/staking/deposits')
    expect(app!.store.getState().staking.deposit.step).toBe('idle')
  })
})

describe('the deposits', () => {
  const running = deposit({
    _id: 'run',
    amount: '6000',
    period: '6m',
    apy: 0.125,
    hourReward: '0.085616438',
    dttmStarted: new Date(DEVICE - 45 * DAY).toISOString(),
    dttmEnded: new Date(DEVICE + 136 * DAY).toISOString(),
  })
  const done = deposit({
    _id: 'done',
    amount: '1000',
    period: '3m',
    apy: 0.12,
    hourReward: '0.01369863',
    dttmStarted: new Date(DEVICE - 92 * DAY).toISOString(),
    dttmEnded: new Date(DEVICE - DAY).toISOString(),
  })
  const listed = (sbts: string[] = []) => [
    userRead('7100', '7000'),
    e('staking/depositsReceived', { deposits: [running, done], serverTime: DEVICE }),
    e('staking/sbtsReceived', { periods: sbts }),
  ]

  it("[staking.39] [staking.40] [staking.41] [staking.42] [staking.43] staked, each deposit's bar, unlock date or lock-open, APR, hourly reward, claim disabled until unlocked", async () => {
    await open('/mining/staking/deposits', listed())
    expect(testId('deposits-staked')).toBe('7,000 SWITCH')
    const cards = [...app!.container.querySelectorAll('[data-testid="deposit"]')]
    expect(cards).toHaveLength(2)
    const [run, unlocked] = cards
    expect(run.querySelectorAll('.deposit-bar__segment')).toHaveLength(6)
    expect(unlocked.querySelectorAll('.deposit-bar__segment')).toHaveLength(3)
    expect([...unlocked.querySelectorAll('.deposit-bar__fill')].map((f) => (f as HTMLElement).style.width)).toEqual([
      '100%',
      '100%',
      '100%',
    ])
    expect(run.querySelector('[data-testid="deposit-apr"]')?.textContent).toBe('APR 13%')
    expect(run.querySelector('[data-testid="deposit-hour-reward"]')?.textContent).toBe('0.0856 SWITCH/h')
    // 45 of its 181 days gone: 6 x 45 / 181 = 1.49 months, the first month full, the second half, the rest empty.
    const widths = [...run.querySelectorAll('.deposit-bar__fill')].map((f) =>
      parseFloat((f as HTMLElement).style.width),
    )
    expect(widths[0]).toBe(100)
    expect(widths[1]).toBeCloseTo((100 * (6 * 45 - 181)) / 181, 6)
    expect(widths.slice(2)).toEqual([0, 0, 0, 0])
    // unlocks 136 days after this day: 7 April 2026
    expect(run.querySelector('[data-testid="deposit-lock"]')?.textContent).toBe('Unlocks 07/04/2026')
    expect(run.querySelector('[data-testid="lock-open"]')).toBeNull()
    expect(unlocked.querySelector('[data-testid="deposit-lock"]')?.textContent).toBe('Unlocked')
    expect(unlocked.querySelector('[data-testid="lock-open"]')).not.toBeNull()
    const claim = (card: Element) =>
      [...card.querySelectorAll('button')].find((b) => b.textContent === 'Claim') as HTMLButtonElement
    expect(claim(run).disabled).toBe(true)
    expect(claim(unlocked).disabled).toBe(false)
    app!.click(claim(unlocked))
    expect(app!.dispatched.at(-1)).toMatchObject({ type: 'staking/claimTapped', payload: { id: 'done' } })
  })

  it('a claimed deposit says what came back: the stake and the reward, and their sum, in English and Russian', async () => {
    for (const language of ['en', 'ru'] as const) {
      await open('/mining/staking/deposits', listed(), language)
      app!.dispatch(e('staking/claimTapped', { id: 'done' }))
      app!.dispatch(
        e('staking/claimed', {
          answer: { deposit: { ...done, dttmClaimed: new Date(DEVICE).toISOString() }, stake: '1000', reward: '12.5' },
        }),
      )
      await frames()
      const note = app!.container.querySelector('[data-id="done"] [data-testid="deposit-claimed"]')
      expect(note?.textContent).toBe(
        language === 'en'
          ? '+1,012.5 SWITCH to your balance: 1,000 staked and 12.5 reward'
          : '+1\u00a0012,5 SWITCH на баланс: 1\u00a0000 из стейкинга и 12,5 награды',
      )
      expect(note?.getAttribute('role')).toBe('status')
      app!.unmount()
      app = null
    }
  })

  it('[staking.37] the deposits screen: the total staked, the list, the soulbound-token claim card, the detail drawer', async () => {
    await open('/mining/staking/deposits', listed())
    expect(path()).toBe('/mining/staking/deposits')
    expect(testId('deposits-staked')).toBe('7,000 SWITCH')
    expect(app!.container.querySelectorAll('[data-testid="deposit"]')).toHaveLength(2)
    expect(app!.container.querySelector('[data-testid="sbt-card"]')).not.toBeNull()
    expect(app!.container.ownerDocument.querySelector('[role="dialog"]')).toBeNull()
    app!.click(app!.container.querySelector('[data-id="run"] .deposit__head'))
    const drawer = app!.container.ownerDocument.querySelector('[role="dialog"]')
    expect(drawer?.getAttribute('aria-label')).toBe('Deposit details')
    expect(drawer?.textContent).toContain('6,000 SWITCH')
    expect(drawer?.textContent).toContain('0.0856 SWITCH/h')
  })

  it('the SBT card for the first deposit of 5000 whose period has no token; its claim', async () => {
    await open('/mining/staking/deposits', listed())
    expect(testId('sbt-card')).toContain('6 months')
    app!.click(app!.button('Claim SBT'))
    expect(app!.dispatched.at(-1)).toMatchObject({ type: 'staking/sbtClaimTapped', payload: { stakingPeriod: '6m' } })
  })

  it("[staking.46] with the period's token held: the all-in card at locked/got 0.96 and locked 100, none below either, none once it is held", async () => {
    const card = async (got: string, locked: string, held = ['6m']) => {
      await open(
        '/mining/staking/deposits',
        listed(held).map((x) => (x.type === 'mining/userReceived' ? userRead(got, locked) : x)),
      )
      const text = testId('sbt-card')
      app!.unmount()
      app = null
      return text
    }
    // the ratio: 7000 of 7300 is 0.9589, of 7291.66 is 0.96002
    expect(await card('7300', '7000')).toBeNull()
    expect(await card('7291.66', '7000')).toContain('all-in')
    // locked at least 100: 99.99 of 100 is a ratio of 0.9999, still no card; 100 of 104 is one
    expect(await card('100', '99.99')).toBeNull()
    expect(await card('104', '100')).toContain('all-in')
    // the all-in token held: no card, whatever the ratio
    expect(await card('7291.66', '7000', ['6m', 'allIn'])).toBeNull()
    expect(await card('104', '100', ['6m', 'allIn'])).toBeNull()
  })

  for (const [language, want] of [
    [
      'en',
      {
        title: 'Soulbound token minted',
        text: 'Your 6 months token is in your TON wallet.',
        held: 'Your soulbound tokens',
        rows: ['3 months deposit', '6 months deposit'],
        ok: 'OK',
      },
    ],
    [
      'ru',
      {
        title: 'Соулбаунд-токен выпущен',
        text: 'Ваш токен за срок «6 месяцев» — в вашем кошельке TON.',
        held: 'Ваши соулбаунд-токены',
        rows: ['Депозит на срок «3 месяца»', 'Депозит на срок «6 месяцев»'],
        ok: 'Хорошо',
      },
    ],
  ] as const)
    it(`a mint that went through says it was minted and lists the tokens held, instead of the card vanishing (${language})`, async () => {
      const granted = {
        orderId: 'SWSBT',
        product: 'sbt',
        way: 'external',
        status: 'granted',
        expiresAt: '2026-11-22T10:00:00Z',
      }
      await open(
        '/mining/staking/deposits',
        [
          ...listed(['3m']),
          e('staking/sbtClaimTapped', { stakingPeriod: '6m' }),
          e('staking/sbtTransactionSent', { orderId: 'SWSBT' }),
          e('staking/sbtOrderChecked', { order: granted }),
        ],
        language,
      )
      expect(testId('sbt-minted')).toContain(want.title)
      expect(testId('sbt-minted')).toContain(want.text)
      expect(testId('sbt-card')).toBeNull()
      expect(testId('sbt-held')).toContain(want.held)
      expect(
        [...app!.container.querySelectorAll('[data-testid="sbt-held"] .cell__title')].map((c) => c.textContent),
      ).toEqual(want.rows)
      app!.click(app!.button(want.ok))
      expect(testId('sbt-minted')).toBeNull()
      // the next token on offer (all but 1.4 % of the SWITCH is staked: the all-in one), and the list stays
      expect(testId('sbt-card')).not.toBeNull()
      expect(testId('sbt-held')).toContain(want.held)
    })

  it('with no token held there is no list', async () => {
    await open('/mining/staking/deposits', listed())
    expect(testId('sbt-held')).toBeNull()
  })

  it('[staking.48] [staking.49] the claim button enabled, then a failure: its text (the default without detail), the button disabled; in Russian too', async () => {
    await open('/mining/staking/deposits', listed())
    expect(testId('sbt-error')).toBeNull()
    expect((app!.button('Claim SBT') as HTMLButtonElement).disabled).toBe(false)
    app!.dispatch(e('staking/sbtClaimTapped', { stakingPeriod: '6m' }))
    app!.dispatch(e('staking/sbtClaimFailed', { message: null }))
    await frames()
    expect(testId('sbt-error')).toBe('Error while connecting wallet or receiving transaction for SBT')
    expect((app!.button('Claim SBT') as HTMLButtonElement).disabled).toBe(true)
    app!.unmount()
    await open(
      '/mining/staking/deposits',
      [
        ...listed(),
        e('staking/sbtClaimTapped', { stakingPeriod: '6m' }),
        e('staking/sbtClaimFailed', { message: 'Wallet refused' }),
      ],
      'ru',
    )
    expect(testId('sbt-error')).toBe('Wallet refused')
    expect((app!.button('Получить SBT') as HTMLButtonElement).disabled).toBe(true)
  })

  it("a claim whose wallet was not linked says why in words, by the refusal's code, in English and Russian", async () => {
    const refused = {
      kind: 'rejected',
      status: 400,
      message: "the proof's signature is not the wallet's",
      path: 'proof.signature',
      code: 'wallet-proof.signature',
    } as const
    await open('/mining/staking/deposits', [
      ...listed(),
      e('staking/sbtClaimTapped', { stakingPeriod: '6m' }),
      e('staking/sbtClaimFailed', { message: refused.message, error: refused }),
    ])
    expect(testId('sbt-error')).toBe("The wallet was not linked: the wallet's signature does not match its address.")
    app!.unmount()
    await open(
      '/mining/staking/deposits',
      [
        ...listed(),
        e('staking/sbtClaimTapped', { stakingPeriod: '6m' }),
        e('staking/sbtClaimFailed', { message: refused.message, error: { ...refused, code: 'wallet-proof.taken' } }),
      ],
      'ru',
    )
    expect(testId('sbt-error')).toBe('Кошелёк не привязан: этот кошелёк привязан к другому аккаунту.')
  })

  it('no deposits: the empty state leads to staking; loading shows skeletons', async () => {
    await open('/mining/staking/deposits', [])
    expect(app!.container.querySelector('[data-testid="deposits-loading"]')).not.toBeNull()
    app!.dispatch(e('staking/depositsReceived', { deposits: [], serverTime: DEVICE }))
    await frames()
    expect(testId('deposits-empty')).toContain('No deposits yet')
    app!.click(mainButton())
    expect(path()).toBe('/mining/staking')
  })
})
