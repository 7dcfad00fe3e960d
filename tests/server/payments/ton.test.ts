/**
 * The external way's transaction: what the server answers an order as, for TonConnect's
 * sendTransaction. The payload decodes back to the order's comment, the amount is the price in
 * nanotons as a string, validUntil is at most 10 minutes ahead (5 here) and never past the order's
 * expiry; the service wallet is a valid user-friendly address, the dev one fixed.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { Address, Cell, beginCell } from '@ton/core'
import { orderComment, orderIdIn } from '../../../server/payments/orders'
import {
  DEV_SERVICE_TON_ADDRESS,
  TONCONNECT_VALID_MS,
  commentCell,
  commentOf,
  serviceWallet,
  tonConnectTransaction,
} from '../../../server/payments/ton'

const NOW = Date.parse('2030-01-01T00:00:00.000Z')
const order = (over: Partial<{ id: string; priceNano: bigint; expiresAt: number }> = {}) => ({
  id: 'SWABCDEFGHIJKLMNOP',
  priceNano: 1_500_000_000n,
  expiresAt: NOW + 10 * 60_000,
  ...over,
})

describe('tonConnectTransaction', () => {
  it('is one message: the service wallet, the price in nanotons as a string, the order comment as payload', () => {
    const tx = tonConnectTransaction(order(), DEV_SERVICE_TON_ADDRESS, NOW)
    expect(tx.messages).toHaveLength(1)
    const [m] = tx.messages
    expect(m.address).toBe(DEV_SERVICE_TON_ADDRESS)
    expect(m.amount).toBe('1500000000')
    const body = Cell.fromBase64(m.payload)
    expect(body.beginParse().loadUint(32)).toBe(0)
    expect(commentOf(body)).toBe(orderComment('SWABCDEFGHIJKLMNOP'))
    expect(orderIdIn(commentOf(body))).toBe('SWABCDEFGHIJKLMNOP')
    expect(Object.keys(tx).sort()).toEqual(['messages', 'validUntil'])
  })

  it('is valid until at most 10 minutes ahead (the SDK-friendly 5), in unix seconds, and not after the order expires', () => {
    expect(TONCONNECT_VALID_MS).toBeLessThanOrEqual(10 * 60_000)
    expect(tonConnectTransaction(order(), DEV_SERVICE_TON_ADDRESS, NOW).validUntil).toBe(
      (NOW + TONCONNECT_VALID_MS) / 1000,
    )
    expect(tonConnectTransaction(order({ expiresAt: NOW + 61_500 }), DEV_SERVICE_TON_ADDRESS, NOW).validUntil).toBe(
      Math.floor((NOW + 61_500) / 1000),
    )
    expect(() => tonConnectTransaction(order({ expiresAt: NOW }), DEV_SERVICE_TON_ADDRESS, NOW)).toThrow(/expired/)
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 * 60_000 }),
        fc.integer({ min: 1, max: 30 * 60_000 }),
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        (elapsed, left, price) => {
          const now = NOW + elapsed
          const tx = tonConnectTransaction(
            order({ priceNano: price, expiresAt: now + left }),
            DEV_SERVICE_TON_ADDRESS,
            now,
          )
          expect(tx.validUntil * 1000).toBeLessThanOrEqual(now + 10 * 60_000)
          expect(tx.validUntil * 1000).toBeLessThanOrEqual(now + left)
          expect(tx.validUntil * 1000).toBeGreaterThan(now - 1000)
          expect(Number.isInteger(tx.validUntil)).toBe(true)
          expect(tx.messages[0].amount).toBe(price.toString())
          expect(tx.messages[0].amount).toMatch(/^\d+$/)
        },
      ),
    )
  })

  it('names the service wallet user-friendly and non-bounceable, however it was configured', () => {
    const a = Address.parse(DEV_SERVICE_TON_ADDRESS)
    for (const form of [
      a.toRawString(),
      a.toString({ bounceable: true }),
      a.toString({ bounceable: false, urlSafe: false }),
      ` ${DEV_SERVICE_TON_ADDRESS} `,
    ]) {
      const tx = tonConnectTransaction(order(), form, NOW)
      expect(tx.messages[0].address).toBe(DEV_SERVICE_TON_ADDRESS)
    }
    expect(Address.isFriendly(DEV_SERVICE_TON_ADDRESS)).toBe(true)
    expect(Address.parseFriendly(DEV_SERVICE_TON_ADDRESS)).toMatchObject({ isBounceable: false, isTestOnly: false })
    expect(() => serviceWallet('not an address')).toThrow()
  })
})

describe('the service wallet', () => {
  it('is SERVICE_TON_ADDRESS when set, else a fixed dev address', () => {
    expect(serviceWallet(undefined)).toBe(DEV_SERVICE_TON_ADDRESS)
    expect(serviceWallet('')).toBe(DEV_SERVICE_TON_ADDRESS)
    // The same on every machine and every run: derived from a name, not drawn.
    expect(DEV_SERVICE_TON_ADDRESS).toBe('UQA4srudo3Q1QzczNVwL6-kXCTNxIG-wjhdO8-e_NiOePJko')
    const other = new Address(0, Buffer.alloc(32, 7)).toString({ bounceable: true })
    expect(serviceWallet(other)).toBe(
      new Address(0, Buffer.alloc(32, 7)).toString({ bounceable: false, urlSafe: true }),
    )
  })
})

describe('text comments', () => {
  it('decode back whatever their length and script (long ones continue in references)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 400 }), (text) => {
        expect(commentOf(Cell.fromBase64(commentCell(text).toBoc().toString('base64')))).toBe(text)
      }),
    )
  })

  it('are only op-0 bodies of UTF-8 text', () => {
    expect(commentOf(null)).toBeNull()
    expect(commentOf(Cell.EMPTY)).toBeNull()
    expect(
      commentOf(beginCell().storeUint(0x0f8a7ea5, 32).storeStringTail('SWITCH order SWABCDEFGHIJKLMNOP').endCell()),
    ).toBeNull()
    expect(
      commentOf(
        beginCell()
          .storeUint(0, 32)
          .storeBuffer(Buffer.from([0xff, 0xfe]))
          .endCell(),
      ),
    ).toBeNull()
  })
})
