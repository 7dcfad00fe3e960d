/** Send rules (doc 1 §4, §5, §9; rules send.*). */

import { isAmountText, sanitizeAmount } from '../amount'
import { compareDecimal, toUnits } from '../money'
import { MAX_TOKEN_DECIMALS } from '../api/codecs'
import type { SendField } from './events'
import type { SendState } from './state'
import { isEip55Valid, isTonChecksumValid } from './addresses'

/** An EVM address: exactly 42 characters, 0x and 40 hex digits. */
export const isEvmAddress = (s: string) => /^0x[0-9a-fA-F]{40}$/.test(s)

/** A TON address: 48 to 64 characters of letters, digits, + / - _ with up to two '=' of padding. */
export const isTonAddress = (s: string) => s.length >= 48 && s.length <= 64 && /^[A-Za-z0-9+/_-]+={0,2}$/.test(s)

/** A TON DNS name: ends in .ton, 4 to 64 characters in all. */
export const isTonName = (s: string) => s.length >= 4 && s.length <= 64 && /^[A-Za-z0-9_-][A-Za-z0-9_.-]*\.ton$/.test(s)

/**
 * Whether `to` is a valid recipient for a token on this chain: send.8-10, and the checksum the
 * address carries (send safety, ./addresses.ts): EIP-55 for an EVM address in mixed case, CRC16 for a
 * TON user-friendly address (48 characters; the other lengths send.9 allows are no address and the
 * server, which parses it, refuses them).
 */
export function isValidRecipient(to: string, chainId: string | number): boolean {
  const s = to.trim()
  if (chainId !== 'TON') return isEvmAddress(s) && isEip55Valid(s)
  return (isTonAddress(s) && (s.length !== 48 || isTonChecksumValid(s))) || isTonName(s)
}

/**
 * The recipient in a pasted or scanned text, as Telegram's Wallet reads one: an address (EVM, TON,
 * or a .ton name), or a payment link that names one: `ton://transfer/<address>?...`, or EIP-681's
 * `ethereum:[pay-]<address>[@chainId][/function][?...]`, where a token's `transfer` names the
 * recipient in its `address` parameter. Any other text holds no address: null. The address is
 * given as written; whether it suits the token's network (and its checksum) is the field's check.
 */
export function addressFromText(text: string): string | null {
  const s = text.trim()
  const isAddress = (a: string) => isEvmAddress(a) || isTonAddress(a) || isTonName(a)
  const decoded = (a: string) => {
    try {
      return decodeURIComponent(a)
    } catch {
      return a
    }
  }
  const ton = /^ton:\/\/transfer\/([^?#]+)/i.exec(s)
  if (ton) return isAddress(decoded(ton[1])) ? decoded(ton[1]) : null
  const eth = /^ethereum:(?:pay-)?(0x[0-9a-fA-F]{40})(?:@\d+)?(?:\/(\w+))?(?:\?([^#]*))?/i.exec(s)
  if (eth) {
    const [, target, fn, query] = eth
    if (fn === undefined) return target
    const recipient = new URLSearchParams(query ?? '').get('address')
    return fn === 'transfer' && recipient !== null && isEvmAddress(recipient) ? recipient : null
  }
  return isAddress(s) ? s : null
}

// send.3, app.12: the amount field's rule is every amount field's (domain/amount.ts).
export { isAmountText, sanitizeAmount }

/**
 * Why an amount cannot be used, checked as it is typed: not a number (app.12), more decimals than
 * the token has, or zero (a hint, since "0" starts "0.5"). An empty amount is no problem yet.
 */
export type AmountProblem =
  { key: 'amount.not-a-number' } | { key: 'amount.too-many-decimals'; decimals: number } | { key: 'amount.zero' }

export function amountProblem(amount: string, decimals: number): AmountProblem | null {
  if (!isAmountText(amount)) return { key: 'amount.not-a-number' }
  const text = amount.replace(/\.$/, '')
  if (text === '') return null
  const units = toUnits(text, decimals)
  if (units === null) return { key: 'amount.too-many-decimals', decimals }
  return units === 0n ? { key: 'amount.zero' } : null
}

/** Error keys of the spec, used as written. */
export const SEND_ERRORS = {
  invalidAddress: 'send.error.invalid-address',
  notEnoughBalance: 'send.error.not-enough-balance',
} as const

/** What Paste or the QR scanner brought, said at the address field when it is no address (or nothing came). */
export const ADDRESS_READ_ERRORS = {
  clipboard: { noAddress: 'send.error.clipboard-no-address', failed: 'send.error.clipboard-unreadable' },
  scanner: { noAddress: 'send.error.qr-no-address', failed: 'send.error.scanner-unavailable' },
} as const

/** The server refuses a longer comment (server/send/routes.ts); the form refuses it first. */
export const COMMENT_MAX_LENGTH = 120
export const COMMENT_TOO_LONG = 'send.error.comment-too-long'
/** send.2: the comment is optional; over the limit it is refused in the form. */
export const commentError = (comment: string): string | undefined =>
  comment.length > COMMENT_MAX_LENGTH ? COMMENT_TOO_LONG : undefined

/** The confirm screen's fee text for TON: 0.006 for TON itself, 0.05 for a jetton. */
export const TON_FEE_TEXT = '0.006'
export const JETTON_FEE_TEXT = '0.05'
/** send.17: the fee text of a TON-chain token (TON itself or a jetton); null elsewhere, where the server estimates it. */
export const tonFeeText = (token: { chainId: string | number; address: string }): string | null =>
  token.chainId !== 'TON' ? null : token.address === 'native' ? TON_FEE_TEXT : JETTON_FEE_TEXT

/** An amount's worth in USD, for display only (never an amount itself); null while the price is unknown. */
export const usdOfAmount = (amount: string, priceUsd: number | undefined): number | null =>
  priceUsd === undefined || !/^\d+(\.\d+)?$/.test(amount) ? null : Number(amount) * priceUsd

/**
 * The decimals an amount is read with: the token's; before a token is chosen, as many as any token
 * may have (not more: the amount is scaled by ten to that power).
 */
const decimalsOf = (s: Pick<SendState, 'token'>) => s.token?.decimals ?? MAX_TOKEN_DECIMALS

/** app.12: an amount that is refused as it is typed (not a number, or more decimals than the token has). */
export function amountRefusal(s: Pick<SendState, 'token' | 'amount'>): string | undefined {
  const problem = amountProblem(s.amount, decimalsOf(s))
  return problem === null || problem.key === 'amount.zero' ? undefined : problem.key
}

/**
 * send.7-11: the error a field has, if any; empty fields are not errors (send.4 disables confirm).
 * An amount error is an i18n key: the amount's own (amount.*) or the spec's send.error.*.
 */
export function fieldError(
  s: Pick<SendState, 'token' | 'to' | 'amount'>,
  field: SendField,
  balance: string,
): string | undefined {
  if (field === 'to')
    return s.to.trim() !== '' && s.token !== null && !isValidRecipient(s.to, s.token.chainId)
      ? SEND_ERRORS.invalidAddress
      : undefined
  const problem = s.amount === '' ? null : amountProblem(s.amount, decimalsOf(s))
  if (problem !== null) return problem.key
  if (s.amount === '') return undefined
  return compareDecimal(s.amount.replace(/\.$/, ''), balance) > 0 ? SEND_ERRORS.notEnoughBalance : undefined
}

/** send.4; and an amount or a comment the form refuses (app.12, the comment's limit) is never sent to be checked. */
export const canConfirm = (s: SendState) =>
  s.to.trim() !== '' &&
  s.amount !== '' &&
  !s.isLoading &&
  amountRefusal(s) === undefined &&
  commentError(s.comment) === undefined
