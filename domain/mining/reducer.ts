/** How mining events change the mining slice (its shape: ./state.ts). */
import type { MiningUser } from './codecs'
import type { Handlers } from '../slice'
import { ONBOARDING_STEPS, autoclaimErrorKey, serverOffset } from './rules'
import { type AutoclaimStep, type MiningState, autoclaimBusy } from './state'

const read = (d: MiningState, record: MiningUser, serverTime: number | null, at: number) => {
  d.record = record
  d.readAt = serverTime ?? at
  if (serverTime !== null) d.serverOffset = serverOffset(serverTime, at)
}

const orderOf = (p: AutoclaimStep) =>
  p.step === 'paying' || p.step === 'waiting' || p.step === 'success' ? p.orderId : null

export const miningHandlers: Handlers<MiningState> = {
  'mining/entered': (d) => {
    if (d.record === null) d.loading = true
  },
  'mining/refreshRequested': (d) => {
    d.loading = d.record === null
    d.error = null
  },
  'mining/userReceived': (d, e) => {
    d.loading = false
    d.error = null
    if (e.payload.season !== null) d.season = e.payload.season
    if (e.payload.userMining !== null) read(d, e.payload.userMining, e.payload.serverTime, e.at)
    else if (e.payload.serverTime !== null) d.serverOffset = serverOffset(e.payload.serverTime, e.at)
  },
  'mining/userFailed': (d, e) => {
    d.loading = false
    d.error = e.payload.error
  },
  // mining.10: a profile being made now is a first visit: the onboarding greets while it is made
  // (a failure to make it shows instead: the screen shows the onboarding only without an error).
  'mining/creating': (d) => {
    if (!d.onboardingSeen && d.onboarding === null) d.onboarding = 0
  },
  // Logs recorded before the onboarding greeted at `mining/creating` greet here; a step taken since stays.
  'mining/created': (d) => {
    if (!d.onboardingSeen && d.onboarding === null) d.onboarding = 0
  },
  'mining/claimRequested': (d, e) => {
    d.claiming = { ...e.payload }
    d.claimError = null
    d.lastClaim = null
  },
  'mining/claimed': (d, e) => {
    const { outcome, claimed, bonus, userMining, serverTime } = e.payload.answer
    d.claiming = null
    d.lastClaim = { outcome, claimed, bonus }
    read(d, userMining, serverTime, e.at)
  },
  'mining/claimFailed': (d, e) => {
    d.claiming = null
    d.claimError = e.payload.error
  },
  'mining/onboardingStepped': (d, e) => {
    if (d.onboarding === null) return
    d.onboarding = Math.max(0, Math.min(ONBOARDING_STEPS - 1, Math.floor(e.payload.step)))
  },
  'mining/onboardingClosed': (d) => {
    d.onboarding = null
    d.onboardingSeen = true
  },
  'mining/finishEntered': (d) => {
    d.resultsError = null
  },
  'mining/resultsReceived': (d, e) => {
    d.results = e.payload.results
    d.resultsError = null
    d.serverOffset = serverOffset(e.payload.results.serverTime, e.at)
  },
  'mining/resultsFailed': (d, e) => {
    d.resultsError = e.payload.error
  },
  'mining/autoclaimOpened': (d) => {
    d.autoclaim.open = true
    d.autoclaim.offerError = null
    if (
      d.autoclaim.payment.step === 'success' ||
      d.autoclaim.payment.step === 'failed' ||
      d.autoclaim.payment.step === 'confirm'
    )
      d.autoclaim.payment = { step: 'choose' }
  },
  'mining/autoclaimClosed': (d) => {
    d.autoclaim.open = false
    // A payment under way goes on (its order is still asked after); a finished or unconfirmed one is done with.
    if (
      d.autoclaim.payment.step === 'success' ||
      d.autoclaim.payment.step === 'failed' ||
      d.autoclaim.payment.step === 'confirm'
    )
      d.autoclaim.payment = { step: 'choose' }
  },
  'mining/autoclaimOfferReceived': (d, e) => {
    d.autoclaim.offer = e.payload.offer
    d.autoclaim.offerError = null
  },
  'mining/autoclaimOfferFailed': (d, e) => {
    d.autoclaim.offerError = e.payload.error
  },
  'mining/autoclaimWayChosen': (d, e) => {
    if (d.autoclaim.payment.step !== 'choose') return
    d.autoclaim.payment = { step: 'confirm', way: e.payload.way }
  },
  'mining/autoclaimConfirmCancelled': (d) => {
    if (d.autoclaim.payment.step === 'confirm') d.autoclaim.payment = { step: 'choose' }
  },
  // Confirm on the confirmation (a log recorded before it asked goes from the ways straight here).
  'mining/autoclaimPayRequested': (d, e) => {
    if (autoclaimBusy(d) || d.autoclaim.payment.step === 'success') return
    d.autoclaim.payment = { step: 'ordering', way: e.payload.way }
    d.autoclaim.idempotencyKey = null
  },
  'mining/autoclaimOrdered': (d, e) => {
    const p = d.autoclaim.payment
    if (p.step !== 'ordering' || p.way !== e.payload.way) return
    d.autoclaim.payment = { step: 'paying', way: p.way, orderId: e.payload.orderId }
  },
  'mining/autoclaimInvoiceClosed': (d, e) => {
    const p = d.autoclaim.payment
    if (p.step !== 'paying' || p.orderId !== e.payload.orderId) return
    const status = e.payload.status
    // tasks.48: 'paid' is a payment the server still has to see; 'pending' is still being decided.
    if (status === 'paid' || status === 'pending')
      d.autoclaim.payment = { step: 'waiting', way: p.way, orderId: p.orderId, pending: status === 'pending' }
    else d.autoclaim.payment = { step: 'failed', way: p.way, reason: status, error: null }
  },
  'mining/autoclaimTransferChecked': (d, e) => {
    if (orderOf(d.autoclaim.payment) === e.payload.orderId) d.autoclaim.idempotencyKey = e.payload.idempotencyKey
  },
  'mining/autoclaimTransferred': (d, e) => {
    const p = d.autoclaim.payment
    if (p.step === 'paying' && p.orderId === e.payload.orderId)
      d.autoclaim.payment = { step: 'waiting', way: p.way, orderId: p.orderId, pending: false }
  },
  'mining/autoclaimTransactionSent': (d, e) => {
    const p = d.autoclaim.payment
    if (p.step === 'paying' && p.orderId === e.payload.orderId)
      d.autoclaim.payment = { step: 'waiting', way: p.way, orderId: p.orderId, pending: false }
  },
  'mining/autoclaimWalletDeclined': (d) => {
    const p = d.autoclaim.payment
    if ((p.step === 'ordering' || p.step === 'paying') && p.way === 'external')
      d.autoclaim.payment = { step: 'failed', way: p.way, reason: 'cancelled', error: null }
  },
  // tasks.46: anything but a refusal on amount is the unknown error.
  'mining/autoclaimWalletFailed': (d) => {
    const p = d.autoclaim.payment
    if ((p.step === 'ordering' || p.step === 'paying') && p.way === 'external')
      d.autoclaim.payment = { step: 'failed', way: p.way, reason: 'unknown', error: null }
  },
  'mining/autoclaimOrderChecked': (d, e) => {
    const p = d.autoclaim.payment
    const { order } = e.payload
    if ((p.step !== 'waiting' && p.step !== 'paying') || p.orderId !== order.orderId) return
    if (order.status === 'granted') {
      d.autoclaim.payment = { step: 'success', way: p.way, orderId: p.orderId }
      d.autoclaim.idempotencyKey = null
    } else if (order.status !== 'open')
      d.autoclaim.payment = { step: 'failed', way: p.way, reason: 'failed', error: null }
  },
  'mining/autoclaimFailed': (d, e) => {
    const p = d.autoclaim.payment
    if (
      p.step === 'choose' ||
      p.step === 'confirm' ||
      p.step === 'success' ||
      p.step === 'failed' ||
      p.way !== e.payload.way
    )
      return
    d.autoclaim.payment = {
      step: 'failed',
      way: p.way,
      reason: autoclaimErrorKey(e.payload.error),
      error: e.payload.error,
    }
    d.autoclaim.idempotencyKey = null
  },
  'mining/autoclaimRetried': (d) => {
    if (d.autoclaim.payment.step === 'failed') d.autoclaim.payment = { step: 'choose' }
  },
}
