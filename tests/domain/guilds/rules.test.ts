/** Guild ranks, alliance names and avatars, the alliance bonus (doc 2 §3, §5, §9). */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  ALLIANCE_AVATARS,
  GUILD_SHARES,
  RANKS,
  allianceAvatar,
  allianceBonus,
  allianceNameOf,
  guildCutoffs,
  guildOf,
  placesOf,
} from '../../../domain/guilds/rules'

/** The rule as written: a miner with x holds rank r iff x > 0 and 1 + (how many have more) <= r's share of all miners. */
const rankByDefinition = (x: bigint, all: readonly bigint[]) => {
  const place = 1 + all.filter((y) => y > x).length
  let best = 0
  for (const rank of RANKS) if (x > 0n && place * 100 <= all.length * GUILD_SHARES[rank]) best = rank
  return best
}
const sorted = (xs: bigint[]) => [...xs].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0))

describe('guild ranks', () => {
  it('[guilds.2] every miner holds, by the cut-offs, exactly the rank the shares give: top 1, 4, 15, 30, 50 %', () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: 0n, max: 40n }), { maxLength: 400 }), (xs) => {
        const all = sorted(xs)
        const cutoffs = guildCutoffs(all)
        for (const x of new Set(all))
          expect(guildOf(x, cutoffs), `x=${x} n=${all.length}`).toBe(rankByDefinition(x, all))
      }),
      { numRuns: 300 },
    )
  })

  it('[guilds.2] at the boundaries: with 100 distinct miners, places 1, 2-4, 5-15, 16-30, 31-50 and 51-100', () => {
    const all = Array.from({ length: 100 }, (_, i) => BigInt(100 - i)) // place p has 101 - p
    const cutoffs = guildCutoffs(all)
    const rankAt = (place: number) => guildOf(BigInt(101 - place), cutoffs)
    expect([1, 2, 4, 5, 15, 16, 30, 31, 50, 51, 100].map(rankAt)).toEqual([5, 4, 4, 3, 3, 2, 2, 1, 1, 0, 0])
    expect(cutoffs).toEqual([51n, 71n, 86n, 97n, 100n])
  })

  it('[guilds.2] ties share the better place; nothing mined is no rank; too few miners leave the top ranks empty', () => {
    // 4 miners: Adept covers places 1-2, Master place 1 (1.2), the rest none; three tied at place 1 are all Masters
    expect(guildCutoffs([5n, 5n, 5n, 1n])).toEqual([5n, 5n, null, null, null])
    expect(guildOf(5n, guildCutoffs([5n, 5n, 5n, 1n]))).toBe(2)
    expect(guildOf(1n, guildCutoffs([5n, 5n, 5n, 1n]))).toBe(0)
    expect(guildCutoffs([0n, 0n, 0n, 0n])).toEqual([null, null, null, null, null])
    expect(guildOf(0n, guildCutoffs([0n, 0n]))).toBe(0)
    expect(placesOf(99, 5)).toBe(0)
    expect(placesOf(100, 5)).toBe(1)
    expect(placesOf(1_000_000, 1)).toBe(500_000)
  })
})

describe('alliance names', () => {
  it('[guilds.11] the name from plain text, an @handle or a t.me link, word characters only', () => {
    expect(allianceNameOf('switch_team')).toBe('switch_team')
    expect(allianceNameOf('  @Switch_Team ')).toBe('Switch_Team')
    expect(allianceNameOf('https://t.me/switch_team')).toBe('switch_team')
    expect(allianceNameOf('t.me/switch_team/')).toBe('switch_team')
    expect(allianceNameOf('http://www.t.me/s/news42?start=1')).toBe('news42')
    expect(allianceNameOf('telegram.me/@abc')).toBe('abc')
    for (const bad of [
      '',
      '   ',
      '@',
      'two words',
      'semi;colon',
      'https://example.com/abc',
      't.me/',
      'a'.repeat(33),
      'имя-1',
      '@a-b',
    ])
      expect(allianceNameOf(bad), bad).toBeNull()
  })

  it('[guilds.11] whatever is typed, a name found is word characters only, and a handle gives itself back in all three forms', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const name = allianceNameOf(s)
        if (name !== null) expect(name).toMatch(/^\w{1,32}$/)
      }),
    )
    fc.assert(
      fc.property(fc.stringMatching(/^\w{1,32}$/), (h) => {
        expect([allianceNameOf(h), allianceNameOf(`@${h}`), allianceNameOf(`https://t.me/${h}`)]).toEqual([h, h, h])
      }),
    )
  })

  it('[guilds.21] the avatar is one of 7, by the sum of the character codes', () => {
    expect(allianceAvatar('a')).toBe(97 % 7)
    expect(allianceAvatar('ab')).toBe((97 + 98) % 7)
    expect(allianceAvatar('ba')).toBe(allianceAvatar('ab'))
    fc.assert(
      fc.property(fc.string(), (s) => {
        const a = allianceAvatar(s)
        expect(a).toBeGreaterThanOrEqual(0)
        expect(a).toBeLessThan(ALLIANCE_AVATARS)
        expect(a).toBe([...s].reduce((sum, ch) => sum + [...ch].reduce((x, _, i) => x + ch.charCodeAt(i), 0), 0) % 7)
      }),
    )
  })

  it('[guilds.23] the alliance bonus is 5 % of the claim, rounded down to the nano-SWITCH', () => {
    expect(allianceBonus(1_000_000_000n)).toBe(50_000_000n)
    expect(allianceBonus(19n)).toBe(0n)
    expect(allianceBonus(20n)).toBe(1n)
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), (c) => {
        const b = allianceBonus(c)
        expect(b * 20n <= c && c < (b + 1n) * 20n).toBe(true)
      }),
    )
  })
})
