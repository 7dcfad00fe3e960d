/**
 * The kept banner state as text (local storage, Telegram's cloud storage), read back defensively,
 * and the merge of two copies (this device's and the cloud's): show counts take the larger,
 * the current banner and last-shown time come from the copy that showed a banner last, passed
 * flags are either's, the mute flag is the one set last, the district clash sighting the later.
 * Merging is commutative on counts and times, so two devices converge whatever order they sync in.
 */
import { BANNER_ORDER, type BannerKind, isBannerKind } from './config'
import type { SavedBanners } from './state'

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0
const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0

/** Text as stored, back to the state; anything unreadable is null (nothing kept), unknown parts are dropped. */
export function parseSaved(text: string | null): SavedBanners | null {
  if (text === null || text === '') return null
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    return null
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null
  const o = raw as Record<string, unknown>
  const shows: Partial<Record<BannerKind, number>> = {}
  const passed: Partial<Record<BannerKind, boolean>> = {}
  for (const kind of BANNER_ORDER) {
    const count = (o.shows as Record<string, unknown> | undefined)?.[kind]
    if (isCount(count) && count > 0) shows[kind] = count
    if ((o.passed as Record<string, unknown> | undefined)?.[kind] === true) passed[kind] = true
  }
  return {
    current: o.current === 'finish' || isBannerKind(o.current) ? o.current : null,
    shows,
    passed,
    muted: o.muted === true,
    mutedAt: isTime(o.mutedAt) ? o.mutedAt : 0,
    lastShownAt: isTime(o.lastShownAt) ? o.lastShownAt : null,
    districtClashSeenAt: isTime(o.districtClashSeenAt) ? o.districtClashSeenAt : null,
  }
}

export const serializeSaved = (saved: SavedBanners): string => JSON.stringify(saved)

const later = (a: number | null, b: number | null): number | null => (a === null ? b : b === null ? a : Math.max(a, b))

/** Two copies as one (see the file's comment); `a` wins ties. */
export function mergeSaved(a: SavedBanners, b: SavedBanners | null): SavedBanners {
  if (b === null) return a
  const shows: Partial<Record<BannerKind, number>> = {}
  const passed: Partial<Record<BannerKind, boolean>> = {}
  for (const kind of BANNER_ORDER) {
    const count = Math.max(a.shows[kind] ?? 0, b.shows[kind] ?? 0)
    if (count > 0) shows[kind] = count
    if (a.passed[kind] === true || b.passed[kind] === true) passed[kind] = true
  }
  const bLast = (b.lastShownAt ?? -1) > (a.lastShownAt ?? -1)
  const bMute = b.mutedAt > a.mutedAt
  return {
    current: bLast ? b.current : (a.current ?? b.current),
    shows,
    passed,
    muted: bMute ? b.muted : a.muted,
    mutedAt: Math.max(a.mutedAt, b.mutedAt),
    lastShownAt: later(a.lastShownAt, b.lastShownAt),
    districtClashSeenAt: later(a.districtClashSeenAt, b.districtClashSeenAt),
  }
}
