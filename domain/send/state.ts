/** The send draft (doc 1 §3 "Send draft"): token, amount, comment, address; flags and field errors. */
import type { Token } from '../api/codecs/wallet'
import type { RequestError } from '../api/errors'
import { compareDecimal } from '../money'
import type { Handlers } from '../slice'
import type { SendField } from './events'
import { SEND_ERRORS, isValidRecipient, sanitizeAmount } from './rules'

export interface SendState {
  token: Token | null
  to: string
  amount: string
  comment: string
  /** An i18n key of the spec, or the server's own message. */
  errors: Partial<Record<SendField, string>>
  isLoading: boolean
  isChecked: boolean
  isSuccess: boolean
  fee: { amount: string; symbol: string } | null
  idempotencyKey: string | null
  error: RequestError | null
}

export const initialSendState: SendState = {
  token: null,
  to: '',
  amount: '',
  comment: '',
  errors: {},
  isLoading: false,
  isChecked: false,
  isSuccess: false,
  fee: null,
  idempotencyKey: null,
  error: null,
}

/** send.7-11: the error a field has, if any; empty fields are not errors (send.4 disables confirm). */
export function fieldError(s: Pick<SendState, 'token' | 'to' | 'amount'>, field: SendField, balance: string): string | undefined {
  if (field === 'to') return s.to.trim() !== '' && s.token !== null && !isValidRecipient(s.to, s.token.chainId) ? SEND_ERRORS.invalidAddress : undefined
  if (s.amount === '' || s.amount === '0.') return undefined
  return compareDecimal(s.amount.replace(/\.$/, ''), balance) > 0 ? SEND_ERRORS.notEnoughBalance : undefined
}

/** send.4 */
export const canConfirm = (s: SendState) => s.to.trim() !== '' && s.amount !== '' && !s.isLoading

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
    edited(d)
  },
  'send/addressChanged': (d, e) => {
    d.to = e.payload.value
    delete d.errors.to
    edited(d)
  },
  'send/amountChanged': (d, e) => {
    d.amount = sanitizeAmount(e.payload.value)
    delete d.errors.amount
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
