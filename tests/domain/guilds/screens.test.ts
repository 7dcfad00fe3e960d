/** The client's guild rules (doc 2 §2, §5, §9): the carousel's wrap and threshold, names from input and path, avatars, invite links. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  ALLIANCE_AVATARS,
  RANKS,
  SWIPE_THRESHOLD_PX,
  allianceAvatar,
  allianceInviteLink,
  allianceNameFromPath,
  allianceNameOf,
  swipeStep,
  wrapRank,
} from '../../../domain/guilds/rules'
import { alliancePath } from '../../../domain/guilds/state'
import { parseStartParam } from '../../../domain/app/startParam'

const rank = fc.constantFrom(...RANKS)

describe('the rank carousel', () => {
  it('[guilds.5] wraps at both ends: after Cardinal comes Adept, before Adept comes Cardinal', () => {
    expect(wrapRank(5, 1)).toBe(1)
    expect(wrapRank(1, -1)).toBe(5)
    expect(wrapRank(2, 1)).toBe(3)
    expect(wrapRank(4, -1)).toBe(3)
  })

  it('[guilds.5] any number of steps either way stays among the five ranks; five steps come back; a step back undoes a step on', () => {
    fc.assert(
      fc.property(rank, fc.integer({ min: -50, max: 50 }), (r, by) => {
        const to = wrapRank(r, by)
        expect(RANKS).toContain(to)
        expect(wrapRank(r, by + 5)).toBe(to)
        expect(wrapRank(wrapRank(r, 1), -1)).toBe(r)
        expect(wrapRank(r, by)).toBe(((((r - 1 + by) % 5) + 5) % 5) + 1)
      }),
    )
  })

  it('[guilds.6] a drag moves the carousel only past 50 px: left shows the next rank, right the previous', () => {
    expect(SWIPE_THRESHOLD_PX).toBe(50)
    expect(swipeStep(0)).toBe(0)
    expect(swipeStep(50)).toBe(0)
    expect(swipeStep(-50)).toBe(0)
    expect(swipeStep(50.5)).toBe(-1)
    expect(swipeStep(-51)).toBe(1)
    expect(swipeStep(Number.NaN)).toBe(0)
    fc.assert(
      fc.property(fc.double({ min: -2000, max: 2000, noNaN: true }), (dx) => {
        const step = swipeStep(dx)
        if (Math.abs(dx) <= 50) expect(step).toBe(0)
        else expect(step).toBe(dx < 0 ? 1 : -1)
      }),
    )
  })
})

describe('alliance names', () => {
  it('[guilds.11] the name from plain text, an @handle or a t.me link, word characters only', () => {
    expect(allianceNameOf('switch_miners')).toBe('switch_miners')
    expect(allianceNameOf('  @ton_whales ')).toBe('ton_whales')
    expect(allianceNameOf('https://t.me/arb_club')).toBe('arb_club')
    expect(allianceNameOf('t.me/Night_Owls/')).toBe('Night_Owls')
    expect(allianceNameOf('http://telegram.me/s/base_builders?x=1')).toBe('base_builders')
    expect(allianceNameOf('')).toBeNull()
    expect(allianceNameOf('two words')).toBeNull()
    expect(allianceNameOf('dash-name')).toBeNull()
    expect(allianceNameOf('https://example.com/arb_club')).toBeNull()
    fc.assert(
      fc.property(fc.stringMatching(/^\w{1,32}$/), (name) => {
        for (const typed of [name, `@${name}`, `https://t.me/${name}`, `t.me/${name}`])
          expect(allianceNameOf(typed)).toBe(name)
      }),
    )
  })

  it('an alliance page path gives back its name; other paths give none', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\w{1,32}$/), (name) => {
        expect(allianceNameFromPath(alliancePath(name))).toBe(name)
      }),
    )
    expect(allianceNameFromPath('/mining/guilds/alliance/ton_whales/')).toBe('ton_whales')
    expect(allianceNameFromPath('/mining/guilds')).toBeNull()
    expect(allianceNameFromPath('/mining/guilds/alliance/')).toBeNull()
    expect(allianceNameFromPath('/mining/guilds/alliance/a%2Fb')).toBeNull()
    expect(allianceNameFromPath('/mining/guilds/alliance/%E0%A4%A')).toBeNull()
  })

  it("[guilds.21] the avatar is one of 7, by the sum of the name's character codes", () => {
    expect(ALLIANCE_AVATARS).toBe(7)
    // 's'+'w'+'i'+'t'+'c'+'h' = 115+119+105+116+99+104 = 658 = 7 * 94
    expect(allianceAvatar('switch')).toBe(0)
    expect(allianceAvatar('a')).toBe(97 % 7)
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (name) => {
        let s = 0
        for (let i = 0; i < name.length; i++) s += name.charCodeAt(i)
        expect(allianceAvatar(name)).toBe(s % 7)
        // the same letters in any order: the same avatar
        expect(allianceAvatar([...name].reverse().join(''))).toBe(allianceAvatar(name))
      }),
    )
  })

  it("the invite link is the server's invite link (its bot) with alliance-<name> as the start parameter", () => {
    expect(allianceInviteLink('https://t.me/switch_wallet_bot?startapp=ref-AB12CD', 'ton_whales')).toBe(
      'https://t.me/switch_wallet_bot?startapp=alliance-ton_whales',
    )
    expect(allianceInviteLink('https://t.me/switch_wallet_bot/app?startapp=ref-x', 'a')).toBe(
      'https://t.me/switch_wallet_bot/app?startapp=alliance-a',
    )
    expect(allianceInviteLink('https://example.com/?startapp=ref-x', 'a')).toBeNull()
    expect(allianceInviteLink('https://t.me/bot', 'a')).toBeNull()
    // and the app reads it back
    expect(parseStartParam('alliance-ton_whales').params.alliance).toBe('ton_whales')
  })
})

describe('start parameters', () => {
  it('ref and alliance are accepted; an alliance that is not a handle is rejected with its reason', () => {
    expect(parseStartParam('ref-AB12CD')).toEqual({ params: { ref: 'AB12CD' }, rejected: [] })
    expect(parseStartParam('alliance-switch_miners')).toEqual({ params: { alliance: 'switch_miners' }, rejected: [] })
    expect(parseStartParam(`alliance-${'x'.repeat(33)}`).rejected).toHaveLength(1)
    expect(parseStartParam('alliance-a.b').params.alliance).toBeUndefined()
  })
})
