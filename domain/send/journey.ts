/**
 * A send survives a reload (domain/app/journey.ts) with its token, address, amount and comment.
 * The confirm screen's check (its fee and key) is for a moment that has passed: a reload there
 * comes back to the form, and Continue checks again. A send out without an answer brings nothing.
 */
import type { Token } from '../wallet/codecs'
import type { Journey } from '../slice'
import type { SendState } from './state'

export interface SendDraft {
  token: Token | null
  to: string
  amount: string
  comment: string
}

/** A checked send confirmed, its answer not come. */
export const sendInFlight = (s: SendState) => s.isChecked && s.isLoading

export const sendJourney: Journey<SendState, SendDraft> = {
  screens: ['/send'],
  reviews: ['/send/confirm'],
  ended: (_s, path) => path === '/send/success',
  writeInFlight: sendInFlight,
  pick: (s) => ({ token: s.token, to: s.to, amount: s.amount, comment: s.comment }),
  restore: (d, draft) => {
    if (draft === undefined) return
    d.token = draft.token === null ? null : { ...draft.token }
    d.to = draft.to
    d.amount = draft.amount
    d.comment = draft.comment
  },
}
