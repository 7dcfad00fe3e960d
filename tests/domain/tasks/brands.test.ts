import { describe, expect, it } from 'vitest'
import { airdropName, brandName, monogram } from '../../../domain/tasks/brands'

describe('partner names', () => {
  it("an airdrop reads as its partner's campaign, never its code in capitals", () => {
    expect([airdropName('tston'), airdropName('xrocket')]).toEqual(['Tonstakers', 'xRocket'])
    expect(airdropName('someNew')).toBe('Some New')
  })

  it("a partner's monogram is two letters of its name: two words' initials, a capital inside a word, else its first two letters", () => {
    expect([brandName('duckCoop'), monogram(brandName('duckCoop'))]).toEqual(['Duck Coop', 'DC'])
    expect(monogram(brandName('layerZero'))).toBe('LZ')
    expect(monogram('xRocket')).toBe('XR')
    expect(monogram('Tonstakers')).toBe('TO')
    expect(monogram(brandName('coinTask_PUNK'))).toBe('PU')
    expect(monogram('')).toBe('?')
  })
})
