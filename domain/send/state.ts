/** The send draft (doc 1 §3 "Send draft"): token, amount, comment, address; flags and field errors. Its checks: ./rules.ts. */
import type { Token } from '../wallet/codecs'
import type { RequestError } from '../api/errors'
import type { SendField } from './events'

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
