import { describe, expect, it, vi } from 'vitest'
import { marbles } from '../marbles'
import { NEVER, Observable, Subject, filter, merge, of, share, take, tap } from 'rxjs'
import type { AppEvent, EventInput } from '../../../domain/events'
import { FAILURE_SEEN_STORAGE_KEY, PROMPT_STORAGE_KEY } from '../../../domain/poh/prompt'
import {
  INFO_POLL_MS,
  POH_WALLET,
  USER_POLL_MS,
  codeEpic,
  infoEpic,
  loaderPollEpic,
  payEpic,
  priceCheckEpic,
  promptEpic,
  retryEpic,
  routeEpic,
  storageReadEpic,
  storageWriteEpic,
} from '../../../streams/poh/epics'
import { pohLaunchEpic } from '../../../streams/poh/launch'
import { SPINNER_SEGMENTS, SPINNER_STEP_MS, spinnerSegment$ } from '../../../streams/poh/spinner'
import { fakeApi, fakeDeps, fakeTelegram, memoryStorage, storeHarness } from '../fakes'
import { FAKE_TON_WALLET, fakeTonConnect } from '../payments/fakeTonConnect'
/** Epics' events fed back into their input, as the store does: each is seen first, then folded and passed on. */
const looped = (source: Observable<EventInput>, loop: Subject<EventInput>) =>
  new Observable<EventInput>((sub) =>
    source.subscribe({
      next: (x) => {
        sub.next(x)
        loop.next(x)
      },
      error: (err: unknown) => sub.error(err),
      complete: () => sub.complete(),
    }),
  )
const e = (type: string, payload: object = {}) => ({ type, payload }) as EventInput
const KEY = '80000000800000008000000080000000'
const price = { tonAmount: '1', amount: '3.1', starAmount: 150 }
const info = (inProgressStatus?: string) => ({ tonAmount: price, ...(inProgressStatus ? { inProgressStatus } : {}) })
const infoReceived = (status?: string) => e('poh/infoReceived', { info: info(status) })
const record = (humanGroup: boolean, confirmProve: boolean) => ({ userMining: { humanGroup, confirmProve } })
const human = e('poh/userReceived', { humanGroup: true, confirmProve: false })
const transaction = {
  validUntil: 1_795_356_300,
  messages: [{ address: 'UQService', amount: '1000000000', payload: 'te6cc' }],
}

describe('PoH epics', () => {
  it(
    'the info loads as the feature starts and again on each /prove screen',
    marbles((m) => {
      const h = storeHarness([])
      const api = fakeApi({ pohInfo: () => m.cold('10ms (a|)', { a: info('received') }) })
      m.expect(
        infoEpic(h.feed(m.hot('50ms a', { a: e('poh/entered', { screen: 'intro' }) })), h.state$, fakeDeps({ api })),
      ).toBeObservable('10ms a 49ms a', { a: infoReceived('received') })
    }),
  )

  it(
    '[poh.28] [poh.29] on the loader the info is asked every 5 s and the user every 30 s; another screen stops both',
    marbles((m) => {
      expect([INFO_POLL_MS, USER_POLL_MS]).toEqual([5_000, 30_000])
      const h = storeHarness([])
      const api = fakeApi({
        pohInfo: () => m.cold('(a|)', { a: info('internalInQueue') }),
        miningUser: () => m.cold('(a|)', { a: record(true, false) }),
      })
      // the loader from 0 to 61 s: the info at 5, 10, ... 60 s (none at 4 999 ms), the user at 30 and 60 s (none at 29 999 ms)
      const input = m.hot('a 61s b', {
        a: e('poh/entered', { screen: 'loader' }),
        b: e('poh/entered', { screen: 'code' }),
      })
      const out = loaderPollEpic()(h.feed(input), h.state$, fakeDeps({ api })).pipe(share())
      const i = infoReceived('internalInQueue')
      m.expect(out.pipe(filter((x) => x.type === 'poh/infoReceived')), '^ 120s !').toBeObservable(
        '5s i 4999ms i 4999ms i 4999ms i 4999ms i 4999ms i 4999ms i 4999ms i 4999ms i 4999ms i 4999ms i 4999ms i',
        { i },
      )
      m.expect(out.pipe(filter((x) => x.type === 'poh/userReceived')), '^ 120s !').toBeObservable('30s u 29999ms u', {
        u: human,
      })
      m.flush()
      expect(api.requests.filter((r) => r.name === 'pohInfo')).toHaveLength(12)
      expect(api.requests.filter((r) => r.name === 'miningUser')).toHaveLength(2)
    }),
  )

  it(
    '[poh.30] the spinner lights the next of 12 segments every 300 ms, round and round',
    marbles((m) => {
      const lit = Object.fromEntries(Array.from({ length: 13 }, (_, i) => [String.fromCharCode(97 + i), i % 12]))
      m.expect(spinnerSegment$().pipe(take(14))).toBeObservable(
        'a 299ms b 299ms c 299ms d 299ms e 299ms f 299ms g 299ms h 299ms i 299ms j 299ms k 299ms l 299ms m 299ms (b|)',
        lit,
      )
      expect([SPINNER_STEP_MS, SPINNER_SEGMENTS]).toEqual([300, 12])
    }),
  )

  it('[poh.34] choosing a way fires POST price check with an empty JSON object; a network failure is only logged: an event, a warning, the sheet as it was', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const error = { kind: 'network', message: 'offline' }
    marbles((m) => {
      const h = storeHarness([infoReceived()])
      let n = 0
      const api = fakeApi({
        pohPriceCheck: () => (n++ === 0 ? m.cold('5ms (a|)', { a: { ok: true } }) : m.cold('5ms #', {}, error)),
      })
      const input = m.hot('a 9ms b', {
        a: e('poh/wayChosen', { way: 'star' }),
        b: e('poh/wayChosen', { way: 'internal' }),
      })
      m.expect(priceCheckEpic(h.feed(input), h.state$, fakeDeps({ api })).pipe(tap(h.apply))).toBeObservable(
        '5ms a 9ms b',
        {
          a: e('poh/priceChecked', { way: 'star' }),
          b: e('poh/priceCheckFailed', { way: 'internal', error }),
        },
      )
      m.flush()
      expect(api.requests).toEqual([
        { name: 'pohPriceCheck', request: {} },
        { name: 'pohPriceCheck', request: {} },
      ])
      expect(h.get().poh.payment).toEqual({ step: 'open', way: 'internal' })
    })()
    expect(warn.mock.calls.map(([what]) => what)).toEqual(['PoH price check failed'])
    warn.mockRestore()
  })

  it(
    'a price check the server refuses shows its sentence in the open sheet; a network failure shows nothing',
    marbles((m) => {
      const h = storeHarness([infoReceived(), e('poh/wayChosen', { way: 'star' })])
      const refusal = { kind: 'rejected', status: 409, message: 'Your verification is already under way.' }
      const api = fakeApi({ pohPriceCheck: () => m.cold('5ms #', {}, refusal) })
      m.expect(
        priceCheckEpic(
          h.feed(m.hot('a', { a: e('poh/wayChosen', { way: 'star' }) })),
          h.state$,
          fakeDeps({ api }),
        ).pipe(tap(h.apply)),
      ).toBeObservable('5ms f', { f: e('poh/priceCheckFailed', { way: 'star', error: refusal }) })
      m.flush()
      expect(h.get().poh.payment).toEqual({ step: 'failed', way: 'star', message: refusal.message })
      h.apply(e('poh/wayChosen', { way: 'internal' }))
      h.apply(e('poh/priceCheckFailed', { way: 'internal', error: { kind: 'network', message: 'offline' } }))
      expect(h.get().poh.payment).toEqual({ step: 'open', way: 'internal' })
    }),
  )

  describe('paying', () => {
    const open = (way: string) => [infoReceived(), e('poh/wayChosen', { way })]

    it(
      'internal: POST {payType, idempotencyKey} once per tap burst, then straight to the loader',
      marbles((m) => {
        const h = storeHarness(open('internal'))
        const api = fakeApi({ pohTransaction: () => m.cold('20ms (a|)', { a: { result: { orderId: 'o1' } } }) })
        m.expect(
          payEpic()(h.feed(m.hot('a 1ms a', { a: e('poh/verifyTapped') })), h.state$, fakeDeps({ api })).pipe(
            tap(h.apply),
          ),
        ).toBeObservable('r 19ms p', {
          r: e('poh/transactionRequested', { way: 'internal', idempotencyKey: KEY }),
          p: e('poh/paid', { way: 'internal' }),
        })
        m.flush()
        expect(api.requests).toEqual([
          { name: 'pohTransaction', request: { payType: 'internal', idempotencyKey: KEY } },
        ])
        expect(h.get().poh.awaiting).toBe(true)
      }),
    )

    it('star: result.payUrl opens as an invoice; paid is the loader, cancelled is the sheet again', () => {
      for (const [status, more] of [
        ['paid', true],
        ['cancelled', false],
      ] as const) {
        marbles((m) => {
          const h = storeHarness(open('star'))
          const telegram = {
            ...fakeTelegram(),
            openInvoice: (url: string) => (url === 'https://t.me/$poh' ? m.cold('30ms (s|)', { s: status }) : NEVER),
          }
          const api = fakeApi({
            pohTransaction: () => m.cold('10ms (a|)', { a: { result: { payUrl: 'https://t.me/$poh' } } }),
          })
          const out = payEpic()(h.feed(m.hot('a', { a: e('poh/verifyTapped') })), h.state$, fakeDeps({ api, telegram }))
          const values = {
            r: e('poh/transactionRequested', { way: 'star', idempotencyKey: KEY }),
            c: e('poh/invoiceClosed', { status }),
            p: e('poh/paid', { way: 'star' }),
          }
          m.expect(out).toBeObservable(more ? 'r 39ms (cp)' : 'r 39ms c', values)
        })()
      }
    })

    /** The fake TonConnect, with the wallet each connect() asked for. */
    const tonConnectWith = (script: Parameters<typeof fakeTonConnect>[0]) => {
      const fake = fakeTonConnect(script)
      const asked: (string | undefined)[] = []
      return { fake, asked, bridge: { ...fake, connect: (only?: string) => (asked.push(only), fake.connect()) } }
    }
    const externalRun = (
      script: Parameters<typeof fakeTonConnect>[0],
      expected: string,
      values: Record<string, EventInput>,
      wallet: string | null = POH_WALLET.production,
    ) => {
      const t = tonConnectWith(script)
      marbles((m) => {
        const h = storeHarness(open('external'))
        const api = fakeApi({ pohTransaction: () => m.cold('10ms (a|)', { a: { result: transaction } }) })
        m.expect(
          payEpic(wallet)(
            h.feed(m.hot('a', { a: e('poh/verifyTapped') })),
            h.state$,
            fakeDeps({ api, tonConnect: t.bridge }),
          ).pipe(tap(h.apply)),
        ).toBeObservable(expected, values)
      })()
      return t
    }
    const requested = e('poh/transactionRequested', { way: 'external', idempotencyKey: KEY })

    it('[poh.16] external: one specific wallet; connected already, the transaction goes through it with no connection step; sent is the loader', () => {
      const t = externalRun({ wallet: { ...FAKE_TON_WALLET, appName: 'telegram-wallet' } }, 'r 9ms (sp)', {
        r: requested,
        s: e('poh/transactionSent'),
        p: e('poh/paid', { way: 'external' }),
      })
      expect(t.fake.calls).toEqual(['send'])
      expect(t.fake.sent).toEqual([transaction])
    })

    it("[poh.16] outside production the one wallet is the dev list's own (no name in the bundle): the one connected sends, none connected asks TonConnect with no name", () => {
      expect(POH_WALLET).toEqual({ production: 'telegram-wallet', other: null })
      const sent = externalRun(
        { wallet: FAKE_TON_WALLET },
        'r 9ms (sp)',
        { r: requested, s: e('poh/transactionSent'), p: e('poh/paid', { way: 'external' }) },
        POH_WALLET.other,
      )
      expect(sent.fake.calls).toEqual(['send'])
      const asked = externalRun(
        { wallet: null, send: of({ outcome: 'rejected' as const }) },
        'r 9ms d',
        { r: requested, d: e('poh/walletDeclined') },
        POH_WALLET.other,
      )
      expect(asked.asked).toEqual([undefined])
    })

    it('[poh.16] external with no wallet connected: that one wallet alone is asked to connect, then sends; declined in the wallet is the sheet again', () => {
      const t = externalRun({ wallet: null, send: of({ outcome: 'rejected' as const }) }, 'r 9ms d', {
        r: requested,
        d: e('poh/walletDeclined'),
      })
      expect(t.asked).toEqual(['telegram-wallet'])
      expect(t.fake.calls).toEqual(['connect', 'send'])
    })

    it('[poh.16] external with another wallet connected: it is disconnected and the specific one connected before sending', () => {
      const t = externalRun({ wallet: { ...FAKE_TON_WALLET, appName: 'tonkeeper', name: 'Tonkeeper' } }, 'r 9ms (sp)', {
        r: requested,
        s: e('poh/transactionSent'),
        p: e('poh/paid', { way: 'external' }),
      })
      expect(t.fake.calls).toEqual(['disconnect', 'connect', 'send'])
      expect(t.asked).toEqual(['telegram-wallet'])
    })

    it(
      "a failed create transaction shows the server's message in the sheet (an answer with message, or a refusal)",
      marbles((m) => {
        const h = storeHarness(open('internal'))
        const refusal = {
          kind: 'rejected',
          status: 409,
          message: 'Not enough TON in your wallet: verification costs 1 TON.',
        }
        let n = 0
        const api = fakeApi({
          pohTransaction: () =>
            n++ === 0
              ? m.cold('5ms (a|)', { a: { message: 'Verification is switched off for now.' } })
              : m.cold('5ms #', {}, refusal),
        })
        m.expect(
          payEpic()(h.feed(m.hot('a 9ms a', { a: e('poh/verifyTapped') })), h.state$, fakeDeps({ api })).pipe(
            tap(h.apply),
          ),
        ).toBeObservable('r 4ms f 4ms r 4ms g', {
          r: e('poh/transactionRequested', { way: 'internal', idempotencyKey: KEY }),
          f: e('poh/transactionFailed', { way: 'internal', message: 'Verification is switched off for now.' }),
          g: e('poh/transactionFailed', { way: 'internal', message: refusal.message }),
        })
        m.flush()
        expect(h.get().poh.payment).toEqual({ step: 'failed', way: 'internal', message: refusal.message })
      }),
    )
  })

  describe('the code', () => {
    const typed = (digits: string) => digits.split('').map((d, index) => e('poh/codeTyped', { index, text: d }))

    it(
      '[poh.25] once the sixth box is filled the code is checked by POST {code}; ok is success',
      marbles((m) => {
        const h = storeHarness(typed('01234'))
        const api = fakeApi({ pohCheckCode: () => m.cold('10ms (a|)', { a: { ok: true } }) })
        m.expect(
          codeEpic(
            h.feed(m.hot('a', { a: e('poh/codeTyped', { index: 5, text: '5' }) })),
            h.state$,
            fakeDeps({ api }),
          ).pipe(tap(h.apply)),
        ).toBeObservable('s 9ms c', {
          s: e('poh/codeSubmitted', { code: '012345' }),
          c: e('poh/confirmed'),
        })
        m.flush()
        expect(api.requests).toEqual([{ name: 'pohCheckCode', request: { code: '012345' } }])
        expect(h.get().poh.confirmed).toBe(true)
      }),
    )

    it(
      'a wrong code keeps the tries left the server answered; the last one reads the info again, and the failed screen follows',
      marbles((m) => {
        const h = storeHarness([
          e('app/navigated', { to: '/prove/code' }),
          infoReceived('responsing'),
          ...typed('12345'),
        ])
        const wrong = (left: number) => ({
          kind: 'rejected',
          status: 400,
          message: 'Wrong code',
          path: 'code',
          code: 'poh-wrong-code',
          params: { triesLeft: String(left) },
        })
        const failedInfo = { ...info('internalError'), attempt: 1, failure: 'wrong-codes' }
        let left = 2
        const api = fakeApi({
          pohCheckCode: () => m.cold('10ms #', {}, wrong(--left)),
          pohInfo: () => m.cold('5ms (a|)', { a: failedInfo }),
        })
        const deps = fakeDeps({ api })
        const loop = new Subject<EventInput>()
        const keys = Object.fromEntries(
          [...'abcdefg'].map((k, i) => [
            k,
            i === 0 ? e('poh/codeTyped', { index: 5, text: '6' }) : e('poh/codeTyped', { index: i - 1, text: '9' }),
          ]),
        )
        const input = h.feed(merge(m.hot('a 19ms bcdefg', keys), loop))
        const seen: (number | null)[] = []
        input.subscribe((x) => x.type === 'poh/codeRejected' && seen.push(h.get().poh.triesLeft))
        const out = looped(merge(codeEpic(input, h.state$, deps), routeEpic(input, h.state$, deps)), loop).pipe(
          filter((x) => x.type !== 'poh/codeSubmitted'),
        )
        m.expect(out).toBeObservable('10ms r 24ms s 4ms (in)', {
          r: e('poh/codeRejected', { error: wrong(1) }),
          s: e('poh/codeRejected', { error: wrong(0) }),
          i: e('poh/infoReceived', { info: failedInfo }),
          n: e('app/navigated', { to: '/prove/failed', replace: true }),
        })
        m.flush()
        expect(seen).toEqual([1, 0])
        expect(api.requests.filter((r) => r.name === 'pohCheckCode').map((r) => r.request)).toEqual([
          { code: '123456' },
          { code: '999999' },
        ])
      }),
    )

    it(
      'an invalid code is rejected: the boxes are marked invalid; five digits send nothing',
      marbles((m) => {
        const h = storeHarness(typed('1111'))
        const error = { kind: 'rejected', status: 400, message: 'Wrong code', path: 'code' }
        const api = fakeApi({ pohCheckCode: () => m.cold('10ms #', {}, error) })
        const input = m.hot('a 2ms b', {
          a: e('poh/codeTyped', { index: 4, text: '1' }),
          b: e('poh/codeTyped', { index: 5, text: '1' }),
        })
        m.expect(codeEpic(h.feed(input), h.state$, fakeDeps({ api })).pipe(tap(h.apply))).toBeObservable(
          '3ms s 9ms r',
          {
            s: e('poh/codeSubmitted', { code: '111111' }),
            r: e('poh/codeRejected', { error }),
          },
        )
        m.flush()
        expect(api.requests).toHaveLength(1)
        expect(h.get().poh.code.check).toBe('invalid')
      }),
    )
  })

  describe('routing while a /prove screen shows', () => {
    const on = (path: string) => e('app/navigated', { to: path })
    it(
      "[poh.6] [poh.7] the info's status takes the screen where it belongs, in its place",
      marbles((m) => {
        const h = storeHarness([on('/mining'), on('/prove/loader')])
        m.expect(
          routeEpic(
            h.feed(m.hot('a 1ms b', { a: infoReceived('internalInQueue'), b: infoReceived('responsing') })),
            h.state$,
            fakeDeps(),
          ).pipe(tap(h.apply)),
        ).toBeObservable('2ms n', {
          n: e('app/navigated', { to: '/prove/code', replace: true }),
        })
      }),
    )
    it(
      '[poh.8] [poh.10] internalError shows the failed screen; try again marks it seen and goes to the intro, kept in local storage',
      marbles((m) => {
        const storage = memoryStorage()
        const h = storeHarness([on('/prove/loader')])
        const input = h.feed(m.hot('a 1ms b', { a: infoReceived('internalError'), b: e('poh/failureSeen') }))
        const deps = fakeDeps({ storage })
        storageWriteEpic(input, h.state$, deps).subscribe()
        m.expect(routeEpic(input, h.state$, deps).pipe(tap(h.apply))).toBeObservable('a 1ms b', {
          a: e('app/navigated', { to: '/prove/failed', replace: true }),
          b: e('app/navigated', { to: '/prove', replace: true }),
        })
        m.flush()
        expect(storage.get(FAILURE_SEEN_STORAGE_KEY)).toBe('1')
      }),
    )
    it(
      '[poh.9] a confirmed code goes to success; nothing moves outside /prove',
      marbles((m) => {
        const h = storeHarness([on('/prove/code'), infoReceived('responsing')])
        m.expect(
          routeEpic(
            h.feed(m.hot('a 1ms b 1ms c', { a: e('poh/confirmed'), b: on('/'), c: infoReceived('received') })),
            h.state$,
            fakeDeps(),
          ).pipe(tap(h.apply)),
        ).toBeObservable('a', {
          a: e('app/navigated', { to: '/prove/success', replace: true }),
        })
      }),
    )
    it(
      "paid again after a failure seen, the loader follows the status it polls: the failure before stays behind, the new request's code screen shows",
      marbles((m) => {
        const failed = { ...info('internalError'), attempt: 1, failure: 'wrong-codes' }
        const h = storeHarness([
          on('/prove/failed'),
          e('poh/infoReceived', { info: failed }),
          e('poh/failureSeen'),
          on('/prove'),
          e('poh/wayChosen', { way: 'external' }),
        ])
        // The watcher has not seen the payment at the first poll; at the second the code is sent.
        const answers = [failed, { ...info('responsing'), attempt: 2 }]
        const api = fakeApi({ pohInfo: () => m.cold('(a|)', { a: answers.shift() ?? answers[0] }) })
        const deps = fakeDeps({ api })
        const loop = new Subject<EventInput>()
        const input = h.feed(
          merge(
            m.hot('a 1ms b', { a: e('poh/paid', { way: 'external' }), b: e('poh/entered', { screen: 'loader' }) }),
            loop,
          ),
        )
        const out = looped(merge(routeEpic(input, h.state$, deps), loaderPollEpic()(input, h.state$, deps)), loop)
        m.expect(out, '^ 12s !').toBeObservable('n 5001ms i 4999ms (jc)', {
          n: e('app/navigated', { to: '/prove/loader', replace: true }),
          i: e('poh/infoReceived', { info: failed }),
          j: e('poh/infoReceived', { info: { ...info('responsing'), attempt: 2 } }),
          c: e('app/navigated', { to: '/prove/code', replace: true }),
        })
      }),
    )

    it(
      "a free retry after a failure on the service's side goes to the loader; refused, it says why and stays",
      marbles((m) => {
        const failed = { ...info('internalError'), attempt: 1, failure: 'provider' }
        const h = storeHarness([on('/prove/failed'), e('poh/infoReceived', { info: failed })])
        const refusal = { kind: 'rejected', status: 409, message: 'Verification is switched off for now.' }
        let n = 0
        const api = fakeApi({
          pohRetry: () =>
            n++ === 0 ? m.cold('5ms #', {}, refusal) : m.cold('5ms (a|)', { a: { ...info('received'), attempt: 1 } }),
        })
        const deps = fakeDeps({ api })
        const loop = new Subject<EventInput>()
        const input = h.feed(merge(m.hot('a 9ms a 1ms a', { a: e('poh/retryTapped') }), loop))
        const out = looped(merge(routeEpic(input, h.state$, deps), retryEpic(input, h.state$, deps)), loop)
        m.expect(out).toBeObservable('5ms f 9ms (rn)', {
          f: e('poh/retryFailed', { error: refusal }),
          r: e('poh/retried', { info: { ...info('received'), attempt: 1 } }),
          n: e('app/navigated', { to: '/prove/loader', replace: true }),
        })
        m.flush()
        // one call per tap burst: the third tap came while the second was out
        expect(api.requests.filter((r) => r.name === 'pohRetry')).toHaveLength(2)
        expect(h.get().poh.retry).toEqual({ step: 'idle' })
      }),
    )

    it(
      'a payment the server has not seen yet waits on the loader',
      marbles((m) => {
        const h = storeHarness([on('/prove'), infoReceived()])
        m.expect(
          routeEpic(
            h.feed(m.hot('a 1ms b', { a: e('poh/paid', { way: 'external' }), b: infoReceived() })),
            h.state$,
            fakeDeps(),
          ).pipe(tap(h.apply)),
        ).toBeObservable('a', {
          a: e('app/navigated', { to: '/prove/loader', replace: true }),
        })
      }),
    )
  })

  describe('the prompt', () => {
    const stored = (lastPromptAt: number | null) => e('poh/storageRead', { lastPromptAt, failureSeen: false })
    /**
     * One open of the app: what storage held, the user, the info (or `info`), then `more` on the
     * marble line; the prompts that open, and the last one's time after.
     */
    const run = (o: {
      production: boolean
      stored: number | null
      more?: string
      values?: Record<string, EventInput>
      info?: EventInput
      until: string
      expected: string
      shown?: Record<string, EventInput>
      lastShownAt: number | null
    }) => {
      marbles((m) => {
        const h = storeHarness([], () => m.scheduler.now())
        const input = h.feed(
          m.hot(`a b c ${o.more ?? ''}`, { a: stored(o.stored), b: human, c: o.info ?? infoReceived(), ...o.values }),
        )
        // The store folds every event, whoever listens (the epic reads the state).
        input.subscribe()
        const deps = fakeDeps({ clock: { now: () => m.scheduler.now() } })
        m.expect(
          promptEpic({ production: o.production })(input, h.state$, deps).pipe(tap(h.apply)),
          `^ ${o.until} !`,
        ).toBeObservable(o.expected, o.shown)
        m.flush()
        expect(h.get().poh.prompt.lastShownAt).toBe(o.lastShownAt)
      })()
    }
    const closed = { d: e('poh/promptClosed') }

    it('[poh.36] [poh.39] [poh.40] outside production: once the user and the info are in, at once the first time; the next open, not before a minute after the last; its time kept', () => {
      run({
        production: false,
        stored: null,
        more: '4996ms d',
        values: closed,
        until: '150s',
        expected: '2ms s',
        shown: { s: e('poh/promptShown', { at: 2 }) },
        lastShownAt: 2,
      })
      run({
        production: false,
        stored: 2,
        until: '150s',
        expected: '60002ms t',
        shown: { t: e('poh/promptShown', { at: 60_002 }) },
        lastShownAt: 60_002,
      })
    })

    it('[poh.38] [poh.40] in production: not before 12 hours after the last, kept from an earlier session', () => {
      run({
        production: true,
        stored: -11 * 3_600_000,
        more: '7197s d',
        values: closed,
        until: '120m',
        expected: '3600s s',
        shown: { s: e('poh/promptShown', { at: 3_600_000 }) },
        lastShownAt: 3_600_000,
      })
      // within the window nothing shows
      run({ production: true, stored: 0, until: '660m', expected: '', lastShownAt: null })
    })

    it('one interruption per open: closed, the prompt does not come again in this open, though its window has passed', () => {
      run({
        production: false,
        stored: null,
        more: '4996ms d',
        values: closed,
        until: '10m',
        expected: '2ms s',
        shown: { s: e('poh/promptShown', { at: 2 }) },
        lastShownAt: 2,
      })
    })

    it('one interruption per open: after a banner, no prompt', () => {
      run({
        production: false,
        stored: null,
        info: e('banners/shown', { kind: 'sniping' }),
        more: '1s i',
        values: { i: infoReceived() },
        until: '10m',
        expected: '',
        lastShownAt: null,
      })
    })

    it('never during a verification: a paid request waiting for its code, or queued, is not interrupted', () => {
      run({
        production: false,
        stored: null,
        info: infoReceived('responsing'),
        until: '10m',
        expected: '',
        lastShownAt: null,
      })
      run({
        production: false,
        stored: null,
        info: infoReceived('internalInQueue'),
        until: '10m',
        expected: '',
        lastShownAt: null,
      })
    })

    it("never during a payment: due on a send's confirmation, it waits until the user is off it", () => {
      const nav = (to: string) => e('app/navigated', { to })
      run({
        production: false,
        stored: null,
        info: nav('/send/confirm'),
        more: '5s i 5s h',
        values: { i: infoReceived(), h: nav('/') },
        until: '10m',
        expected: '10004ms s',
        shown: { s: e('poh/promptShown', { at: 10_004 }) },
        lastShownAt: 10_004,
      })
    })

    it(
      'a user outside a human group, or confirmed, is never prompted',
      marbles((m) => {
        const h = storeHarness([], () => m.scheduler.now())
        const input = h.feed(
          m.hot('a b c 1s d', {
            a: stored(null),
            b: e('poh/userReceived', { humanGroup: false, confirmProve: false }),
            c: infoReceived(),
            d: e('poh/userReceived', { humanGroup: true, confirmProve: true }),
          }),
        )
        input.subscribe()
        m.expect(
          promptEpic({ production: false })(input, h.state$, fakeDeps({ clock: { now: () => m.scheduler.now() } })),
          '^ 10m !',
        ).toBeObservable('')
      }),
    )

    it(
      '[poh.37] not at or after the cutoff',
      marbles((m) => {
        const h = storeHarness([], () => m.scheduler.now())
        const input = h.feed(m.hot('a b c', { a: stored(null), b: human, c: infoReceived() }))
        input.subscribe()
        m.expect(
          promptEpic({ production: false, cutoff: 1 })(
            input,
            h.state$,
            fakeDeps({ clock: { now: () => m.scheduler.now() } }),
          ),
          '^ 10m !',
        ).toBeObservable('')
      }),
    )
  })

  it("the prompt's time is written to local storage", () => {
    const storage = memoryStorage()
    storageWriteEpic(
      of({ seq: 1, at: 5, ...e('poh/promptShown', { at: 60_002 }) } as AppEvent),
      storeHarness([]).state$,
      fakeDeps({ storage }),
    ).subscribe()
    expect(storage.get(PROMPT_STORAGE_KEY)).toBe('60002')
  })

  it('storage: the last prompt and a seen failure are read as the feature starts', () => {
    const storage = memoryStorage({ [PROMPT_STORAGE_KEY]: '1234', [FAILURE_SEEN_STORAGE_KEY]: '1' })
    const got: EventInput[] = []
    storageReadEpic(NEVER, storeHarness([]).state$, fakeDeps({ storage })).subscribe((x) => got.push(x))
    expect(got).toEqual([e('poh/storageRead', { lastPromptAt: 1234, failureSeen: true })])
  })

  const launched = (location: string) =>
    e('app/launched', {
      insideTelegram: true,
      user: null,
      authDate: null,
      startParam: null,
      platform: 'ios',
      version: '8',
      location,
      cookieLanguage: null,
      colorScheme: 'light',
      devBuild: false,
    })

  it('[poh.35] launched away from the home, the mining record is read once; only a user in a human group who has not confirmed loads the poh feature', () => {
    for (const [humanGroup, confirmProve, loads] of [
      [true, false, 1],
      [true, true, 0],
      [false, false, 0],
    ] as const) {
      marbles((m) => {
        const h = storeHarness([])
        let loaded = 0
        let reads = 0
        const api = fakeApi({
          miningUser: () => ((reads += 1), m.cold('10ms (a|)', { a: record(humanGroup, confirmProve) })),
        })
        const input = h.feed(m.hot('a', { a: launched('/mining/tasks') }))
        m.expect(
          pohLaunchEpic(() => ((loaded += 1), Promise.resolve()))(input, h.state$, fakeDeps({ api })),
        ).toBeObservable('10ms u', { u: e('poh/userReceived', { humanGroup, confirmProve }) })
        m.flush()
        expect(reads).toBe(1)
        expect(loaded).toBe(loads)
      })()
    }
  })

  it("[poh.35] launched on the home, the facts come with the home's own read of the record (no read of its own), an event only when they change; only a user in a human group who has not confirmed loads the poh feature", () => {
    const lock = (humanGroup: boolean, confirmProve: boolean) =>
      e('wallet/switchLockReceived', { gotAmount: '1', lockAmount: '0', humanGroup, confirmProve })
    marbles((m) => {
      const h = storeHarness([])
      let loaded = 0
      let reads = 0
      const api = fakeApi({ miningUser: () => ((reads += 1), NEVER) })
      const input = h.feed(
        m.hot('a 9ms b 29s c 29s d', {
          a: launched('/'),
          b: lock(true, false),
          c: lock(true, false),
          d: lock(true, true),
        }),
      )
      m.expect(
        pohLaunchEpic(() => ((loaded += 1), Promise.resolve()))(input, h.state$, fakeDeps({ api })),
      ).toBeObservable('10ms u 58001ms v', {
        u: e('poh/userReceived', { humanGroup: true, confirmProve: false }),
        v: e('poh/userReceived', { humanGroup: true, confirmProve: true }),
      })
      m.flush()
      expect(reads).toBe(0)
      expect(loaded).toBe(1)
    })()
    // outside a human group, or confirmed already: the facts, and no poh feature
    for (const [humanGroup, confirmProve] of [
      [false, false],
      [true, true],
      [false, true],
    ] as const)
      marbles((m) => {
        const h = storeHarness([])
        let loaded = 0
        const input = h.feed(m.hot('a 9ms b', { a: launched('/'), b: lock(humanGroup, confirmProve) }))
        m.expect(
          pohLaunchEpic(() => ((loaded += 1), Promise.resolve()))(input, h.state$, fakeDeps({ api: fakeApi({}) })),
        ).toBeObservable('10ms u', { u: e('poh/userReceived', { humanGroup, confirmProve }) })
        m.flush()
        expect(loaded, `${humanGroup} ${confirmProve}`).toBe(0)
      })()
  })
})
