import { describe, expect, it } from 'vitest'
import type { StakingConfigs } from '../../../domain/staking/codecs'
import { feeOf, isPaidPeriod, maxOf } from '../../../domain/staking/configs'
import { depositReady, depositWay } from '../../../domain/staking/deposit'
import { type StakingState, initialStakingState } from '../../../domain/staking/state'
import { configs } from './fixtures'

/** The staking slice with the configs and a balance read, and this form. */
const withForm = (form: Partial<StakingState['form']>, over: Partial<StakingState> = {}): StakingState => ({
  ...initialStakingState,
  configs,
  balance: { got: '1000', locked: '0' },
  form: { ...initialStakingState.form, amount: '100', configPeriod: '3m', touched: true, ...form },
  ...over,
})

describe("a period's config, read once for the screens, the form and the deposit", () => {
  it('a period is paid when it has a price or is named among the paid periods; free otherwise', () => {
    expect(isPaidPeriod(configs, '3m')).toBe(false)
    expect(isPaidPeriod(configs, '3mhp')).toBe(true)
    // Named paid without a price in its config: still paid.
    const namedOnly = {
      paidPeriods: ['3m'],
      stakingConfig: { '3m': { apy: 0.1, minSwitchAmount: '10', maxSwitchAmount: '50000' } },
    } as unknown as StakingConfigs['configs']
    expect(isPaidPeriod(namedOnly, '3m')).toBe(true)
    // A price in the config though not named: paid.
    const priceOnly = {
      paidPeriods: [],
      stakingConfig: {
        '5y': { apy: 0.1, minSwitchAmount: '10', maxSwitchAmount: '50000', priceAmount: { stars: 10 } },
      },
    } as unknown as StakingConfigs['configs']
    expect(isPaidPeriod(priceOnly, '5y')).toBe(true)
    expect(isPaidPeriod(null, '3mhp')).toBe(false)
  })

  it('the fee in TON and Stars, or none for a free period; the most a deposit takes, 50 000 when no config says', () => {
    expect(feeOf(configs.stakingConfig['6m'])).toEqual({ ton: '1', stars: 200 })
    expect(feeOf(configs.stakingConfig['3m'])).toBeNull()
    expect(feeOf({ apy: 0.1, minSwitchAmount: '1', maxSwitchAmount: '2', priceAmount: { stars: 5 } } as never)).toEqual(
      { ton: '0', stars: 5 },
    )
    expect(maxOf({ apy: 0.1, minSwitchAmount: '1', maxSwitchAmount: '700' } as never)).toBe('700')
    expect(maxOf(undefined)).toBe('50000')
  })
})

describe("the confirm screen's deposit may go", () => {
  it('with a valid amount for a free period, paid no way', () => {
    expect(depositReady(withForm({}))).toBe(true)
    expect(depositWay(withForm({ paymentMethod: 'stars' }), '3m')).toBeNull()
  })

  it('for a paid period only once a payment method is chosen, paid that way', () => {
    expect(depositReady(withForm({ configPeriod: '6m' }))).toBe(false)
    expect(depositReady(withForm({ configPeriod: '6m', paymentMethod: 'internal' }))).toBe(true)
    expect(depositWay(withForm({ configPeriod: '6m', paymentMethod: 'internal' }), '6m')).toBe('internal')
  })

  it('never with an amount the form refuses, before the balance or the configs, or while a deposit is in flight; again after a failure', () => {
    expect(depositReady(withForm({ amount: '5' }))).toBe(false)
    expect(depositReady(withForm({ amount: '2000' }))).toBe(false)
    expect(depositReady(withForm({}, { balance: null }))).toBe(false)
    expect(depositReady(withForm({}, { configs: null }))).toBe(false)
    expect(depositReady(withForm({}, { deposit: { step: 'sending' } }))).toBe(false)
    expect(
      depositReady(withForm({}, { deposit: { step: 'waiting', way: 'stars', orderId: 'o', pending: true } })),
    ).toBe(false)
    expect(depositReady(withForm({}, { deposit: { step: 'failed', reason: 'refused', error: null } }))).toBe(true)
  })
})
