/** Send rules (doc 1 §4, §5, §9; rules send.*). */

/** An EVM address: exactly 42 characters, 0x and 40 hex digits. */
export const isEvmAddress = (s: string) => /^0x[0-9a-fA-F]{40}$/.test(s)

/** A TON address: 48 to 64 characters of letters, digits, + / - _ with up to two '=' of padding. */
export const isTonAddress = (s: string) => s.length >= 48 && s.length <= 64 && /^[A-Za-z0-9+/_-]+={0,2}$/.test(s)

/** A TON DNS name: ends in .ton, 4 to 64 characters in all. */
export const isTonName = (s: string) => s.length >= 4 && s.length <= 64 && /^[A-Za-z0-9_-][A-Za-z0-9_.-]*\.ton$/.test(s)

/** Whether `to` is a valid recipient for a token on this chain. */
export function isValidRecipient(to: string, chainId: string | number): boolean {
  const s = to.trim()
  return chainId === 'TON' ? isTonAddress(s) || isTonName(s) : isEvmAddress(s)
}

/**
 * app.12: amount inputs keep digits and one decimal separator; a comma becomes a dot (send.*).
 * Anything else typed is dropped, so the field never holds a value that is not a number.
 */
export function sanitizeAmount(input: string): string {
  let out = ''
  let separator = false
  for (const ch of input.replace(/,/g, '.')) {
    if (ch >= '0' && ch <= '9') out += ch
    else if (ch === '.' && !separator) {
      separator = true
      out += out === '' ? '0.' : '.'
    }
  }
  return out
}

/** Error keys of the spec, used as written. */
export const SEND_ERRORS = {
  invalidAddress: 'send.error.invalid-address',
  notEnoughBalance: 'send.error.not-enough-balance',
} as const

/** The confirm screen's fee text for TON: 0.006 for TON itself, 0.05 for a jetton. */
export const TON_FEE_TEXT = '0.006'
export const JETTON_FEE_TEXT = '0.05'
/** send.17: the fee text of a TON-chain token (TON itself or a jetton); null elsewhere, where the server estimates it. */
export const tonFeeText = (token: { chainId: string | number; address: string }): string | null =>
  token.chainId !== 'TON' ? null : token.address === 'native' ? TON_FEE_TEXT : JETTON_FEE_TEXT
