/** How events change the send slice (its shape and initial state: ./state.ts). */
import type { Handlers } from '../slice'
import { ADDRESS_READ_ERRORS, sanitizeAmount } from './rules'
import { type SendState, initialSendState } from './state'
import { amountRefusal, fieldError, canConfirm } from './rules'

/** Any edit invalidates a passed check: the next confirm checks again, with a new key. */
function edited(d: SendState) {
  d.isChecked = false
  d.fee = null
  d.idempotencyKey = null
  d.error = null
}

export const sendHandlers: Handlers<SendState> = {
  // A new send starts from a clean draft (handlers mutate their slice; they never replace it).
  'send/started': (d) => {
    Object.assign(d, { ...initialSendState, errors: {} })
  },
  'picker/tokenPicked': (d, e) => {
    if (e.payload.purpose !== 'send') return
    d.token = e.payload.token
    d.errors = {}
    const refused = amountRefusal(d) // the new token may have fewer decimals
    if (refused) d.errors.amount = refused
    edited(d)
  },
  'send/addressChanged': (d, e) => {
    d.to = e.payload.value
    delete d.errors.to
    edited(d)
  },
  // An address read fills the field and is checked at once (its network, its checksum); no address says so there.
  'send/addressRead': (d, e) => {
    const { source, address } = e.payload
    if (address === null) {
      d.errors.to = ADDRESS_READ_ERRORS[source].noAddress
      return
    }
    d.to = address
    delete d.errors.to
    edited(d)
    const error = fieldError(d, 'to', '0')
    if (error) d.errors.to = error
  },
  'send/addressReadFailed': (d, e) => {
    d.errors.to = ADDRESS_READ_ERRORS[e.payload.source].failed
  },
  'send/amountChanged': (d, e) => {
    d.amount = sanitizeAmount(e.payload.value)
    // A refusal shows at once; the balance is judged on blur and on confirm (send.5-7).
    const refused = amountRefusal(d)
    if (refused) d.errors.amount = refused
    else delete d.errors.amount
    edited(d)
  },
  'send/commentChanged': (d, e) => {
    d.comment = e.payload.value
    edited(d)
  },
  'send/fieldBlurred': (d, e) => {
    const error = fieldError(d, e.payload.field, e.payload.balance)
    if (error) d.errors[e.payload.field] = error
  },
  'send/checkRequested': (d, e) => {
    const errors = { to: fieldError(d, 'to', e.payload.balance), amount: fieldError(d, 'amount', e.payload.balance) }
    d.errors = Object.fromEntries(Object.entries(errors).filter(([, v]) => v !== undefined))
    d.isLoading = Object.keys(d.errors).length === 0 && canConfirm({ ...d, isLoading: false })
    d.error = null
  },
  'send/checkPassed': (d, e) => {
    d.isLoading = false
    d.isChecked = true
    d.fee = { amount: e.payload.fee, symbol: e.payload.feeSymbol }
    d.idempotencyKey = e.payload.idempotencyKey
  },
  'send/checkFailed': (d, e) => {
    d.isLoading = false
    if (e.payload.field) d.errors[e.payload.field] = e.payload.message
    else d.error = { kind: 'rejected', status: 400, message: e.payload.message }
  },
  'send/checkErrored': (d, e) => {
    d.isLoading = false
    d.error = e.payload.error
  },
  'send/confirmRequested': (d) => {
    if (d.isChecked) d.isLoading = true
  },
  'send/sent': (d) => {
    d.isLoading = false
    d.isSuccess = true
  },
  'send/sendFailed': (d, e) => {
    d.isLoading = false
    d.error = e.payload.error
  },
}
