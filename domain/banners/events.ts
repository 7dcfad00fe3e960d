import type { BannerKind, BannerTarget } from './config'
import type { SavedBanners } from './state'

export type BannersEvents = {
  /** The first screen has rendered and the browser is idle: the banners' chunk is in. */
  'banners/activated': Record<string, never>
  /** banners.18: what local storage and Telegram's cloud storage kept (null: nothing readable). */
  'banners/restored': { local: SavedBanners | null; cloud: SavedBanners | null }
  /** banners.15: PUNK deposit's eligibility: the swap can preselect PUNK. */
  'banners/punkChecked': { listed: boolean }
  /** The scheduler's decision (domain/banners/scheduler.ts decideBanner), made in the effect at its time. */
  'banners/decided': { next: BannerKind | 'finish' | null }
  /** A due banner took the screen (banners.1); its count goes up and the 24 h start now (the event's `at`). */
  'banners/shown': { kind: BannerKind }
  /** banners.3 */
  'banners/closed': { kind: BannerKind }
  /** banners.4-5, banners.9: the call-to-action (a bot link, the badge bot, or the swap). */
  'banners/actionTaken': { kind: BannerKind; target: BannerTarget }
  /** The district clash music's mute (kept: banners.18). */
  'banners/muteToggled': { muted: boolean }
}

export const bannersEventTypes: Record<keyof BannersEvents, true> = {
  'banners/activated': true,
  'banners/restored': true,
  'banners/punkChecked': true,
  'banners/decided': true,
  'banners/shown': true,
  'banners/closed': true,
  'banners/actionTaken': true,
  'banners/muteToggled': true,
}
