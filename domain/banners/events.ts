import type { BannerKind, BannerTarget } from './config'
import type { SavedBanners } from './state'
import { type PayloadsOf, payload } from '../slice'

export const bannersEvents = {
  /** The first screen has rendered and the browser is idle: the banners' chunk is in. */
  'banners/activated': payload(),
  /** banners.18: what local storage and Telegram's cloud storage kept (null: nothing readable). */
  'banners/restored': payload<{ local: SavedBanners | null; cloud: SavedBanners | null }>(),
  /** banners.15: PUNK deposit's eligibility: the swap can preselect PUNK. */
  'banners/punkChecked': payload<{ listed: boolean }>(),
  /** The scheduler's decision (domain/banners/scheduler.ts decideBanner), made in the effect at its time. */
  'banners/decided': payload<{ next: BannerKind | 'finish' | null }>(),
  /** A due banner took the screen (banners.1); its count goes up and the 24 h start now (the event's `at`). */
  'banners/shown': payload<{ kind: BannerKind }>(),
  /** banners.3 */
  'banners/closed': payload<{ kind: BannerKind }>(),
  /** banners.4-5, banners.9: the call-to-action (a bot link, the badge bot, or the swap). */
  'banners/actionTaken': payload<{ kind: BannerKind; target: BannerTarget }>(),
  /** The district clash music's mute (kept: banners.18). */
  'banners/muteToggled': payload<{ muted: boolean }>(),
}

export type BannersEvents = PayloadsOf<typeof bannersEvents>
