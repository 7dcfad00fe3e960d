// @vitest-environment happy-dom
import { act } from 'react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderApp } from '../render'
import { launch } from '../../domain/fixtures/events'
import type { EventInput } from '../../../domain/events'
import { LINKS } from '../../../src/app/links'
import { HOUR, WINDOW_START, answerAt, record } from '../../domain/mining/fixtures'

/** The store stamps every event at this device time (tests/src/render.tsx). */
const DEVICE = 1_763_800_000_000

let app: ReturnType<typeof renderApp> | null = null
beforeAll(async () => {
  await Promise.all(Object.values(import.meta.glob('../../../src/mining/*.tsx')).map((load) => load()))
})
beforeEach(() => {
  // Only the clock: the display's animation frames still run.
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(DEVICE)
})
afterEach(() => {
  app?.unmount()
  app = null
  vi.useRealTimers()
})

const frames = () => act(async () => await new Promise((r) => setTimeout(r, 60)))
async function open(events: EventInput[], language: 'en' | 'ru' = 'en') {
  app = renderApp([
    { type: 'app/launched', payload: launch({ user: { id: 1, firstName: 'Mia', languageCode: language } }) },
    ...events,
    { type: 'app/navigated', payload: { to: '/mining' } },
  ])
  await frames()
  return app
}
const received = (
  ms: number,
  over: Parameters<typeof record>[0] = {},
  season = { endsAt: null as string | null, appealUntil: null as string | null },
): EventInput => ({
  type: 'mining/userReceived',
  payload: { ...answerAt(ms, over), season } as never,
})
const mainButton = () => app!.container.querySelector('.main-action button') as HTMLButtonElement
const testId = (id: string) => app!.container.querySelector(`[data-testid="${id}"]`)?.textContent ?? null
const offer = { stars: 195, ton: '0.5', days: 30, active: false, until: null }

describe('the mining screen', () => {
  it('[mining.7] [mining.9] [mining.11] the intro, SWITCH per hour, what the window holds to 4 decimals, the time left, the balance and the claim', async () => {
    await open([received(HOUR)])
    const text = app!.text()
    expect(text).toContain('You mine SWITCH every hour at your speed. Claim at least every 6 hours')
    expect(testId('speed')).toBe('1.5 SWITCH per hour')
    expect(testId('mined-now')).toBe('1.5000')
    expect(testId('time-left')).toBe('5:00:00')
    expect(text).toContain('Claim by 22/11/2026, 14:00')
    expect(testId('got-amount')).toBe('12.3456 SWITCH')
    expect(app!.button(/^Staking$/)).not.toBeNull()
    expect(mainButton().textContent).toBe('Claim')
    app!.click(mainButton())
    expect(app!.dispatched.at(-1)?.type).toBe('mining/claimTapped')
    // mining.9: tasks by category, airdrops and guilds/alliances are reached from here
    for (const [name, to] of [
      ['Tasks and boosts', '/mining/tasks'],
      ['Airdrops', '/mining/tasks/airdrops'],
      ['Guilds and alliances', '/mining/guilds'],
    ] as const) {
      app!.click(app!.button(name))
      expect(app!.dispatched.filter((e) => e.type === 'app/navigated').at(-1)?.payload, name).toMatchObject({ to })
    }
    // only the ways on whose screens exist: stats, a link out (app.29)
    app!.click(app!.button('Stats'))
    expect(app!.dispatched.at(-1)).toMatchObject({ type: 'app/linkOpened', payload: { url: LINKS.stats } })
  })

  it('[mining.8] the staking button leads to staking, or to the deposits once SWITCH is locked in some', async () => {
    await open([received(HOUR)])
    app!.click(app!.button(/^Staking$/))
    expect(app!.dispatched.at(-1)).toMatchObject({ type: 'app/navigated', payload: { to: '/mining/staking' } })
    app!.unmount()
    await open([received(HOUR, { lockAmount: '0.000000001' })])
    expect(app!.button(/^Staking$/)).toBeNull()
    app!.click(app!.button('Your staking deposits'))
    expect(app!.dispatched.at(-1)).toMatchObject({ type: 'app/navigated', payload: { to: '/mining/staking/deposits' } })
  })

  it('[mining.11] the balance always has 4 decimals, zeros kept: "994.9800", not "994.98"', async () => {
    await open([received(HOUR, { gotAmount: '994.98' })])
    expect(testId('got-amount')).toBe('994.9800 SWITCH')
    app!.unmount()
    await open([received(HOUR, { gotAmount: '994.98' })], 'ru')
    expect(testId('got-amount')).toBe('994,9800 SWITCH')
  })

  it('the mining screen in Russian', async () => {
    await open([received(HOUR, { gotAmount: '1234.56789' })], 'ru')
    expect(app!.text()).toContain('Вы добываете SWITCH каждый час')
    expect(testId('speed')).toBe('1,5 SWITCH в час')
    expect(testId('mined-now')).toBe('1,5000')
    expect(testId('got-amount')).toBe('1\u00a0234,5678 SWITCH')
    expect(app!.text()).toContain('Соберите до 22.11.2026, 14:00')
    expect(mainButton().textContent).toBe('Собрать')
  })

  it("[mining.4] between polls the amount rises on the server's clock, from the state alone: no event is dispatched", async () => {
    await open([received(HOUR)])
    const before = app!.dispatched.length
    vi.setSystemTime(DEVICE + HOUR)
    await frames()
    expect(testId('mined-now')).toBe('3.0000')
    expect(testId('time-left')).toBe('4:00:00')
    vi.setSystemTime(DEVICE + HOUR + 1000)
    await frames()
    expect(testId('mined-now')).toBe('3.0004')
    expect(testId('time-left')).toBe('3:59:59')
    expect(app!.dispatched.length).toBe(before)
  })

  it("a phone whose clock is wrong still counts on the server's time: the offset comes from the answer", async () => {
    // the device's clock says 10 minutes earlier than the server's: the answer says so
    await open([{ type: 'mining/userReceived', payload: { ...answerAt(HOUR), serverTime: DEVICE + 600_000 } as never }])
    // read at the server's DEVICE + 10 min, i.e. the record's HOUR; shown now at the same moment
    expect(testId('mined-now')).toBe('1.5000')
  })

  it('the last burn is shown: how much, when, how many windows; gone after a claim', async () => {
    const burn = {
      amount: '18',
      windows: 2,
      from: new Date(WINDOW_START - 12 * HOUR).toISOString(),
      to: new Date(WINDOW_START).toISOString(),
    }
    await open([received(HOUR, { lastBurn: burn, burnedAmount: '18' })])
    expect(testId('last-burn')).toBe(
      '18 SWITCH burnedIt was not claimed in time. The last missed window ended on 22/11/2026, 08:00; 6-hour windows missed: 2.',
    )
    app!.unmount()
    await open([received(HOUR, { lastBurn: burn, burnedAmount: '18' })], 'ru')
    expect(testId('last-burn')).toBe(
      'Сгорело 18 SWITCHИх не собрали вовремя. Последнее пропущенное окно закончилось 22.11.2026, 08:00; пропущено 6-часовых окон: 2.',
    )
    app!.dispatch({
      type: 'mining/claimed',
      payload: {
        answer: {
          outcome: 'claimed',
          claimed: '1.5',
          bonus: '0',
          userMining: record({ lastBurn: burn, dttmLastClaim: new Date(WINDOW_START + HOUR).toISOString() }),
          serverTime: WINDOW_START + HOUR,
        } as never,
      },
    })
    expect(testId('last-burn')).toBeNull()
  })

  it("the claim: Telegram's progress while it runs, then what was credited (with the PoH bonus)", async () => {
    await open([received(HOUR)])
    app!.dispatch({
      type: 'mining/claimRequested',
      payload: { idempotencyKey: 'k'.repeat(32), windowStart: record().windowStart as string },
    })
    expect(mainButton().getAttribute('aria-busy')).toBe('true')
    expect(mainButton().disabled).toBe(true)
    app!.dispatch({
      type: 'mining/claimed',
      payload: {
        answer: {
          outcome: 'claimed',
          claimed: '1.5',
          bonus: '0.075',
          userMining: record({ gotAmount: '13.920678912', windowStart: new Date(WINDOW_START + HOUR).toISOString() }),
          serverTime: WINDOW_START + HOUR,
        } as never,
      },
    })
    expect(mainButton().getAttribute('aria-busy')).toBeNull()
    expect(testId('claim-result')).toBe('+1.575 SWITCH claimed, 0.075 of them the proof-of-humanity bonus')
    expect(testId('got-amount')).toBe('13.9206 SWITCH')
    expect(testId('mined-now')).toBe('0.0000')
    app!.dispatch({ type: 'mining/claimRequested', payload: { idempotencyKey: 'x'.repeat(32), windowStart: 'w' } })
    app!.dispatch({
      type: 'mining/claimed',
      payload: {
        answer: {
          outcome: 'nothing',
          claimed: '0',
          bonus: '0',
          userMining: record(),
          serverTime: WINDOW_START,
        } as never,
      },
    })
    expect(testId('claim-result')).toBe('Nothing to claim yet: mining has only just started.')
  })

  it('a failed first load says so with a retry', async () => {
    await open([
      { type: 'mining/entered', payload: {} },
      { type: 'mining/userFailed', payload: { error: { kind: 'network', message: 'offline' } } },
    ])
    expect(app!.text()).toContain('Could not load your mining')
    app!.click(app!.button('Retry'))
    expect(app!.dispatched.at(-1)?.type).toBe('mining/refreshRequested')
  })

  it('the bottom menu shows the mining tab, active on /mining', async () => {
    await open([received(HOUR)])
    expect([...app!.container.querySelectorAll('nav a, nav button')].map((b) => b.textContent)).toEqual([
      'Wallet',
      'Mining',
      'Frens',
      'Big Pump',
      'Stats',
    ])
    expect(app!.container.querySelector('nav [aria-current="page"]')?.textContent).toBe('Mining')
    app!.click(app!.link('Wallet'))
    expect(app!.container.querySelector('nav [aria-current="page"]')?.textContent).toBe('Wallet')
    app!.click(app!.link('Mining'))
    expect(app!.dispatched.filter((e) => e.type === 'app/navigated').at(-1)).toMatchObject({
      payload: { to: '/mining' },
    })
    expect(app!.container.querySelector('nav [aria-current="page"]')?.textContent).toBe('Mining')
  })
})

describe('onboarding', () => {
  it('[mining.10] a first visit shows 3 steps, Next on the main button, then mining', async () => {
    await open([{ type: 'mining/created', payload: {} }, received(0)])
    const step = () => [
      app!.container.querySelector('.onboarding__title')?.textContent,
      app!.container.querySelector('.onboarding__dots')?.getAttribute('aria-label'),
      mainButton().textContent,
    ]
    expect(step()).toEqual(['Mine SWITCH', 'Step 1 of 3', 'Next'])
    app!.click(mainButton())
    expect(step()).toEqual(['Claim every 6 hours', 'Step 2 of 3', 'Next'])
    app!.click(mainButton())
    expect(step()).toEqual(['Mine faster', 'Step 3 of 3', 'Start mining'])
    expect(app!.button('Skip')).toBeNull()
    app!.click(mainButton())
    expect(testId('onboarding')).toBeNull()
    expect(mainButton().textContent).toBe('Claim')
  })

  it('greets a new miner as soon as the first read finds no profile, while it is made', async () => {
    await open([{ type: 'mining/creating', payload: {} }])
    expect(app!.container.querySelector('.onboarding__title')?.textContent).toBe('Mine SWITCH')
    expect(mainButton().textContent).toBe('Next')
  })

  it('a profile that could not be made shows the failure with a retry, not the greeting', async () => {
    await open([
      { type: 'mining/creating', payload: {} },
      { type: 'mining/userFailed', payload: { error: { kind: 'network', message: 'offline' } } },
    ])
    expect(testId('onboarding')).toBeNull()
    expect(app!.text()).toContain('Could not load your mining')
    app!.click(app!.button('Retry'))
    expect(app!.dispatched.at(-1)?.type).toBe('mining/refreshRequested')
  })

  it('in Russian, and Skip closes it', async () => {
    await open([{ type: 'mining/created', payload: {} }, received(0)], 'ru')
    expect(app!.container.querySelector('.onboarding__title')?.textContent).toBe('Добывайте SWITCH')
    expect(mainButton().textContent).toBe('Далее')
    app!.click(app!.button('Пропустить'))
    expect(testId('onboarding')).toBeNull()
    expect(app!.store.getState().mining.onboardingSeen).toBe(true)
  })
})

describe('the finish screen', () => {
  const ended = {
    endsAt: new Date(WINDOW_START + HOUR).toISOString(),
    appealUntil: new Date(WINDOW_START + 3 * HOUR).toISOString(),
  }
  const results = (over: object) =>
    ({
      type: 'mining/resultsReceived',
      payload: {
        results: { totalMined: '0', speed: '1.5', stakingAmount: '250', serverTime: WINDOW_START + 2 * HOUR, ...over },
      },
    }) as EventInput
  // the answer read two hours in; the server's clock then is past the season's end
  const over = received(2 * HOUR, {}, ended)

  it("[mining.12] once the season has ended on the server's clock the finish screen shows instead, loading first", async () => {
    await open([over])
    expect(app!.container.querySelector('[data-testid="finish-loading"]')?.getAttribute('aria-busy')).toBe('true')
    expect(app!.dispatched.some((e) => e.type === 'mining/finishEntered')).toBe(true)
    expect(mainButton()).toBeNull()
  })

  it('the season ends while the screen is open: the finish screen takes its place', async () => {
    await open([received(HOUR - 60_000, {}, ended)])
    expect(testId('mined-now')).not.toBeNull()
    vi.setSystemTime(DEVICE + 61_000)
    await frames()
    expect(testId('finish-loading')).not.toBeNull()
  })

  it('[mining.13] a confirmed human sees total mined, speed, staking amount and the news channel', async () => {
    await open([over, results({ state: 'results', totalMined: '1234.567891' })])
    expect(testId('finish-total')).toBe('1,234.5678 SWITCH')
    const text = app!.text()
    expect(text).toContain('The mining season is over')
    expect(text).toContain('Speed1.5 SWITCH per hour')
    expect(text).toContain('In staking250 SWITCH')
    app!.click(app!.button('News channel'))
    expect(app!.dispatched.at(-1)).toMatchObject({ type: 'app/linkOpened', payload: { url: LINKS.news } })
  })

  it('[mining.15] burned results: 0 SWITCH, the burned amount and the appeal while it is open', async () => {
    await open([over, results({ state: 'burned', burnedAmount: '57.123456' })])
    expect(testId('finish-total')).toBe('0 SWITCH')
    expect(app!.text()).toContain(
      '57.1234 SWITCH burned: you joined after 31 March 2025 and did not confirm you are human.',
    )
    expect(testId('finish-appeal')).toBe('Complete the proof of humanity to appeal.')
    app!.unmount()
    await open([over, results({ state: 'burned', burnedAmount: '57.123456' })], 'ru')
    expect(app!.text()).toContain('Сгорело 57,1234 SWITCH')
    expect(testId('finish-appeal')).toBe('Пройдите подтверждение человечности, чтобы обжаловать.')
  })

  it('[mining.16] after the appeal deadline the burned results become the missed message', async () => {
    await open([over, results({ state: 'burned', burnedAmount: '57' })])
    expect(testId('finish-appeal')).not.toBeNull()
    vi.setSystemTime(DEVICE + HOUR)
    await frames()
    expect(testId('finish-appeal')).toBeNull()
    expect(testId('finish-missed')).toContain('You missed the results')
    app!.unmount()
    await open([over, results({ state: 'missed', burnedAmount: '57' })], 'ru')
    expect(testId('finish-missed')).toContain('Вы пропустили итоги')
  })
})

describe('the autoclaim modal', () => {
  const opened: EventInput[] = [
    received(HOUR),
    { type: 'mining/autoclaimOpened', payload: {} },
    { type: 'mining/autoclaimOfferReceived', payload: { offer } as never },
  ]
  const sheet = () => app!.container.querySelector('[role="dialog"]')
  const failedWith = (error: object): EventInput[] => [
    ...opened,
    { type: 'mining/autoclaimPayRequested', payload: { way: 'internal' } },
    { type: 'mining/autoclaimFailed', payload: { way: 'internal', error } as never },
  ]

  it('[tasks.43] [tasks.51] the card opens the modal: 195 Stars or the TON price; the claim button gives way to it', async () => {
    await open([received(HOUR)])
    app!.click(app!.button('Autoclaim'))
    expect(app!.dispatched.at(-1)?.type).toBe('mining/autoclaimOpened')
    app!.dispatch({ type: 'mining/autoclaimOfferReceived', payload: { offer } as never })
    expect(sheet()?.getAttribute('aria-label')).toBe('Autoclaim')
    expect(sheet()?.textContent).toContain('For 30 days the server claims for you before every deadline')
    app!.click(app!.button('Pay 195 Stars'))
    expect(app!.dispatched.at(-1)).toMatchObject({ type: 'mining/autoclaimWayChosen', payload: { way: 'stars' } })
    app!.click(app!.button('Confirm and pay'))
    expect(app!.dispatched.at(-1)).toMatchObject({ type: 'mining/autoclaimPayRequested', payload: { way: 'stars' } })
    expect(mainButton()).toBeNull()
  })

  for (const [language, want] of [
    [
      'en',
      {
        row: 'Pay 0.5 TON',
        amount: '0.5 TON',
        source: 'Wallet 2 in this appBalance: 12.25 TON',
        facts: ['From', 'For'],
        what: 'Autoclaim for 30 days',
        confirm: 'Confirm and pay',
        cancel: 'Cancel',
        stars: ['Pay 195 Stars', '195 Stars', 'Your Telegram Stars'],
        external: ['Pay 0.5 TON from another wallet', '0.5 TON', 'Your own TON wallet'],
      },
    ],
    [
      'ru',
      {
        row: 'Оплатить 0,5 TON',
        amount: '0,5 TON',
        source: 'Кошелёк 2 в этом приложенииБаланс: 12,25 TON',
        facts: ['Откуда', 'За что'],
        what: 'Автосбор на 30 дней',
        confirm: 'Подтвердить и оплатить',
        cancel: 'Отмена',
        stars: ['Оплатить 195 Stars', '195 Stars', 'Ваши Telegram Stars'],
        external: ['Оплатить 0,5 TON с другого кошелька', '0,5 TON', 'Ваш собственный кошелёк TON'],
      },
    ],
  ] as const)
    it(`a tap on a way pays nothing yet: it shows what will be paid and from where, and asks to confirm; Cancel goes back; one Confirm is one payment (${language})`, async () => {
      const balances = {
        type: 'wallet/balancesReceived',
        payload: {
          accountIndex: 1,
          balances: [
            { address: 'native', chainId: 'TON', tokensAmount: '12.25', usdAmount: 36.75, symbol: 'TON', decimals: 9 },
          ],
        },
      }
      await open(
        [
          { type: 'wallet/walletSelected', payload: { accountIndex: 1 } } as EventInput,
          balances as EventInput,
          ...opened,
        ],
        language,
      )
      app!.click(app!.button(want.row))
      expect(app!.dispatched.filter((x) => x.type === 'mining/autoclaimPayRequested')).toEqual([])
      expect(testId('autoclaim-confirm-amount')).toBe(want.amount)
      expect(testId('autoclaim-confirm-source')).toBe(want.source)
      expect([...sheet()!.querySelectorAll('.autoclaim-confirm__fact dt')].map((x) => x.textContent)).toEqual(
        want.facts,
      )
      expect(testId('autoclaim-confirm')).toContain(want.what)
      app!.click(app!.button(want.cancel))
      expect(testId('autoclaim-confirm')).toBeNull()
      expect(app!.dispatched.filter((x) => x.type === 'mining/autoclaimPayRequested')).toEqual([])
      for (const [row, amount, source] of [want.stars, want.external]) {
        app!.click(app!.button(row))
        expect([testId('autoclaim-confirm-amount'), testId('autoclaim-confirm-source')]).toEqual([amount, source])
        app!.click(app!.button(want.cancel))
      }
      app!.click(app!.button(want.row))
      const confirm = app!.button(want.confirm)
      app!.click(confirm)
      app!.click(confirm)
      expect(app!.dispatched.filter((x) => x.type === 'mining/autoclaimPayRequested')).toHaveLength(1)
      expect(app!.store.getState().mining.autoclaim.payment).toMatchObject({ step: 'ordering', way: 'internal' })
    })

  it('in Russian', async () => {
    await open(opened, 'ru')
    expect(sheet()?.getAttribute('aria-label')).toBe('Автосбор')
    expect(app!.button('Оплатить 195 Stars')).not.toBeNull()
    expect(app!.button('Оплатить 0,5 TON')).not.toBeNull()
  })

  it('while paying it says what is happening; a paid invoice waits for the server', async () => {
    await open([
      ...opened,
      { type: 'mining/autoclaimPayRequested', payload: { way: 'stars' } },
      { type: 'mining/autoclaimOrdered', payload: { way: 'stars', orderId: 'SWA' } },
    ])
    expect(testId('autoclaim-progress')).toBe('Pay in the Telegram window')
    app!.dispatch({ type: 'mining/autoclaimInvoiceClosed', payload: { orderId: 'SWA', status: 'paid' } })
    expect(testId('autoclaim-progress')).toBe('Payment received. Waiting for the server to confirm it')
    app!.dispatch({
      type: 'mining/autoclaimOrderChecked',
      payload: {
        order: {
          orderId: 'SWA',
          product: 'autoclaim',
          way: 'stars',
          status: 'granted',
          expiresAt: '2026-11-22T10:00:00Z',
        },
      },
    })
    expect(testId('success')).not.toBeNull()
  })

  it('[tasks.50] [tasks.52] success says activation takes up to 1 hour; Done closes it', async () => {
    await open([
      ...opened,
      { type: 'mining/autoclaimPayRequested', payload: { way: 'internal' } },
      { type: 'mining/autoclaimOrdered', payload: { way: 'internal', orderId: 'SWI' } },
      { type: 'mining/autoclaimTransferred', payload: { orderId: 'SWI' } },
      {
        type: 'mining/autoclaimOrderChecked',
        payload: {
          order: {
            orderId: 'SWI',
            product: 'autoclaim',
            way: 'internal',
            status: 'granted',
            expiresAt: '2026-11-22T10:00:00Z',
          },
        },
      },
    ])
    expect(app!.container.querySelector('.success__title')?.textContent).toBe('Autoclaim is paid')
    expect(testId('success-detail')).toBe('Activation takes up to 1 hour.Its reward comes within 3 days.')
    app!.click(mainButton())
    expect(app!.store.getState().mining.autoclaim).toMatchObject({ open: false, payment: { step: 'choose' } })
    expect(mainButton().textContent).toBe('Claim')
  })

  it('[tasks.45] [tasks.47] a refusal on amount: not enough balance under the general error title, with go-to-swap', async () => {
    await open(failedWith({ kind: 'rejected', status: 400, message: 'Insufficient balance', path: 'amount' }))
    expect(testId('autoclaim-error')).toContain('Something went wrong')
    expect(testId('autoclaim-error')).toContain('Not enough TON on your balance to pay for autoclaim.')
    app!.click(app!.button('Go to swap'))
    expect(app!.store.getState().app.history.at(-1)).toBe('/swap')
    // a path that includes amount, not only equals it
    app!.unmount()
    await open(failedWith({ kind: 'rejected', status: 400, message: 'Insufficient balance', path: 'data.amount' }))
    expect(testId('autoclaim-error')).toContain('Not enough TON on your balance to pay for autoclaim.')
  })

  it('[tasks.46] [tasks.47] any other failure: the unknown error, the general title, go-to-swap; in Russian too', async () => {
    await open(failedWith({ kind: 'server', status: 500, message: 'boom' }))
    expect(testId('autoclaim-error')).toContain('Something went wrong')
    expect(testId('autoclaim-error')).toContain('The payment failed for an unknown reason.')
    expect(app!.button('Go to swap')).not.toBeNull()
    // a dry run's refusal on another field is unknown too, not a lack of balance
    app!.unmount()
    await open(
      failedWith({ kind: 'rejected', status: 400, message: 'comment names no order of yours', path: 'comment' }),
    )
    expect(testId('autoclaim-error')).toContain('The payment failed for an unknown reason.')
    expect(testId('autoclaim-error')).not.toContain('Not enough TON')
    app!.click(app!.button('Try again'))
    expect(app!.button('Pay 195 Stars')).not.toBeNull()
    app!.unmount()
    await open(failedWith({ kind: 'rejected', status: 400, message: 'x', path: 'amount' }), 'ru')
    expect(testId('autoclaim-error')).toContain('Что-то пошло не так')
    expect(testId('autoclaim-error')).toContain('Недостаточно TON на балансе')
    expect(app!.button('Перейти к обмену')).not.toBeNull()
  })

  it('a cancelled invoice says nothing was paid', async () => {
    await open([
      ...opened,
      { type: 'mining/autoclaimPayRequested', payload: { way: 'stars' } },
      { type: 'mining/autoclaimOrdered', payload: { way: 'stars', orderId: 'SWA' } },
      { type: 'mining/autoclaimInvoiceClosed', payload: { orderId: 'SWA', status: 'cancelled' } },
    ])
    expect(testId('autoclaim-cancelled')).toBe('Payment cancelledYou closed the invoice. Nothing was paid.Try again')
  })

  it("[tasks.43] three ways: Stars, TON from this wallet, TON from a wallet of one's own; a refusal in the wallet says nothing was paid", async () => {
    await open(opened)
    expect([...sheet()!.querySelectorAll('.cell__title')].map((c) => c.textContent)).toEqual([
      'Pay 195 Stars',
      'Pay 0.5 TON',
      'Pay 0.5 TON from another wallet',
    ])
    app!.click(app!.button('Pay 0.5 TON from another wallet'))
    app!.click(app!.button('Confirm and pay'))
    expect(app!.dispatched.at(-1)).toMatchObject({ type: 'mining/autoclaimPayRequested', payload: { way: 'external' } })
    app!.dispatch({ type: 'mining/autoclaimWalletDeclined', payload: {} })
    expect(testId('autoclaim-cancelled')).toBe(
      'Payment cancelledYou declined in your wallet. Nothing was paid.Try again',
    )
  })

  it('an active autoclaim shows on the card with its end date, and cannot be bought again', async () => {
    await open([
      received(HOUR, { autoclaimActive: true }),
      {
        type: 'mining/autoclaimOfferReceived',
        payload: { offer: { ...offer, active: true, until: '2026-12-22T08:00:00.000Z' } } as never,
      },
    ])
    expect(app!.text()).toContain('Active until 22/12/2026, 08:00')
    expect(app!.button('Autoclaim')).toBeNull()
  })
})
