/**
 * Proof of humanity's rules that the server judges and the client words (DESIGN §2: one function,
 * imported by both): how many wrong codes a request takes, why a request failed and what trying
 * again costs. The comment the code arrives in is ./comment.ts (the wallet's history reads it).
 */
import type { RequestError } from '../api/errors'
import { POH_WRONG_CODE, PohWrongCodeParams } from './codecs'

/**
 * Wrong codes one paid request takes. Each wrong code is counted; the last one fails the request
 * (internalError, failure 'wrong-codes'): that code no longer works, and a new verification, paid
 * again, sends a new code. Five guesses in a million: 1 in 200 000 per paid request.
 */
export const POH_MAX_WRONG_CODES = 5

/** Tries left after `wrong` wrong codes (never below 0). */
export const triesLeftAfter = (wrong: number): number => Math.max(0, POH_MAX_WRONG_CODES - wrong)

/**
 * Why a request failed (poh_requests.failure): the provider did not send the code ('provider'),
 * verification was switched off while it waited ('provider-off'), the tries ran out
 * ('wrong-codes'), the paying wallet had proved another person ('wallet-used'), the payment was
 * refunded ('refunded').
 */
export type PohFailure = 'provider' | 'provider-off' | 'wrong-codes' | 'wallet-used' | 'refunded'

const FAILURES: readonly string[] = [
  'provider',
  'provider-off',
  'wrong-codes',
  'wallet-used',
  'refunded',
] satisfies readonly PohFailure[]

/** The failure the info names, or null (none given, or one this build does not know). */
export const pohFailureOf = (raw: string | undefined): PohFailure | null =>
  raw !== undefined && FAILURES.includes(raw) ? (raw as PohFailure) : null

/**
 * A failure on the service's side (the provider, or verification switched off): the payment was
 * received and no code reached the user, so trying again costs nothing: the same request goes back
 * into the queue (POST /v2/poh/retry). Every other failure is tried again by paying again.
 */
export const retriesFree = (failure: PohFailure | null): boolean => failure === 'provider' || failure === 'provider-off'

/** The tries left that the server answered with a wrong code (poh.26), or null when it said none. */
export function triesLeftOf(error: RequestError): number | null {
  if (error.kind !== 'rejected' || error.code !== POH_WRONG_CODE) return null
  const params = PohWrongCodeParams.decode(error.params)
  if (params._tag === 'Left') return null
  const n = Number(params.right.triesLeft)
  return Number.isInteger(n) && n >= 0 ? n : null
}
