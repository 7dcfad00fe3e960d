/** How events change the poh slice (loaded with the feature's chunk: domain/state.ts registerHandlers). */
import type { Draft } from 'immer'
import type { Handlers } from '../slice'
import { backspaceInBox, typeIntoBox } from './code'
import type { PohInfo } from './events'
import { showsNewRequest } from './routing'
import { triesLeftOf } from './rules'
import { type PohState, emptyCode } from './state'

/** The info as the server answered it (poh.3): the payment made in this session is seen once it shows a new request. */
function infoIn(d: Draft<PohState>, info: PohInfo) {
  d.info = info
  d.infoError = null
  if (d.awaiting && showsNewRequest(info, d.paidAfterAttempt)) {
    d.awaiting = false
    d.paidAfterAttempt = null
  }
  // A new attempt (or none): the failure seen before is forgotten.
  if (info.inProgressStatus !== 'internalError') d.failureSeen = false
}

export const pohHandlers: Handlers<PohState> = {
  'poh/userReceived': (d, e) => {
    d.human = { humanGroup: e.payload.humanGroup, confirmProve: e.payload.confirmProve }
  },
  // The mining screens read the same record: its two PoH facts are kept current from them too.
  'mining/userReceived': (d, e) => {
    const record = e.payload.userMining
    if (record !== null) d.human = { humanGroup: record.humanGroup, confirmProve: record.confirmProve }
  },
  'poh/storageRead': (d, e) => {
    d.stored = { lastPromptAt: e.payload.lastPromptAt, failureSeen: e.payload.failureSeen }
    d.failureSeen = e.payload.failureSeen
  },
  'poh/infoReceived': (d, e) => {
    infoIn(d, e.payload.info)
  },
  // A screen opened again starts clean: the bar of a code rejected earlier is not shown again.
  'poh/entered': (d, e) => {
    if (e.payload.screen === 'code' && d.code.check === 'invalid') d.code = emptyCode()
  },
  'poh/infoFailed': (d, e) => {
    d.infoError = e.payload.error
  },
  'poh/wayChosen': (d, e) => {
    if (d.payment.step === 'sending' || d.payment.step === 'paying') return
    d.payment = { step: 'open', way: e.payload.way }
  },
  // The price check's refusal (the server's sentence: already under way, switched off) shows in the sheet at once.
  'poh/priceCheckFailed': (d, e) => {
    if (e.payload.error.kind === 'rejected' && d.payment.step === 'open' && d.payment.way === e.payload.way)
      d.payment = { step: 'failed', way: e.payload.way, message: e.payload.error.message }
  },
  'poh/sheetClosed': (d) => {
    if (d.payment.step === 'sending') return
    d.payment = { step: 'closed' }
  },
  'poh/transactionRequested': (d, e) => {
    d.payment = { step: 'sending', way: e.payload.way, idempotencyKey: e.payload.idempotencyKey }
  },
  'poh/transactionFailed': (d, e) => {
    d.payment = { step: 'failed', way: e.payload.way, message: e.payload.message }
  },
  'poh/invoiceClosed': (d, e) => {
    if (d.payment.step !== 'sending' && d.payment.step !== 'paying') return
    const way = d.payment.way
    // Cancelled: nothing paid, the sheet again; failed: said in the sheet; paid or pending: poh/paid follows.
    if (e.payload.status === 'cancelled') d.payment = { step: 'open', way }
    else if (e.payload.status === 'failed') d.payment = { step: 'failed', way, message: null }
  },
  'poh/walletDeclined': (d) => {
    if (d.payment.step === 'sending' || d.payment.step === 'paying') d.payment = { step: 'open', way: d.payment.way }
  },
  'poh/walletFailed': (d) => {
    if (d.payment.step === 'sending' || d.payment.step === 'paying')
      d.payment = { step: 'failed', way: d.payment.way, message: null }
  },
  'poh/paid': (d) => {
    d.payment = { step: 'closed' }
    d.awaiting = true
    d.paidAfterAttempt = d.info === null ? null : (d.info.attempt ?? 0)
    d.failureSeen = false
    d.code = emptyCode()
    d.triesLeft = null
  },
  'poh/codeTyped': (d, e) => {
    if (d.code.check === 'checking') return
    d.code = typeIntoBox(d.code, e.payload.index, e.payload.text)
  },
  'poh/codeBackspaced': (d, e) => {
    if (d.code.check === 'checking') return
    d.code = backspaceInBox(d.code, e.payload.index)
  },
  'poh/codeSubmitted': (d) => {
    d.code.check = 'checking'
  },
  'poh/confirmed': (d) => {
    d.confirmed = true
    d.code.check = 'typing'
    if (d.human !== null) d.human.confirmProve = true
  },
  'poh/codeRejected': (d, e) => {
    d.code.check = 'invalid'
    d.triesLeft = triesLeftOf(e.payload.error)
  },
  // The bar closed: the boxes empty for the code again.
  'poh/codeErrorDismissed': (d) => {
    d.code = emptyCode()
  },
  'poh/failureSeen': (d) => {
    d.failureSeen = true
    d.payment = { step: 'closed' }
  },
  'poh/retryTapped': (d) => {
    if (d.retry.step !== 'sending') d.retry = { step: 'sending' }
  },
  // The same request back in the queue: its code boxes and tries start again.
  'poh/retried': (d, e) => {
    d.retry = { step: 'idle' }
    d.code = emptyCode()
    d.triesLeft = null
    infoIn(d, e.payload.info)
  },
  'poh/retryFailed': (d, e) => {
    d.retry = { step: 'failed', error: e.payload.error }
  },
  'poh/promptShown': (d, e) => {
    d.prompt = { showing: true, lastShownAt: e.payload.at }
  },
  'poh/promptClosed': (d) => {
    d.prompt.showing = false
  },
  'poh/promptAccepted': (d) => {
    d.prompt.showing = false
  },
}
