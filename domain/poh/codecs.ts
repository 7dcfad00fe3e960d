/** Proof of humanity, v2 calls (doc 2 §3, §7). */
import * as t from 'io-ts'
import { DecimalString, FiniteNumber, IntegerString } from '../api/codecs'

export const PohStatus = t.union([
  t.literal('received'),
  t.literal('internalInQueue'),
  t.literal('responsing'),
  t.literal('internalError'),
])
/**
 * poh.3. The price keeps the spec's names; TON (tonAmount.tonAmount) and its dollar estimate
 * (tonAmount.amount) are exact decimal strings (DESIGN §3, as staking's TON price), the Stars price
 * a whole number.
 */
export const PohInfo = t.intersection([
  t.type({ tonAmount: t.type({ tonAmount: DecimalString, amount: DecimalString, starAmount: FiniteNumber }) }),
  t.partial({
    inProgressStatus: PohStatus,
    /**
     * Our addition: which of the user's requests the status is of (1 for the first; 0 or absent
     * before any), so a client that paid can tell its new request from the one before it.
     */
    attempt: FiniteNumber,
    /**
     * Our addition, with internalError: why the request failed (domain/poh/rules.ts PohFailure).
     * Any text decodes: a reason this client does not know is worded as an unknown one.
     */
    failure: t.string,
  }),
])
export const PohPayType = t.union([t.literal('external'), t.literal('star'), t.literal('internal')])
export const PohTransactionRequest = t.intersection([
  t.type({ payType: PohPayType }),
  t.partial({ idempotencyKey: t.string }),
])
export const PohTransactionAnswer = t.union([
  t.type({ result: t.intersection([t.UnknownRecord, t.partial({ payUrl: t.string })]) }),
  t.type({ message: t.string }),
])
export const PohCodeRequest = t.type({ code: t.string })
/**
 * A wrong code (poh.26) is a 400 at `code` in the house's error body (ApiErrorBody) with this code,
 * and the tries the request has left in its params (domain/poh/rules.ts POH_MAX_WRONG_CODES).
 */
export const POH_WRONG_CODE = 'poh-wrong-code'
export const PohWrongCodeParams = t.type({ triesLeft: IntegerString })
export const Ok = t.type({ ok: t.literal(true) })
