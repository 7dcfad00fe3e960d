import type * as t from 'io-ts'
import type { PohInfo as PohInfoC, PohPayType as PohPayTypeC } from '../api/codecs/poh'
import type { RequestError } from '../api/errors'
import type { InvoiceStatus } from '../mining/rules'

export type PohInfo = t.TypeOf<typeof PohInfoC>
/** poh.11, poh.14: the three ways to pay, by the names the create-transaction call takes. */
export type PohWay = t.TypeOf<typeof PohPayTypeC>
/** The screens of /prove (poh.5-9). */
export type PohScreen = 'intro' | 'code' | 'loader' | 'success' | 'failed'

export type PohEvents = {
  /**
   * The mining record's PoH facts (poh.35): read once after launch by a first-screen effect, and
   * again every 30 s by the loader (poh.29). Only these two fields: the rest is mining's.
   */
  'poh/userReceived': { humanGroup: boolean; confirmProve: boolean }
  'poh/userFailed': { error: RequestError }
  /** What local storage held when the feature loaded: the last prompt's time (poh.40) and whether the failure was seen (poh.10). */
  'poh/storageRead': { lastPromptAt: number | null; failureSeen: boolean }
  /** A /prove screen came into view (its info loads); left: none shows any more. */
  'poh/entered': { screen: PohScreen }
  'poh/left': Record<string, never>
  /** poh.3 */
  'poh/infoReceived': { info: PohInfo }
  'poh/infoFailed': { error: RequestError }
  /** poh.11-13: an option tapped on the intro: the sheet opens and the price check fires. */
  'poh/wayChosen': { way: PohWay }
  'poh/priceChecked': { way: PohWay }
  'poh/priceCheckFailed': { way: PohWay; error: RequestError }
  'poh/sheetClosed': Record<string, never>
  /** poh.14: Verify in the sheet; the effect lets one through and draws its key. */
  'poh/verifyTapped': Record<string, never>
  'poh/transactionRequested': { way: PohWay; idempotencyKey: string }
  /** poh.19: the server's message, shown in the sheet. */
  'poh/transactionFailed': { way: PohWay; message: string }
  /** poh.17: the invoice closed with this status (paid: the loader). */
  'poh/invoiceClosed': { status: InvoiceStatus }
  /** poh.15: the wallet sent the transaction. */
  'poh/transactionSent': Record<string, never>
  'poh/walletDeclined': Record<string, never>
  'poh/walletFailed': { reason: string }
  /** poh.15, 17, 18: paid; the loader shows. */
  'poh/paid': { way: PohWay }
  /** poh.21-22: what a box holds after a keystroke (the effect-free rules are ./code.ts). */
  'poh/codeTyped': { index: number; text: string }
  /** poh.23: backspace in a box. */
  'poh/codeBackspaced': { index: number }
  /** poh.24: all six filled; the check goes out. */
  'poh/codeSubmitted': { code: string }
  /** poh.25 */
  'poh/confirmed': Record<string, never>
  /** poh.26: the server refused the code. */
  'poh/codeRejected': { error: RequestError }
  'poh/codeErrorDismissed': Record<string, never>
  /** poh.10: try again on the failed screen (a new verification, paid again). */
  'poh/failureSeen': Record<string, never>
  /**
   * Try again at no cost, after a failure on the service's side (domain/poh/rules.ts retriesFree):
   * tapped; the same request back in the queue (the info the call answered); or refused, with the
   * server's sentence.
   */
  'poh/retryTapped': Record<string, never>
  'poh/retried': { info: PohInfo }
  'poh/retryFailed': { error: RequestError }
  /** poh.33: Done on the success screen. */
  'poh/done': Record<string, never>
  /** poh.35-40: the prompt opened at `at` (epoch ms); closed or accepted (to /prove). */
  'poh/promptShown': { at: number }
  'poh/promptClosed': Record<string, never>
  'poh/promptAccepted': Record<string, never>
}

export const pohEventTypes: Record<keyof PohEvents, true> = {
  'poh/userReceived': true,
  'poh/userFailed': true,
  'poh/storageRead': true,
  'poh/entered': true,
  'poh/left': true,
  'poh/infoReceived': true,
  'poh/infoFailed': true,
  'poh/wayChosen': true,
  'poh/priceChecked': true,
  'poh/priceCheckFailed': true,
  'poh/sheetClosed': true,
  'poh/verifyTapped': true,
  'poh/transactionRequested': true,
  'poh/transactionFailed': true,
  'poh/invoiceClosed': true,
  'poh/transactionSent': true,
  'poh/walletDeclined': true,
  'poh/walletFailed': true,
  'poh/paid': true,
  'poh/codeTyped': true,
  'poh/codeBackspaced': true,
  'poh/codeSubmitted': true,
  'poh/confirmed': true,
  'poh/codeRejected': true,
  'poh/codeErrorDismissed': true,
  'poh/failureSeen': true,
  'poh/retryTapped': true,
  'poh/retried': true,
  'poh/retryFailed': true,
  'poh/done': true,
  'poh/promptShown': true,
  'poh/promptClosed': true,
  'poh/promptAccepted': true,
}
