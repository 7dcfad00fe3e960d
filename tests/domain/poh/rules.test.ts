import { describe, expect, it } from 'vitest'
import { POH_WRONG_CODE } from '../../../domain/poh/codecs'
import { pohCodeComment, pohCodeIn } from '../../../domain/poh/comment'
import { POH_MAX_WRONG_CODES, pohFailureOf, retriesFree, triesLeftAfter, triesLeftOf } from '../../../domain/poh/rules'

describe('PoH rules both sides apply', () => {
  it('a request takes five wrong codes: the tries left count down to none', () => {
    expect(POH_MAX_WRONG_CODES).toBe(5)
    expect([0, 1, 4, 5, 6].map(triesLeftAfter)).toEqual([5, 4, 1, 0, 0])
  })

  it("the tries left are read from a wrong code's refusal only", () => {
    const wrong = (triesLeft: string) => ({
      kind: 'rejected' as const,
      status: 400,
      message: 'Wrong code',
      path: 'code',
      code: POH_WRONG_CODE,
      params: { triesLeft },
    })
    expect(triesLeftOf(wrong('3'))).toBe(3)
    expect(triesLeftOf(wrong('0'))).toBe(0)
    expect(triesLeftOf(wrong('many'))).toBeNull()
    expect(triesLeftOf({ kind: 'rejected', status: 409, message: 'No code is awaited', path: 'code' })).toBeNull()
    expect(triesLeftOf({ kind: 'network', message: 'offline' })).toBeNull()
  })

  it("only a failure on the service's side is tried again at no cost", () => {
    expect(
      ['provider', 'provider-off', 'wrong-codes', 'wallet-used', 'refunded', 'something new', undefined].map((f) =>
        retriesFree(pohFailureOf(f)),
      ),
    ).toEqual([true, true, false, false, false, false, false])
    expect(pohFailureOf('something new')).toBeNull()
  })

  it("the code's comment carries six digits, read back from it and from nothing else", () => {
    expect(pohCodeIn(pohCodeComment('012345'))).toBe('012345')
    expect(pohCodeIn('SWITCH order SWABCDEFGHIJKLMNOP')).toBeNull()
    expect(pohCodeIn(pohCodeComment('12345'))).toBeNull()
    expect(pohCodeIn(null)).toBeNull()
  })
})
