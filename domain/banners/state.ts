/**
 * Banners (doc 2 §2-4, banners.*): what is kept (banners.18: the current banner, show counts,
 * passed flags, the mute flag, and when the last one showed), what is due, and what shows. The
 * shape and selectors only (this file is in the first screen); how events change it is
 * ./reducer.ts, which loads with the banners' chunk.
 */
import type { BannerKind } from './config'

/** What survives a reload (local storage) and follows the user to another device (Telegram's cloud storage). */
export interface SavedBanners {
  /** The banner shown last (the scheduler walks on from it), 'finish' once none is below its cap. */
  current: BannerKind | 'finish' | null
  shows: Partial<Record<BannerKind, number>>
  /** Closed or acted upon. */
  passed: Partial<Record<BannerKind, boolean>>
  muted: boolean
  /** When the mute flag was last set (epoch ms; 0: never): the later one wins a merge. */
  mutedAt: number
  /** When a banner last showed (epoch ms). */
  lastShownAt: number | null
  /** banners.8: when the district clash banner was last seen. */
  districtClashSeenAt: number | null
}

export interface BannersState {
  saved: SavedBanners
  /** The kept state was read (local and cloud) and the facts gathered: the scheduler may decide. */
  ready: boolean
  punkListed: boolean
  /** The scheduler's choice, waiting for a screen it may cover. */
  due: BannerKind | null
  /** On the screen now. */
  showing: BannerKind | null
  /** A banner took the screen in this open (domain/app/interruptions.ts: one interruption per open). */
  shownThisOpen: boolean
}

export const initialSavedBanners: SavedBanners = {
  current: null,
  shows: {},
  passed: {},
  muted: false,
  mutedAt: 0,
  lastShownAt: null,
  districtClashSeenAt: null,
}

export const initialBannersState: BannersState = {
  saved: initialSavedBanners,
  ready: false,
  punkListed: false,
  due: null,
  showing: null,
  shownThisOpen: false,
}

/** Where the kept state lives: local storage and Telegram's cloud storage, under the same key. */
export const BANNERS_STORAGE_KEY = 'banners'
