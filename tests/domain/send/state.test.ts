import { describe, expect, it } from 'vitest'
import { fold } from '../../../domain/state'
import { canConfirm } from '../../../domain/send/rules'
import { stamp } from '../fixtures/events'
import type { EventInput } from '../../../domain/events'

const token = {
  address: '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9',
  chainId: 42161 as const,
  decimals: 6,
  logoURI: '',
  name: 'Tether',
  symbol: 'USDT',
}
const run = (...inputs: EventInput[]) =>
  fold(
    stamp([
      { type: 'send/started', payload: {} },
      { type: 'picker/tokenPicked', payload: { purpose: 'send', token } },
      ...inputs,
    ]),
  ).send

describe('send draft', () => {
  it('an amount typed before a token is chosen (a journey restored without one) is kept, and checked once the token comes', () => {
    const before = fold(
      stamp([
        { type: 'send/started', payload: {} },
        { type: 'send/amountChanged', payload: { value: '1,5' } },
        { type: 'send/fieldBlurred', payload: { field: 'amount', balance: '0' } },
      ]),
    ).send
    expect(before.amount).toBe('1.5')
    expect(before.errors).toEqual({ amount: 'send.error.not-enough-balance' })
    expect(run({ type: 'send/amountChanged', payload: { value: '1.0000001' } }).errors.amount).toBe(
      'amount.too-many-decimals',
    )
  })

  it('[send.4] confirm is disabled while the address or the amount is empty; [send.2] the comment is optional', () => {
    expect(canConfirm(run())).toBe(false)
    expect(canConfirm(run({ type: 'send/addressChanged', payload: { value: '0xabc' } }))).toBe(false)
    expect(canConfirm(run({ type: 'send/amountChanged', payload: { value: '1' } }))).toBe(false)
    expect(
      canConfirm(
        run(
          { type: 'send/addressChanged', payload: { value: '0xabc' } },
          { type: 'send/amountChanged', payload: { value: '1' } },
          { type: 'send/addressChanged', payload: { value: '' } },
        ),
      ),
    ).toBe(false)
    expect(
      canConfirm(
        run(
          { type: 'send/addressChanged', payload: { value: '0xabc' } },
          { type: 'send/amountChanged', payload: { value: '1' } },
        ),
      ),
    ).toBe(true)
  })

  it('[send.5] validation on blur: [send.11] invalid address, [send.7] not enough balance', () => {
    const s = run(
      { type: 'send/addressChanged', payload: { value: '0x123' } },
      { type: 'send/fieldBlurred', payload: { field: 'to', balance: '500' } },
      { type: 'send/amountChanged', payload: { value: '500,01' } },
      { type: 'send/fieldBlurred', payload: { field: 'amount', balance: '500' } },
    )
    expect(s.amount).toBe('500.01')
    expect(s.errors).toEqual({ to: 'send.error.invalid-address', amount: 'send.error.not-enough-balance' })
    // before the blur nothing is judged
    const typed = run(
      { type: 'send/addressChanged', payload: { value: '0x123' } },
      { type: 'send/amountChanged', payload: { value: '500.01' } },
    )
    expect(typed.errors).toEqual({})
    // the whole balance is not above it; one unit more is
    const blurred = (amount: string) =>
      run(
        { type: 'send/amountChanged', payload: { value: amount } },
        { type: 'send/fieldBlurred', payload: { field: 'amount', balance: '500' } },
      ).errors.amount
    expect(blurred('500')).toBeUndefined()
    expect(blurred('500.000001')).toBe('send.error.not-enough-balance')
    // any other address: neither EVM, TON nor a .ton name
    for (const bad of ['0x52908400098527886E0F7030069857D2E4169EE', 'hello', 'EQshort', 'x.tonx']) {
      const e = run(
        { type: 'send/addressChanged', payload: { value: bad } },
        { type: 'send/fieldBlurred', payload: { field: 'to', balance: '500' } },
      ).errors.to
      expect([bad, e]).toEqual([bad, 'send.error.invalid-address'])
    }
    expect(
      run(
        { type: 'send/addressChanged', payload: { value: '0x52908400098527886E0F7030069857D2E4169EE7' } },
        { type: 'send/fieldBlurred', payload: { field: 'to', balance: '500' } },
      ).errors.to,
    ).toBeUndefined()
  })

  it('[send.6] validation on confirm: a bad draft is not checked; a good one is', () => {
    const bad = run(
      { type: 'send/addressChanged', payload: { value: '0x123' } },
      { type: 'send/amountChanged', payload: { value: '1' } },
      { type: 'send/checkRequested', payload: { balance: '500' } },
    )
    expect(bad.isLoading).toBe(false)
    expect(bad.errors.to).toBe('send.error.invalid-address')
    const good = run(
      { type: 'send/addressChanged', payload: { value: '0x52908400098527886E0F7030069857D2E4169EE7' } },
      { type: 'send/amountChanged', payload: { value: '1' } },
      { type: 'send/checkRequested', payload: { balance: '500' } },
    )
    expect(good.isLoading).toBe(true)
    expect(good.errors).toEqual({})
  })

  it('an edit after a passing check needs a new check (and a new key)', () => {
    const s = run(
      { type: 'send/addressChanged', payload: { value: '0x52908400098527886E0F7030069857D2E4169EE7' } },
      { type: 'send/amountChanged', payload: { value: '1' } },
      { type: 'send/checkPassed', payload: { fee: '0.0001', feeSymbol: 'ETH', idempotencyKey: 'k' } },
      { type: 'send/amountChanged', payload: { value: '2' } },
    )
    expect(s).toMatchObject({ isChecked: false, idempotencyKey: null, fee: null })
  })

  it('a typed or pasted "1e30" is refused at once, kept as typed, never sent to be checked', () => {
    const s = run(
      { type: 'send/addressChanged', payload: { value: '0x52908400098527886E0F7030069857D2E4169EE7' } },
      { type: 'send/amountChanged', payload: { value: '1e30' } },
    )
    expect(s.amount).toBe('1e30')
    expect(s.errors.amount).toBe('amount.not-a-number')
    expect(canConfirm(s)).toBe(false)
    expect(
      run(
        { type: 'send/addressChanged', payload: { value: '0x52908400098527886E0F7030069857D2E4169EE7' } },
        { type: 'send/amountChanged', payload: { value: '1e30' } },
        { type: 'send/checkRequested', payload: { balance: '500' } },
      ).isLoading,
    ).toBe(false)
    // fixed, the refusal goes
    expect(
      run(
        { type: 'send/amountChanged', payload: { value: '1e30' } },
        { type: 'send/amountChanged', payload: { value: '130' } },
      ).errors,
    ).toEqual({})
  })

  it('more decimals than the token has are refused at once (USDT has 6), also when a token with fewer is picked after', () => {
    expect(run({ type: 'send/amountChanged', payload: { value: '1.0000001' } }).errors.amount).toBe(
      'amount.too-many-decimals',
    )
    const eth = { ...token, address: '0x0000000000000000000000000000000000000000', decimals: 18, symbol: 'ETH' }
    const typed: EventInput[] = [
      { type: 'send/started', payload: {} },
      { type: 'picker/tokenPicked', payload: { purpose: 'send', token: eth } },
      { type: 'send/amountChanged', payload: { value: '0.0000001' } },
    ]
    expect(fold(stamp(typed)).send.errors).toEqual({})
    expect(
      fold(stamp([...typed, { type: 'picker/tokenPicked', payload: { purpose: 'send', token } }])).send.errors.amount,
    ).toBe('amount.too-many-decimals')
  })

  it('a comment over 120 characters keeps Continue disabled', () => {
    const draft: EventInput[] = [
      { type: 'send/addressChanged', payload: { value: '0x52908400098527886E0F7030069857D2E4169EE7' } },
      { type: 'send/amountChanged', payload: { value: '1' } },
    ]
    expect(canConfirm(run(...draft, { type: 'send/commentChanged', payload: { value: 'x'.repeat(120) } }))).toBe(true)
    const long = run(
      ...draft,
      { type: 'send/commentChanged', payload: { value: 'x'.repeat(121) } },
      { type: 'send/checkRequested', payload: { balance: '500' } },
    )
    expect(canConfirm(long)).toBe(false)
    expect(long.isLoading).toBe(false)
  })
})

describe('an address read by Paste or the QR scanner', () => {
  const EVM = '0x52908400098527886E0F7030069857D2E4169EE7'
  const TON = 'UQBvW8Z5huBkMJYdnfAEM5JqTNkuWX3diqYENkWsIL0XggGG'
  const read = (source: 'clipboard' | 'scanner', address: string | null): EventInput => ({
    type: 'send/addressRead',
    payload: { source, address },
  })

  it('fills the field and is checked at once: one of another network is an invalid address there', () => {
    const s = run({ type: 'send/addressChanged', payload: { value: '0xabc' } }, read('clipboard', EVM))
    expect(s.to).toBe(EVM)
    expect(s.errors.to).toBeUndefined()
    expect(run(read('scanner', TON))).toMatchObject({ to: TON, errors: { to: 'send.error.invalid-address' } })
  })

  it('none, or a clipboard or scanner that failed, says so at the field and leaves what was typed', () => {
    const typed = { type: 'send/addressChanged', payload: { value: '0x1234' } } as const
    expect(run(typed, read('clipboard', null))).toMatchObject({
      to: '0x1234',
      errors: { to: 'send.error.clipboard-no-address' },
    })
    expect(run(typed, read('scanner', null)).errors.to).toBe('send.error.qr-no-address')
    expect(
      run(typed, { type: 'send/addressReadFailed', payload: { source: 'clipboard', reason: 'refused' } }).errors.to,
    ).toBe('send.error.clipboard-unreadable')
    expect(
      run(typed, { type: 'send/addressReadFailed', payload: { source: 'scanner', reason: 'no QR scanner here' } })
        .errors.to,
    ).toBe('send.error.scanner-unavailable')
    // typing again clears the notice
    expect(run(typed, read('clipboard', null), typed).errors.to).toBeUndefined()
  })
})
