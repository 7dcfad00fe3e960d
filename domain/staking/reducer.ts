/** How staking events (and the mining record's reads) change the staking slice (its shape: ./state.ts). */
import type { MiningUser } from '../mining/codecs'
import type { Handlers } from '../slice'
import { serverOffset } from '../mining/rules'
import { maxOf } from './configs'
import { PREFILL_PRESET, availableBalance, cleanAmountInput, prefilledAmount, presetAmount } from './rules'
import { type StakingState, initialStakingState } from './state'

/** The chosen period's most a deposit takes. */
const formMax = (d: StakingState) =>
  maxOf(d.form.configPeriod !== null ? d.configs?.stakingConfig[d.form.configPeriod] : undefined)
const availableOf = (d: StakingState) => (d.balance === null ? '0' : availableBalance(d.balance.got, d.balance.locked))

/** staking.11: an untouched empty amount gets the 50 % preset once a balance is known. */
function prefill(d: StakingState) {
  if (d.form.touched || d.form.amount !== '' || d.balance === null) return
  const amount = prefilledAmount('', availableOf(d), formMax(d))
  if (amount === '') return
  d.form.amount = amount
  d.form.amountPreset = PREFILL_PRESET
}

const readBalance = (d: StakingState, record: MiningUser | null) => {
  if (record === null) return
  d.balance = { got: record.gotAmount, locked: record.lockAmount }
  prefill(d)
}

/** A payment that ended, or a deposit that is done with: nothing in flight any more. */
const busy = (d: StakingState) =>
  d.deposit.step === 'sending' || d.deposit.step === 'paying' || d.deposit.step === 'waiting'

export const stakingHandlers: Handlers<StakingState> = {
  'staking/entered': (d) => {
    delete d.claimedNow
    d.configsError = null
    d.depositsError = null
    // A mint seen on an earlier visit: the held tokens' list says it now.
    if (d.sbtClaim.step === 'minted') d.sbtClaim = { step: 'idle' }
    prefill(d)
  },
  'staking/configsReceived': (d, e) => {
    d.configs = e.payload.configs
    d.configsError = null
    // staking.2: the first entry is the config until one is chosen.
    const periods = Object.keys(e.payload.configs.stakingConfig)
    if (d.form.configPeriod === null || !periods.includes(d.form.configPeriod))
      d.form.configPeriod = (periods[0] as StakingState['form']['configPeriod']) ?? null
    prefill(d)
  },
  'staking/configsFailed': (d, e) => {
    d.configsError = e.payload.error
  },
  'staking/totalReceived': (d, e) => {
    d.total = e.payload.totalAmount
  },
  'staking/depositsReceived': (d, e) => {
    d.deposits = e.payload.deposits
    d.depositsError = null
    d.serverOffset = serverOffset(e.payload.serverTime, e.at)
  },
  'staking/depositsFailed': (d, e) => {
    d.depositsError = e.payload.error
  },
  'staking/sbtsReceived': (d, e) => {
    d.sbts = e.payload.periods
  },
  'staking/amountTyped': (d, e) => {
    d.form.amount = cleanAmountInput(e.payload.text)
    d.form.amountPreset = null
    d.form.touched = true
  },
  'staking/presetChosen': (d, e) => {
    d.form.amount = presetAmount(availableOf(d), e.payload.percent, formMax(d))
    d.form.amountPreset = e.payload.percent
    d.form.touched = true
  },
  'staking/periodChosen': (d, e) => {
    d.form.configPeriod = e.payload.period
    d.form.paymentMethod = null
    // A preset follows the new period's cap.
    if (d.form.amountPreset !== null) d.form.amount = presetAmount(availableOf(d), d.form.amountPreset, formMax(d))
  },
  'staking/paymentMethodChosen': (d, e) => {
    d.form.paymentMethod = e.payload.way
  },
  'staking/depositRequested': (d, e) => {
    d.request = { ...e.payload }
    d.deposit = { step: 'sending' }
  },
  'staking/depositOrdered': (d, e) => {
    if (busy(d)) d.deposit = { step: 'paying', way: e.payload.way, orderId: e.payload.orderId }
  },
  'staking/invoiceClosed': (d, e) => {
    if (d.deposit.step !== 'paying' || d.deposit.orderId !== e.payload.orderId) return
    const { status } = e.payload
    d.deposit =
      status === 'paid' || status === 'pending'
        ? { step: 'waiting', way: 'stars', orderId: e.payload.orderId, pending: status === 'pending' }
        : { step: 'failed', reason: 'cancelled', error: null }
  },
  'staking/transferred': (d, e) => {
    if (d.deposit.step === 'paying' && d.deposit.orderId === e.payload.orderId)
      d.deposit = { step: 'waiting', way: 'internal', orderId: e.payload.orderId, pending: false }
  },
  'staking/transactionSent': (d, e) => {
    if (d.deposit.step === 'paying' && d.deposit.orderId === e.payload.orderId)
      d.deposit = { step: 'waiting', way: 'external', orderId: e.payload.orderId, pending: false }
  },
  'staking/walletDeclined': (d) => {
    if (busy(d)) d.deposit = { step: 'failed', reason: 'cancelled', error: null }
  },
  'staking/walletFailed': (d, e) => {
    if (busy(d))
      d.deposit = { step: 'failed', reason: 'refused', error: { kind: 'network', message: e.payload.reason } }
  },
  'staking/orderChecked': (d, e) => {
    if (d.deposit.step !== 'waiting' || d.deposit.orderId !== e.payload.order.orderId) return
    const { status } = e.payload.order
    if (status === 'refunded' || status === 'cancelled')
      d.deposit = { step: 'failed', reason: 'refused', error: { kind: 'rejected', status: 409, message: status } }
  },
  'staking/deposited': (d, e) => {
    d.deposit = { step: 'success' }
    const made = e.payload.deposit
    // A new list, not unshift: the list read may be an event's own (frozen) array.
    if (made !== null && d.deposits !== null && !d.deposits.some((x) => x._id === made._id))
      d.deposits = [made, ...d.deposits]
  },
  'staking/depositFailed': (d, e) => {
    d.deposit = { step: 'failed', reason: 'refused', error: e.payload.error }
  },
  'staking/errorDismissed': (d) => {
    if (d.deposit.step === 'failed') d.deposit = { step: 'idle' }
  },
  'staking/finished': (d) => {
    d.deposit = { step: 'idle' }
    d.request = null
    d.form = { ...initialStakingState.form, configPeriod: d.form.configPeriod }
    prefill(d)
  },
  'staking/depositOpened': (d, e) => {
    d.openDeposit = e.payload.id
  },
  'staking/depositClosed': (d) => {
    d.openDeposit = null
  },
  'staking/claimTapped': (d, e) => {
    if (d.claiming !== null) return
    d.claiming = e.payload.id
    d.claimError = null
  },
  'staking/claimed': (d, e) => {
    const { deposit, stake, reward } = e.payload.answer
    d.claiming = null
    d.claimedNow = { id: deposit._id, stake, reward }
    if (d.deposits !== null) d.deposits = d.deposits.map((x) => (x._id === deposit._id ? deposit : x))
  },
  'staking/claimFailed': (d, e) => {
    d.claiming = null
    d.claimError = { ...e.payload }
  },
  'staking/sbtClaimTapped': (d, e) => {
    if (d.sbtClaim.step === 'claiming' || d.sbtClaim.step === 'waiting') return
    d.sbtClaim = { step: 'claiming', stakingPeriod: e.payload.stakingPeriod }
  },
  'staking/sbtOrdered': (d, e) => {
    d.sbtClaim = { step: 'claiming', stakingPeriod: e.payload.stakingPeriod }
  },
  'staking/sbtTransactionSent': (d, e) => {
    if (d.sbtClaim.step === 'claiming')
      d.sbtClaim = { step: 'waiting', stakingPeriod: d.sbtClaim.stakingPeriod, orderId: e.payload.orderId }
  },
  'staking/sbtOrderChecked': (d, e) => {
    if (d.sbtClaim.step !== 'waiting' || d.sbtClaim.orderId !== e.payload.order.orderId) return
    const { status } = e.payload.order
    if (status === 'granted') {
      // A new list, not push: the list read may be an event's own (frozen) array.
      if (d.sbts !== null && !d.sbts.includes(d.sbtClaim.stakingPeriod)) d.sbts = [...d.sbts, d.sbtClaim.stakingPeriod]
      d.sbtClaim = { step: 'minted', stakingPeriod: d.sbtClaim.stakingPeriod }
    } else if (status !== 'open')
      d.sbtClaim = { step: 'failed', stakingPeriod: d.sbtClaim.stakingPeriod, message: null }
  },
  // staking.48-49: the failure stays in the card and the button stays disabled.
  'staking/sbtMintSeen': (d) => {
    if (d.sbtClaim.step === 'minted') d.sbtClaim = { step: 'idle' }
  },
  'staking/sbtClaimFailed': (d, e) => {
    const period = d.sbtClaim.step === 'idle' ? null : d.sbtClaim.stakingPeriod
    d.sbtClaim = {
      step: 'failed',
      stakingPeriod: period,
      message: e.payload.message,
      ...(e.payload.error !== undefined ? { error: e.payload.error } : {}),
    }
  },
  'mining/userReceived': (d, e) => readBalance(d, e.payload.userMining),
  'mining/claimed': (d, e) => readBalance(d, e.payload.answer.userMining),
}
