import type { RequestError } from '../api/errors'
import { type PayloadsOf, payload } from '../slice'

export type SendField = 'to' | 'amount'
/** Where a recipient was read from: Paste, or Telegram's QR scanner. */
export type AddressSource = 'clipboard' | 'scanner'

export const sendEvents = {
  'send/started': payload(),
  'send/addressChanged': payload<{ value: string }>(),
  'send/amountChanged': payload<{ value: string }>(),
  'send/commentChanged': payload<{ value: string }>(),
  /** Paste beside the address field: the clipboard is read (an effect). */
  'send/pasteRequested': payload(),
  /** The QR button beside the address field: Telegram's scanner opens with this caption (the screen's text). */
  'send/scanRequested': payload<{ caption: string }>(),
  /**
   * What Paste or the scanner brought, as an address (domain/send/rules.ts addressFromText), or
   * null when it held none. Never the text itself: a clipboard may hold anything, and the log travels.
   */
  'send/addressRead': payload<{ source: AddressSource; address: string | null }>(),
  /** The clipboard could not be read, or the scanner could not open. */
  'send/addressReadFailed': payload<{ source: AddressSource; reason: string }>(),
  /** send.5: a field lost focus; `balance` is the token's balance the screen showed (exact decimal). */
  'send/fieldBlurred': payload<{ field: SendField; balance: string }>(),
  /** send.6, send.12: confirm on /send/info; the dry run follows if the draft is valid. */
  'send/checkRequested': payload<{ balance: string }>(),
  /** The dry run passed: the fee, and the key that makes the real send happen once (send.18). */
  'send/checkPassed': payload<{ fee: string; feeSymbol: string; idempotencyKey: string }>(),
  /** send.14-15: the server's message shown at the field its path names. */
  'send/checkFailed': payload<{ field: SendField | null; message: string }>(),
  'send/checkErrored': payload<{ error: RequestError }>(),
  /** send.18: the real send, after a passing dry run. */
  'send/confirmRequested': payload(),
  'send/sent': payload<{ txId: string | null }>(),
  'send/sendFailed': payload<{ error: RequestError }>(),
}

export type SendEvents = PayloadsOf<typeof sendEvents>
