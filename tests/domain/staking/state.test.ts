import { describe, expect, it } from 'vitest'
import { fold } from '../../../domain/state'
import type { EventInput } from '../../../domain/events'
import { launch, stamp } from '../fixtures/events'
import { configs, deposit, loaded, userRead } from './fixtures'

const T = 1_763_800_000_000
const staking = (inputs: EventInput[]) =>
  fold(stamp([{ type: 'app/launched', payload: launch() }, ...inputs], T)).staking
const e = (type: string, payload: object = {}) => ({ type, payload }) as EventInput

describe('staking state', () => {
  it('a deposit made joins the deposits read before it, also when the log is frozen (a replay, a feature loaded later refolding it)', () => {
    const events = stamp(
      [
        { type: 'app/launched', payload: launch() },
        e('staking/depositsReceived', { deposits: [deposit({ _id: 'a' })] }),
        e('staking/deposited', { deposit: deposit({ _id: 'b' }) }),
      ],
      T,
    )
    const freeze = (o: unknown): void => {
      if (o && typeof o === 'object' && !Object.isFrozen(o)) {
        Object.freeze(o)
        for (const v of Object.values(o)) freeze(v)
      }
    }
    freeze(events)
    expect(fold(events).staking.deposits?.map((d) => d._id)).toEqual(['b', 'a'])
  })

  it('the first config is the chosen period until one is chosen', () => {
    expect(staking([e('staking/configsReceived', { configs })]).form.configPeriod).toBe('3m')
    expect(
      staking([e('staking/periodChosen', { period: '1y' }), e('staking/configsReceived', { configs })]).form
        .configPeriod,
    ).toBe('1y')
  })

  it('[staking.11] an empty untouched amount gets the 50 % preset once the balance is read (capped at the max); a cleared one stays empty', () => {
    expect(staking(loaded('801.379', '0')).form).toMatchObject({ amount: '400.68', amountPreset: 50 })
    expect(staking(loaded('200000', '0')).form.amount).toBe('50000')
    expect(staking(loaded('100', '100')).form.amount).toBe('')
    expect(staking([...loaded('1000'), e('staking/amountTyped', { text: '' }), userRead('1000')]).form.amount).toBe('')
  })

  it('typing keeps digits and one separator (a comma kept); a preset fills its share of the available', () => {
    const s = staking([...loaded('1000', '200'), e('staking/amountTyped', { text: '12,5x,3' })])
    expect(s.form).toMatchObject({ amount: '12,53', amountPreset: null })
    expect(staking([...loaded('1000', '200'), e('staking/presetChosen', { percent: 35 })]).form).toMatchObject({
      amount: '280',
      amountPreset: 35,
    })
  })

  it('[staking.21] choosing a period resets the payment method', () => {
    const s = staking([
      ...loaded(),
      e('staking/periodChosen', { period: '6m' }),
      e('staking/paymentMethodChosen', { way: 'stars' }),
      e('staking/periodChosen', { period: '1y' }),
    ])
    expect(s.form).toMatchObject({ configPeriod: '1y', paymentMethod: null })
  })

  it('a cancelled invoice ends the payment with nothing made; paid waits for the grant', () => {
    const base = [
      ...loaded(),
      e('staking/depositRequested', { idempotencyKey: 'k', amount: '100', period: '6m', way: 'stars' }),
      e('staking/depositOrdered', { way: 'stars', orderId: 'o' }),
    ]
    expect(staking([...base, e('staking/invoiceClosed', { orderId: 'o', status: 'cancelled' })]).deposit).toEqual({
      step: 'failed',
      reason: 'cancelled',
      error: null,
    })
    expect(staking([...base, e('staking/invoiceClosed', { orderId: 'o', status: 'paid' })]).deposit).toEqual({
      step: 'waiting',
      way: 'stars',
      orderId: 'o',
      pending: false,
    })
  })

  it('success keeps what was sent for its message; finishing starts the form afresh', () => {
    const sent = [
      ...loaded('1000'),
      e('staking/amountTyped', { text: '150' }),
      e('staking/depositRequested', { idempotencyKey: 'k', amount: '150', period: '3m', way: null }),
      e('staking/deposited', { deposit: null }),
    ]
    expect(staking(sent)).toMatchObject({ deposit: { step: 'success' }, request: { amount: '150', period: '3m' } })
    expect(staking([...sent, e('staking/finished')])).toMatchObject({
      deposit: { step: 'idle' },
      request: null,
      form: { amount: '500', touched: false, configPeriod: '3m' },
    })
  })

  it('a claimed deposit replaces its row; the server clock comes with the deposits', () => {
    const claimed = deposit({ dttmClaimed: '2026-11-22T09:00:00Z' })
    const s = staking([
      e('staking/depositsReceived', { deposits: [deposit()], serverTime: T + 5000 }),
      e('staking/claimTapped', { id: 'dep1' }),
      e('staking/claimed', { answer: { deposit: claimed, stake: '100', reward: '3' } }),
    ])
    expect(s.deposits).toEqual([claimed])
    expect(s.claiming).toBeNull()
    // the deposits were read by the second event, stamped 250 ms after the launch
    expect(s.serverOffset).toBe(5000 - 250)
  })

  it('a token claim failure stays, with its message or none, until the screen is entered again', () => {
    const s = staking([
      e('staking/sbtClaimTapped', { stakingPeriod: '3m' }),
      e('staking/sbtClaimFailed', { message: null }),
    ])
    expect(s.sbtClaim).toEqual({ step: 'failed', stakingPeriod: '3m', message: null })
    expect(
      staking([
        e('staking/sbtClaimTapped', { stakingPeriod: '3m' }),
        e('staking/sbtClaimFailed', { message: 'x' }),
        e('staking/sbtClaimTapped', { stakingPeriod: '3m' }),
      ]).sbtClaim.step,
    ).toBe('claiming')
  })
})
