/** Whether the confirm screen's deposit may go, and how it is paid (staking.22-29). */
import { isPaidPeriod } from './configs'
import { continueDisabled } from './rules'
import type { StakingState } from './state'
import type { StakingWay } from './events'

/** A valid form, the payment method a paid period needs, nothing in flight. */
export function depositReady(s: StakingState): boolean {
  const period = s.form.configPeriod
  const config = period !== null ? s.configs?.stakingConfig[period] : undefined
  if (period === null || config === undefined || s.balance === null) return false
  if (s.deposit.step !== 'idle' && s.deposit.step !== 'failed') return false
  if (
    continueDisabled(s.form.amount, period, {
      got: s.balance.got,
      locked: s.balance.locked,
      min: config.minSwitchAmount,
      max: config.maxSwitchAmount,
    })
  )
    return false
  return !isPaidPeriod(s.configs, period) || s.form.paymentMethod !== null
}

/** How the deposit of the chosen period is paid: the chosen way for a paid period, none for a free one. */
export const depositWay = (s: StakingState, period: string): StakingWay | null =>
  isPaidPeriod(s.configs, period) ? s.form.paymentMethod : null
