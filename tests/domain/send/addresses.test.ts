/**
 * Send safety: an address whose checksum fails is refused with send.error.invalid-address, by the
 * form (fieldError) and by the server's check (isValidRecipient, server/send/routes.ts), both from
 * domain/send. EIP-55 for EVM addresses in mixed case, CRC16 for TON user-friendly addresses.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { Address } from '@ton/core'
import { crc16, isEip55Valid, isTonChecksumValid, toChecksumAddress } from '../../../domain/send/addresses'
import { SEND_ERRORS, isValidRecipient } from '../../../domain/send/rules'
import { fieldError } from '../../../domain/send/rules'

/** EIP-55's own examples (the EIP's test cases). */
const EIP55 = [
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
]
/** One letter's case flipped: the checksum no longer matches. */
const flipOne = (a: string) => {
  const i = [...a].findIndex((ch, k) => k > 1 && /[a-fA-F]/.test(ch))
  const ch = a[i]
  return a.slice(0, i) + (ch === ch.toUpperCase() ? ch.toLowerCase() : ch.toUpperCase()) + a.slice(i + 1)
}
const USDT_TON = 'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs'
const token = (chainId: string | number) =>
  ({ address: 'native', chainId, decimals: 9, symbol: 'X', name: 'X', logoURI: '' }) as never

describe('EIP-55', () => {
  it("the EIP's own examples pass, and are what toChecksumAddress spells", () => {
    for (const a of EIP55) {
      expect(isEip55Valid(a)).toBe(true)
      expect(toChecksumAddress(a.toLowerCase())).toBe(a)
    }
  })

  it("a mixed-case address with one letter's case changed fails; all lower and all upper carry no checksum and pass", () => {
    for (const a of EIP55) {
      expect(isEip55Valid(flipOne(a)), flipOne(a)).toBe(false)
      expect(isEip55Valid(a.toLowerCase())).toBe(true)
      expect(isEip55Valid('0x' + a.slice(2).toUpperCase())).toBe(true)
    }
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), (bytes) => {
        const checksummed = toChecksumAddress('0x' + Buffer.from(bytes).toString('hex'))
        expect(isEip55Valid(checksummed)).toBe(true)
        const flipped = flipOne(checksummed)
        // still in mixed case (a flip can leave a single-letter case behind: then no checksum is claimed)
        if (/[a-f]/.test(flipped) && /[A-F]/.test(flipped)) expect(isEip55Valid(flipped)).toBe(false)
      }),
    )
  })

  it("a checksum-wrong EVM recipient is send.error.invalid-address in the form and for the server's check", () => {
    const bad = flipOne(EIP55[0])
    expect(isValidRecipient(bad, 42161)).toBe(false)
    expect(isValidRecipient(EIP55[0], 42161)).toBe(true)
    expect(isValidRecipient(EIP55[0].toLowerCase(), 1)).toBe(true)
    expect(fieldError({ token: token(42161), to: bad, amount: '' }, 'to', '0')).toBe(SEND_ERRORS.invalidAddress)
    expect(fieldError({ token: token(42161), to: EIP55[0], amount: '' }, 'to', '0')).toBeUndefined()
  })
})

describe('TON CRC16', () => {
  it('CRC-16/XMODEM of "123456789" is 0x31C3', () => {
    expect(crc16(new TextEncoder().encode('123456789'))).toBe(0x31c3)
  })

  it('every address @ton/core writes passes, in both alphabets, bounceable or not', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.boolean(),
        fc.boolean(),
        fc.constantFrom(0, -1),
        (hash, bounceable, urlSafe, workchain) => {
          expect(isTonChecksumValid(new Address(workchain, Buffer.from(hash)).toString({ bounceable, urlSafe }))).toBe(
            true,
          )
        },
      ),
    )
    expect(isTonChecksumValid(USDT_TON)).toBe(true)
  })

  it('one character changed fails the checksum, and such a recipient is send.error.invalid-address', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.nat(47), (hash, at) => {
        const good = new Address(0, Buffer.from(hash)).toString({ bounceable: false, urlSafe: true })
        const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
        const changed = good.slice(0, at) + alphabet[(alphabet.indexOf(good[at]) + 1) % 64] + good.slice(at + 1)
        // @ton/core agrees: the changed text is no address (or, rarely, a different one with a valid checksum)
        let parsed: Address | null
        try {
          parsed = Address.parse(changed)
        } catch {
          parsed = null
        }
        expect(isTonChecksumValid(changed)).toBe(parsed !== null)
      }),
    )
    const changed = USDT_TON.slice(0, 10) + (USDT_TON[10] === 'A' ? 'B' : 'A') + USDT_TON.slice(11)
    expect(isTonChecksumValid(changed)).toBe(false)
    expect(isValidRecipient(changed, 'TON')).toBe(false)
    expect(fieldError({ token: token('TON'), to: changed, amount: '' }, 'to', '0')).toBe(SEND_ERRORS.invalidAddress)
    // a .ton name has no checksum and stays valid
    expect(isValidRecipient('foundation.ton', 'TON')).toBe(true)
  })
})
