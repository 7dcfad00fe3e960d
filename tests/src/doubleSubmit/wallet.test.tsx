// @vitest-environment happy-dom
/**
 * Double submits, wallet half: ten fast taps on each confirm (swap, send, copy trade
 * start and stop), all at once and spread over a few milliseconds, on the page's button and on
 * Telegram's main button, give one write on the wire. A second one is allowed only as the HTTP
 * client's retry after a network failure, and then carries the same idempotency key.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { of } from 'rxjs'
import type { EventInput } from '../../../domain/events'
import { launch } from '../../domain/fixtures/events'
import { ETH_ARB, USDC_ARB, quoteFor } from '../../domain/swap/fixtures'
import { USDT as CT_USDT, trade } from '../../domain/copyTrade/fixtures'
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
  await Promise.all(
    Object.values(
      import.meta.glob(['../../../src/swap/*.tsx', '../../../src/send/*.tsx', '../../../src/copyTrade/*.tsx']),
    ).map((load) => load()),
  )
})

/** Answers the given writes; every other call is left hanging. `failFirst`: the first attempt of each write fails on the network. */
const answering =
  (answers: Record<string, unknown>, failFirst = false) =>
  (x: Exchange, earlier: number): Reply =>
    x.method === 'POST' && x.path in answers
      ? failFirst && earlier === 0
        ? 'network'
        : { status: 200, body: answers[x.path] }
      : 'hang'

type Tapper = (a: DoubleSubmitApp) => Promise<void>
/** The three ways of tapping ten times a confirm that is the screen's primary action. */
const bursts = (control: (a: DoubleSubmitApp) => Element | null): [string, boolean, Tapper][] => [
  ['ten taps at once', false, async (a) => tapTenTimes(clickOn(control(a)))],
  ['ten taps a millisecond apart', false, async (a) => tapTenTimesSpread(clickOn(control(a)))],
  [
    "ten presses of Telegram's main button at once, then ten spread",
    true,
    async (a) => {
      tapTenTimes(a.main.press)
      await tapTenTimesSpread(a.main.press)
    },
  ],
]

const held = (token: typeof ETH_ARB, tokensAmount: string) => ({ ...token, tokensAmount, usdAmount: 1, tokensCost: 1 })
const swapParams = {
  from: '42161:0xaf88d065e77c8cc2239327c5edb3a432268e5831',
  to: '42161:0x0000000000000000000000000000000000000000',
  amount: '10000000',
  accountIndex: 0,
}
const swapReady: EventInput[] = [
  { type: 'app/launched', payload: launch() },
  {
    type: 'wallet/balancesReceived',
    payload: { accountIndex: 0, balances: [held(USDC_ARB, '500'), held(ETH_ARB, '0.5')] as never },
  },
  { type: 'picker/tokenPicked', payload: { purpose: 'swapFrom', token: USDC_ARB } },
  { type: 'picker/tokenPicked', payload: { purpose: 'swapTo', token: ETH_ARB } },
  { type: 'swap/amountChanged', payload: { value: '10' } },
  {
    type: 'swap/quoteReceived',
    payload: { params: swapParams, quote: quoteFor(USDC_ARB, ETH_ARB, '10000000', 3_000_000_000_000_000n) },
  },
  { type: 'app/navigated', payload: { to: '/swap' } },
  { type: 'app/navigated', payload: { to: '/confirmSwap' } },
]
/** The 500 ms execution debounce and the answer. */
const SWAP_SETTLE_MS = 700

const USDT = {
  address: '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9',
  chainId: 42161 as const,
  decimals: 6,
  logoURI: '',
  name: 'Tether',
  symbol: 'USDT',
}
const ETH = {
  address: '0x0000000000000000000000000000000000000000',
  chainId: 42161 as const,
  decimals: 18,
  logoURI: '',
  name: 'Ether',
  symbol: 'ETH',
}
const BOB = '0x52908400098527886E0F7030069857D2E4169EE7'
const sendReady: EventInput[] = [
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
  { type: 'send/checkRequested', payload: { balance: '500' } },
  { type: 'send/checkPassed', payload: { fee: '0.0001', feeSymbol: 'ETH', idempotencyKey: 'send-key-1' } },
  { type: 'app/navigated', payload: { to: '/send/confirm' } },
]
const realTransfers = (a: DoubleSubmitApp) => a.writes('/transfer').filter((x) => x.body?.dry === false)

const copyTradeReady: EventInput[] = [
  { type: 'app/launched', payload: launch() },
  { type: 'copyTrade/addressChanged', payload: { value: BOB } },
  { type: 'copyTrade/networkChosen', payload: { chainId: 42161 } },
  { type: 'copyTrade/assetChosen', payload: { asset: { ...CT_USDT, tokensAmount: '250', usdAmount: 250 } as never } },
  { type: 'app/navigated', payload: { to: '/copyTrade/traderDeposit' } },
]
const activeTrade: EventInput[] = [
  { type: 'app/launched', payload: launch() },
  { type: 'copyTrade/tradesReceived', payload: { accountIndex: 0, copyTrades: [trade('a')] as never, tokens: [] } },
  { type: 'copyTrade/swapsReceived', payload: { id: 'a', swaps: [] } },
  { type: 'app/navigated', payload: { to: '/trade?tradeID=a' } },
]

describe('double submits, wallet half: one write per burst of taps', () => {
  describe('swap: Confirm swap', () => {
    for (const [name, native, tap] of bursts((a) => a.mainAction())) {
      it(`${name}: one POST /swap`, async () => {
        app = await startApp({
          events: swapReady,
          native,
          reply: answering({ '/swap': { ok: true, historyId: 'h1' } }),
        })
        expect(native ? app.main.shown.at(-1)?.text : app.mainAction()?.textContent).toBe('Confirm swap')
        await tap(app)
        await app.quiet(SWAP_SETTLE_MS)
        expect(app.writes('/swap')).toHaveLength(1)
        // A late burst after the swap is done sends nothing either.
        tapTenTimes(native ? app.main.press : clickOn(app.mainAction()))
        await app.quiet(SWAP_SETTLE_MS)
        expect(app.writes('/swap')).toHaveLength(1)
        expect(app.store.getState().swap.executed).toBe(true)
      })
    }

    it('a network failure on the first server: the retry on the next one carries the same key', async () => {
      app = await startApp({ events: swapReady, reply: answering({ '/swap': { ok: true, historyId: 'h1' } }, true) })
      tapTenTimes(clickOn(app.mainAction()))
      await app.quiet(SWAP_SETTLE_MS)
      const sent = app.writes('/swap')
      expect(sent.map((x) => x.server)).toEqual(['http://wallet-a.test', 'http://wallet-b.test'])
      expect(sent[0].body?.idempotencyKey).toMatch(/^[0-9a-f]{32}$/)
      expect(sent[1].body?.idempotencyKey).toBe(sent[0].body?.idempotencyKey)
    })

    it('a swap that failed with no answer, confirmed again: the same key, so the server swaps once', async () => {
      app = await startApp({
        events: swapReady,
        reply: (x, earlier) =>
          x.path !== '/swap' ? 'hang' : earlier < 2 ? 'network' : { status: 200, body: { ok: true, historyId: 'h1' } },
      })
      tapTenTimes(clickOn(app.mainAction()))
      await app.quiet(SWAP_SETTLE_MS)
      expect(app.store.getState().swap.executed).toBe(false)
      tapTenTimes(clickOn(app.mainAction()))
      await app.quiet(SWAP_SETTLE_MS)
      const keys = app.writes('/swap').map((x) => x.body?.idempotencyKey)
      expect(keys).toHaveLength(3)
      expect(new Set(keys).size).toBe(1)
      expect(app.store.getState().swap.executed).toBe(true)
    })
  })

  describe('send: Send on the confirm screen', () => {
    for (const [name, native, tap] of bursts((a) => a.mainAction())) {
      it(`${name}: one real POST /transfer, with the key the dry run drew`, async () => {
        app = await startApp({ events: sendReady, native, reply: answering({ '/transfer': { ok: true, txId: 't1' } }) })
        expect(app.text()).toContain(BOB)
        expect(native ? app.main.shown.at(-1)?.text : app.mainAction()?.textContent).toBe('Send')
        await tap(app)
        await app.quiet(20)
        expect(realTransfers(app).map((x) => x.body?.idempotencyKey)).toEqual(['send-key-1'])
        // Telegram's main button is the success screen's by then: its presses are that screen's.
        expect(app.store.getState().send.isSuccess).toBe(true)
      })
    }

    it('a network failure on the first server: the retry carries the same key', async () => {
      app = await startApp({ events: sendReady, reply: answering({ '/transfer': { ok: true, txId: 't1' } }, true) })
      tapTenTimes(clickOn(app.mainAction()))
      await app.quiet(20)
      expect(realTransfers(app).map((x) => [x.server, x.body?.idempotencyKey])).toEqual([
        ['http://wallet-a.test', 'send-key-1'],
        ['http://wallet-b.test', 'send-key-1'],
      ])
    })

    it('a refused send tried again: the same key, so a send the server did make is not made twice', async () => {
      app = await startApp({
        events: sendReady,
        reply: (x, earlier) =>
          x.path !== '/transfer' ? 'hang' : earlier < 2 ? 'network' : { status: 200, body: { ok: true, txId: 't1' } },
      })
      tapTenTimes(clickOn(app.mainAction()))
      await app.quiet(20)
      expect(app.store.getState().send.isSuccess).toBe(false)
      tapTenTimes(clickOn(app.mainAction()))
      await app.quiet(20)
      expect(realTransfers(app).map((x) => x.body?.idempotencyKey)).toEqual(['send-key-1', 'send-key-1', 'send-key-1'])
      expect(app.store.getState().send.isSuccess).toBe(true)
    })
  })

  describe('copy trade: Start copy trade', () => {
    const started = { ok: true, trade: trade('new') }
    for (const [name, native, tap] of bursts((a) => a.mainAction())) {
      it(`${name}: one POST /startMonitoringCopyTrade`, async () => {
        app = await startApp({
          events: copyTradeReady,
          native,
          reply: answering({ '/startMonitoringCopyTrade': started }),
        })
        expect(native ? app.main.shown.at(-1)?.text : app.mainAction()?.textContent).toBe('Start copy trade')
        await tap(app)
        await app.quiet(20)
        expect(app.writes('/startMonitoringCopyTrade')).toHaveLength(1)
        expect(app.store.getState().copyTrade.started?._id).toBe('new')
      })
    }

    it('a failed start tried again: the same key', async () => {
      app = await startApp({
        events: copyTradeReady,
        reply: (x, earlier) =>
          x.path !== '/startMonitoringCopyTrade' ? 'hang' : earlier < 2 ? 'network' : { status: 200, body: started },
      })
      tapTenTimes(clickOn(app.mainAction()))
      await app.quiet(20)
      expect(app.store.getState().copyTrade.submitError).not.toBeNull()
      tapTenTimes(clickOn(app.mainAction()))
      await app.quiet(20)
      const keys = app.writes('/startMonitoringCopyTrade').map((x) => x.body?.idempotencyKey)
      expect(keys).toHaveLength(3)
      expect(new Set(keys).size).toBe(1)
      expect(keys[0]).toMatch(/^[0-9a-f]{32}$/)
    })
  })

  describe('copy trade: Stop copy trading', () => {
    const stop = (a: DoubleSubmitApp) => a.button('Stop copy trading')
    for (const [name, tap] of [
      ['ten taps at once', async (a: DoubleSubmitApp) => tapTenTimes(clickOn(stop(a)))],
      ['ten taps a millisecond apart', async (a: DoubleSubmitApp) => tapTenTimesSpread(clickOn(stop(a)))],
    ] as const) {
      it(`${name}: one question, one POST /cancelCopyTrade`, async () => {
        const asked: string[] = []
        app = await startApp({
          events: activeTrade,
          reply: answering({ '/cancelCopyTrade': { ok: true } }),
          telegram: {
            confirm: (p) => {
              asked.push(p.message)
              return of(true)
            },
          },
        })
        expect(stop(app)).not.toBeNull()
        await tap(app)
        await app.quiet(20)
        expect(app.writes('/cancelCopyTrade').map((x) => x.body)).toEqual([{ _id: 'a' }])
        expect(asked).toHaveLength(1)
      })
    }
  })
})
