import { describe, expect, it } from 'vitest'
import { marbles } from '../marbles'
import { tap } from 'rxjs'
import {
  autoclaimPayEpic,
  claimEpic,
  claimHapticEpic,
  orderPollEpic,
  pollEpic,
  resultsEpic,
} from '../../../streams/mining/epics'
import { MINING_POLL_MS, ORDER_POLL_MS } from '../../../domain/mining/rules'
import type { EventInput } from '../../../domain/events'
import { HOUR, answerAt, record } from '../../domain/mining/fixtures'
import { fakeApi, fakeDeps, fakeTelegram, storeHarness } from '../fakes'
import { fakeTonConnect } from '../payments/fakeTonConnect'
const e = (type: string, payload: object = {}) => ({ type, payload }) as EventInput
const answer = answerAt(HOUR)
const received = {
  type: 'mining/userReceived',
  payload: { userMining: answer.userMining, serverTime: answer.serverTime, season: answer.season },
}
const KEY = '80000000800000008000000080000000'
const offer = { stars: 195, ton: '0.5', days: 30, active: false, until: null }

describe('mining epics', () => {
  it(
    '[mining.6] entering a mining screen reads the record at once and every 30 s; leaving stops it; entering again starts again',
    marbles((m) => {
      expect(MINING_POLL_MS).toBe(30_000)
      const h = storeHarness([])
      const api = fakeApi({ miningUser: () => m.cold('(a|)', { a: answer }) })
      // entered at 0, left at 65 s, entered again at 100 s, left at 100.5 s: reads at 0, 30 s, 60 s and 100 s
      const events$ = h.feed(m.hot('a 64999ms b 34999ms a 499ms b', { a: e('mining/entered'), b: e('mining/left') }))
      m.expect(pollEpic()(events$, h.state$, fakeDeps({ api })), '^ 200s !').toBeObservable(
        'r 29999ms r 29999ms r 39999ms r',
        { r: received },
      )
      m.flush()
      expect(api.requests.map((r) => r.name)).toEqual(['miningUser', 'miningUser', 'miningUser', 'miningUser'])
    }),
  )

  it(
    'nothing is read while no mining screen is open',
    marbles((m) => {
      const h = storeHarness([])
      const api = fakeApi({ miningUser: () => m.cold('10ms (a|)', { a: answer }) })
      const events$ = h.feed(m.hot('a 5m b', { a: e('wallet/homeEntered'), b: e('mining/left') }))
      m.expect(pollEpic()(events$, h.state$, fakeDeps({ api }))).toBeObservable('')
      m.flush()
      expect(api.requests).toEqual([])
    }),
  )

  it(
    'a poll that is still out when the next is due is not doubled; a slow answer does not stack requests',
    marbles((m) => {
      const h = storeHarness([])
      const api = fakeApi({ miningUser: () => m.cold('40s (a|)', { a: answer }) })
      const events$ = h.feed(m.hot('a 99999ms b', { a: e('mining/entered'), b: e('mining/left') }))
      // reads at 0 (answer at 40 s) and 60 s (answer at 100 s: left just before, dropped); the 30 s and 90 s ticks find one out
      m.expect(pollEpic()(events$, h.state$, fakeDeps({ api }))).toBeObservable('40s r', { r: received })
      m.flush()
      expect(api.requests).toHaveLength(2)
    }),
  )

  it(
    'with no profile, create, then read again: the profile is made on demand, the first visit said as soon as the first read finds none',
    marbles((m) => {
      const h = storeHarness([])
      let reads = 0
      const api = fakeApi({
        miningUser: () =>
          m.cold('10ms (a|)', {
            a: reads++ === 0 ? { userMining: null, serverTime: answer.serverTime, season: answer.season } : answer,
          }),
        createMiningUser: () => m.cold('20ms (a|)', { a: { ok: true } }),
      })
      const events$ = h.feed(m.hot('a 1s b', { a: e('mining/entered'), b: e('mining/left') }))
      m.expect(pollEpic()(events$, h.state$, fakeDeps({ api }))).toBeObservable('10ms g 19ms c 9ms r', {
        g: { type: 'mining/creating', payload: {} },
        c: { type: 'mining/created', payload: {} },
        r: received,
      })
      m.flush()
      expect(api.requests).toEqual([
        { name: 'miningUser', request: {} },
        { name: 'createMiningUser', request: {} },
        { name: 'miningUser', request: {} },
      ])
    }),
  )

  it(
    'a failed read becomes one event and polling goes on',
    marbles((m) => {
      const h = storeHarness([])
      let n = 0
      const api = fakeApi({
        miningUser: () =>
          n++ === 0
            ? m.cold('5ms #', {}, { kind: 'server', status: 502, message: 'bad gateway' })
            : m.cold('5ms (a|)', { a: answer }),
      })
      const events$ = h.feed(m.hot('a 31s b', { a: e('mining/entered'), b: e('mining/left') }))
      m.expect(pollEpic()(events$, h.state$, fakeDeps({ api }))).toBeObservable('5ms f 29999ms r', {
        f: { type: 'mining/userFailed', payload: { error: { kind: 'server', status: 502, message: 'bad gateway' } } },
        r: received,
      })
    }),
  )

  it(
    'the claim exhausts: a burst of taps sends one claim, with a drawn key and the window the user saw; taps within CLAIM_BURST_MS of its answer are the same burst; a tap after claims again',
    marbles((m) => {
      const h = storeHarness([received as EventInput])
      const claimed = {
        outcome: 'claimed',
        claimed: '1.5',
        bonus: '0',
        userMining: record({ windowStart: new Date(answer.serverTime).toISOString() }),
        serverTime: answer.serverTime,
      }
      const api = fakeApi({ claimMining: () => m.cold('300ms (a|)', { a: claimed }) })
      // taps at 0-40 ms, 341 ms and 1299 ms (within 1 s of the answer at 300 ms), then at 1301 ms
      const taps = h.feed(m.hot('t 9ms t 9ms t 9ms t 9ms t 300ms t 957ms t 1ms t', { t: e('mining/claimTapped') }))
      const out = claimEpic(taps, h.state$, fakeDeps({ api })).pipe(tap(h.apply))
      // the second claim names the window the first one's answer started
      m.expect(out).toBeObservable('k 299ms c 1000ms n 299ms c', {
        k: { type: 'mining/claimRequested', payload: { idempotencyKey: KEY, windowStart: record().windowStart } },
        n: {
          type: 'mining/claimRequested',
          payload: { idempotencyKey: KEY, windowStart: new Date(answer.serverTime).toISOString() },
        },
        c: { type: 'mining/claimed', payload: { answer: claimed } },
      })
      m.flush()
      expect(api.requests).toHaveLength(2)
      expect(api.requests[0]).toEqual({
        name: 'claimMining',
        request: { idempotencyKey: KEY, windowStart: record().windowStart },
      })
    }),
  )

  it('no record yet: a tap claims nothing; a failed claim becomes claimFailed and the next tap may claim', () => {
    marbles((m) => {
      const empty = storeHarness([])
      const api = fakeApi({})
      m.expect(
        claimEpic(empty.feed(m.hot('t', { t: e('mining/claimTapped') })), empty.state$, fakeDeps({ api })),
      ).toBeObservable('')
      m.flush()
      expect(api.requests).toEqual([])
    })()
    marbles((m) => {
      const h = storeHarness([received as EventInput])
      const api = fakeApi({
        claimMining: () =>
          m.cold('10ms #', {}, { kind: 'rejected', status: 409, message: 'the mining season has ended' }),
      })
      const out = claimEpic(h.feed(m.hot('t', { t: e('mining/claimTapped') })), h.state$, fakeDeps({ api }))
      m.expect(out).toBeObservable('k 9ms f', {
        k: { type: 'mining/claimRequested', payload: { idempotencyKey: KEY, windowStart: record().windowStart } },
        f: {
          type: 'mining/claimFailed',
          payload: { error: { kind: 'rejected', status: 409, message: 'the mining season has ended' } },
        },
      })
    })()
  })

  it(
    "a claim that credited something gives Telegram's success haptic; one that took nothing does not",
    marbles((m) => {
      const telegram = fakeTelegram()
      const h = storeHarness([])
      const claimedWith = (outcome: string) =>
        e('mining/claimed', { answer: { outcome, claimed: '0', bonus: '0', userMining: record(), serverTime: 0 } })
      claimHapticEpic(
        h.feed(m.hot('a b c', { a: claimedWith('nothing'), b: claimedWith('claimed'), c: claimedWith('stale') })),
        h.state$,
        fakeDeps({ telegram }),
      ).subscribe()
      m.flush()
      expect(telegram.calls).toEqual(['hapticSuccess'])
    }),
  )

  it(
    'the finish screen loads the results',
    marbles((m) => {
      const h = storeHarness([])
      const results = { state: 'results', totalMined: '12', speed: '1.5', stakingAmount: '0', serverTime: 5 }
      const api = fakeApi({ miningResults: () => m.cold('10ms (a|)', { a: results }) })
      m.expect(
        resultsEpic(h.feed(m.hot('a', { a: e('mining/finishEntered') })), h.state$, fakeDeps({ api })),
      ).toBeObservable('10ms r', { r: { type: 'mining/resultsReceived', payload: { results } } })
    }),
  )

  describe('autoclaim', () => {
    const opened = [e('mining/autoclaimOpened'), e('mining/autoclaimOfferReceived', { offer })]
    const order = (status: string, orderId = 'SWSTARS') => ({
      orderId,
      product: 'autoclaim',
      way: 'stars',
      status,
      expiresAt: '2026-11-22T10:00:00Z',
    })

    it(
      "stars: the order's data.link is opened as an invoice; its status comes back as an event",
      marbles((m) => {
        const h = storeHarness(opened)
        const opens: string[] = []
        const telegram = {
          ...fakeTelegram(),
          openInvoice: (url: string) => (opens.push(url), m.cold('50ms (s|)', { s: 'paid' })),
        }
        const api = fakeApi({
          autoclaimStars: () =>
            m.cold('10ms (a|)', { a: { data: { link: 'https://t.me/$invoice' }, orderId: 'SWSTARS' } }),
        })
        const out = autoclaimPayEpic(
          h.feed(m.hot('p 1ms p', { p: e('mining/autoclaimPayRequested', { way: 'stars' }) })),
          h.state$,
          fakeDeps({ api, telegram }),
        )
        m.expect(out).toBeObservable('10ms o 49ms c', {
          o: { type: 'mining/autoclaimOrdered', payload: { way: 'stars', orderId: 'SWSTARS' } },
          c: { type: 'mining/autoclaimInvoiceClosed', payload: { orderId: 'SWSTARS', status: 'paid' } },
        })
        m.flush()
        expect(api.requests).toEqual([{ name: 'autoclaimStars', request: {} }])
        expect(opens).toEqual(['https://t.me/$invoice'])
      }),
    )

    it(
      "[tasks.44] internal TON: the transfer runs dry first, then for real with a key, from the selected wallet, to the order's address with its comment",
      marbles((m) => {
        const h = storeHarness([e('wallet/walletSelected', { accountIndex: 2 }), ...opened])
        const data = {
          to: 'UQService',
          amount: '0.5',
          tokenAddress: 'TON',
          chainId: 'TON',
          comment: 'SWITCH order SWINTERNAL',
        }
        const api = fakeApi({
          autoclaimInternal: () => m.cold('10ms (a|)', { a: { data, orderId: 'SWINTERNAL' } }),
          transfer: () => m.cold('20ms (a|)', { a: { ok: true } }),
        })
        const out = autoclaimPayEpic(
          h.feed(m.hot('p', { p: e('mining/autoclaimPayRequested', { way: 'internal' }) })),
          h.state$,
          fakeDeps({ api }),
        )
        m.expect(out).toBeObservable('10ms o 19ms k 19ms t', {
          o: { type: 'mining/autoclaimOrdered', payload: { way: 'internal', orderId: 'SWINTERNAL' } },
          k: { type: 'mining/autoclaimTransferChecked', payload: { orderId: 'SWINTERNAL', idempotencyKey: KEY } },
          t: { type: 'mining/autoclaimTransferred', payload: { orderId: 'SWINTERNAL' } },
        })
        m.flush()
        const transfer = {
          to: 'UQService',
          amount: '0.5',
          tokenAddress: 'TON',
          chainId: 'TON',
          accountIndex: 2,
          comment: 'SWITCH order SWINTERNAL',
        }
        expect(api.requests).toEqual([
          { name: 'autoclaimInternal', request: {} },
          { name: 'transfer', request: { ...transfer, dry: true } },
          { name: 'transfer', request: { ...transfer, dry: false, idempotencyKey: KEY } },
        ])
      }),
    )

    it(
      'a dry-run refusal ends the payment with its error, and nothing is transferred',
      marbles((m) => {
        const h = storeHarness(opened)
        const error = { kind: 'rejected', status: 400, message: 'Insufficient balance', path: 'amount' }
        const api = fakeApi({
          autoclaimInternal: () =>
            m.cold('10ms (a|)', {
              a: {
                data: { to: 'UQ', amount: '0.5', tokenAddress: 'TON', chainId: 'TON', comment: 'c' },
                orderId: 'SWI',
              },
            }),
          transfer: () => m.cold('20ms #', {}, error),
        })
        const out = autoclaimPayEpic(
          h.feed(m.hot('p', { p: e('mining/autoclaimPayRequested', { way: 'internal' }) })),
          h.state$,
          fakeDeps({ api }),
        )
        m.expect(out).toBeObservable('10ms o 19ms f', {
          o: { type: 'mining/autoclaimOrdered', payload: { way: 'internal', orderId: 'SWI' } },
          f: { type: 'mining/autoclaimFailed', payload: { way: 'internal', error } },
        })
        m.flush()
        expect(api.requests.filter((r) => r.name === 'transfer')).toHaveLength(1)
      }),
    )

    const transaction = {
      validUntil: 1_795_356_300,
      messages: [{ address: 'UQService', amount: '500000000', payload: 'te6cc' }],
    }

    it(
      "external wallet: connected first, then the order's data.transaction is sent through the wallet",
      marbles((m) => {
        const h = storeHarness(opened)
        const tonConnect = fakeTonConnect({
          connect: m.cold('30ms (c|)', {
            c: { outcome: 'connected', wallet: { address: 'UQme', name: 'Demo wallet', appName: 'demo' } },
          }),
          send: m.cold('40ms (s|)', { s: { outcome: 'sent', boc: 'te6' } }),
        })
        const api = fakeApi({
          autoclaimExternal: () => m.cold('10ms (a|)', { a: { data: { transaction }, orderId: 'SWEXT' } }),
        })
        const out = autoclaimPayEpic(
          h.feed(m.hot('p 5ms p', { p: e('mining/autoclaimPayRequested', { way: 'external' }) })),
          h.state$,
          fakeDeps({ api, tonConnect }),
        )
        m.expect(out).toBeObservable('40ms o 39ms s', {
          o: { type: 'mining/autoclaimOrdered', payload: { way: 'external', orderId: 'SWEXT' } },
          s: { type: 'mining/autoclaimTransactionSent', payload: { orderId: 'SWEXT' } },
        })
        m.flush()
        expect(tonConnect.calls).toEqual(['connect', 'send'])
        expect(tonConnect.sent).toEqual([transaction])
        expect(api.requests).toEqual([{ name: 'autoclaimExternal', request: {} }])
      }),
    )

    it('the wallet list closed makes no order; a refusal in the wallet or a TonConnect failure ends the payment', () => {
      marbles((m) => {
        const h = storeHarness(opened)
        const tonConnect = fakeTonConnect({ connect: m.cold('30ms (c|)', { c: { outcome: 'rejected' } }) })
        const api = fakeApi({})
        m.expect(
          autoclaimPayEpic(
            h.feed(m.hot('p', { p: e('mining/autoclaimPayRequested', { way: 'external' }) })),
            h.state$,
            fakeDeps({ api, tonConnect }),
          ),
        ).toBeObservable('30ms d', { d: { type: 'mining/autoclaimWalletDeclined', payload: {} } })
        m.flush()
        expect(api.requests).toEqual([])
      })()
      for (const [answer, event] of [
        [{ outcome: 'rejected' }, { type: 'mining/autoclaimWalletDeclined', payload: {} }],
        [
          { outcome: 'failed', reason: 'Transaction was not sent' },
          { type: 'mining/autoclaimWalletFailed', payload: { reason: 'Transaction was not sent' } },
        ],
      ] as const)
        marbles((m) => {
          const h = storeHarness(opened)
          const tonConnect = fakeTonConnect({ send: m.cold('20ms (s|)', { s: answer }) })
          const api = fakeApi({
            autoclaimExternal: () => m.cold('10ms (a|)', { a: { data: { transaction }, orderId: 'SWEXT' } }),
          })
          m.expect(
            autoclaimPayEpic(
              h.feed(m.hot('p', { p: e('mining/autoclaimPayRequested', { way: 'external' }) })),
              h.state$,
              fakeDeps({ api, tonConnect }),
            ),
          ).toBeObservable('10ms o 19ms x', {
            o: { type: 'mining/autoclaimOrdered', payload: { way: 'external', orderId: 'SWEXT' } },
            x: event,
          })
        })()
    })

    it('after a paid invoice the order is asked after every few seconds until the server grants it', () => {
      expect(ORDER_POLL_MS).toBe(3000)
      marbles((m) => {
        const h = storeHarness([
          ...opened,
          e('mining/autoclaimPayRequested', { way: 'stars' }),
          e('mining/autoclaimOrdered', { way: 'stars', orderId: 'SWSTARS' }),
        ])
        const answers = [order('open'), order('open'), order('granted')]
        const api = fakeApi({ order: () => m.cold('10ms (a|)', { a: answers.shift() }) })
        const out = orderPollEpic()(
          h.feed(m.hot('c', { c: e('mining/autoclaimInvoiceClosed', { orderId: 'SWSTARS', status: 'paid' }) })),
          h.state$,
          fakeDeps({ api }),
        )
        const checked = (status: string) => ({
          type: 'mining/autoclaimOrderChecked',
          payload: { order: order(status) },
        })
        m.expect(out).toBeObservable('10ms a 2999ms a 2999ms g', { a: checked('open'), g: checked('granted') })
        m.flush()
        expect(api.requests).toEqual([1, 2, 3].map(() => ({ name: 'order', request: { orderId: 'SWSTARS' } })))
      })()
    })

    it(
      'after the wallet sent the transaction the order is asked after too: approval is not payment',
      marbles((m) => {
        const h = storeHarness([
          ...opened,
          e('mining/autoclaimPayRequested', { way: 'external' }),
          e('mining/autoclaimOrdered', { way: 'external', orderId: 'SWEXT' }),
        ])
        const answers = [order('open', 'SWEXT'), order('granted', 'SWEXT')]
        const api = fakeApi({ order: () => m.cold('10ms (a|)', { a: answers.shift() }) })
        const checked = (status: string) => ({
          type: 'mining/autoclaimOrderChecked',
          payload: { order: order(status, 'SWEXT') },
        })
        m.expect(
          orderPollEpic()(
            h.feed(m.hot('s', { s: e('mining/autoclaimTransactionSent', { orderId: 'SWEXT' }) })),
            h.state$,
            fakeDeps({ api }),
          ),
        ).toBeObservable('10ms a 2999ms g', { a: checked('open'), g: checked('granted') })
      }),
    )

    it('a cancelled invoice asks nothing more; closing the modal stops the asking', () => {
      marbles((m) => {
        const h = storeHarness([
          ...opened,
          e('mining/autoclaimPayRequested', { way: 'stars' }),
          e('mining/autoclaimOrdered', { way: 'stars', orderId: 'SWSTARS' }),
        ])
        const api = fakeApi({ order: () => m.cold('10ms (a|)', { a: order('open') }) })
        m.expect(
          orderPollEpic()(
            h.feed(m.hot('c', { c: e('mining/autoclaimInvoiceClosed', { orderId: 'SWSTARS', status: 'cancelled' }) })),
            h.state$,
            fakeDeps({ api }),
          ),
        ).toBeObservable('')
        m.flush()
        expect(api.requests).toEqual([])
      })()
      marbles((m) => {
        const h = storeHarness([
          ...opened,
          e('mining/autoclaimPayRequested', { way: 'stars' }),
          e('mining/autoclaimOrdered', { way: 'stars', orderId: 'SWSTARS' }),
        ])
        const api = fakeApi({ order: () => m.cold('10ms (a|)', { a: order('open') }) })
        const events$ = h.feed(
          m.hot('c 4s x', {
            c: e('mining/autoclaimInvoiceClosed', { orderId: 'SWSTARS', status: 'pending' }),
            x: e('mining/autoclaimClosed'),
          }),
        )
        const checked = { type: 'mining/autoclaimOrderChecked', payload: { order: order('open') } }
        m.expect(orderPollEpic()(events$, h.state$, fakeDeps({ api }))).toBeObservable('10ms a 2999ms a', {
          a: checked,
        })
      })()
    })
  })
})
