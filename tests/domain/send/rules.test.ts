import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { Address } from '@ton/core'
import {
  COMMENT_MAX_LENGTH,
  JETTON_FEE_TEXT,
  addressFromText,
  SEND_ERRORS,
  TON_FEE_TEXT,
  amountProblem,
  commentError,
  isAmountText,
  isEvmAddress,
  tonFeeText,
  isTonAddress,
  isTonName,
  isValidRecipient,
  sanitizeAmount,
} from '../../../domain/send/rules'
import { toChecksumAddress } from '../../../server/kernel/addresses'

describe('send rules', () => {
  it('[send.8] EVM addresses: real ones pass, near misses fail', () => {
    for (const a of [
      '0x52908400098527886E0F7030069857D2E4169EE7',
      '0xdAC17F958D2ee523a2206206994597C13D831ec7',
      toChecksumAddress('0x' + 'ab'.repeat(20)),
    ])
      expect(isEvmAddress(a)).toBe(true)
    for (const a of [
      '0x52908400098527886E0F7030069857D2E4169EE',
      '0x52908400098527886E0F7030069857D2E4169EE77',
      '52908400098527886E0F7030069857D2E4169EE7aa',
      '0x52908400098527886E0F7030069857D2E4169EEG',
      ' 0x52908400098527886E0F7030069857D2E4169EE7',
      '0X52908400098527886E0F7030069857D2E4169EE7',
    ])
      expect(isEvmAddress(a)).toBe(false)
  })

  it('[send.9] TON addresses from @ton/core pass in every form; near misses fail', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.boolean(),
        fc.boolean(),
        (hash, bounceable, urlSafe) => {
          const friendly = new Address(0, Buffer.from(hash)).toString({ bounceable, urlSafe })
          expect(isTonAddress(friendly)).toBe(true)
          expect(isValidRecipient(friendly, 'TON')).toBe(true)
        },
      ),
    )
    for (const a of [
      'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sD',
      'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sD!',
      'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs===',
      'a'.repeat(65),
      'a'.repeat(63) + '==',
      'a'.repeat(46) + '=',
      'a'.repeat(30) + '=' + 'a'.repeat(20),
    ])
      expect([a, isTonAddress(a)]).toEqual([a, false])
    // the rule's own bounds and alphabet: 48 and 64 characters, + / - _, up to two '='
    for (const a of [
      'a'.repeat(48),
      'a'.repeat(64),
      'A+b/c-d_' + '0'.repeat(40),
      'a'.repeat(62) + '==',
      'a'.repeat(47) + '=',
    ])
      expect([a, isTonAddress(a)]).toEqual([a, true])
  })

  it('[send.10] .ton names of 4 to 64 characters', () => {
    for (const n of ['foundation.ton', 'a.ton', 'my-wallet.ton', 'a'.repeat(60) + '.ton'])
      expect(isTonName(n)).toBe(true)
    for (const n of ['.ton', 'ton', 'foundation.tonx', 'a'.repeat(61) + '.ton', 'bad name.ton'])
      expect(isTonName(n)).toBe(false)
  })

  it('a TON recipient is not valid for an EVM token, nor the other way round', () => {
    expect(isValidRecipient('EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs', 42161)).toBe(false)
    expect(isValidRecipient('0x52908400098527886E0F7030069857D2E4169EE7', 'TON')).toBe(false)
  })

  it('[send.3] a comma becomes a dot; pasted spaces go; a leading separator gets its 0; nothing else is reshaped', () => {
    expect(sanitizeAmount('1,5')).toBe('1.5')
    expect(sanitizeAmount(',5')).toBe('0.5')
    expect(sanitizeAmount(' 1 000,25 ')).toBe('1000.25')
    expect(sanitizeAmount('')).toBe('')
    // text that is not an amount stays as typed, to be refused: never turned into another number
    expect(sanitizeAmount('1e30')).toBe('1e30')
    expect(sanitizeAmount('1.2.3')).toBe('1.2.3')
  })

  it('[app.12] an amount accepts only digits and one decimal separator: anything else is refused', () => {
    for (const ok of ['', '1', '0.', '12.5', '0.000001']) expect([ok, isAmountText(ok)]).toEqual([ok, true])
    // a comma is the other decimal separator: it reads as a dot, and a second one is still refused
    expect(sanitizeAmount('12,5')).toBe('12.5')
    expect(isAmountText(sanitizeAmount('1,2,3'))).toBe(false)
    for (const bad of ['1e30', '1.2.3', '-5', 'abc12x', '0x10', 'Infinity', '١٢'])
      expect([bad, isAmountText(bad)]).toEqual([bad, false])
    expect(amountProblem('1e30', 18)).toEqual({ key: 'amount.not-a-number' })
    fc.assert(
      fc.property(fc.string(), (typed) => {
        const amount = sanitizeAmount(typed)
        // what the field keeps is either a plain decimal or refused as not a number
        expect(/^(\d+(\.\d*)?)?$/.test(amount) || amountProblem(amount, 18)?.key === 'amount.not-a-number').toBe(true)
      }),
    )
  })

  it('an amount says why it cannot be quoted or sent: more decimals than the token has, or zero', () => {
    expect(amountProblem('0.' + '0'.repeat(29) + '1', 18)).toEqual({ key: 'amount.too-many-decimals', decimals: 18 })
    expect(amountProblem('1.0000001', 6)).toEqual({ key: 'amount.too-many-decimals', decimals: 6 })
    expect(amountProblem('1.0000000', 6)).toBeNull() // trailing zeros are no extra precision
    expect(amountProblem('0', 6)).toEqual({ key: 'amount.zero' })
    expect(amountProblem('0.000', 6)).toEqual({ key: 'amount.zero' })
    for (const fine of ['', '1', '1.', '0.5', '123456789012345678901234567890'])
      expect(amountProblem(fine, 6)).toBeNull()
  })

  it("a comment over the server's 120 characters is refused in the form", () => {
    expect(COMMENT_MAX_LENGTH).toBe(120)
    expect(commentError('x'.repeat(120))).toBeUndefined()
    expect(commentError('x'.repeat(121))).toBe('send.error.comment-too-long')
    expect(commentError('')).toBeUndefined()
  })

  it("the error keys are the spec's, as written", () => {
    expect(SEND_ERRORS).toEqual({
      invalidAddress: 'send.error.invalid-address',
      notEnoughBalance: 'send.error.not-enough-balance',
    })
  })

  it("[send.17] the gas estimate text is 0.006 for TON and 0.05 for a jetton; other chains show the server's estimate", () => {
    expect([TON_FEE_TEXT, JETTON_FEE_TEXT]).toEqual(['0.006', '0.05'])
    expect(tonFeeText({ chainId: 'TON', address: 'native' })).toBe('0.006')
    expect(tonFeeText({ chainId: 'TON', address: 'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs' })).toBe('0.05')
    expect(tonFeeText({ chainId: 42161, address: '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9' })).toBeNull()
  })

  it('the address in a pasted or scanned text: a plain one, ton:// and ethereum: links; anything else is none', () => {
    const TON = 'UQBvW8Z5huBkMJYdnfAEM5JqTNkuWX3diqYENkWsIL0XggGG'
    const EVM = '0x52908400098527886E0F7030069857D2E4169EE7'
    const USDT = '0xdAC17F958D2ee523a2206206994597C13D831ec7'
    expect(addressFromText(`  ${TON}\n`)).toBe(TON)
    expect(addressFromText(EVM)).toBe(EVM)
    expect(addressFromText('wallet.ton')).toBe('wallet.ton')
    expect(addressFromText(`ton://transfer/${TON}?amount=1000000000&text=hi`)).toBe(TON)
    expect(addressFromText(`TON://transfer/${encodeURIComponent('EQ' + 'A'.repeat(45) + '+')}`)).toBe(
      'EQ' + 'A'.repeat(45) + '+',
    )
    expect(addressFromText(`ethereum:${EVM}`)).toBe(EVM)
    expect(addressFromText(`ethereum:pay-${EVM}@42161?value=1e18`)).toBe(EVM)
    // EIP-681 token transfer: the link's target is the token; the recipient is its address parameter
    expect(addressFromText(`ethereum:${USDT}@1/transfer?address=${EVM}&uint256=1000000`)).toBe(EVM)
    expect(addressFromText(`ethereum:${USDT}/approve?address=${EVM}`)).toBeNull()
    for (const text of [
      '',
      'hello',
      'my seed phrase has twelve words in it',
      'ton://transfer/nope',
      'https://example.org/' + EVM,
      `ethereum:${EVM.slice(0, 20)}`,
      '0x1234',
    ])
      expect(addressFromText(text), text).toBeNull()
  })
})
