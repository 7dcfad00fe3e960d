/**
 * Deterministic custodial addresses for a user's three wallets: EIP-55 checksummed EVM addresses
 * and non-bounceable user-friendly TON addresses. A real deployment derives them from keys in an
 * HSM; here a keyed hash of (user, index) stands in, stable across restarts.
 */
import { createHmac } from 'node:crypto'
import { keccak_256 } from '@noble/hashes/sha3.js'
import { Address } from '@ton/core'
import { toChecksumAddress } from '../../domain/send/addresses'

export { toChecksumAddress }

/** The default server secret; WALLET_SECRET replaces it, so addresses are not guessable from the source. */
export const DEFAULT_WALLET_SECRET = 'switch-wallet-reference-server/v1'

const seed = (kind: string, userId: number, index: number, secret: string) =>
  createHmac('sha256', secret).update(`${kind}:${userId}:${index}`).digest()

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex')

export function evmAddress(userId: number, index: number, secret = DEFAULT_WALLET_SECRET): string {
  const digest = keccak_256(seed('evm', userId, index, secret))
  return toChecksumAddress('0x' + hex(digest.slice(-20)))
}

export function tonAddress(userId: number, index: number, secret = DEFAULT_WALLET_SECRET): string {
  return new Address(0, seed('ton', userId, index, secret)).toString({ bounceable: false, urlSafe: true })
}

/**
 * The account an address names, in the one form this server stores it, so that two spellings of
 * one account compare equal: a TON address in any valid form (raw `0:<hex>`, bounceable `EQ...`
 * or non-bounceable `UQ...`, either base64 alphabet, test-only flag or not) becomes the
 * non-bounceable URL-safe form of its workchain and hash; an EVM address becomes lower case.
 * null: the text is no address of that kind (a checksum that fails, a .ton name).
 */
export function accountOf(chain: 'TON' | 'EVM', text: string): string | null {
  const s = text.trim()
  if (chain === 'EVM') return /^0x[0-9a-fA-F]{40}$/.test(s) ? s.toLowerCase() : null
  try {
    return Address.parse(s).toString({ bounceable: false, urlSafe: true, testOnly: false })
  } catch {
    return null
  }
}
