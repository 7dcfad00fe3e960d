/**
 * Proof of humanity, the client half (doc 2 §2-4): the info (price and status), the
 * mining record's two PoH facts, what local storage held, the pay sheet, the code boxes, the
 * outcome, and the prompt on the shell. The state's shape and the shell's selector only: this file
 * is in the first screen; how events change it is ./reducer.ts, loaded with the feature's chunk.
 */
import type { RequestError } from '../api/errors'
import type { RootState } from '../state'
import type { PohInfo, PohWay } from './events'

/** The pay sheet (poh.12-19), one step at a time. */
export type PohPayment =
  | { step: 'closed' }
  /** The sheet shows a way's cost; the price check (poh.13) went out when it opened. */
  | { step: 'open'; way: PohWay }
  /** The create-transaction call is out. */
  | { step: 'sending'; way: PohWay; idempotencyKey: string }
  /** The invoice is open or the wallet is asked. */
  | { step: 'paying'; way: PohWay; idempotencyKey: string }
  /** poh.19: the server's message, shown in the sheet; null: the wallet or the invoice failed (a text of ours). */
  | { step: 'failed'; way: PohWay; message: string | null }

/** The code screen (poh.20-26). */
export interface PohCode {
  /** Six boxes, '' or one digit each. */
  digits: string[]
  /** The box that has the caret. */
  focus: number
  check: 'typing' | 'checking' | 'invalid'
}

export interface PohState {
  info: PohInfo | null
  infoError: RequestError | null
  /** The mining record's humanGroup and confirmProve; null until read. */
  human: { humanGroup: boolean; confirmProve: boolean } | null
  /** null until the feature read local storage. */
  stored: { lastPromptAt: number | null; failureSeen: boolean } | null
  /** poh.10: the failure was seen (try again), kept locally until a new attempt starts. */
  failureSeen: boolean
  /**
   * Paid in this session, and the info does not show the new request yet: the status it shows is of
   * the request before (a failure already seen, or none), so the loader waits (poh.15, 17, 18).
   */
  awaiting: boolean
  /** The request the info named when this session paid (its `attempt`, 0 before any; null: no info then). */
  paidAfterAttempt: number | null
  /** The tries the request has left, as the server answered the last wrong code (poh.26); null: not told. */
  triesLeft: number | null
  /** Try again at no cost (domain/poh/rules.ts retriesFree): idle, under way, or refused with the server's sentence. */
  retry: { step: 'idle' } | { step: 'sending' } | { step: 'failed'; error: RequestError }
  payment: PohPayment
  code: PohCode
  /** poh.9, poh.25: the code was accepted in this session. */
  confirmed: boolean
  prompt: { showing: boolean; lastShownAt: number | null }
}

export const POH_CODE_LENGTH = 6

export const emptyCode = (): PohCode => ({
  digits: Array.from({ length: POH_CODE_LENGTH }, () => ''),
  focus: 0,
  check: 'typing',
})

export const initialPohState: PohState = {
  info: null,
  infoError: null,
  human: null,
  stored: null,
  failureSeen: false,
  awaiting: false,
  paidAfterAttempt: null,
  triesLeft: null,
  retry: { step: 'idle' },
  payment: { step: 'closed' },
  code: emptyCode(),
  confirmed: false,
  prompt: { showing: false, lastShownAt: null },
}

/**
 * The PoH prompt is on the shell now (poh.35-40): nothing else full-screen (a banner) may cover
 * it. False until the poh feature has loaded and decided to prompt.
 */
export const pohPromptShowing = (state: RootState): boolean => state.poh.prompt.showing
