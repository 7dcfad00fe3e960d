import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  FRIENDS_PAGE_SIZE,
  INVITE_CONTEST_ENDS_AT,
  INVITE_CONTEST_PRIZES,
  addDecimals,
  contestTimeLeft,
  guildName,
  referralBonuses,
  shareUrl,
} from '../../../domain/friends/rules'
import { stats } from './fixtures'

describe('friends rules', () => {
  it('the total is the bonus for friends plus the bonus for friends of friends, exactly (no float)', () => {
    expect(referralBonuses(stats())).toEqual({
      friends: '123.456789012',
      friendsOfFriends: '0.000000001',
      total: '123.456789013',
    })
    // 0.1 + 0.2 is 0.30000000000000004 in floating point
    expect(referralBonuses(stats({ friends_bonus: '0.1', friends_2_bonus: '0.2' })).total).toBe('0.3')
    expect(referralBonuses(stats({ friends_bonus: '0', friends_2_bonus: '0' })).total).toBe('0')
    expect(addDecimals('9007199254740993.000000001', '1')).toBe('9007199254740994.000000001')
  })

  it('adding decimals is exact at any scale: it agrees with integer arithmetic', () => {
    const decimal = fc.tuple(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.integer({ min: 0, max: 12 }))
    fc.assert(
      fc.property(decimal, decimal, ([a, pa], [b, pb]) => {
        const text = (v: bigint, p: number) =>
          p === 0 ? v.toString() : `${v / 10n ** BigInt(p)}.${(v % 10n ** BigInt(p)).toString().padStart(p, '0')}`
        const places = Math.max(pa, pb)
        const sum = a * 10n ** BigInt(places - pa) + b * 10n ** BigInt(places - pb)
        const [w, f = ''] = addDecimals(text(a, pa), text(b, pb)).split('.')
        expect(BigInt(w + f.padEnd(places, '0'))).toBe(sum)
      }),
    )
  })

  it('the invite contest counts down to 2025-05-01T23:59:59Z, to the second, and has ended from then on', () => {
    expect(INVITE_CONTEST_ENDS_AT).toBe(Date.UTC(2025, 4, 1, 23, 59, 59))
    expect(contestTimeLeft(Date.UTC(2025, 3, 28, 20, 30, 15))).toEqual({
      ended: false,
      days: 3,
      hours: 3,
      minutes: 29,
      seconds: 44,
    })
    expect(contestTimeLeft(INVITE_CONTEST_ENDS_AT - 1000)).toEqual({
      ended: false,
      days: 0,
      hours: 0,
      minutes: 0,
      seconds: 1,
    })
    expect(contestTimeLeft(INVITE_CONTEST_ENDS_AT)).toEqual({ ended: false, days: 0, hours: 0, minutes: 0, seconds: 0 })
    expect(contestTimeLeft(INVITE_CONTEST_ENDS_AT + 1000)).toEqual({ ended: true })
    expect(contestTimeLeft(Date.UTC(2026, 10, 23))).toEqual({ ended: true })
  })

  it("both readings of the prize are kept: 11000 USDT and 1,100,000 SWITCH; the banner's 15 000 and 1 500 000", () => {
    expect(INVITE_CONTEST_PRIZES).toEqual({
      contest: { usdt: '11000', switch: '1100000' },
      banner: { stablecoin: '15000', switch: '1500000' },
    })
  })

  it('friends are read 10 a page', () => {
    expect(FRIENDS_PAGE_SIZE).toBe(10)
  })

  it("[guilds.1] a friend's guild rank 0-5 by name; anything else reads as none", () => {
    expect([0, 1, 2, 3, 4, 5].map(guildName)).toEqual([
      'NoGuild',
      'Adept',
      'Master',
      'Magister',
      'Grandmaster',
      'Cardinal',
    ])
    expect([6, -1, 2.5, Number.NaN].map(guildName)).toEqual(['NoGuild', 'NoGuild', 'NoGuild', 'NoGuild'])
  })

  it("the share link is Telegram's share URL carrying the invite link and the text, encoded", () => {
    const url = shareUrl('https://t.me/bot?startapp=ref-ab12', 'Mine with me & earn')
    expect(url).toBe(
      'https://t.me/share/url?url=https%3A%2F%2Ft.me%2Fbot%3Fstartapp%3Dref-ab12&text=Mine%20with%20me%20%26%20earn',
    )
    const parsed = new URL(url)
    expect(parsed.searchParams.get('url')).toBe('https://t.me/bot?startapp=ref-ab12')
    expect(parsed.searchParams.get('text')).toBe('Mine with me & earn')
  })
})
