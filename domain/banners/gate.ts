/**
 * Where a banner may take the screen (our rule, docs/features/banners.md, "Where a banner may
 * show"): when the app's one rule for interruptions lets it (domain/app/interruptions.ts: at most
 * one interruption per open, so never after the PoH prompt, and never during a payment or a
 * verification flow), only over the wallet's home and the mining screen, with nothing open on them
 * (the deposit drawer, the wallet chooser, the language picker, a history entry; the mining
 * onboarding, the autoclaim modal), and never over the maintenance screen.
 */
import { sheetOpen } from '../app/back'
import { interruptionMayShow } from '../app/interruptions'
import { parseLocation } from '../app/routes'
import { currentLocation } from '../app/state'
import type { RootState } from '../state'

export const BANNER_HOST_PATHS: ReadonlySet<string> = new Set(['/', '/mining'])

export function bannerMayShow(s: RootState): boolean {
  if (!s.app.launched || !s.app.insideTelegram || s.app.maintenance) return false
  if (!interruptionMayShow(s, 'banner')) return false
  const path = parseLocation(currentLocation(s.app)).path
  if (!BANNER_HOST_PATHS.has(path)) return false
  if (path === '/') return !sheetOpen(s) && s.wallet.openEntry === null
  return s.mining.onboarding === null && !s.mining.autoclaim.open
}

/** The banner on the screen now: shown by the scheduler, and its screen still one it may cover. */
export const selectBannerOnScreen = (s: RootState) =>
  s.banners.showing !== null && bannerMayShow(s) ? s.banners.showing : null
