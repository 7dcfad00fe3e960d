/** The send draft (doc 1 §3 "Send draft"): token, amount, comment, address; flags and field errors. */
import type { Token } from '../api/codecs/wallet'
import { MAX_TOKEN_DECIMALS } from '../api/codecs/common'
import type { RequestError } from '../api/errors'
import { compareDecimal } from '../money'
import type { SendField } from './events'
import { SEND_ERRORS, amountProblem, commentError, isValidRecipient } from './rules'

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
