import type * as t from 'io-ts'
import type { PohInfo as PohInfoC, PohPayType as PohPayTypeC } from './codecs'
import type { RequestError } from '../api/errors'
import type { InvoiceStatus } from '../mining/rules'
import { type PayloadsOf, payload } from '../slice'

export type PohInfo = t.TypeOf<typeof PohInfoC>
/** poh.11, poh.14: the three ways to pay, by the names the create-transaction call takes. */
export type PohWay = t.TypeOf<typeof PohPayTypeC>
/** The screens of /prove (poh.5-9). */
export type PohScreen = 'intro' | 'code' | 'loader' | 'success' | 'failed'

export const pohEvents = {
  /**
   * The mining record's PoH facts (poh.35): read once after launch by a first-screen effect, and
   * again every 30 s by the loader (poh.29). Only these two fields: the rest is mining's.
   */
  'poh/userReceived': payload<{ humanGroup: boolean; confirmProve: boolean }>(),
  'poh/userFailed': payload<{ error: RequestError }>(),
  /** What local storage held when the feature loaded: the last prompt's time (poh.40) and whether the failure was seen (poh.10). */
  'poh/storageRead': payload<{ lastPromptAt: number | null; failureSeen: boolean }>(),
  /** A /prove screen came into view (its info loads); left: none shows any more. */
  'poh/entered': payload<{ screen: PohScreen }>(),
  'poh/left': payload(),
  /** poh.3 */
  'poh/infoReceived': payload<{ info: PohInfo }>(),
  'poh/infoFailed': payload<{ error: RequestError }>(),
  /** poh.11-13: an option tapped on the intro: the sheet opens and the price check fires. */
  'poh/wayChosen': payload<{ way: PohWay }>(),
  'poh/priceChecked': payload<{ way: PohWay }>(),
  'poh/priceCheckFailed': payload<{ way: PohWay; error: RequestError }>(),
  'poh/sheetClosed': payload(),
  /** poh.14: Verify in the sheet; the effect lets one through and draws its key. */
  'poh/verifyTapped': payload(),
  'poh/transactionRequested': payload<{ way: PohWay; idempotencyKey: string }>(),
  /** poh.19: the server's message, shown in the sheet. */
  'poh/transactionFailed': payload<{ way: PohWay; message: string }>(),
  /** poh.17: the invoice closed with this status (paid: the loader). */
  'poh/invoiceClosed': payload<{ status: InvoiceStatus }>(),
  /** poh.15: the wallet sent the transaction. */
  'poh/transactionSent': payload(),
  'poh/walletDeclined': payload(),
  'poh/walletFailed': payload<{ reason: string }>(),
  /** poh.15, 17, 18: paid; the loader shows. */
  'poh/paid': payload<{ way: PohWay }>(),
  /** poh.21-22: what a box holds after a keystroke (the effect-free rules are ./code.ts). */
  'poh/codeTyped': payload<{ index: number; text: string }>(),
  /** poh.23: backspace in a box. */
  'poh/codeBackspaced': payload<{ index: number }>(),
  /** poh.24: all six filled; the check goes out. */
  'poh/codeSubmitted': payload<{ code: string }>(),
  /** poh.25 */
  'poh/confirmed': payload(),
  /** poh.26: the server refused the code. */
  'poh/codeRejected': payload<{ error: RequestError }>(),
  'poh/codeErrorDismissed': payload(),
  /** poh.10: try again on the failed screen (a new verification, paid again). */
  'poh/failureSeen': payload(),
  /**
   * Try again at no cost, after a failure on the service's side (domain/poh/rules.ts retriesFree):
   * tapped; the same request back in the queue (the info the call answered); or refused, with the
   * server's sentence.
   */
  'poh/retryTapped': payload(),
  'poh/retried': payload<{ info: PohInfo }>(),
  'poh/retryFailed': payload<{ error: RequestError }>(),
  /** poh.33: Done on the success screen. */
  'poh/done': payload(),
  /** poh.35-40: the prompt opened at `at` (epoch ms); closed or accepted (to /prove). */
  'poh/promptShown': payload<{ at: number }>(),
  'poh/promptClosed': payload(),
  'poh/promptAccepted': payload(),
}

export type PohEvents = PayloadsOf<typeof pohEvents>
