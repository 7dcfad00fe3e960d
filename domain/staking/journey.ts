/**
 * Staking survives a reload (domain/app/journey.ts): the route through main, configs, payment
 * method and confirm, with the form as the user left it (the amount, its preset, the period, the
 * payment method). The confirm comes back as itself: its figures are the form's and the configs',
 * read again on the way in; its deposit key is drawn only when Stake is tapped. A deposit, a claim
 * or a token being paid without an answer brings nothing back; a deposit made ends the journey.
 */
import type { Journey } from '../slice'
import type { StakingState } from './state'

export interface StakingDraft {
  form: StakingState['form']
}

const paying = (step: string) => step === 'sending' || step === 'paying' || step === 'waiting'

export const stakingJourney: Journey<StakingState, StakingDraft> = {
  screens: ['/mining/staking'],
  ended: (s, path) => path === '/mining/staking/successDeposit' || s.deposit.step === 'success',
  writeInFlight: (s) =>
    paying(s.deposit.step) || s.claiming !== null || s.sbtClaim.step === 'claiming' || s.sbtClaim.step === 'waiting',
  pick: (s) =>
    s.form.amount === '' && s.form.configPeriod === null && s.form.paymentMethod === null
      ? null
      : { form: { ...s.form } },
  restore: (d, draft) => {
    if (draft !== undefined) d.form = { ...draft.form }
  },
}
