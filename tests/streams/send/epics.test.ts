import { describe, expect, it } from 'vitest'
import { marbles } from '../marbles'
import { BehaviorSubject, type Observable } from 'rxjs'
import { checkEpic, confirmEpic } from '../../../streams/send/epics'
import type { StateObservable } from '../../../streams/store'
import { type RootState, initialState } from '../../../domain/state'
import type { AppEvent } from '../../../domain/events'
import { fold } from '../../../domain/state'
import { stamp } from '../../domain/fixtures/events'
import { fakeApi, fakeDeps } from '../fakes'
import { wireOf } from '../wireApi'

const e = (type: AppEvent['type'], payload: object = {}): AppEvent => ({ seq: 0, at: 0, type, payload }) as AppEvent
const token = {
  address: '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9',
  chainId: 42161 as const,
  decimals: 6,
  logoURI: '',
  name: 'Tether',
  symbol: 'USDT',
}
const draft = (over: Partial<RootState['send']>): StateObservable =>
  new BehaviorSubject({
    ...initialState,
    send: { ...initialState.send, token, to: '0x52908400098527886E0F7030069857D2E4169EE7', amount: '12.5', ...over },
  }) as unknown as StateObservable

describe('send epics', () => {
  it(
    '[send.12] [send.13] the dry run sends dry: true and, passing, goes to /send/confirm with a fresh key',
    marbles((m) => {
      const api = fakeApi({ transfer: () => m.cold('-(a|)', { a: { ok: true, fee: '0.0001', feeSymbol: 'ETH' } }) })
      const out = checkEpic(
        m.hot('a', { a: e('send/checkRequested', { balance: '500' }) }) as Observable<AppEvent>,
        draft({ isLoading: true }),
        fakeDeps({ api, random: { next: () => 0.5 } }),
      )
      m.expect(out, '^ 5ms !').toBeObservable('-(ab)', {
        a: {
          type: 'send/checkPassed',
          payload: { fee: '0.0001', feeSymbol: 'ETH', idempotencyKey: '80000000'.repeat(4) },
        },
        b: { type: 'app/navigated', payload: { to: '/send/confirm' } },
      })
      m.flush()
      expect(api.requests).toEqual([
        {
          name: 'transfer',
          request: {
            to: '0x52908400098527886E0F7030069857D2E4169EE7',
            amount: '12.5',
            tokenAddress: token.address,
            chainId: 42161,
            accountIndex: 0,
            comment: '',
            dry: true,
          },
        },
      ])
      // on the wire, as the client's HTTP client sends it (wireOf: the endpoint table through streams/http/request.ts)
      for (const r of api.requests.filter((c) => c.name === 'transfer'))
        expect(wireOf(r)).toEqual({
          method: 'POST',
          path: '/transfer',
          query: {},
          body: r.request,
          contentType: 'application/json',
          headers: expect.anything(),
        })
    }),
  )

  it('[send.14] [send.15] a refusal whose path contains amount is the amount error, one whose path contains to the address error, with the server message', () => {
    const cases: [string, string, 'amount' | 'to'][] = [
      ['amount', 'not enough balance', 'amount'],
      ['body.amount', 'USDT has 6 decimals at most', 'amount'],
      ['to', 'unknown recipient', 'to'],
    ]
    for (const [path, message, field] of cases)
      marbles((m) => {
        const api = fakeApi({
          transfer: () => m.cold('-#', undefined, { kind: 'rejected', status: 400, message, path }),
        })
        const out = checkEpic(
          m.hot('a', { a: e('send/checkRequested', { balance: '500' }) }) as Observable<AppEvent>,
          draft({ isLoading: true }),
          fakeDeps({ api }),
        )
        m.expect(out, '^ 5ms !').toBeObservable('-a', { a: { type: 'send/checkFailed', payload: { field, message } } })
      })()
    // and the draft shows it at that field
    const s = fold(
      stamp([
        { type: 'send/started', payload: {} },
        { type: 'send/checkFailed', payload: { field: 'to', message: 'unknown recipient' } },
      ]),
    ).send
    expect(s.errors).toMatchObject({ to: 'unknown recipient' })
  })

  it(
    'a draft that failed the client checks sends nothing',
    marbles((m) => {
      const api = fakeApi({ transfer: () => m.cold('(a|)', { a: { ok: true } }) })
      const out = checkEpic(
        m.hot('a', { a: e('send/checkRequested', { balance: '1' }) }) as Observable<AppEvent>,
        draft({ isLoading: false }),
        fakeDeps({ api }),
      )
      m.expect(out).toBeObservable('')
      expect(api.requests).toEqual([])
    }),
  )

  it(
    'one confirm is one transfer (send.18): taps while it runs send nothing, and it carries the key',
    marbles((m) => {
      const api = fakeApi({ transfer: () => m.cold('----(a|)', { a: { ok: true, txId: 'tx-1' } }) })
      const taps = m.hot('aaa', { a: e('send/confirmRequested') }) as Observable<AppEvent>
      const out = confirmEpic(taps, draft({ isChecked: true, idempotencyKey: 'key-1' }), fakeDeps({ api }))
      m.expect(out, '^ 10ms !').toBeObservable('----(ab)', {
        a: { type: 'send/sent', payload: { txId: 'tx-1' } },
        b: { type: 'app/navigated', payload: { to: '/send/success' } },
      })
      m.flush()
      expect(api.requests).toEqual([
        {
          name: 'transfer',
          request: {
            to: '0x52908400098527886E0F7030069857D2E4169EE7',
            amount: '12.5',
            tokenAddress: token.address,
            chainId: 42161,
            accountIndex: 0,
            comment: '',
            dry: false,
            idempotencyKey: 'key-1',
          },
        },
      ])
    }),
  )

  it('[send.18] confirming sends the same /transfer as the dry run with dry false, and nothing without a passing dry run', () => {
    // the dry run, then the confirm: one request body apart from dry (and the confirm's key)
    const requests = marbles((m) => {
      const api = fakeApi({ transfer: () => m.cold('(a|)', { a: { ok: true, fee: '0.0001', feeSymbol: 'ETH' } }) })
      checkEpic(
        m.hot('a', { a: e('send/checkRequested', { balance: '500' }) }) as Observable<AppEvent>,
        draft({ isLoading: true }),
        fakeDeps({ api }),
      ).subscribe()
      confirmEpic(
        m.hot('-a', { a: e('send/confirmRequested') }) as Observable<AppEvent>,
        draft({ isChecked: true, idempotencyKey: 'key-1' }),
        fakeDeps({ api }),
      ).subscribe()
      m.flush()
      const [dry, real] = api.requests.map(wireOf)
      expect([dry.method, dry.path, real.method, real.path]).toEqual(['POST', '/transfer', 'POST', '/transfer'])
      expect(dry.body).toMatchObject({ dry: true })
      expect(real.body).toEqual({ ...(dry.body as object), dry: false, idempotencyKey: 'key-1' })
    })
    requests()
    // without a passing dry run (none, or the draft changed since: a key drawn, not checked), a confirm sends nothing
    for (const over of [{ isChecked: false }, { isChecked: false, idempotencyKey: 'key-1' }])
      marbles((m) => {
        const api = fakeApi({ transfer: () => m.cold('(a|)', { a: { ok: true } }) })
        m.expect(
          confirmEpic(
            m.hot('a', { a: e('send/confirmRequested') }) as Observable<AppEvent>,
            draft(over),
            fakeDeps({ api }),
          ),
        ).toBeObservable('')
        m.flush()
        expect(api.requests).toEqual([])
      })()
  })
})
