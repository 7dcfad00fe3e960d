import type { RequestError } from '../api/errors'

export type SendField = 'to' | 'amount'
/** Where a recipient was read from: Paste, or Telegram's QR scanner. */
export type AddressSource = 'clipboard' | 'scanner'

export type SendEvents = {
  'send/started': Record<string, never>
  'send/addressChanged': { value: string }
  'send/amountChanged': { value: string }
  'send/commentChanged': { value: string }
  /** Paste beside the address field: the clipboard is read (an effect). */
  'send/pasteRequested': Record<string, never>
  /** The QR button beside the address field: Telegram's scanner opens with this caption (the screen's text). */
  'send/scanRequested': { caption: string }
  /**
   * What Paste or the scanner brought, as an address (domain/send/rules.ts addressFromText), or
   * null when it held none. Never the text itself: a clipboard may hold anything, and the log travels.
   */
  'send/addressRead': { source: AddressSource; address: string | null }
  /** The clipboard could not be read, or the scanner could not open. */
  'send/addressReadFailed': { source: AddressSource; reason: string }
  /** send.5: a field lost focus; `balance` is the token's balance the screen showed (exact decimal). */
  'send/fieldBlurred': { field: SendField; balance: string }
  /** send.6, send.12: confirm on /send/info; the dry run follows if the draft is valid. */
  'send/checkRequested': { balance: string }
  /** The dry run passed: the fee, and the key that makes the real send happen once (send.18). */
  'send/checkPassed': { fee: string; feeSymbol: string; idempotencyKey: string }
  /** send.14-15: the server's message shown at the field its path names. */
  'send/checkFailed': { field: SendField | null; message: string }
  'send/checkErrored': { error: RequestError }
  /** send.18: the real send, after a passing dry run. */
  'send/confirmRequested': Record<string, never>
  'send/sent': { txId: string | null }
  'send/sendFailed': { error: RequestError }
}

export const sendEventTypes: Record<keyof SendEvents, true> = {
  'send/started': true,
  'send/addressChanged': true,
  'send/amountChanged': true,
  'send/commentChanged': true,
  'send/pasteRequested': true,
  'send/scanRequested': true,
  'send/addressRead': true,
  'send/addressReadFailed': true,
  'send/fieldBlurred': true,
  'send/checkRequested': true,
  'send/checkPassed': true,
  'send/checkFailed': true,
  'send/checkErrored': true,
  'send/confirmRequested': true,
  'send/sent': true,
  'send/sendFailed': true,
}
