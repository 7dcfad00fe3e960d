// @vitest-environment happy-dom
import { act } from 'react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderApp } from '../render'
import { typeKeys, paste } from '../typing'
import { launch } from '../../domain/fixtures/events'
import type { EventInput } from '../../../domain/events'
import { NOW, airdrops, groups, task } from '../../domain/tasks/fixtures'

let app: ReturnType<typeof renderApp> | null = null
beforeAll(async () => {
  await import('../../../src/tasks/TasksScreen')
})
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(NOW)
})
afterEach(() => {
  app?.unmount()
  app = null
  vi.useRealTimers()
})

const frames = () => act(async () => await new Promise((r) => setTimeout(r, 60)))
async function open(
  path: string,
  events: EventInput[] = [],
  { language = 'en', startParam = null }: { language?: 'en' | 'ru'; startParam?: string | null } = {},
) {
  app = renderApp([
    {
      type: 'app/launched',
      payload: launch({ startParam, user: { id: 1, firstName: 'Mia', languageCode: language } }),
    },
    { type: 'app/navigated', payload: { to: path } },
  ])
  await frames()
  for (const e of events) app.dispatch(e)
  await frames()
  return app
}
const q = (selector: string) => app!.container.querySelector(selector)
const testId = (id: string) => q(`[data-testid="${id}"]`)?.textContent ?? null
const card = (code: string) => q(`[data-task="${code}"]`)
const received = (tab = 'boosts', over = {}): EventInput => ({
  type: 'tasks/received',
  payload: { tab: tab as 'boosts', groups: groups(over) },
})
const speed: EventInput = { type: 'tasks/recordRead', payload: { speed: '2', serverTime: null } }
const offline = { kind: 'network', message: 'offline' } as const
const entered = () =>
  app!.dispatched.filter((e) => e.type === 'tasks/entered').map((e) => (e.payload as { tab: string }).tab)

describe('the tasks screen', () => {
  it('[tasks.1] the tabs bigpump, boosts, subscriptions and airdrops; /mining/tasks/{tab} opens one, a tap moves to another in place', async () => {
    await open('/mining/tasks/subscriptions')
    const tabs = [...app!.container.querySelectorAll('[role="tab"]')]
    expect(tabs.map((b) => b.textContent)).toEqual(['Big Pump', 'Boosts', 'Subscriptions', 'Airdrops'])
    expect(q('[role="tab"][aria-selected="true"]')?.textContent).toBe('Subscriptions')
    expect(entered()).toEqual(['subscriptions'])
    app!.click(q('[data-testid="tab-airdrops"]'))
    expect(
      app!.dispatched.find(
        (e) => e.type === 'app/navigated' && (e.payload as { to: string }).to === '/mining/tasks/airdrops',
      )?.payload,
    ).toEqual({ to: '/mining/tasks/airdrops', replace: true })
    await frames()
    expect(q('[role="tab"][aria-selected="true"]')?.textContent).toBe('Airdrops')
    // the list tab was left before the airdrops were entered
    const types = app!.dispatched.map((e) => e.type).filter((t) => t === 'tasks/entered' || t === 'tasks/left')
    expect(types).toEqual(['tasks/entered', 'tasks/left', 'tasks/entered'])
    expect(entered()).toEqual(['subscriptions', 'airdrops'])
  })

  it("[tasks.2] [tasks.3] /mining/tasks opens the start parameter's tab, bigpump without one (or with an unknown one)", async () => {
    await open('/mining/tasks', [], { startParam: 'tab-subscriptions' })
    expect(entered()).toEqual(['subscriptions'])
    app!.unmount()
    await open('/mining/tasks')
    expect(entered()).toEqual(['bigpump'])
    expect(q('[role="tab"][aria-selected="true"]')?.textContent).toBe('Big Pump')
    app!.unmount()
    await open('/mining/tasks', [], { startParam: 'tab-nonsense' })
    expect(entered()).toEqual(['bigpump'])
  })

  it("the groups in order with each group's countdown to its earliest deadline; done and expired marks", async () => {
    await open('/mining/tasks/boosts', [
      received('boosts', {
        trade: [
          task({ code: 'tonSwaps', type: 'swap', doneAmount: 1, dttmUpdate: NOW - 1 }),
          task({ code: 'burnFest', type: 'burn', reward: 0.25 }),
        ],
      }),
      speed,
    ])
    const headers = [...app!.container.querySelectorAll('[data-group]')].map((g) => g.getAttribute('data-group'))
    expect(headers).toEqual(['daily', 'trade', 'subscriptions', 'partner'])
    // daily: the daily swap (12:00 UTC) is below its minSpeedToShow at this speed, so the earliest
    // shown deadline is the daily reward's, 00:00 UTC, 21 h from now; partner: 26 Nov, past 24 h
    expect(testId('badge-daily')).toBe('21:00:00')
    expect(testId('badge-partner')).toBe('1 d 21 h')
    expect(testId('badge-trade')).toBeNull()
    expect(card('tonSwaps')?.textContent).toContain('Expired')
    expect(card('goats')?.textContent).toContain('Done')
    expect(card('kombat')?.textContent).toContain('Start')
  })

  it('[tasks.16] a task below its minSpeedToShow is left out until the speed reaches it', async () => {
    await open('/mining/tasks/boosts', [
      received(),
      { type: 'tasks/recordRead', payload: { speed: '0.999999999', serverTime: null } },
    ])
    expect(card('dailySwap')).toBeNull()
    app!.dispatch({ type: 'tasks/recordRead', payload: { speed: '1000000', serverTime: null } })
    await frames()
    expect(card('dailySwap')).not.toBeNull()
  })

  it("[tasks.21] the daily reward is a grid of one cell per day, 4 a row: the days before claimed, today's claimed by a tap, once", async () => {
    await open('/mining/tasks/boosts', [received(), speed])
    const rows = [...app!.container.querySelectorAll('.daily-grid__row')]
    expect(rows.map((r) => r.children.length)).toEqual([4, 3])
    expect(app!.container.querySelectorAll('[data-testid="daily-claimed"]')).toHaveLength(2)
    const today = q('[data-testid="daily-today"]') as HTMLButtonElement
    expect(today.textContent).toBe('Day 3+30')
    app!.click(today)
    expect(app!.dispatched.at(-1)?.type).toBe('tasks/dailyRewardRequested')
    await frames()
    expect((q('[data-testid="daily-today"]') as HTMLButtonElement).disabled).toBe(true)
    app!.dispatch({ type: 'tasks/dailyRewardClaimed', payload: {} })
    await frames()
    expect(q('[data-testid="daily-today"]')).toBeNull()
    expect(app!.container.querySelectorAll('[data-testid="daily-claimed"]')).toHaveLength(3)
  })

  it('[tasks.20] the daily group holds the proof-of-humanity card worth +5 %, leading to the proof-of-humanity screen', async () => {
    await open('/mining/tasks/boosts', [received(), speed])
    const daily = q('[data-group="daily"]')!
    expect(daily.textContent).toContain('Proof of humanity')
    expect(daily.textContent).toContain('+5\u00a0%')
    const poh = [...daily.querySelectorAll('.cell')].find((c) => c.textContent?.includes('Proof of humanity'))!
    expect(poh.tagName).toBe('BUTTON')
    app!.click(poh as HTMLElement)
    expect(app!.dispatched.at(-1)).toMatchObject({ type: 'app/navigated', payload: { to: '/prove' } })
  })

  for (const [language, want] of [
    [
      'en',
      { title: 'Proof of humanity', verified: 'You are verified: +5\u00a0% to the SWITCH you mine', done: 'Done' },
    ],
    [
      'ru',
      {
        title: 'Подтверждение человечности',
        verified: 'Вы подтверждены: +5\u00a0% к добываемым SWITCH',
        done: 'Готово',
      },
    ],
  ] as const)
    it(`once verified the proof-of-humanity card says so, done, and offers nothing more (${language})`, async () => {
      await open(
        '/mining/tasks/boosts',
        [received(), { type: 'tasks/recordRead', payload: { speed: '2', serverTime: null, confirmProve: true } }],
        { language },
      )
      const daily = q('[data-group="daily"]')!
      const poh = [...daily.querySelectorAll('.cell')].find((c) => c.textContent?.includes(want.title))!
      expect(poh.textContent).toContain(want.verified)
      expect(poh.querySelector('.task-go')).toBeNull()
      expect(poh.querySelector('[data-testid="poh-task-done"]')?.textContent).toBe(want.done)
      expect(poh.tagName).not.toBe('BUTTON')
    })

  it('[tasks.73] the layerZero card gives its network fee, 0.0002 ETH, beside its boost, in English and Russian; no other card does; the burn card gives its speed a PUNK', async () => {
    const trade = {
      trade: [
        task({ code: 'layerZero', type: 'swap', reward: undefined, currentAddSpeed: 0.2 }),
        task({ code: 'arbSwaps', type: 'swap', reward: undefined, currentAddSpeed: 0.1 }),
        task({ code: 'burnFest', type: 'burn', reward: 0.25 }),
      ],
    }
    await open('/mining/tasks/boosts', [received('boosts', trade), speed])
    expect(card('layerZero')?.textContent).toContain('+0.2 SWITCH/h · Network fee about 0.0002 ETH')
    expect(card('arbSwaps')?.textContent).not.toContain('Network fee')
    // the burn card's reward is a speed for each PUNK burned
    expect(card('burnFest')?.textContent).toContain('+0.25 SWITCH/h a PUNK burned, 48 h')
    app!.unmount()
    await open('/mining/tasks/boosts', [received('boosts', trade), speed], { language: 'ru' })
    expect(card('layerZero')?.textContent).toContain('+0,2 SWITCH/ч · Комиссия сети около 0,0002 ETH')
    expect(card('burnFest')?.textContent).toContain('+0,25 SWITCH/ч за каждый сожжённый PUNK, 48 ч')
  })

  it('the daily boost shows while the server flags it; its claim is one tap, and the card goes once it is claimed', async () => {
    await open('/mining/tasks/boosts', [received(), speed])
    expect(app!.text()).not.toContain('Daily boost')
    app!.dispatch({ type: 'tasks/boostFlagRead', payload: { isNotifyForBoost: true } })
    await frames()
    app!.click(app!.button('Claim'))
    expect(app!.dispatched.at(-1)?.type).toBe('tasks/dailyBoostRequested')
    app!.dispatch({ type: 'tasks/dailyBoostActivated', payload: {} })
    await frames()
    expect(app!.button('Claim')).toBeNull()
    expect(app!.text()).not.toContain('Your boost for today is ready')
  })

  it('after a claim the screen says what the user got: the daily reward (amount, day), the daily boost (speed, hours), a burn (speed, 48 h); in English and Russian; closing the note', async () => {
    for (const language of ['en', 'ru'] as const) {
      await open(
        '/mining/tasks/boosts',
        [received(), speed, { type: 'tasks/boostFlagRead', payload: { isNotifyForBoost: true } }],
        { language },
      )
      app!.dispatch({ type: 'tasks/dailyRewardRequested', payload: {} })
      app!.dispatch({ type: 'tasks/dailyRewardClaimed', payload: { day: 3, reward: '30' } })
      app!.dispatch({ type: 'tasks/dailyBoostRequested', payload: {} })
      app!.dispatch({ type: 'tasks/dailyBoostActivated', payload: { speed: '0.5', hours: 3 } })
      await frames()
      expect(testId('daily-gained')).toBe(
        language === 'en'
          ? '+30 SWITCH for day 3 is on your balance. Come back tomorrow for the next day.'
          : '+30 SWITCH за день 3 уже на балансе. Возвращайтесь завтра за следующим днём.',
      )
      expect(testId('boost-gained')).toBe(
        language === 'en' ? 'Daily boost on: +0.5 SWITCH/h for 3 h' : 'Ежедневный буст включён: +0,5 SWITCH/ч на 3 ч',
      )
      expect(q('[data-testid="daily-gained"]')?.getAttribute('role')).toBe('status')
      app!.click(q('[data-testid="daily-gained"] button'))
      await frames()
      expect([testId('daily-gained'), testId('boost-gained')]).toEqual([null, null])
      app!.dispatch({ type: 'tasks/burnOpened', payload: { code: 'burnFest' } })
      app!.dispatch({ type: 'tasks/burnAmountChanged', payload: { text: '10' } })
      app!.dispatch({ type: 'tasks/burnSent', payload: { amount: '10', idempotencyKey: 'k' } })
      app!.dispatch({ type: 'tasks/burned', payload: { amount: '10', speed: '2.5', hours: 48 } })
      await frames()
      expect(testId('burn-gained')).toBe(
        language === 'en' ? 'Your boost: +2.5 SWITCH/h for 48 h' : 'Ваш буст: +2,5 SWITCH/ч на 48 ч',
      )
      app!.unmount()
      app = null
    }
  })

  it("a server that does not say what a claim gave: the grid's cell and the burn's preview stand in", async () => {
    await open('/mining/tasks/boosts', [received(), speed])
    app!.dispatch({ type: 'tasks/dailyRewardRequested', payload: {} })
    app!.dispatch({ type: 'tasks/dailyRewardClaimed', payload: {} })
    app!.dispatch({ type: 'tasks/burnOpened', payload: { code: 'burnFest' } })
    app!.dispatch({ type: 'tasks/burnSent', payload: { amount: '10', idempotencyKey: 'k' } })
    app!.dispatch({ type: 'tasks/burned', payload: { amount: '10' } })
    await frames()
    expect(testId('daily-gained')).toMatch(/^\+\d+ SWITCH for day \d+ is on your balance/)
    expect(testId('burn-gained')).toBe('Your boost: +2.5 SWITCH/h for 48 h')
  })

  it("[tasks.25] a subscription's tap starts it; while verifying the card shows 'confirming in progress', the time left and a circular progress, red at 25 % or less", async () => {
    await open('/mining/tasks/boosts', [received(), speed])
    app!.click(card('kombat')!.querySelector('button'))
    expect(app!.dispatched.at(-1)).toMatchObject({ type: 'tasks/taskOpened', payload: { code: 'kombat' } })
    app!.dispatch({ type: 'tasks/verifyStarted', payload: { code: 'kombat', cutSeconds: 5, endsAt: NOW + 53_000 } })
    await frames()
    expect(card('kombat')?.textContent).toContain('Confirming in progress')
    expect(testId('verify-kombat')).toBe('00:00:53')
    expect(q('[data-testid="verify-kombat"]')?.classList.contains('task-countdown--urgent')).toBe(true)
    expect(q('[data-testid="verify-kombat"] svg circle.task-countdown__left')).not.toBeNull()
    // the server's state is what counts: done, the timer no longer shows
    app!.dispatch(
      received('boosts', {
        subscriptions: [task({ code: 'kombat', type: 'subscription', url: 'https://t.me/kombat', doneAmount: 1 })],
      }),
    )
    await frames()
    expect(testId('verify-kombat')).toBeNull()
    expect(card('kombat')?.textContent).toContain('Done')
  })

  it('the card boostToOpen opened is marked and scrolled to', async () => {
    const scrolled: string[] = []
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.getAttribute('data-task') ?? '')
    }
    await open(
      '/mining/tasks/boosts',
      [received(), speed, { type: 'tasks/boostToOpenFound', payload: { code: 'burnFest' } }],
      { startParam: 'tab-boosts-boostToOpen-burnFest' },
    )
    expect(card('burnFest')?.classList.contains('task-card--highlight')).toBe(true)
    expect(scrolled).toContain('burnFest')
  })

  it('loading shows skeletons; a failure its retry; an empty list says so', async () => {
    await open('/mining/tasks/bigpump')
    expect(q('[aria-busy="true"]')).not.toBeNull()
    app!.dispatch({ type: 'tasks/failed', payload: { tab: 'bigpump', error: offline } })
    await frames()
    expect(app!.text()).toContain('Could not load the tasks')
    app!.click(app!.button('Retry'))
    expect(app!.dispatched.at(-1)).toMatchObject({ type: 'tasks/retried', payload: { tab: 'bigpump' } })
    app!.dispatch({ type: 'tasks/received', payload: { tab: 'bigpump', groups: {} } })
    await frames()
    expect(app!.text()).toContain('No tasks here yet')
  })

  it('[airdrops.1] [airdrops.4] airdrops are locked below 3 invited friends; open, each shows its speed, deadline, prize pool as a number or a range, winners and tasks', async () => {
    await open('/mining/tasks/airdrops', [{ type: 'tasks/airdropsReceived', payload: { answer: airdrops(2) } }])
    expect(testId('airdrops-locked')).toContain('Airdrops open once you have invited 3 friends')
    expect(testId('airdrops-locked')).toContain('Invited: 2 of 3')
    app!.dispatch({ type: 'tasks/airdropsReceived', payload: { answer: airdrops(3) } })
    await frames()
    expect(testId('airdrops-locked')).toBeNull()
    expect(testId('pool-tston')).toBe('10,000')
    expect(testId('pool-xrocket')).toBe('5,000 – 20,000')
    expect(app!.text()).toContain('+0.5 SWITCH/h')
    expect(app!.text()).toContain('01/12/2026, 00:00')
    expect(app!.text()).toContain('Winners100')
    app!.click(app!.button('Subscribe to the channel'))
    expect(app!.dispatched.at(-1)).toMatchObject({
      type: 'tasks/airdropTaskOpened',
      payload: { airdropId: 'tston', code: 'subscription' },
    })
  })

  it("each airdrop under its partner's name and logo, its prize pool with its unit; the deposit row says how much is in and leads to the deposit screen; in English and Russian", async () => {
    const answer = airdrops(3)
    answer.tasks[0] = {
      ...answer.tasks[0],
      pricePoolSymbol: 'TON',
      logoURI: '/logos/partners/tston.svg',
      tasks: [
        answer.tasks[0].tasks[0],
        { code: 'deposit', doneAmount: 2, maxAmount: 5, token: { symbol: 'USDT', chainId: 'TON' } },
      ],
    }
    answer.tasks[1] = { ...answer.tasks[1], pricePoolSymbol: 'USDT', logoURI: '/logos/partners/xrocket.svg' }
    for (const language of ['en', 'ru'] as const) {
      await open('/mining/tasks/airdrops', [{ type: 'tasks/airdropsReceived', payload: { answer } }], { language })
      expect([testId('airdrop-name-tston'), testId('airdrop-name-xrocket')]).toEqual(['Tonstakers', 'xRocket'])
      expect(app!.text()).not.toMatch(/TSTON|XROCKET/)
      expect(q('[data-testid="airdrop-tston"] img')?.getAttribute('src')).toBe('/logos/partners/tston.svg')
      expect(testId('pool-tston')).toBe(language === 'en' ? '10,000\u00a0TON' : '10\u00a0000\u00a0TON')
      expect(testId('pool-xrocket')).toBe(
        language === 'en' ? '5,000 – 20,000\u00a0USDT' : '5\u00a0000 – 20\u00a0000\u00a0USDT',
      )
      const deposit = q('[data-task="tston:deposit"]')
      expect(deposit?.textContent).toBe(
        language === 'en' ? 'Deposit USDT2 of 5 USDT depositedDeposit' : 'Внесите USDTВнесено 2 из 5 USDTВнести',
      )
      expect(deposit?.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')).toBe('2')
      app!.click(deposit!.querySelector('button'))
      expect(app!.dispatched.filter((e) => e.type === 'app/navigated').at(-1)).toMatchObject({
        payload: { to: '/refill/from' },
      })
      app!.unmount()
      app = null
    }
  })

  it("each task card carries its logo: the partner's served by the server, the project's own mark for its own tasks, the partner's monogram if the image fails", async () => {
    const partner = {
      partner: [
        task({
          code: 'bitgetSite',
          type: 'subscription',
          url: 'https://bitget.example/',
          logoURI: '/logos/partners/bitgetSite.svg',
        }),
        task({
          code: 'duckCoop',
          type: 'subscription',
          url: 'https://t.me/duck',
          logoURI: '/logos/partners/duckCoop.svg',
        }),
      ],
    }
    await open('/mining/tasks/boosts', [received('boosts', partner), speed])
    expect(card('bitgetSite')?.querySelector('img.task-logo')?.getAttribute('src')).toBe(
      '/logos/partners/bitgetSite.svg',
    )
    expect(card('burnFest')?.querySelector('.task-logo--own svg')).not.toBeNull()
    act(() => {
      card('duckCoop')?.querySelector('img.task-logo')?.dispatchEvent(new Event('error'))
    })
    expect(card('duckCoop')?.querySelector('.task-logo--monogram')?.textContent).toBe('DC')
  })

  it('locked airdrops say what unlocks them and how far the user is, and show the campaigns with their tasks locked', async () => {
    await open('/mining/tasks/airdrops', [{ type: 'tasks/airdropsReceived', payload: { answer: airdrops(1) } }])
    const locked = q('[data-testid="airdrops-locked"]')
    expect(locked?.textContent).toContain('Airdrops open once you have invited 3 friends')
    expect(locked?.textContent).toContain("Each airdrop adds mining speed and a chance at its partner's prize pool.")
    expect(locked?.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')).toBe('1')
    expect(
      [...app!.container.querySelectorAll('[data-testid="airdrop-task"]')].map((r) => r.getAttribute('data-state')),
    ).toEqual(['locked', 'locked', 'done'])
    expect(app!.button('Subscribe to the channel')).toBeNull()
    app!.click(app!.button('Invite friends'))
    expect(app!.dispatched.at(-1)).toMatchObject({ type: 'app/navigated', payload: { to: '/mining/frens' } })
  })

  it('[tasks.33] [tasks.34] [tasks.35] [tasks.42] the burn screen: the amount, the preview with one decimal when not whole, the 0.005 TON gas hint; Burn disabled below 1', async () => {
    await open('/mining/tasks/boosts', [received(), speed])
    app!.click(card('burnFest')!.querySelector('button'))
    expect(app!.dispatched.at(-1)).toMatchObject({ type: 'tasks/burnOpened', payload: { code: 'burnFest' } })
    await frames()
    const burnButton = () =>
      [...app!.container.querySelectorAll('.burn button')].find((b) => b.textContent === 'Burn') as HTMLButtonElement
    expect(app!.text()).toContain('Network fee about 0.005 TON')
    expect(burnButton().disabled).toBe(true)
    app!.dispatch({ type: 'tasks/burnAmountChanged', payload: { text: '0.9' } })
    await frames()
    expect(burnButton().disabled).toBe(true)
    expect(app!.text()).toContain('Enter a number of at least 1')
    // exactly 1 is enough
    app!.dispatch({ type: 'tasks/burnAmountChanged', payload: { text: '1' } })
    await frames()
    expect(burnButton().disabled).toBe(false)
    app!.dispatch({ type: 'tasks/burnAmountChanged', payload: { text: '2,5' } })
    await frames()
    // 2.5 x 0.25 = 0.625: one decimal, cut
    expect(testId('burn-preview')).toBe('Boost: +0.6 SWITCH/h')
    app!.dispatch({ type: 'tasks/burnAmountChanged', payload: { text: '8' } })
    await frames()
    expect(testId('burn-preview')).toBe('Boost: +2 SWITCH/h')
    expect(burnButton().disabled).toBe(false)
    app!.click(burnButton())
    expect(app!.dispatched.at(-1)?.type).toBe('tasks/burnTapped')
  })

  it('[app.12] the burn amount takes digits and one separator only: "abc0,5" leaves 0.5, a second separator and a 10th decimal are refused', async () => {
    await open('/mining/tasks/boosts', [received(), speed, { type: 'tasks/burnOpened', payload: { code: 'burnFest' } }])
    await frames()
    const input = q('[data-testid="burn-amount"]') as HTMLInputElement
    expect(typeKeys(input, 'abc0,5')).toBe('0.5')
    expect(typeKeys(input, ',.x')).toBe('0.5')
    expect(typeKeys(input, '1234567891')).toBe('0.512345678')
    expect(paste(input, '12 PUNK')).toBe('0.512345678')
    expect(paste(input, '12')).toBe('12')
    expect(app!.store.getState().tasks.burn.text).toBe('12')
  })

  it("[tasks.37] [tasks.40] a burn shows the amount burned, then done; a refusal is worded from its code inline, never the server's text; 4002 and 4003 make the button go to the swap", async () => {
    await open('/mining/tasks/boosts', [
      received(),
      speed,
      { type: 'tasks/burnOpened', payload: { code: 'burnFest' } },
      { type: 'tasks/burnAmountChanged', payload: { text: '3' } },
    ])
    app!.dispatch({ type: 'tasks/burnSent', payload: { amount: '3', idempotencyKey: 'k' } })
    app!.dispatch({ type: 'tasks/burnFailed', payload: { errorCode: 4100, errorMessage: 'Burning is paused' } })
    await frames()
    expect(testId('burn-error')).toBe('The burn did not go through. Try again in a moment.')
    expect(app!.button('Go to swap')).toBeNull()
    app!.dispatch({ type: 'tasks/burnFailed', payload: { errorCode: 500, errorMessage: 'server-error' } })
    await frames()
    expect(testId('burn-error')).toBe('Server error. Please try again later.')
    const worded = {
      4002: 'You do not hold that much PUNK. Get PUNK with a swap, or burn less.',
      4003: 'Not enough TON for the network fee of 0.005 TON. Get TON with a swap.',
    }
    for (const code of [4002, 4003] as const) {
      app!.dispatch({ type: 'tasks/burnFailed', payload: { errorCode: code, errorMessage: 'not enough PUNK' } })
      await frames()
      expect(testId('burn-error')).toBe(worded[code])
      app!.click(app!.button('Go to swap'))
      await frames()
      expect(app!.dispatched.filter((e) => e.type === 'app/navigated').at(-1)?.payload).toEqual({ to: '/swap' })
      app!.unmount()
      await open('/mining/tasks/boosts', [
        received(),
        speed,
        { type: 'tasks/burnOpened', payload: { code: 'burnFest' } },
        { type: 'tasks/burnAmountChanged', payload: { text: '3' } },
      ])
    }
    app!.dispatch({ type: 'tasks/burnSent', payload: { amount: '3', idempotencyKey: 'k' } })
    app!.dispatch({ type: 'tasks/burned', payload: { amount: '3' } })
    await frames()
    expect(testId('burn-done')).toContain('3 PUNK burned')
    app!.click(q('[data-testid="burn-done"] button'))
    await frames()
    expect(app!.dispatched.at(-1)?.type).toBe('tasks/burnClosed')
    expect(q('.burn')).toBeNull()
  })

  it("a burn failure shows inline on the burn screen, worded from its errorCode in the user's language; neither the code nor the server's errorMessage is on screen (tasks.38 as docs/features/tasks.md reads it)", async () => {
    for (const [language, want] of [
      [
        'en',
        [
          'The burn did not go through. Try again in a moment.',
          'You do not hold that much PUNK. Get PUNK with a swap, or burn less.',
        ],
      ],
      [
        'ru',
        [
          'Сжечь не удалось. Попробуйте ещё раз чуть позже.',
          'У вас нет столько PUNK. Купите PUNK через обмен или сожгите меньше.',
        ],
      ],
    ] as const) {
      await open(
        '/mining/tasks/boosts',
        [
          received(),
          speed,
          { type: 'tasks/burnOpened', payload: { code: 'burnFest' } },
          { type: 'tasks/burnAmountChanged', payload: { text: '3' } },
        ],
        { language },
      )
      expect(testId('burn-error')).toBeNull()
      for (const [errorCode, shown] of [
        [4100, want[0]],
        [4002, want[1]],
      ] as const) {
        app!.dispatch({ type: 'tasks/burnSent', payload: { amount: '3', idempotencyKey: `k${errorCode}` } })
        app!.dispatch({
          type: 'tasks/burnFailed',
          payload: { errorCode, errorMessage: 'Internal: burn paused by operator' },
        })
        await frames()
        // inline: on the burn screen itself, beside its amount, not a toast or another screen
        expect(q('.burn [data-testid="burn-error"]')?.getAttribute('role')).toBe('alert')
        expect(testId('burn-error')).toBe(shown)
        expect(q('.burn')?.textContent).not.toContain(String(errorCode))
        expect(q('.burn')?.textContent).not.toContain('Internal: burn paused')
      }
      app!.unmount()
      app = null
    }
  })

  it("the project's channel not seen once its timer ended: the card says so and how to try again, in English and Russian; a new start clears it", async () => {
    for (const language of ['en', 'ru'] as const) {
      const sub = (over: object) =>
        received('subscriptions', {
          subscriptions: [
            task({ code: 'subscription', type: 'subscription', url: 'https://t.me/switch_wallet_news', ...over }),
          ],
        })
      await open('/mining/tasks/subscriptions', [sub({ state: 'notStarted', lastCheck: 'notSeen' }), speed], {
        language,
      })
      const note = () => card('subscription')?.querySelector('[role="alert"]')?.textContent ?? null
      expect(note()).toBe(
        language === 'en'
          ? 'We did not see you in the channel yet. Subscribe, then tap Start to check again.'
          : 'Мы не увидели вас среди подписчиков канала. Подпишитесь и нажмите «Начать», чтобы проверить снова.',
      )
      expect(card('subscription')?.textContent).toContain(language === 'en' ? 'Start' : 'Начать')
      app!.dispatch(sub({ state: 'notStarted', lastCheck: 'notChecked' }))
      await frames()
      expect(note()).toBe(
        language === 'en'
          ? 'The subscription could not be checked just now. Tap Start to try again.'
          : 'Сейчас не удалось проверить подписку. Нажмите «Начать», чтобы попробовать снова.',
      )
      app!.dispatch(sub({ state: 'verifying' }))
      await frames()
      expect(note()).toBeNull()
      app!.unmount()
      app = null
    }
  })

  it('a burn refusal in Russian is Russian throughout: no code, no English from the server', async () => {
    await open(
      '/mining/tasks/boosts',
      [
        received(),
        speed,
        { type: 'tasks/burnOpened', payload: { code: 'burnFest' } },
        { type: 'tasks/burnAmountChanged', payload: { text: '3' } },
      ],
      { language: 'ru' },
    )
    app!.dispatch({ type: 'tasks/burnSent', payload: { amount: '3', idempotencyKey: 'k' } })
    app!.dispatch({ type: 'tasks/burnFailed', payload: { errorCode: 4002, errorMessage: 'not enough PUNK' } })
    await frames()
    expect(testId('burn-error')).toBe('У вас нет столько PUNK. Купите PUNK через обмен или сожгите меньше.')
    app!.dispatch({
      type: 'tasks/burnFailed',
      payload: { errorCode: 4003, errorMessage: 'not enough TON for the gas (0.005 TON)' },
    })
    await frames()
    expect(testId('burn-error')).toBe('Не хватает TON на комиссию сети 0,005 TON. Получите TON через обмен.')
  })

  it('in Russian', async () => {
    await open(
      '/mining/tasks/boosts',
      [received(), speed, { type: 'tasks/airdropsReceived', payload: { answer: airdrops(1) } }],
      { language: 'ru' },
    )
    expect([...app!.container.querySelectorAll('[role="tab"]')].map((b) => b.textContent)).toEqual([
      'Big Pump',
      'Бусты',
      'Подписки',
      'Аирдропы',
    ])
    expect(app!.text()).toContain('Ежедневные')
    expect(app!.text()).toContain('Подтверждение человечности')
    expect(testId('badge-partner')).toBe('1 д 21 ч')
    expect(q('[data-testid="daily-today"]')?.textContent).toBe('День 3+30')
  })

  it("[tasks.55] [tasks.56] [tasks.57] the staking boost's sheet: connect, stake, check; a check's failure shows its message", async () => {
    const staking = {
      connect: [
        task({ code: 'punkStaking', type: 'staking', url: 'https://t.me/punk_staking_bot' }),
        task({ code: 'emoji', type: 'claim' }),
      ],
    }
    await open('/mining/tasks/boosts', [received('boosts', staking), speed])
    app!.click(card('punkStaking')!.querySelector('button'))
    expect(app!.dispatched.at(-1)?.type).toBe('tasks/punkStakingOpened')
    await frames()
    const sheet = () => q('[data-testid="punk-staking"]')
    expect(sheet()?.getAttribute('data-step')).toBe('not-connected')
    const check = () =>
      [...sheet()!.querySelectorAll('button')].find((b) => b.textContent === 'Check') as HTMLButtonElement
    expect(check().disabled).toBe(true)
    app!.click(app!.button('Connect a TON wallet'))
    expect(app!.dispatched.at(-1)?.type).toBe('tasks/walletRequested')
    app!.dispatch({ type: 'tasks/walletSet', payload: { address: 'UQ' } })
    await frames()
    app!.click(app!.button('Stake PUNK in the staking bot'))
    expect(app!.dispatched.at(-1)?.type).toBe('tasks/punkStakeOpened')
    await frames()
    app!.click(check())
    expect(app!.dispatched.at(-1)?.type).toBe('tasks/punkStakingCheckRequested')
    app!.dispatch({ type: 'tasks/punkStakingChecked', payload: { result: 'no-staking' } })
    await frames()
    expect(testId('punk-staking-error')).toBe('There is no PUNK in staking')
    expect(sheet()?.getAttribute('data-step')).toBe('connected')
    app!.click(app!.button('Stake PUNK in the staking bot'))
    app!.dispatch({ type: 'tasks/punkStakingChecked', payload: { result: 'not-enough-staked' } })
    await frames()
    expect(testId('punk-staking-error')).toBe('Not enough PUNK is staked')
    expect(sheet()?.getAttribute('data-step')).toBe('connected')
    // no wallet: back to not-connected, with its own message
    app!.click(app!.button('Stake PUNK in the staking bot'))
    app!.dispatch({ type: 'tasks/punkStakingChecked', payload: { result: 'no-wallet' } })
    await frames()
    expect(testId('punk-staking-error')).toBe('No TON wallet is linked: connect one first')
    expect(sheet()?.getAttribute('data-step')).toBe('not-connected')
    app!.dispatch({ type: 'tasks/walletSet', payload: { address: 'UQ' } })
    await frames()
    app!.click(app!.button('Stake PUNK in the staking bot'))
    app!.dispatch({ type: 'tasks/punkStakingChecked', payload: { result: 'ok' } })
    await frames()
    expect(sheet()?.textContent).toContain('Checked: your boost is on')
  })

  it('the emoji card: a check that finds none says so under the card', async () => {
    await open('/mining/tasks/boosts', [
      received('boosts', { connect: [task({ code: 'emoji', type: 'claim' })] }),
      speed,
    ])
    app!.click(card('emoji')!.querySelector('button'))
    expect(app!.dispatched.at(-1)?.type).toBe('tasks/emojiRequested')
    app!.dispatch({ type: 'tasks/emojiChecked', payload: { activated: false } })
    await frames()
    expect(card('emoji')?.textContent).toContain('No emoji in your Telegram name yet')
  })

  it("[tasks.62] the partner wallet's sheet: download, then connect; another wallet app is refused with its message", async () => {
    await open('/mining/tasks/boosts', [
      received('boosts', { connect: [task({ code: 'bitgetWallet', type: 'claim', url: 'https://web3.bitget.com/' })] }),
      speed,
    ])
    app!.click(card('bitgetWallet')!.querySelector('button'))
    expect(app!.dispatched.at(-1)?.type).toBe('tasks/partnerWalletOpened')
    await frames()
    expect(q('[data-testid="partner-wallet"]')?.getAttribute('data-step')).toBe('started')
    const inSheet = (text: string) =>
      [...q('[data-testid="partner-wallet"]')!.querySelectorAll('button')].find((b) =>
        b.textContent?.startsWith(text),
      ) ?? null
    app!.click(inSheet('Download Bitget Wallet'))
    expect(app!.dispatched.at(-1)?.type).toBe('tasks/partnerWalletDownloaded')
    await frames()
    app!.click(inSheet('Connect Bitget Wallet'))
    expect(app!.dispatched.at(-1)?.type).toBe('tasks/partnerWalletConnectRequested')
    app!.dispatch({ type: 'tasks/partnerWalletRefused', payload: { appName: 'tonkeeper' } })
    await frames()
    expect(testId('partner-wallet-error')).toBe(
      'That was another wallet app. The boost needs Bitget Wallet: connect Bitget Wallet instead.',
    )
  })

  it("a wallet not linked says why in words, by the refusal's code, in English and Russian; a refusal without one shows the server's message", async () => {
    const boosts = [received('boosts', { connect: [task({ code: 'addWallet', type: 'claim' })] }), speed]
    const failed = (code?: string): EventInput => ({
      type: 'tasks/walletFailed',
      payload: { message: 'this wallet is linked to another account', ...(code ? { code } : {}) },
    })
    await open('/mining/tasks/boosts', [
      ...boosts,
      { type: 'tasks/walletRequested', payload: {} },
      failed('wallet-proof.taken'),
    ])
    expect(card('addWallet')?.querySelector('[role="alert"]')?.textContent).toBe(
      'Could not set the wallet: this wallet is linked to another account.',
    )
    app!.dispatch({ type: 'tasks/walletRequested', payload: {} })
    app!.dispatch(failed('wallet-proof.expired'))
    await frames()
    expect(card('addWallet')?.querySelector('[role="alert"]')?.textContent).toBe(
      "Could not set the wallet: the wallet's confirmation is too old (more than 15 minutes). Connect it again.",
    )
    app!.unmount()
    await open(
      '/mining/tasks/boosts',
      [...boosts, { type: 'tasks/walletRequested', payload: {} }, failed('wallet-proof.missing')],
      { language: 'ru' },
    )
    expect(card('addWallet')?.querySelector('[role="alert"]')?.textContent).toBe(
      'Не удалось привязать кошелёк: кошелёк не подтвердил, что он ваш. Попробуйте другое приложение-кошелёк.',
    )
    app!.unmount()
    // a failure with no code is worded by the app, never the wallet's or the server's own words
    await open('/mining/tasks/boosts', [...boosts, { type: 'tasks/walletRequested', payload: {} }, failed()])
    expect(card('addWallet')?.querySelector('[role="alert"]')?.textContent).toBe(
      'Could not set the wallet: the wallet did not answer. Try again.',
    )
  })

  it('the open-league sheet: the badge, then the trade, then done', async () => {
    await open('/mining/tasks/boosts', [
      received('boosts', {
        connect: [task({ code: 'openLeague', type: 'trade', url: 'https://t.me/theopenleague_bot' })],
      }),
      speed,
    ])
    app!.click(card('openLeague')!.querySelector('button'))
    await frames()
    const sheet = () => q('[data-testid="open-league"]')
    expect(sheet()?.getAttribute('data-step')).toBe('badge')
    app!.click(app!.button('Claim the badge'))
    expect(app!.dispatched.at(-1)?.type).toBe('tasks/openLeagueBadgeOpened')
    await frames()
    app!.click([...sheet()!.querySelectorAll('button')].find((b) => b.textContent?.startsWith('Trade')) ?? null)
    expect(app!.dispatched.at(-1)?.type).toBe('tasks/openLeagueTradeOpened')
    await frames()
    expect(sheet()?.getAttribute('data-step')).toBe('done')
    expect(sheet()?.textContent).toContain('the boost counts once the league confirms your trade')
  })
})
