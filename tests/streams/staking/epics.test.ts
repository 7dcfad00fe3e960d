import { describe, expect, it, vi } from 'vitest'
import { type Marbles, marbles } from '../marbles'
import { tap } from 'rxjs'
import {
  claimEpic,
  claimHapticEpic,
  depositEpic,
  loadEpic,
  orderPollEpic,
  refreshEpic,
  sbtClaimEpic,
  sbtOrderPollEpic,
} from '../../../streams/staking/epics'
import { ORDER_POLL_MS } from '../../../domain/mining/rules'
import type { EventInput } from '../../../domain/events'
import { SBT_CLAIM_FAILED } from '../../../domain/staking/rules'
import { answerAt } from '../../domain/mining/fixtures'
import { configs, deposit, loaded } from '../../domain/staking/fixtures'
import { fakeApi, fakeDeps, fakeTelegram, storeHarness } from '../fakes'
import { isRight } from 'fp-ts/lib/Either'
import { endpoints } from '../../../domain/api/endpoints'
import { StakingDepositRequest } from '../../../domain/staking/codecs'
import { FAKE_PAYLOAD, FAKE_TON_WALLET, fakeProof, fakeTonConnect } from '../payments/fakeTonConnect'
const e = (type: string, payload: object = {}) => ({ type, payload }) as EventInput
const KEY = '80000000800000008000000080000000'
const user = answerAt(0, { gotAmount: '1000', lockAmount: '0' })
const userReceived = {
  type: 'mining/userReceived',
  payload: { userMining: user.userMining, serverTime: user.serverTime, season: user.season },
}
const order = (status: string, orderId = 'SWORDER') => ({
  orderId,
  product: 'staking',
  way: 'stars',
  status,
  expiresAt: '2026-11-22T10:00:00Z',
})
const transaction = {
  validUntil: 1_795_356_300,
  messages: [{ address: 'UQService', amount: '500000000', payload: 'te6cc' }],
}
/** The server's side of linking the wallet: its payload, then the proven link accepted. */
const linking = (m: Marbles) => ({
  tonProofPayload: () => m.cold('(a|)', { a: { payload: FAKE_PAYLOAD, expiresAt: 1 } }),
  setTonWallet: () => m.cold('(a|)', { a: { ok: true } }),
})
const readers = (m: Marbles) => ({
  stakingConfigs: () => m.cold('10ms (a|)', { a: { configs } }),
  stakingTotal: () => m.cold('20ms (a|)', { a: { totalAmount: '123456.5' } }),
  stakingDeposits: () => m.cold('30ms (a|)', { a: { deposits: [deposit()], serverTime: 5 } }),
  stakingSbts: () => m.cold('40ms (a|)', { a: [{ stakingPeriod: '3m' }] }),
  miningUser: () => m.cold('50ms (a|)', { a: user }),
})
const read = {
  c: { type: 'staking/configsReceived', payload: { configs } },
  t: { type: 'staking/totalReceived', payload: { totalAmount: '123456.5' } },
  d: { type: 'staking/depositsReceived', payload: { deposits: [deposit()], serverTime: 5 } },
  s: { type: 'staking/sbtsReceived', payload: { periods: ['3m'] } },
  u: userReceived,
}

describe('staking epics', () => {
  it(
    'a staking screen reads the configs, the total, the deposits, the tokens and the user',
    marbles((m) => {
      const h = storeHarness([])
      const api = fakeApi(readers(m))
      m.expect(
        loadEpic(h.feed(m.hot('a', { a: e('staking/entered', { screen: 'main' }) })), h.state$, fakeDeps({ api })),
      ).toBeObservable('10ms c 9ms t 9ms d 9ms s 9ms u', read)
      m.flush()
      expect(api.requests.map((r) => r.name).sort()).toEqual([
        'miningUser',
        'stakingConfigs',
        'stakingDeposits',
        'stakingSbts',
        'stakingTotal',
      ])
    }),
  )

  it('a journey brought back into staking reads them too (its confirm screen does not); one brought back elsewhere reads nothing', () => {
    const restored = (history: string[]) =>
      e('app/journeyRestored', {
        history,
        accountIndex: 0,
        staking: {
          form: { amount: '150', amountPreset: null, configPeriod: '6m', paymentMethod: 'stars', touched: true },
        },
        from: 9,
      })
    marbles((m) => {
      const h = storeHarness([])
      const api = fakeApi(readers(m))
      m.expect(
        loadEpic(
          h.feed(m.hot('a', { a: restored(['/', '/mining', '/mining/staking', '/mining/staking/confirm']) })),
          h.state$,
          fakeDeps({ api }),
        ),
      ).toBeObservable('10ms c 9ms t 9ms d 9ms s 9ms u', read)
      m.flush()
      expect(api.requests.map((r) => r.name).sort()).toEqual([
        'miningUser',
        'stakingConfigs',
        'stakingDeposits',
        'stakingSbts',
        'stakingTotal',
      ])
    })()
    marbles((m) => {
      const h = storeHarness([])
      const api = fakeApi(readers(m))
      m.expect(
        loadEpic(h.feed(m.hot('a', { a: restored(['/', '/send', '/send/info']) })), h.state$, fakeDeps({ api })),
      ).toBeObservable('')
      m.flush()
      expect(api.requests).toEqual([])
    })()
  })

  it('[staking.35] a failed read is logged and becomes its failed event; the others still come', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    marbles((m) => {
      const h = storeHarness([])
      const error = { kind: 'network', message: 'offline' }
      const api = fakeApi({ ...readers(m), stakingConfigs: () => m.cold('10ms #', {}, error) })
      m.expect(
        loadEpic(h.feed(m.hot('a', { a: e('staking/entered', { screen: 'main' }) })), h.state$, fakeDeps({ api })),
      ).toBeObservable('10ms f 9ms t 9ms d 9ms s 9ms u', {
        ...read,
        f: { type: 'staking/configsFailed', payload: { error } },
      })
      m.flush()
    })()
    expect(warn).toHaveBeenCalledWith('staking configs failed', { kind: 'network', message: 'offline' })
    warn.mockRestore()
  })

  it(
    '[staking.34] after a deposit (and a claim) the total, the deposits, the tokens and the user are read again',
    marbles((m) => {
      const h = storeHarness([])
      const api = fakeApi(readers(m))
      m.expect(
        refreshEpic(h.feed(m.hot('a', { a: e('staking/deposited', { deposit: null }) })), h.state$, fakeDeps({ api })),
      ).toBeObservable('20ms t 9ms d 9ms s 9ms u', read)
      m.flush()
      expect(api.requests.map((r) => r.name).sort()).toEqual([
        'miningUser',
        'stakingDeposits',
        'stakingSbts',
        'stakingTotal',
      ])
    }),
  )

  describe('the deposit', () => {
    it(
      'a free period: one POST per tap burst with a drawn key, no type; its deposit at once; a tap after the answer is a new deposit',
      marbles((m) => {
        const h = storeHarness([...loaded(), e('staking/amountTyped', { text: '150,5' })])
        const made = deposit({ _id: 'new', amount: '150.5' })
        const api = fakeApi({ stakingDeposit: () => m.cold('20ms (a|)', { a: { ok: true, deposit: made } }) })
        const out = depositEpic(
          h.feed(m.hot('p 1ms p 1ms p', { p: e('staking/depositTapped') })),
          h.state$,
          fakeDeps({ api }),
        )
        m.expect(out).toBeObservable('r 19ms d', {
          r: {
            type: 'staking/depositRequested',
            payload: { idempotencyKey: KEY, amount: '150.5', period: '3m', way: null },
          },
          d: { type: 'staking/deposited', payload: { deposit: made } },
        })
        m.flush()
        expect(api.requests).toEqual([
          { name: 'stakingDeposit', request: { amount: '150.5', period: '3m', idempotencyKey: KEY } },
        ])
      }),
    )

    it('no deposit goes with an amount error, nothing typed, or a paid period without its way', () => {
      for (const setup of [
        [...loaded(), e('staking/amountTyped', { text: '5000' })],
        [...loaded(), e('staking/amountTyped', { text: '' })],
        [...loaded(), e('staking/periodChosen', { period: '6m' }), e('staking/amountTyped', { text: '100' })],
      ])
        marbles((m) => {
          const h = storeHarness(setup)
          const api = fakeApi({})
          m.expect(
            depositEpic(h.feed(m.hot('p', { p: e('staking/depositTapped') })), h.state$, fakeDeps({ api })),
          ).toBeObservable('')
          m.flush()
          expect(api.requests).toEqual([])
        })()
    })

    it(
      "a refusal becomes depositFailed with the server's message",
      marbles((m) => {
        const h = storeHarness([...loaded(), e('staking/amountTyped', { text: '100' })])
        const error = { kind: 'rejected', status: 409, message: 'Not enough SWITCH' }
        const api = fakeApi({ stakingDeposit: () => m.cold('20ms #', {}, error) })
        m.expect(
          depositEpic(h.feed(m.hot('p', { p: e('staking/depositTapped') })), h.state$, fakeDeps({ api })),
        ).toBeObservable('r 19ms f', {
          r: {
            type: 'staking/depositRequested',
            payload: { idempotencyKey: KEY, amount: '100', period: '3m', way: null },
          },
          f: { type: 'staking/depositFailed', payload: { error } },
        })
      }),
    )

    const paid = (way: string) => [
      ...loaded(),
      e('staking/periodChosen', { period: '6m' }),
      e('staking/paymentMethodChosen', { way }),
      e('staking/amountTyped', { text: '100' }),
    ]
    const requested = (way: string) => ({
      type: 'staking/depositRequested',
      payload: { idempotencyKey: KEY, amount: '100', period: '6m', way },
    })

    it("[staking.28] the deposit is a POST of {amount, period, type}: type the way chosen, omitted for a free period; the amount an exact decimal string (docs/features/staking.md: not the spec's number)", () => {
      expect(endpoints.stakingDeposit).toMatchObject({ method: 'POST', path: '/mining/staking/deposit' })
      const cases = [
        {
          events: [...loaded(), e('staking/amountTyped', { text: '100' })],
          body: { amount: '100', period: '3m', idempotencyKey: KEY },
        },
        ...['internal', 'stars', 'external'].map((way) => ({
          events: paid(way),
          body: { amount: '100', period: '6m', idempotencyKey: KEY, type: way },
        })),
      ]
      for (const c of cases)
        marbles((m) => {
          const h = storeHarness(c.events)
          const api = fakeApi({
            stakingDeposit: () => m.cold('10ms #', {}, { kind: 'rejected', status: 409, message: 'no' }),
          })
          depositEpic(h.feed(m.hot('p', { p: e('staking/depositTapped') })), h.state$, fakeDeps({ api })).subscribe()
          m.flush()
          expect(api.requests, JSON.stringify(c.body)).toEqual([{ name: 'stakingDeposit', request: c.body }])
          expect(isRight(StakingDepositRequest.decode(c.body))).toBe(true)
        })()
    })

    it(
      'internal: the order, then the transfer dry and for real with its own key, from the selected wallet',
      marbles((m) => {
        const h = storeHarness([e('wallet/walletSelected', { accountIndex: 1 }), ...paid('internal')])
        const internal = {
          to: 'UQService',
          amount: '1',
          tokenAddress: 'TON',
          chainId: 'TON',
          comment: 'SWITCH order SWI',
        }
        const api = fakeApi({
          stakingDeposit: () => m.cold('10ms (a|)', { a: { ok: true, orderId: 'SWI', internal } }),
          transfer: () => m.cold('20ms (a|)', { a: { ok: true } }),
        })
        const out = depositEpic(h.feed(m.hot('p', { p: e('staking/depositTapped') })), h.state$, fakeDeps({ api }))
        m.expect(out).toBeObservable('r 9ms o 19ms k 19ms t', {
          r: requested('internal'),
          o: { type: 'staking/depositOrdered', payload: { way: 'internal', orderId: 'SWI' } },
          k: { type: 'staking/transferChecked', payload: { orderId: 'SWI', idempotencyKey: KEY } },
          t: { type: 'staking/transferred', payload: { orderId: 'SWI' } },
        })
        m.flush()
        const transfer = { ...internal, accountIndex: 1 }
        expect(api.requests).toEqual([
          { name: 'stakingDeposit', request: { amount: '100', period: '6m', idempotencyKey: KEY, type: 'internal' } },
          { name: 'transfer', request: { ...transfer, dry: true } },
          { name: 'transfer', request: { ...transfer, dry: false, idempotencyKey: KEY } },
        ])
      }),
    )

    it(
      "stars: the answer's telegramLink opens as an invoice; its status comes back",
      marbles((m) => {
        const h = storeHarness(paid('stars'))
        const opens: string[] = []
        const telegram = {
          ...fakeTelegram(),
          openInvoice: (url: string) => (opens.push(url), m.cold('50ms (s|)', { s: 'cancelled' })),
        }
        const api = fakeApi({
          stakingDeposit: () =>
            m.cold('10ms (a|)', { a: { ok: true, orderId: 'SWS', telegramLink: 'https://t.me/$inv' } }),
        })
        m.expect(
          depositEpic(h.feed(m.hot('p', { p: e('staking/depositTapped') })), h.state$, fakeDeps({ api, telegram })),
        ).toBeObservable('r 9ms o 49ms c', {
          r: requested('stars'),
          o: { type: 'staking/depositOrdered', payload: { way: 'stars', orderId: 'SWS' } },
          c: { type: 'staking/invoiceClosed', payload: { orderId: 'SWS', status: 'cancelled' } },
        })
        m.flush()
        expect(opens).toEqual(['https://t.me/$inv'])
      }),
    )

    it("[staking.31] external: the wallet connected first, then the order's transaction sent through it; a closed wallet list orders nothing", () => {
      marbles((m) => {
        const h = storeHarness(paid('external'))
        const tonConnect = fakeTonConnect({ send: m.cold('40ms (s|)', { s: { outcome: 'sent', boc: 'te6' } }) })
        const api = fakeApi({
          stakingDeposit: () => m.cold('10ms (a|)', { a: { ok: true, orderId: 'SWE', transaction } }),
        })
        m.expect(
          depositEpic(h.feed(m.hot('p', { p: e('staking/depositTapped') })), h.state$, fakeDeps({ api, tonConnect })),
        ).toBeObservable('r 9ms o 39ms s', {
          r: requested('external'),
          o: { type: 'staking/depositOrdered', payload: { way: 'external', orderId: 'SWE' } },
          s: { type: 'staking/transactionSent', payload: { orderId: 'SWE' } },
        })
        m.flush()
        expect(tonConnect.calls).toEqual(['connect', 'send'])
        expect(tonConnect.sent).toEqual([transaction])
      })()
      marbles((m) => {
        const h = storeHarness(paid('external'))
        const tonConnect = fakeTonConnect({ connect: m.cold('30ms (c|)', { c: { outcome: 'rejected' } }) })
        const api = fakeApi({})
        m.expect(
          depositEpic(h.feed(m.hot('p', { p: e('staking/depositTapped') })), h.state$, fakeDeps({ api, tonConnect })),
        ).toBeObservable('r 29ms d', { r: requested('external'), d: { type: 'staking/walletDeclined', payload: {} } })
        m.flush()
        expect(api.requests).toEqual([])
      })()
    })

    it('each way is followed until the server grants the order: granted is the deposit made', () => {
      expect(ORDER_POLL_MS).toBe(3000)
      const checked = (status: string) => ({ type: 'staking/orderChecked', payload: { order: order(status) } })
      for (const [way, done] of [
        ['stars', e('staking/invoiceClosed', { orderId: 'SWORDER', status: 'paid' })],
        ['internal', e('staking/transferred', { orderId: 'SWORDER' })],
        ['external', e('staking/transactionSent', { orderId: 'SWORDER' })],
      ] as const)
        marbles((m) => {
          const h = storeHarness([
            ...paid(way),
            requested(way) as EventInput,
            e('staking/depositOrdered', { way, orderId: 'SWORDER' }),
          ])
          const answers = [order('open'), order('open'), order('granted')]
          const api = fakeApi({ order: () => m.cold('10ms (a|)', { a: answers.shift() }) })
          const out = orderPollEpic()(h.feed(m.hot('c', { c: done })), h.state$, fakeDeps({ api })).pipe(tap(h.apply))
          m.expect(out).toBeObservable('10ms a 2999ms a 2999ms (gd)', {
            a: checked('open'),
            g: checked('granted'),
            d: { type: 'staking/deposited', payload: { deposit: null } },
          })
          m.flush()
          expect(api.requests).toHaveLength(3)
          expect(h.get().staking.deposit).toEqual({ step: 'success' })
        })()
    })

    it(
      'a cancelled invoice asks for no order and makes no deposit',
      marbles((m) => {
        const h = storeHarness([
          ...paid('stars'),
          requested('stars') as EventInput,
          e('staking/depositOrdered', { way: 'stars', orderId: 'SWORDER' }),
        ])
        const api = fakeApi({ order: () => m.cold('10ms (a|)', { a: order('granted') }) })
        m.expect(
          orderPollEpic()(
            h.feed(m.hot('c', { c: e('staking/invoiceClosed', { orderId: 'SWORDER', status: 'cancelled' }) })),
            h.state$,
            fakeDeps({ api }),
          ),
        ).toBeObservable('')
        m.flush()
        expect(api.requests).toEqual([])
        expect(h.get().staking.deposit).toEqual({ step: 'failed', reason: 'cancelled', error: null })
      }),
    )
  })

  it('the claim: one call per deposit at a time; its answer or its error', () => {
    marbles((m) => {
      const h = storeHarness([])
      const answer = { deposit: deposit({ dttmClaimed: '2026-11-22T08:00:00Z' }), stake: '100', reward: '3' }
      const api = fakeApi({ claimStakingDeposit: () => m.cold('20ms (a|)', { a: answer }) })
      m.expect(
        claimEpic(
          h.feed(m.hot('c 1ms c', { c: e('staking/claimTapped', { id: 'dep1' }) })),
          h.state$,
          fakeDeps({ api }),
        ),
      ).toBeObservable('20ms a', { a: { type: 'staking/claimed', payload: { answer } } })
      m.flush()
      expect(api.requests).toEqual([{ name: 'claimStakingDeposit', request: { id: 'dep1' } }])
    })()
    marbles((m) => {
      const h = storeHarness([])
      const error = { kind: 'rejected', status: 409, message: 'not unlocked' }
      const api = fakeApi({ claimStakingDeposit: () => m.cold('20ms #', {}, error) })
      m.expect(
        claimEpic(h.feed(m.hot('c', { c: e('staking/claimTapped', { id: 'dep1' }) })), h.state$, fakeDeps({ api })),
      ).toBeObservable('20ms f', { f: { type: 'staking/claimFailed', payload: { id: 'dep1', error } } })
    })()
  })

  it(
    "a claimed deposit is felt: Telegram's success haptic; a failed claim is not",
    marbles((m) => {
      const telegram = fakeTelegram()
      const h = storeHarness([])
      const answer = { deposit: deposit({ dttmClaimed: '2026-11-22T08:00:00Z' }), stake: '100', reward: '3' }
      claimHapticEpic(
        h.feed(
          m.hot('f c', {
            f: e('staking/claimFailed', { id: 'dep1', error: { kind: 'network', message: 'x' } }),
            c: e('staking/claimed', { answer }),
          }),
        ),
        h.state$,
        fakeDeps({ telegram }),
      ).subscribe()
      m.flush()
      expect(telegram.calls).toEqual(['hapticSuccess'])
    }),
  )

  describe('the soulbound token', () => {
    it('the wallet connected and linked with its proof, GET claim with stakingPeriod, the transaction sent; then its order is followed and the tokens read again', () => {
      marbles((m) => {
        const h = storeHarness([])
        const tonConnect = fakeTonConnect({ send: m.cold('30ms (s|)', { s: { outcome: 'sent', boc: 'te6' } }) })
        const api = fakeApi({
          ...linking(m),
          claimSbt: () => m.cold('10ms (a|)', { a: { ...transaction, orderId: 'SWSBT' } }),
        })
        m.expect(
          sbtClaimEpic(
            h.feed(m.hot('c 1ms c', { c: e('staking/sbtClaimTapped', { stakingPeriod: '3m' }) })),
            h.state$,
            fakeDeps({ api, tonConnect }),
          ),
        ).toBeObservable('10ms o 29ms s', {
          o: { type: 'staking/sbtOrdered', payload: { stakingPeriod: '3m', orderId: 'SWSBT' } },
          s: { type: 'staking/sbtTransactionSent', payload: { orderId: 'SWSBT' } },
        })
        m.flush()
        // the token is minted only to a wallet the user proved: linked first, with the wallet's proof of the server's payload
        expect(api.requests).toEqual([
          { name: 'tonProofPayload', request: {} },
          { name: 'setTonWallet', request: { walletAddress: FAKE_TON_WALLET.address, proof: fakeProof(FAKE_PAYLOAD) } },
          { name: 'claimSbt', request: { stakingPeriod: '3m', address: FAKE_TON_WALLET.address } },
        ])
        expect(tonConnect.proofPayloads).toEqual([FAKE_PAYLOAD])
        expect(tonConnect.calls).toEqual(['connect', 'send'])
        expect(tonConnect.sent).toEqual([transaction])
      })()
      marbles((m) => {
        const h = storeHarness([])
        const answers = [order('open', 'SWSBT'), order('granted', 'SWSBT')]
        const api = fakeApi({
          order: () => m.cold('10ms (a|)', { a: answers.shift() }),
          stakingSbts: () => m.cold('5ms (a|)', { a: [{ stakingPeriod: '3m' }] }),
        })
        m.expect(
          sbtOrderPollEpic()(
            h.feed(m.hot('s', { s: e('staking/sbtTransactionSent', { orderId: 'SWSBT' }) })),
            h.state$,
            fakeDeps({ api }),
          ),
        ).toBeObservable('10ms a 2999ms g 4ms r', {
          a: { type: 'staking/sbtOrderChecked', payload: { order: order('open', 'SWSBT') } },
          g: { type: 'staking/sbtOrderChecked', payload: { order: order('granted', 'SWSBT') } },
          r: { type: 'staking/sbtsReceived', payload: { periods: ['3m'] } },
        })
      })()
    })

    it('[staking.50] a failure says why (or nothing, for the default text) and disconnects the wallet', () => {
      const cases = [
        { connect: { outcome: 'rejected' }, message: null },
        { connect: { outcome: 'failed', reason: 'TonConnect did not load' }, message: 'TonConnect did not load' },
        { send: { outcome: 'rejected' }, message: null },
        {
          api: { kind: 'rejected', status: 409, message: 'Token already claimed', code: 'staking.refusals.sbt-held' },
          message: 'Token already claimed',
        },
        // the link refused: the server's reason travels with its code, which the card words
        {
          link: {
            kind: 'rejected',
            status: 409,
            message: 'this wallet is linked to another account',
            path: 'walletAddress',
            code: 'wallet-proof.taken',
          },
          message: 'this wallet is linked to another account',
        },
      ] as const
      for (const c of cases)
        marbles((m) => {
          const h = storeHarness([])
          const tonConnect = fakeTonConnect({
            ...('connect' in c ? { connect: m.cold('(c|)', { c: c.connect }) } : {}),
            ...('send' in c ? { send: m.cold('(s|)', { s: c.send }) } : {}),
          })
          const api = fakeApi({
            ...linking(m),
            ...('link' in c ? { setTonWallet: () => m.cold('#', {}, c.link) } : {}),
            claimSbt: () =>
              'api' in c ? m.cold('#', {}, c.api) : m.cold('(a|)', { a: { ...transaction, orderId: 'SWSBT' } }),
          })
          // a refusal from the server travels whole, its code with it (staking.32)
          const failed = {
            type: 'staking/sbtClaimFailed',
            payload: { message: c.message, ...('api' in c ? { error: c.api } : 'link' in c ? { error: c.link } : {}) },
          }
          const out = sbtClaimEpic(
            h.feed(m.hot('c', { c: e('staking/sbtClaimTapped', { stakingPeriod: 'allIn' }) })),
            h.state$,
            fakeDeps({ api, tonConnect }),
          )
          m.expect(out).toBeObservable('send' in c ? '(of)' : '(f)', {
            o: { type: 'staking/sbtOrdered', payload: { stakingPeriod: 'allIn', orderId: 'SWSBT' } },
            f: failed,
          })
          m.flush()
          expect(tonConnect.calls.at(-1)).toBe('disconnect')
        })()
      expect(SBT_CLAIM_FAILED).toBe('Error while connecting wallet or receiving transaction for SBT')
    })
  })
})
