import { describe, expect, it } from 'vitest'
import {
  BANNER_ORDER,
  PUNK_SWAP_START_PARAM,
  PUNK_TOKEN,
  bannerLink,
  campaignLink,
} from '../../../domain/banners/config'
import { formatCalendarDay } from '../../../domain/banners/dates'
import { mergeSaved, parseSaved, serializeSaved } from '../../../domain/banners/saved'
import { type SavedBanners, initialSavedBanners } from '../../../domain/banners/state'
import { parseStartParam } from '../../../domain/app/startParam'

const saved = (over: Partial<SavedBanners> = {}): SavedBanners => ({ ...initialSavedBanners, ...over })

describe('kept banner state', () => {
  it('current banner, show counts, passed flags and the mute flag go to text and back unchanged', () => {
    const s = saved({
      current: 'sniping',
      shows: { openLeagueIntro: 1, sniping: 1, districtClash: 7 },
      passed: { sniping: true },
      muted: true,
      mutedAt: 5,
      lastShownAt: 1_700_000_000_000,
      districtClashSeenAt: 1_690_000_000_000,
    })
    expect(parseSaved(serializeSaved(s))).toEqual(s)
    expect(parseSaved(serializeSaved(saved({ current: 'finish' })))?.current).toBe('finish')
  })

  it('unreadable text is nothing kept; unknown kinds and bad values are dropped', () => {
    expect(parseSaved(null)).toBeNull()
    expect(parseSaved('')).toBeNull()
    expect(parseSaved('{not json')).toBeNull()
    expect(parseSaved('[1,2]')).toBeNull()
    expect(parseSaved('"banners"')).toBeNull()
    expect(
      parseSaved(
        JSON.stringify({
          current: 'nope',
          shows: { sniping: -1, bogus: 3, districtClash: 2.5, earlyAirdrop: 2 },
          passed: { sniping: 'yes', earlyAirdrop: true },
          muted: 'true',
          lastShownAt: 'x',
        }),
      ),
    ).toEqual(saved({ shows: { earlyAirdrop: 2 }, passed: { earlyAirdrop: true } }))
  })

  it('merge: the larger show count per banner, the latest shown time and its current banner, either passed flag, the later mute, the later sighting', () => {
    const phone = saved({
      current: 'sniping',
      shows: { openLeagueIntro: 1, bigPumpDecember: 1, sniping: 1, districtClash: 2 },
      passed: { sniping: true },
      muted: true,
      mutedAt: 100,
      lastShownAt: 3_000,
      districtClashSeenAt: 1_000,
    })
    const desktop = saved({
      current: 'openLeagueIntro',
      shows: { openLeagueIntro: 1, districtClash: 4 },
      passed: { openLeagueIntro: true },
      muted: false,
      mutedAt: 200,
      lastShownAt: 1_000,
      districtClashSeenAt: 2_000,
    })
    const want = saved({
      current: 'sniping',
      shows: { openLeagueIntro: 1, bigPumpDecember: 1, sniping: 1, districtClash: 4 },
      passed: { sniping: true, openLeagueIntro: true },
      muted: false,
      mutedAt: 200,
      lastShownAt: 3_000,
      districtClashSeenAt: 2_000,
    })
    expect(mergeSaved(phone, desktop)).toEqual(want)
    expect(mergeSaved(desktop, phone)).toEqual(want)
    expect(mergeSaved(phone, null)).toBe(phone)
    expect(mergeSaved(initialSavedBanners, phone)).toEqual(phone)
    expect(mergeSaved(phone, phone)).toEqual(phone)
  })
})

describe('banner links', () => {
  it('a bot link carrying source, medium and content in the start parameter, as the app reads its own', () => {
    expect(campaignLink('switch_wallet_bot', 'sniping')).toBe(
      'https://t.me/switch_wallet_bot?start=source-miniapp-medium-banner-content-sniping',
    )
    for (const kind of BANNER_ORDER) {
      for (const target of ['bot', 'badge'] as const) {
        const url = new URL(bannerLink(kind, target))
        expect(url.origin).toBe('https://t.me')
        const start = url.searchParams.get('start') ?? ''
        // Telegram's start parameter: [A-Za-z0-9_-], at most 64 characters.
        expect(start).toMatch(/^[A-Za-z0-9_-]{1,64}$/)
        const pairs = Object.fromEntries(start.split('-').flatMap((_, i, a) => (i % 2 === 0 ? [[a[i], a[i + 1]]] : [])))
        expect(pairs).toEqual({
          source: 'miniapp',
          medium: 'banner',
          content: target === 'badge' ? `${kind}Badge` : kind,
        })
      }
    }
  })

  it('the open league banner has a second link, to the badge bot', () => {
    expect(bannerLink('openLeagueIntro', 'badge')).toBe(
      'https://t.me/openleague_badge_bot?start=source-miniapp-medium-banner-content-openLeagueIntroBadge',
    )
    expect(new URL(bannerLink('openLeagueIntro', 'bot')).pathname).not.toBe('/openleague_badge_bot')
  })

  it("the PUNK deposit's swap preset names PUNK on TON to receive", () => {
    expect(parseStartParam(PUNK_SWAP_START_PARAM)).toEqual({
      params: { swapTo: PUNK_TOKEN.address, chainId: 'TON' },
      rejected: [],
    })
  })

  it('the open league airdrop date, 17 December 2024, in each language, whatever the zone', () => {
    expect(formatCalendarDay('2024-12-17', 'en')).toBe('17 December 2024')
    expect(formatCalendarDay('2024-12-17', 'ru')).toBe('17 декабря 2024 г.')
  })
})
