// @vitest-environment happy-dom
/**
 * Double submits, game half: ten fast taps on each confirm (the claim, the PUNK burn,
 * the autoclaim payment, the stake, the SBT claim, the PoH payment, the alliance join), all at once
 * and spread over a few milliseconds (and on Telegram's main button where the confirm is the main
 * button), give one write on the wire. A second one is allowed only as a retry after a network
 * failure, and then carries the same idempotency key.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { EMPTY } from 'rxjs'
import type { EventInput } from '../../../domain/events'
import { launch } from '../../domain/fixtures/events'
import { HOUR, WINDOW_START, answerAt, record } from '../../domain/mining/fixtures'
import { groups } from '../../domain/tasks/fixtures'
import { configs, deposit, userRead } from '../../domain/staking/fixtures'
import { fakeTonConnect } from '../../streams/payments/fakeTonConnect'
import {
  type DoubleSubmitApp,
  type Exchange,
  type Reply,
  clickOn,
  startApp,
  tapTenTimes,
  tapTenTimesSpread,
} from './harness'

let app: DoubleSubmitApp | null = null
afterEach(async () => {
  await app?.stop()
  app = null
})
beforeAll(async () => {
  // The screens are lazy chunks: loaded once here so Suspense resolves inside act().
  await Promise.all(
    Object.values(import.meta.glob(['../../../src/{mining,tasks,staking,poh,guilds}/*.tsx'])).map((load) => load()),
  )
})

const e = (type: string, payload: object = {}) => ({ type, payload }) as EventInput
const answering =
  (answers: Record<string, unknown>, failFirst = false) =>
  (x: Exchange, earlier: number): Reply =>
    x.path in answers && (x.method === 'POST' || x.path.endsWith('/claim'))
      ? failFirst && earlier === 0
        ? 'network'
        : { status: 200, body: answers[x.path] }
      : 'hang'

type Tap = (a: DoubleSubmitApp) => Promise<void>
const atOnce =
  (control: (a: DoubleSubmitApp) => Element | null): Tap =>
  async (a) =>
    tapTenTimes(clickOn(control(a)))
const spread =
  (control: (a: DoubleSubmitApp) => Element | null): Tap =>
  async (a) =>
    tapTenTimesSpread(clickOn(control(a)))
const mainButtonPresses: Tap = async (a) => {
  tapTenTimes(a.main.press)
  await tapTenTimesSpread(a.main.press)
}
/** The ways of tapping a confirm ten times; Telegram's main button where the confirm is the screen's primary action. */
const bursts = (control: (a: DoubleSubmitApp) => Element | null, isMainButton: boolean): [string, boolean, Tap][] => [
  ['ten taps at once', false, atOnce(control)],
  ['ten taps a millisecond apart', false, spread(control)],
  ...(isMainButton
    ? [
        ["ten presses of Telegram's main button at once, then ten spread", true, mainButtonPresses] as [
          string,
          boolean,
          Tap,
        ],
      ]
    : []),
]
const buttonIn = (selector: string, text: string) => (a: DoubleSubmitApp) =>
  [...a.container.ownerDocument.querySelectorAll(`${selector} button`)].find((b) => b.textContent === text) ?? null
const named = (text: string) => (a: DoubleSubmitApp) => a.button(text)
const KEY = /^[0-9a-f]{32}$/

const launched = e('app/launched', launch({ user: { id: 1, firstName: 'Mia', languageCode: 'en' } }))
const mining: EventInput[] = [launched, e('mining/userReceived', answerAt(HOUR) as never)]

describe('double submits, game half: one write per burst of taps', () => {
  describe('mining: Claim', () => {
    const claimed = {
      outcome: 'claimed',
      claimed: '1.5',
      bonus: '0',
      userMining: record({
        dttmLastClaim: new Date(WINDOW_START + HOUR).toISOString(),
        windowStart: new Date(WINDOW_START + HOUR).toISOString(),
      }),
      serverTime: WINDOW_START + HOUR,
    }
    for (const [name, native, tap] of bursts((a) => a.mainAction(), true)) {
      it(`${name}: one POST /mining/claim`, async () => {
        app = await startApp({
          events: [...mining, e('app/navigated', { to: '/mining' })],
          features: ['mining'],
          native,
          reply: answering({ '/mining/claim': claimed }),
        })
        expect(native ? app.main.shown.at(-1)?.text : app.mainAction()?.textContent).toBe('Claim')
        await tap(app)
        await app.quiet(20)
        expect(app.writes('/mining/claim').map((x) => x.body)).toEqual([
          { idempotencyKey: expect.stringMatching(KEY), windowStart: new Date(WINDOW_START).toISOString() },
        ])
      })
    }

    it('a network failure on the first server: the retry on the next one carries the same key', async () => {
      app = await startApp({
        events: [...mining, e('app/navigated', { to: '/mining' })],
        features: ['mining'],
        reply: answering({ '/mining/claim': claimed }, true),
      })
      tapTenTimes(clickOn(app.mainAction()))
      await app.quiet(20)
      const sent = app.writes('/mining/claim')
      expect(sent.map((x) => x.server)).toEqual(['http://mining-a.test', 'http://mining-b.test'])
      expect(sent[1].body).toEqual(sent[0].body)
    })
  })

  describe('autoclaim: Pay 0.5 TON from this wallet, then Confirm and pay', () => {
    const offer = { stars: 195, ton: '0.5', days: 30, active: false, until: null }
    const opened = [
      ...mining,
      e('app/navigated', { to: '/mining' }),
      e('mining/autoclaimOpened'),
      e('mining/autoclaimOfferReceived', { offer }),
    ]
    /** The way tapped: its confirmation is up, where the taps go. */
    const confirming = (way: string) => [...opened, e('mining/autoclaimWayChosen', { way })]
    const order = {
      orderId: 'SWI',
      data: { to: 'UQService', amount: '0.5', tokenAddress: 'TON', chainId: 'TON', comment: 'SWI' },
    }
    for (const [name, native, tap] of bursts(named('Confirm and pay'), false)) {
      it(`${name}: one order, one dry run, one transfer`, async () => {
        app = await startApp({
          events: confirming('internal'),
          features: ['mining'],
          native,
          reply: answering({ '/mining/autoclaim/internal': order, '/transfer': { ok: true } }),
        })
        await tap(app)
        await app.quiet(30)
        expect(app.writes('/mining/autoclaim/internal')).toHaveLength(1)
        expect(app.writes('/transfer').map((x) => [x.body?.dry, x.body?.idempotencyKey])).toEqual([
          [true, undefined],
          [false, expect.stringMatching(KEY)],
        ])
      })
    }

    it('a transfer that got no answer, paid again: the same order with the same key, so the server transfers once', async () => {
      let real = 0
      app = await startApp({
        events: opened,
        features: ['mining'],
        reply: (x) =>
          x.method !== 'POST'
            ? 'hang'
            : x.path === '/mining/autoclaim/internal'
              ? { status: 200, body: order }
              : x.path !== '/transfer'
                ? 'hang'
                : x.body?.dry === false && real++ < 2
                  ? 'network'
                  : { status: 200, body: { ok: true } },
      })
      tapTenTimes(clickOn(app.button('Pay 0.5 TON')))
      await app.quiet(10)
      tapTenTimes(clickOn(app.button('Confirm and pay')))
      await app.quiet(30)
      expect(app.store.getState().mining.autoclaim.payment.step).toBe('failed')
      tapTenTimes(clickOn(app.button('Try again')))
      await app.quiet(10)
      tapTenTimes(clickOn(app.button('Pay 0.5 TON')))
      await app.quiet(10)
      tapTenTimes(clickOn(app.button('Confirm and pay')))
      await app.quiet(30)
      expect(app.writes('/mining/autoclaim/internal')).toHaveLength(1)
      const keys = app
        .writes('/transfer')
        .filter((x) => x.body?.dry === false)
        .map((x) => x.body?.idempotencyKey)
      expect(keys).toHaveLength(3)
      expect(new Set(keys).size).toBe(1)
    })

    it('Stars: ten taps give one order and one invoice', async () => {
      const invoices: string[] = []
      app = await startApp({
        events: opened,
        features: ['mining'],
        reply: answering({ '/mining/autoclaim/stars': { orderId: 'SWA', data: { link: 'https://t.me/$inv' } } }),
        telegram: { openInvoice: (url) => (invoices.push(url), EMPTY) },
      })
      tapTenTimes(clickOn(app.button('Pay 195 Stars')))
      await app.quiet(10)
      await tapTenTimesSpread(clickOn(app.button('Confirm and pay')))
      await app.quiet(20)
      expect(app.writes('/mining/autoclaim/stars')).toHaveLength(1)
      expect(invoices).toEqual(['https://t.me/$inv'])
    })
  })

  describe('tasks: Burn (PUNK)', () => {
    const burnOpen = [launched, e('app/navigated', { to: '/mining/tasks/boosts' })]
    const later = [
      e('tasks/received', { tab: 'boosts', groups: groups({}) }),
      e('tasks/recordRead', { speed: '2', serverTime: null }),
      e('tasks/burnOpened', { code: 'burnFest' }),
      e('tasks/burnAmountChanged', { text: '8' }),
    ]
    const burn = buttonIn('.burn', 'Burn')
    for (const [name, native, tap] of bursts(burn, false)) {
      it(`${name}: one POST /mining/burn`, async () => {
        app = await startApp({
          events: burnOpen,
          later,
          features: ['mining', 'tasks'],
          native,
          reply: answering({ '/mining/burn': { ok: true } }),
        })
        expect(burn(app)).not.toBeNull()
        await tap(app)
        await app.quiet(20)
        expect(app.writes('/mining/burn').map((x) => x.body)).toEqual([
          { amount: '8', idempotencyKey: expect.stringMatching(KEY) },
        ])
      })
    }

    it('a burn that failed on the network, tapped again: the same key, so the server burns once', async () => {
      app = await startApp({
        events: burnOpen,
        later,
        features: ['mining', 'tasks'],
        reply: (x, earlier) =>
          x.path !== '/mining/burn' ? 'hang' : earlier < 2 ? 'network' : { status: 200, body: { ok: true } },
      })
      tapTenTimes(clickOn(burn(app)))
      await app.quiet(20)
      tapTenTimes(clickOn(burn(app)))
      await app.quiet(20)
      const keys = app.writes('/mining/burn').map((x) => x.body?.idempotencyKey)
      expect(keys).toHaveLength(3)
      expect(new Set(keys).size).toBe(1)
    })
  })

  describe('staking: Stake', () => {
    const staking = [
      launched,
      userRead('1000', '200'),
      e('staking/configsReceived', { configs }),
      e('staking/totalReceived', { totalAmount: '1' }),
    ]
    const form = [
      e('staking/periodChosen', { period: '6m' }),
      e('staking/paymentMethodChosen', { way: 'internal' }),
      e('staking/amountTyped', { text: '150,5' }),
    ]
    const events = [
      ...staking,
      e('app/navigated', { to: '/mining/staking' }),
      ...form,
      e('app/navigated', { to: '/mining/staking/confirm' }),
    ]
    const ordered = {
      ok: true,
      orderId: 'ST1',
      internal: { to: 'UQService', amount: '1', tokenAddress: 'TON', chainId: 'TON', comment: 'ST1' },
    }
    for (const [name, native, tap] of bursts((a) => a.mainAction(), true)) {
      it(`${name}: one POST /mining/staking/deposit and one transfer`, async () => {
        app = await startApp({
          events,
          features: ['mining', 'staking'],
          native,
          reply: answering({ '/mining/staking/deposit': ordered, '/transfer': { ok: true } }),
        })
        expect(native ? app.main.shown.at(-1)?.text : app.mainAction()?.textContent).toBe('Stake')
        await tap(app)
        await app.quiet(30)
        expect(app.writes('/mining/staking/deposit').map((x) => x.body)).toEqual([
          { amount: '150.5', period: '6m', type: 'internal', idempotencyKey: expect.stringMatching(KEY) },
        ])
        expect(app.writes('/transfer').filter((x) => x.body?.dry === false)).toHaveLength(1)
      })
    }

    it('a stake that failed on the network, tapped again: the same key', async () => {
      app = await startApp({
        events,
        features: ['mining', 'staking'],
        reply: (x, earlier) =>
          x.path !== '/mining/staking/deposit' ? 'hang' : earlier < 2 ? 'network' : { status: 200, body: ordered },
      })
      tapTenTimes(clickOn(app.mainAction()))
      await app.quiet(20)
      expect(app.store.getState().staking.deposit.step).toBe('failed')
      tapTenTimes(clickOn(app.mainAction()))
      await app.quiet(20)
      const keys = app.writes('/mining/staking/deposit').map((x) => x.body?.idempotencyKey)
      expect(keys).toHaveLength(3)
      expect(new Set(keys).size).toBe(1)
    })
  })

  describe('staking: Claim SBT', () => {
    const DEVICE = 1_763_800_000_000
    const DAY = 86_400_000
    const running = deposit({
      _id: 'run',
      amount: '6000',
      period: '6m',
      apy: 0.125,
      hourReward: '0.085616438',
      dttmStarted: new Date(DEVICE - 45 * DAY).toISOString(),
      dttmEnded: new Date(DEVICE + 136 * DAY).toISOString(),
    })
    const events = [launched, e('app/navigated', { to: '/mining/staking/deposits' })]
    const later = [
      userRead('7100', '7000'),
      e('staking/depositsReceived', { deposits: [running], serverTime: DEVICE }),
      e('staking/sbtsReceived', { periods: [] }),
    ]
    const mint = {
      orderId: 'SBT1',
      validUntil: 1_795_356_300,
      messages: [{ address: 'UQCollection', amount: '50000000', payload: 'te6cc' }],
    }
    for (const [name, native, tap] of bursts(named('Claim SBT'), false)) {
      it(`${name}: one mint asked for, one transaction sent by the wallet`, async () => {
        const tonConnect = fakeTonConnect()
        // the wallet is linked with its proof first (the token is minted only to a proven wallet)
        const linking = {
          '/mining/tonProof/payload': { payload: 'ab'.repeat(32), expiresAt: DEVICE + 900_000 },
          '/mining/tonWallet': { ok: true },
        }
        app = await startApp({
          events,
          later,
          features: ['mining', 'staking'],
          native,
          deps: { tonConnect },
          reply: answering({ ...linking, '/v2/mining/staking/sbt/claim': mint }),
        })
        expect(app.button('Claim SBT')).not.toBeNull()
        await tap(app)
        await app.quiet(20)
        expect(app.exchanges.filter((x) => x.path === '/mining/tonProof/payload')).toHaveLength(1)
        expect(app.exchanges.filter((x) => x.path === '/mining/tonWallet')).toHaveLength(1)
        expect(app.exchanges.filter((x) => x.path === '/v2/mining/staking/sbt/claim')).toHaveLength(1)
        expect(tonConnect.calls.filter((c) => c === 'send')).toHaveLength(1)
      })
    }
  })

  describe('PoH: Verify (paid from this wallet)', () => {
    const info = { tonAmount: { tonAmount: '1', amount: '3.1', starAmount: 150 } }
    const events = [
      launched,
      e('poh/userReceived', { humanGroup: true, confirmProve: false }),
      e('app/navigated', { to: '/prove' }),
    ]
    const later = [e('poh/infoReceived', { info }), e('poh/wayChosen', { way: 'internal' })]
    const verify = buttonIn('[data-testid="poh-sheet"]', 'Verify')
    for (const [name, native, tap] of bursts(verify, false)) {
      it(`${name}: one POST /v2/poh/transaction`, async () => {
        app = await startApp({
          events,
          later,
          features: ['mining', 'poh'],
          native,
          reply: answering({ '/v2/poh/transaction': { result: {} } }),
        })
        expect(verify(app)).not.toBeNull()
        await tap(app)
        await app.quiet(20)
        expect(app.writes('/v2/poh/transaction').map((x) => x.body)).toEqual([
          { payType: 'internal', idempotencyKey: expect.stringMatching(KEY) },
        ])
      })
    }

    it('a payment that failed on the network, tapped again: the same key', async () => {
      app = await startApp({
        events,
        later,
        features: ['mining', 'poh'],
        reply: (x, earlier) =>
          x.path !== '/v2/poh/transaction' ? 'hang' : earlier < 2 ? 'network' : { status: 200, body: { result: {} } },
      })
      tapTenTimes(clickOn(verify(app)))
      await app.quiet(20)
      tapTenTimes(clickOn(verify(app)))
      await app.quiet(20)
      const keys = app.writes('/v2/poh/transaction').map((x) => x.body?.idempotencyKey)
      expect(keys).toHaveLength(3)
      expect(new Set(keys).size).toBe(1)
    })
  })

  describe('guilds: Join an alliance', () => {
    const details = {
      name: 'ton_whales',
      title: 'TON Whales',
      totalMined: '34953.18',
      users: 9,
      guild: 2,
      allianceRank: 3,
      top: [{ firstName: 'Alex', gotAmount: '20000' }],
      userRank: null,
      member: false,
    }
    it.each([
      ['ten taps at once on the alliance page', false],
      ['ten taps a millisecond apart on the alliance page', true],
    ])('%s: one POST /mining/alliance', async (_name, spreadOut) => {
      app = await startApp({
        events: [launched, e('app/navigated', { to: '/mining/guilds/alliance/ton_whales' })],
        later: [e('guilds/allianceReceived', { name: 'ton_whales', alliance: details })],
        features: ['mining', 'guilds'],
        reply: answering({ '/mining/alliance': { ok: true } }),
      })
      expect(app.button('Join')).not.toBeNull()
      await (spreadOut ? spread : atOnce)(named('Join'))(app)
      await app.quiet(20)
      expect(app.writes('/mining/alliance').map((x) => x.query)).toEqual(['?alliance=ton_whales'])
    })

    it.each([
      ['ten taps at once on the input', false],
      ['ten taps a millisecond apart on the input', true],
    ])('%s: one POST /mining/alliance', async (_name, spreadOut) => {
      const allianceBoard = {
        top: [{ name: 'ton_whales', title: 'TON Whales', totalMined: '32086.152', users: 8 }],
        allianceRank: 1,
        alliance: null,
      }
      app = await startApp({
        events: [launched, e('app/navigated', { to: '/mining/guilds' })],
        later: [
          e('guilds/modeChanged', { mode: 'alliance' }),
          e('guilds/allianceBoardReceived', { rank: 1, board: allianceBoard }),
          e('guilds/inputChanged', { text: 'https://t.me/Arb_Club' }),
        ],
        features: ['mining', 'guilds'],
        reply: answering({ '/mining/alliance': { ok: true } }),
      })
      await (spreadOut ? spread : atOnce)(named('Join'))(app)
      await app.quiet(20)
      expect(app.writes('/mining/alliance').map((x) => x.query)).toEqual(['?alliance=Arb_Club'])
    })
  })
})
