/**
 * The banner scheduler (doc 2 §4; banners.13-17) as pure functions: when the next banner may show,
 * and which one.
 */
import { BANNER_ORDER, BANNER_SPACING_MS, type BannerFacts, type BannerKind, ELIGIBILITY, maxShows } from './config'
import type { SavedBanners } from './state'

/** banners.13: the earliest time the next banner may show (epoch ms); -Infinity before the first. */
export const nextBannerAt = (saved: SavedBanners, spacing = BANNER_SPACING_MS): number =>
  saved.lastShownAt === null ? -Infinity : saved.lastShownAt + spacing

/**
 * The scheduler's decision at `facts.now`:
 * - null: nothing now (the last banner showed less than 24 h ago, banners.13; or every banner below
 *   its cap is ineligible now, banners.15, and may be eligible another day);
 * - 'finish': no banner is below its cap (banners.16): none shows again;
 * - a kind: the first after the current one, wrapping (the current one itself last), whose show
 *   count is below its cap (banners.14, banners.17) and whose eligibility holds (banners.15).
 */
export function decideBanner(
  saved: SavedBanners,
  facts: BannerFacts,
  spacing = BANNER_SPACING_MS,
): BannerKind | 'finish' | null {
  const belowCap = BANNER_ORDER.filter((kind) => (saved.shows[kind] ?? 0) < maxShows(kind))
  if (belowCap.length === 0) return 'finish'
  if (facts.now < nextBannerAt(saved, spacing)) return null
  const from = saved.current === null || saved.current === 'finish' ? 0 : BANNER_ORDER.indexOf(saved.current) + 1
  for (let i = 0; i < BANNER_ORDER.length; i++) {
    const kind = BANNER_ORDER[(from + i) % BANNER_ORDER.length]
    if (belowCap.includes(kind) && ELIGIBILITY[kind](facts)) return kind
  }
  return null
}
