/** The send draft (doc 1 §3 "Send draft"): token, amount, comment, address; flags and field errors. */
import type { Token } from '../api/codecs/wallet'
import { MAX_TOKEN_DECIMALS } from '../api/codecs/common'
import type { RequestError } from '../api/errors'
import { compareDecimal } from '../money'
import type { Handlers } from '../slice'
import type { SendField } from './events'
import { ADDRESS_READ_ERRORS, SEND_ERRORS, amountProblem, commentError, isValidRecipient, sanitizeAmount } from './rules'

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

/**
 * The decimals an amount is read with: the token's; before a token is chosen, as many as any token
 * may have (not more: the amount is scaled by ten to that power).
 */
const decimalsOf = (s: Pick<SendState, 'token'>) => s.token?.decimals ?? MAX_TOKEN_DECIMALS

/** app.12: an amount that is refused as it is typed (not a number, or more decimals than the token has). */
export function amountRefusal(s: Pick<SendState, 'token' | 'amount'>): string | undefined {
  const problem = amountProblem(s.amount, decimalsOf(s))
  return problem === null || problem.key === 'amount.zero' ? undefined : problem.key
}

/**
 * send.7-11: the error a field has, if any; empty fields are not errors (send.4 disables confirm).
 * An amount error is an i18n key: the amount's own (amount.*) or the spec's send.error.*.
 */
export function fieldError(s: Pick<SendState, 'token' | 'to' | 'amount'>, field: SendField, balance: string): string | undefined {
  if (field === 'to') return s.to.trim() !== '' && s.token !== null && !isValidRecipient(s.to, s.token.chainId) ? SEND_ERRORS.invalidAddress : undefined
  const problem = s.amount === '' ? null : amountProblem(s.amount, decimalsOf(s))
  if (problem !== null) return problem.key
  if (s.amount === '') return undefined
  return compareDecimal(s.amount.replace(/\.$/, ''), balance) > 0 ? SEND_ERRORS.notEnoughBalance : undefined
}

/** send.4; and an amount or a comment the form refuses (app.12, the comment's limit) is never sent to be checked. */
export const canConfirm = (s: SendState) =>
  s.to.trim() !== '' && s.amount !== '' && !s.isLoading && amountRefusal(s) === undefined && commentError(s.comment) === undefined

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
