/**
 * Mining (doc 2 §2-4): the user mining record as last read with the server's clock
 * beside it, the claim in flight, the onboarding, the finish screen's results and the autoclaim
 * modal's payment. The state's shape and selectors; how events change it is ./reducer.ts, which
 * loads with the game's chunk (domain/state.ts registerHandlers).
 */
import type { ClaimAnswer, MiningResults, MiningUser, Season } from './codecs'
import type { RequestError } from '../api/errors'
import type { AutoclaimOffer, AutoclaimWay } from './events'

/** Why a payment did not go through: tasks.45-46's two keys, or the invoice's own ending (tasks.48). */
export type AutoclaimFailure = 'not-enough-balance' | 'unknown' | 'cancelled' | 'failed'

/** The autoclaim modal's payment, one step at a time (tasks.50: confirm, then success, or an error). */
export type AutoclaimStep =
  | { step: 'choose' }
  /** A way was tapped: what will be paid, and from where, waits for Confirm (nothing is ordered yet). */
  | { step: 'confirm'; way: AutoclaimWay }
  /** The order is being made. */
  | { step: 'ordering'; way: AutoclaimWay }
  /** The invoice is open, the transfer runs, or the wallet is asked. */
  | { step: 'paying'; way: AutoclaimWay; orderId: string }
  /** Paid (or the invoice is pending): the server is asked until it has granted the order. */
  | { step: 'waiting'; way: AutoclaimWay; orderId: string; pending: boolean }
  | { step: 'success'; way: AutoclaimWay; orderId: string }
  | { step: 'failed'; way: AutoclaimWay; reason: AutoclaimFailure; error: RequestError | null }

export interface MiningState {
  record: MiningUser | null
  /** The server's time when the record was read (epoch ms): the model's starting point between polls. */
  readAt: number | null
  /** The server's clock minus the device's, from the last answer's serverTime and its event's `at`. */
  serverOffset: number
  season: Season | null
  /** The first read is under way (nothing to show yet). */
  loading: boolean
  error: RequestError | null
  /** The claim in flight: its key and the window it claims. */
  claiming: { idempotencyKey: string; windowStart: string } | null
  lastClaim: Pick<ClaimAnswer, 'outcome' | 'claimed' | 'bonus'> | null
  claimError: RequestError | null
  /** mining.10: the onboarding's step while it shows (a first visit), null otherwise. */
  onboarding: number | null
  onboardingSeen: boolean
  /** mining.12-16 */
  results: MiningResults | null
  resultsError: RequestError | null
  autoclaim: {
    open: boolean
    offer: AutoclaimOffer | null
    offerError: RequestError | null
    payment: AutoclaimStep
    /** The internal transfer's key, drawn when its dry run passed. */
    idempotencyKey: string | null
  }
}

export const initialMiningState: MiningState = {
  record: null,
  readAt: null,
  serverOffset: 0,
  season: null,
  loading: false,
  error: null,
  claiming: null,
  lastClaim: null,
  claimError: null,
  onboarding: null,
  onboardingSeen: false,
  results: null,
  resultsError: null,
  autoclaim: { open: false, offer: null, offerError: null, payment: { step: 'choose' }, idempotencyKey: null },
}

/** Whether a tap on Claim can go out now. */
export const canClaim = (s: MiningState) =>
  s.record !== null && s.record.windowStart !== undefined && s.claiming === null

/** A payment is under way: another way cannot start. */
export const autoclaimBusy = (s: MiningState) => {
  const step = s.autoclaim.payment.step
  return step === 'ordering' || step === 'paying' || step === 'waiting'
}
