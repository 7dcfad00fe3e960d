/**
 * The checksums inside an address (send safety): a recipient whose checksum fails is a mistyped or
 * altered address, and money sent there is lost. The client's send form and the server's transfer
 * check both refuse it with send.error.invalid-address (domain/send/rules.ts, isValidRecipient).
 */
import { keccak_256 } from '@noble/hashes/sha3.js'

/** EIP-55: each hex letter upper-cased where keccak-256 of the lower-case address has a nibble of 8 or more. */
export function toChecksumAddress(address: string): string {
  const lower = address.toLowerCase().replace(/^0x/, '')
  const hash = keccak_256(new TextEncoder().encode(lower))
  let out = '0x'
  for (let i = 0; i < lower.length; i++) {
    const nibble = i % 2 === 0 ? hash[i >> 1] >> 4 : hash[i >> 1] & 0x0f
    out += nibble >= 8 ? lower[i].toUpperCase() : lower[i]
  }
  return out
}

/**
 * Whether an EVM address (0x and 40 hex digits) passes EIP-55: one in mixed case must be spelt
 * exactly as its checksum says; one all in lower or all in upper case carries no checksum and passes.
 */
export function isEip55Valid(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false
  const digits = address.slice(2)
  if (digits === digits.toLowerCase() || digits === digits.toUpperCase()) return true
  return toChecksumAddress(address) === address
}

/** CRC-16/XMODEM (polynomial 0x1021, initial 0), the checksum of TON's user-friendly addresses. */
export function crc16(bytes: Uint8Array): number {
  let crc = 0
  for (const byte of bytes) {
    crc ^= byte << 8
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff
  }
  return crc
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/** Base64 in either alphabet (+/ or -_), no padding needed; null for any other text. */
function base64Bytes(text: string): Uint8Array | null {
  const s = text.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/')
  if (/[^A-Za-z0-9+/]/.test(s) || s.length % 4 === 1) return null
  const out: number[] = []
  let buffer = 0
  let bits = 0
  for (const ch of s) {
    buffer = (buffer << 6) | BASE64.indexOf(ch)
    bits += 6
    if (bits >= 8) {
      bits -= 8
      out.push((buffer >> bits) & 0xff)
    }
  }
  return Uint8Array.from(out)
}

/**
 * Whether a TON user-friendly address (48 characters of base64, either alphabet: flags, workchain,
 * 32-byte hash, then CRC16 of those 34 bytes) carries the right checksum. Text of any other shape
 * is no user-friendly address: false.
 */
export function isTonChecksumValid(address: string): boolean {
  if (address.length !== 48) return false
  const bytes = base64Bytes(address)
  if (bytes === null || bytes.length !== 36) return false
  const crc = crc16(bytes.subarray(0, 34))
  return bytes[34] === crc >> 8 && bytes[35] === (crc & 0xff)
}
