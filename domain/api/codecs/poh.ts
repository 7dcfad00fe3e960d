/** Proof of humanity, v2 calls (doc 2 §3, §7). */
import * as t from 'io-ts'
import { DecimalString, FiniteNumber } from './common'

export const PohStatus = t.union([t.literal('received'), t.literal('internalInQueue'), t.literal('responsing'), t.literal('internalError')])
/**
 * poh.3. The price keeps the spec's names; TON (tonAmount.tonAmount) and its dollar estimate
 * (tonAmount.amount) are exact decimal strings (DESIGN §3, as staking's TON price), the Stars price
 * a whole number.
 */
export const PohInfo = t.intersection([
  t.type({ tonAmount: t.type({ tonAmount: DecimalString, amount: DecimalString, starAmount: FiniteNumber }) }),
  t.partial({ inProgressStatus: PohStatus }),
])
export const PohPayType = t.union([t.literal('external'), t.literal('star'), t.literal('internal')])
export const PohTransactionRequest = t.intersection([t.type({ payType: PohPayType }), t.partial({ idempotencyKey: t.string })])
export const PohTransactionAnswer = t.union([
  t.type({ result: t.intersection([t.UnknownRecord, t.partial({ payUrl: t.string })]) }),
  t.type({ message: t.string }),
])
export const PohCodeRequest = t.type({ code: t.string })
export const Ok = t.type({ ok: t.literal(true) })
