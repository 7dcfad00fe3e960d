import { describe, expect, it } from 'vitest'
import {
  BANNER_ORDER,
  BANNER_SPACING_MS,
  type BannerFacts,
  type BannerKind,
  ELIGIBILITY,
  INVITE_CONTEST_END_MS,
} from '../../../domain/banners/config'
import { decideBanner, nextBannerAt } from '../../../domain/banners/scheduler'
import { type SavedBanners, initialSavedBanners } from '../../../domain/banners/state'

const DAY = 24 * 60 * 60 * 1000
const T0 = Date.parse('2025-03-01T09:00:00Z')
const facts = (over: Partial<BannerFacts> = {}): BannerFacts => ({ now: T0, punkListed: true, ...over })
const saved = (over: Partial<SavedBanners> = {}): SavedBanners => ({ ...initialSavedBanners, ...over })
const shownOnce = (kinds: readonly BannerKind[]) => Object.fromEntries(kinds.map((k) => [k, 1]))

/** Runs the scheduler day after day, showing what it picks, as the app does. */
function days(n: number, start: SavedBanners, f: (day: number) => Partial<BannerFacts> = () => ({})) {
  let s = start
  const picked: (BannerKind | 'finish' | null)[] = []
  for (let day = 0; day < n; day++) {
    const now = T0 + day * DAY
    const next = decideBanner(s, facts({ now, ...f(day) }))
    picked.push(next)
    if (next !== null && next !== 'finish')
      s = { ...s, current: next, shows: { ...s.shows, [next]: (s.shows[next] ?? 0) + 1 }, lastShownAt: now }
  }
  return { picked, state: s }
}

describe('banner scheduler', () => {
  it('[banners.2] eight kinds in the spec order', () => {
    expect(BANNER_ORDER).toEqual([
      'openLeagueIntro',
      'bigPumpDecember',
      'sniping',
      'earlyAirdrop',
      'punkDeposit',
      'inviteContest',
      'newTradeFlow',
      'districtClash',
    ])
  })

  it('[banners.17] caps: districtClash shows a 1000th time, never a 1001st; every other banner once, never twice', () => {
    const f = facts({ now: INVITE_CONTEST_END_MS })
    // Each of the seven others: alone below the cap of 1 it is picked at 0 shows, and at 1 it is done.
    for (const kind of BANNER_ORDER.filter((k) => k !== 'districtClash')) {
      const othersDone = {
        ...shownOnce(BANNER_ORDER.filter((k) => k !== kind && k !== 'districtClash')),
        districtClash: 1000,
      }
      expect(decideBanner(saved({ current: kind, shows: { ...othersDone, [kind]: 0 } }), f), kind).toBe(kind)
      expect(decideBanner(saved({ current: kind, shows: { ...othersDone, [kind]: 1 } }), f), kind).toBe('finish')
      // With district clash still below its cap, a banner shown once is walked past.
      const withClash = { ...othersDone, districtClash: 0, [kind]: 1 }
      expect(decideBanner(saved({ current: 'districtClash', shows: withClash }), f), kind).toBe('districtClash')
    }
    // districtClash: 1 show, 999 shows and it is picked again; at 1000 it is done.
    const sevenDone = shownOnce(BANNER_ORDER.slice(0, 7))
    for (const n of [1, 2, 999])
      expect(
        decideBanner(saved({ current: 'districtClash', shows: { ...sevenDone, districtClash: n } }), f),
        `${n}`,
      ).toBe('districtClash')
    expect(decideBanner(saved({ current: 'districtClash', shows: { ...sevenDone, districtClash: 1000 } }), f)).toBe(
      'finish',
    )
    // Day after day from the 8th banner on: exactly 1000 district clashes, then the end.
    let s = saved({ current: 'newTradeFlow', shows: sevenDone })
    let clashes = 0
    for (let day = 0; day < 1005; day++) {
      const next = decideBanner(s, facts({ now: T0 + day * DAY }))
      if (next === 'finish') break
      expect(next).toBe('districtClash')
      clashes++
      s = { ...s, current: 'districtClash', shows: { ...s.shows, districtClash: clashes }, lastShownAt: T0 + day * DAY }
    }
    expect(clashes).toBe(1000)
  })

  it('[banners.14] walks on after the current banner, wrapping to the start, and the current one comes last', () => {
    const f = facts({ now: INVITE_CONTEST_END_MS - DAY })
    expect(decideBanner(saved({ current: 'sniping', shows: shownOnce(['sniping']) }), f)).toBe('earlyAirdrop')
    // After districtClash the walk wraps to the first below its cap.
    expect(decideBanner(saved({ current: 'districtClash', shows: { districtClash: 3 } }), f)).toBe('openLeagueIntro')
    expect(
      decideBanner(
        saved({
          current: 'districtClash',
          shows: { ...shownOnce(['openLeagueIntro', 'bigPumpDecember']), districtClash: 3 },
        }),
        f,
      ),
    ).toBe('sniping')
    // Only the current one below its cap: it is picked again (the walk ends on it).
    expect(
      decideBanner(
        saved({ current: 'districtClash', shows: { ...shownOnce(BANNER_ORDER.slice(0, 7)), districtClash: 5 } }),
        f,
      ),
    ).toBe('districtClash')
    // 'finish' in `current` (another device ended) starts the walk at the beginning.
    expect(decideBanner(saved({ current: 'finish' }), f)).toBe('openLeagueIntro')
  })

  it('[banners.14] eight days from nothing (all eligible) show the eight in order, then districtClash daily', () => {
    const { picked, state } = days(12, saved(), (day) => ({ now: INVITE_CONTEST_END_MS - 20 * DAY + day * DAY }))
    expect(picked).toEqual([...BANNER_ORDER, 'districtClash', 'districtClash', 'districtClash', 'districtClash'])
    expect(state.shows).toEqual({ ...shownOnce(BANNER_ORDER.slice(0, 7)), districtClash: 5 })
  })

  it('[banners.13] at most one per 24 h: nothing until 24 h after the last one showed, then the next', () => {
    const last = T0
    const s = saved({ current: 'openLeagueIntro', shows: shownOnce(['openLeagueIntro']), lastShownAt: last })
    expect(BANNER_SPACING_MS).toBe(DAY)
    expect(nextBannerAt(s)).toBe(last + DAY)
    expect(nextBannerAt(saved())).toBe(-Infinity)
    expect(decideBanner(s, facts({ now: last + 1 }))).toBeNull()
    expect(decideBanner(s, facts({ now: last + DAY - 1 }))).toBeNull()
    expect(decideBanner(s, facts({ now: last + DAY }))).toBe('bigPumpDecember')
  })

  it('[banners.15] an ineligible banner is skipped: PUNK deposit without PUNK listed, the invite contest after its end', () => {
    const beforePunk = saved({ current: 'earlyAirdrop', shows: shownOnce(BANNER_ORDER.slice(0, 4)) })
    expect(decideBanner(beforePunk, facts({ punkListed: true, now: INVITE_CONTEST_END_MS }))).toBe('punkDeposit')
    expect(decideBanner(beforePunk, facts({ punkListed: false, now: INVITE_CONTEST_END_MS }))).toBe('inviteContest')
    expect(decideBanner(beforePunk, facts({ punkListed: false, now: INVITE_CONTEST_END_MS + 1 }))).toBe('newTradeFlow')
    // Skipped is not shown: its count stays, so it is picked once it is eligible again.
    const skipped = saved({
      current: 'newTradeFlow',
      shows: { ...shownOnce(BANNER_ORDER.slice(0, 4)), ...shownOnce(['inviteContest', 'newTradeFlow']) },
    })
    expect(decideBanner(skipped, facts({ punkListed: false }))).toBe('districtClash')
    expect(
      decideBanner(
        { ...skipped, current: 'districtClash', shows: { ...skipped.shows, districtClash: 1 } },
        facts({ punkListed: true }),
      ),
    ).toBe('punkDeposit')
  })

  it('eligibility as chosen: every kind but PUNK deposit and the invite contest always', () => {
    const f = facts({ punkListed: false, now: INVITE_CONTEST_END_MS + 1 })
    expect(BANNER_ORDER.filter((k) => !ELIGIBILITY[k](f))).toEqual(['punkDeposit', 'inviteContest'])
    expect(
      BANNER_ORDER.filter((k) => !ELIGIBILITY[k](facts({ punkListed: true, now: INVITE_CONTEST_END_MS }))),
    ).toEqual([])
  })

  it('[banners.15] below their caps but none eligible now: nothing today, not the end', () => {
    const s = saved({
      current: 'earlyAirdrop',
      shows: {
        ...shownOnce(BANNER_ORDER.filter((k) => k !== 'punkDeposit' && k !== 'inviteContest')),
        districtClash: 1000,
      },
    })
    expect(decideBanner(s, facts({ punkListed: false, now: INVITE_CONTEST_END_MS + 1 }))).toBeNull()
    expect(decideBanner(s, facts({ punkListed: true, now: INVITE_CONTEST_END_MS + 1 }))).toBe('punkDeposit')
  })

  it("[banners.16] none below its cap: 'finish', whatever the time and eligibility", () => {
    const all = saved({
      current: 'districtClash',
      shows: { ...shownOnce(BANNER_ORDER.slice(0, 7)), districtClash: 1000 },
      lastShownAt: T0,
    })
    expect(decideBanner(all, facts({ now: T0 + 1 }))).toBe('finish')
    expect(decideBanner(all, facts({ now: T0 + 5 * DAY, punkListed: false }))).toBe('finish')
    // 999 shows of districtClash: one more to go.
    expect(decideBanner({ ...all, shows: { ...all.shows, districtClash: 999 } }, facts({ now: T0 + DAY }))).toBe(
      'districtClash',
    )
  })
})
