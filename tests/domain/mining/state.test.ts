import { describe, expect, it } from 'vitest'
import { fold } from '../../../domain/state'
import type { AppEvent, EventInput } from '../../../domain/events'
import { autoclaimBusy, canClaim } from '../../../domain/mining/state'
import { launch, stamp } from '../fixtures/events'
import { HOUR, WINDOW_START, answerAt, record } from './fixtures'

const T = 1_763_800_000_000
const mining = (inputs: EventInput[]) => fold(stamp([{ type: 'app/launched', payload: launch() }, ...inputs], T)).mining
/** Events at chosen device times. */
const at = (pairs: [number, EventInput][]) =>
  fold([
    { type: 'app/launched', payload: launch(), seq: 1, at: T } as AppEvent,
    ...pairs.map(([t, e], i) => ({ ...e, seq: i + 2, at: t }) as AppEvent),
  ]).mining
const received = (ms: number): EventInput => ({ type: 'mining/userReceived', payload: answerAt(ms) as never })
const offer = { stars: 195, ton: '0.5', days: 30, active: false, until: null } as never

describe('mining state', () => {
  it('the record and the season are kept from GET user mining; the first read shows loading until then', () => {
    expect(mining([{ type: 'mining/entered', payload: {} }])).toMatchObject({ loading: true, record: null })
    const s = mining([{ type: 'mining/entered', payload: {} }, received(HOUR)])
    expect(s).toMatchObject({
      loading: false,
      record: answerAt(HOUR).userMining,
      season: { endsAt: null, appealUntil: null },
      readAt: WINDOW_START + HOUR,
    })
    // a poll later shows no loading state again
    expect(
      mining([
        { type: 'mining/entered', payload: {} },
        received(HOUR),
        { type: 'mining/left', payload: {} },
        { type: 'mining/entered', payload: {} },
      ]).loading,
    ).toBe(false)
  })

  it("the server's clock offset is computed from the answer's serverTime and the event's own time, never the device's now", () => {
    const device = WINDOW_START + HOUR - 90_000 // the phone runs 90 s slow
    const s = at([[device, received(HOUR)]])
    expect(s.serverOffset).toBe(90_000)
    expect(s.readAt).toBe(WINDOW_START + HOUR)
    // the same log folds the same anywhere: the offset rides on the log, not on this machine's clock
    expect(at([[device, received(HOUR)]])).toEqual(s)
    // a claim's answer and the results carry the server's time too
    const claim = at([
      [device, received(HOUR)],
      [
        device + 1000,
        {
          type: 'mining/claimed',
          payload: {
            answer: {
              outcome: 'claimed',
              claimed: '1.5',
              bonus: '0',
              userMining: record(),
              serverTime: WINDOW_START + HOUR + 5000,
            } as never,
          },
        },
      ],
    ])
    expect(claim.serverOffset).toBe(94_000)
  })

  it('a failed read is kept with its error, and a retry shows loading again while there is nothing to show', () => {
    const failed = mining([
      { type: 'mining/entered', payload: {} },
      { type: 'mining/userFailed', payload: { error: { kind: 'network', message: 'offline' } } },
    ])
    expect(failed).toMatchObject({ loading: false, error: { kind: 'network' } })
    expect(
      mining([
        { type: 'mining/entered', payload: {} },
        { type: 'mining/userFailed', payload: { error: { kind: 'network', message: 'offline' } } },
        { type: 'mining/refreshRequested', payload: {} },
      ]),
    ).toMatchObject({ loading: true, error: null })
  })

  it('the claim in flight holds its key and window; the answer replaces the record and says what was credited', () => {
    const sent = mining([
      received(HOUR),
      {
        type: 'mining/claimRequested',
        payload: { idempotencyKey: 'k'.repeat(32), windowStart: record().windowStart as string },
      },
    ])
    expect(sent.claiming).toEqual({ idempotencyKey: 'k'.repeat(32), windowStart: record().windowStart })
    expect(canClaim(sent)).toBe(false)
    const after = record({
      miningAmount: '0',
      gotAmount: '13.845678912',
      windowStart: new Date(WINDOW_START + HOUR).toISOString(),
    })
    const done = mining([
      received(HOUR),
      { type: 'mining/claimRequested', payload: { idempotencyKey: 'k'.repeat(32), windowStart: 'w' } },
      {
        type: 'mining/claimed',
        payload: {
          answer: {
            outcome: 'claimed',
            claimed: '1.5',
            bonus: '0.075',
            userMining: after,
            serverTime: WINDOW_START + HOUR,
          } as never,
        },
      },
    ])
    expect(done).toMatchObject({
      claiming: null,
      lastClaim: { outcome: 'claimed', claimed: '1.5', bonus: '0.075' },
      record: after,
    })
    expect(canClaim(done)).toBe(true)
    const failed = mining([
      received(HOUR),
      { type: 'mining/claimRequested', payload: { idempotencyKey: 'k', windowStart: 'w' } },
      { type: 'mining/claimFailed', payload: { error: { kind: 'server', status: 500, message: 'x' } } },
    ])
    expect(failed).toMatchObject({ claiming: null, claimError: { kind: 'server' } })
    expect(canClaim(mining([]))).toBe(false)
  })

  it('[mining.10] a profile made on this visit opens the onboarding; it has 3 steps and, once closed, stays closed', () => {
    expect(mining([received(0)]).onboarding).toBeNull()
    expect(mining([{ type: 'mining/created', payload: {} }, received(0)]).onboarding).toBe(0)
    const step = (n: number): EventInput => ({ type: 'mining/onboardingStepped', payload: { step: n } })
    expect(mining([{ type: 'mining/created', payload: {} }, step(1)]).onboarding).toBe(1)
    expect(mining([{ type: 'mining/created', payload: {} }, step(2)]).onboarding).toBe(2)
    expect(mining([{ type: 'mining/created', payload: {} }, step(3)]).onboarding).toBe(2)
    expect(mining([{ type: 'mining/created', payload: {} }, step(-1)]).onboarding).toBe(0)
    expect(mining([step(1)]).onboarding).toBeNull()
    const closed = mining([
      { type: 'mining/created', payload: {} },
      step(2),
      { type: 'mining/onboardingClosed', payload: {} },
      { type: 'mining/created', payload: {} },
    ])
    expect(closed).toMatchObject({ onboarding: null, onboardingSeen: true })
  })

  it('a first visit greets as soon as the first read finds no profile, while it is made; a step taken meanwhile stays', () => {
    const creating: EventInput = { type: 'mining/creating', payload: {} }
    const created: EventInput = { type: 'mining/created', payload: {} }
    const step: EventInput = { type: 'mining/onboardingStepped', payload: { step: 1 } }
    expect(mining([creating]).onboarding).toBe(0)
    expect(mining([creating, step, created, received(0)]).onboarding).toBe(1)
    expect(mining([creating, { type: 'mining/onboardingClosed', payload: {} }, created]).onboarding).toBeNull()
  })

  it("the finish screen's results are kept with the server's clock", () => {
    const results = {
      state: 'burned',
      totalMined: '0',
      speed: '1.5',
      stakingAmount: '0',
      burnedAmount: '9',
      serverTime: T + 2000,
    } as never
    const s = mining([
      { type: 'mining/finishEntered', payload: {} },
      { type: 'mining/resultsReceived', payload: { results } },
    ])
    expect(s.results).toEqual(results)
    expect(s.serverOffset).toBe(2000 - 250 * 2)
  })

  describe('autoclaim payment (tasks.43-52)', () => {
    const open: EventInput[] = [
      { type: 'mining/autoclaimOpened', payload: {} },
      { type: 'mining/autoclaimOfferReceived', payload: { offer } },
    ]
    const stars: EventInput[] = [
      ...open,
      { type: 'mining/autoclaimPayRequested', payload: { way: 'stars' } },
      { type: 'mining/autoclaimOrdered', payload: { way: 'stars', orderId: 'SWA' } },
    ]
    const order = (status: 'open' | 'granted' | 'refunded' | 'cancelled', orderId = 'SWA'): EventInput => ({
      type: 'mining/autoclaimOrderChecked',
      payload: { order: { orderId, product: 'autoclaim', way: 'stars', status, expiresAt: '2026-11-22T10:00:00Z' } },
    })

    it('[tasks.50] a paid invoice waits for the server, which grants it: then success', () => {
      const paid = mining([
        ...stars,
        { type: 'mining/autoclaimInvoiceClosed', payload: { orderId: 'SWA', status: 'paid' } },
      ])
      expect(paid.autoclaim.payment).toEqual({ step: 'waiting', way: 'stars', orderId: 'SWA', pending: false })
      expect(autoclaimBusy(paid)).toBe(true)
      expect(
        mining([
          ...stars,
          { type: 'mining/autoclaimInvoiceClosed', payload: { orderId: 'SWA', status: 'paid' } },
          order('open'),
        ]).autoclaim.payment.step,
      ).toBe('waiting')
      expect(
        mining([
          ...stars,
          { type: 'mining/autoclaimInvoiceClosed', payload: { orderId: 'SWA', status: 'paid' } },
          order('granted', 'SWB'),
        ]).autoclaim.payment.step,
      ).toBe('waiting')
      expect(
        mining([
          ...stars,
          { type: 'mining/autoclaimInvoiceClosed', payload: { orderId: 'SWA', status: 'paid' } },
          order('granted'),
        ]).autoclaim.payment,
      ).toEqual({ step: 'success', way: 'stars', orderId: 'SWA' })
    })

    it('a pending invoice keeps waiting; cancelled and failed say so and grant nothing', () => {
      expect(
        mining([...stars, { type: 'mining/autoclaimInvoiceClosed', payload: { orderId: 'SWA', status: 'pending' } }])
          .autoclaim.payment,
      ).toEqual({ step: 'waiting', way: 'stars', orderId: 'SWA', pending: true })
      expect(
        mining([...stars, { type: 'mining/autoclaimInvoiceClosed', payload: { orderId: 'SWA', status: 'cancelled' } }])
          .autoclaim.payment,
      ).toEqual({ step: 'failed', way: 'stars', reason: 'cancelled', error: null })
      expect(
        mining([...stars, { type: 'mining/autoclaimInvoiceClosed', payload: { orderId: 'SWA', status: 'failed' } }])
          .autoclaim.payment,
      ).toEqual({ step: 'failed', way: 'stars', reason: 'failed', error: null })
      // an order the server refunded or cancelled is a failure too
      expect(
        mining([
          ...stars,
          { type: 'mining/autoclaimInvoiceClosed', payload: { orderId: 'SWA', status: 'paid' } },
          order('refunded'),
        ]).autoclaim.payment.step,
      ).toBe('failed')
    })

    it('the internal way: ordered, dry run passed (its key kept), transferred, then waiting for the grant', () => {
      const steps: EventInput[] = [
        ...open,
        { type: 'mining/autoclaimPayRequested', payload: { way: 'internal' } },
        { type: 'mining/autoclaimOrdered', payload: { way: 'internal', orderId: 'SWI' } },
        { type: 'mining/autoclaimTransferChecked', payload: { orderId: 'SWI', idempotencyKey: 'key1' } },
      ]
      expect(mining(steps).autoclaim).toMatchObject({
        payment: { step: 'paying', way: 'internal', orderId: 'SWI' },
        idempotencyKey: 'key1',
      })
      expect(
        mining([...steps, { type: 'mining/autoclaimTransferred', payload: { orderId: 'SWI' } }]).autoclaim.payment,
      ).toEqual({ step: 'waiting', way: 'internal', orderId: 'SWI', pending: false })
    })

    it('a failure keeps its error and the key to show; retrying goes back to the three ways', () => {
      const start: EventInput[] = [
        ...open,
        { type: 'mining/autoclaimPayRequested', payload: { way: 'internal' } },
        { type: 'mining/autoclaimOrdered', payload: { way: 'internal', orderId: 'SWI' } },
      ]
      const poor = mining([
        ...start,
        {
          type: 'mining/autoclaimFailed',
          payload: {
            way: 'internal',
            error: { kind: 'rejected', status: 400, message: 'Insufficient balance', path: 'amount' },
          },
        },
      ])
      expect(poor.autoclaim.payment).toMatchObject({
        step: 'failed',
        reason: 'not-enough-balance',
        error: { path: 'amount' },
      })
      const other = mining([
        ...start,
        {
          type: 'mining/autoclaimFailed',
          payload: { way: 'internal', error: { kind: 'server', status: 502, message: 'x' } },
        },
      ])
      expect(other.autoclaim.payment).toMatchObject({ step: 'failed', reason: 'unknown' })
      expect(
        mining([
          ...start,
          { type: 'mining/autoclaimFailed', payload: { way: 'internal', error: { kind: 'network', message: 'x' } } },
          { type: 'mining/autoclaimRetried', payload: {} },
        ]).autoclaim.payment,
      ).toEqual({ step: 'choose' })
    })

    it('the external way: ordered, the wallet sent it, then waiting; a refusal in the wallet is a cancellation, a TonConnect failure the unknown error', () => {
      const start: EventInput[] = [...open, { type: 'mining/autoclaimPayRequested', payload: { way: 'external' } }]
      const ordered: EventInput[] = [
        ...start,
        { type: 'mining/autoclaimOrdered', payload: { way: 'external', orderId: 'SWE' } },
      ]
      expect(
        mining([...ordered, { type: 'mining/autoclaimTransactionSent', payload: { orderId: 'SWE' } }]).autoclaim
          .payment,
      ).toEqual({ step: 'waiting', way: 'external', orderId: 'SWE', pending: false })
      expect(mining([...start, { type: 'mining/autoclaimWalletDeclined', payload: {} }]).autoclaim.payment).toEqual({
        step: 'failed',
        way: 'external',
        reason: 'cancelled',
        error: null,
      })
      expect(mining([...ordered, { type: 'mining/autoclaimWalletDeclined', payload: {} }]).autoclaim.payment).toEqual({
        step: 'failed',
        way: 'external',
        reason: 'cancelled',
        error: null,
      })
      expect(
        mining([...ordered, { type: 'mining/autoclaimWalletFailed', payload: { reason: 'no wallet' } }]).autoclaim
          .payment,
      ).toEqual({ step: 'failed', way: 'external', reason: 'unknown', error: null })
      // a wallet's answer for another way changes nothing
      expect(mining([...stars, { type: 'mining/autoclaimWalletDeclined', payload: {} }]).autoclaim.payment.step).toBe(
        'paying',
      )
    })

    it('one payment at a time: another way is ignored while one is under way', () => {
      const s = mining([...stars, { type: 'mining/autoclaimPayRequested', payload: { way: 'internal' } }])
      expect(s.autoclaim.payment).toEqual({ step: 'paying', way: 'stars', orderId: 'SWA' })
    })

    it('closing the modal keeps a payment under way, and clears a finished one', () => {
      expect(mining([...stars, { type: 'mining/autoclaimClosed', payload: {} }]).autoclaim).toMatchObject({
        open: false,
        payment: { step: 'paying' },
      })
      const done = mining([
        ...stars,
        { type: 'mining/autoclaimInvoiceClosed', payload: { orderId: 'SWA', status: 'cancelled' } },
        { type: 'mining/autoclaimClosed', payload: {} },
      ])
      expect(done.autoclaim).toMatchObject({ open: false, payment: { step: 'choose' }, offer })
    })
  })
})
