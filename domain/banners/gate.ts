/**
 * Where a banner may take the screen (our rule, README "Banners"): only over the wallet's home and
 * the mining screen, with nothing open on them (the deposit drawer, the wallet chooser, the
 * language picker, a history entry; the mining onboarding, the autoclaim modal), no money in
 * flight (domain/app/feel.ts moneyInFlight: a send, a swap, a copy trade or an autoclaim being
 * paid), and never over the maintenance screen or the PoH prompt. Every payment screen
 * (/send/confirm, /confirmSwap, /mining/staking/confirm and paymentMethod, /prove/*) is outside
 * the two host screens, so no banner covers a payment being confirmed or paid.
 */
import { sheetOpen } from '../app/back'
import { moneyInFlight } from '../app/feel'
import { parseLocation } from '../app/routes'
import { currentLocation } from '../app/state'
import { pohPromptShowing } from '../poh/state'
import type { RootState } from '../state'

export const BANNER_HOST_PATHS: ReadonlySet<string> = new Set(['/', '/mining'])

export function bannerMayShow(s: RootState): boolean {
  if (!s.app.launched || !s.app.insideTelegram || s.app.maintenance) return false
  if (pohPromptShowing(s) || moneyInFlight(s)) return false
  const path = parseLocation(currentLocation(s.app)).path
  if (!BANNER_HOST_PATHS.has(path)) return false
  if (path === '/') return !sheetOpen(s) && s.wallet.openEntry === null
  return s.mining.onboarding === null && !s.mining.autoclaim.open
}

/** The banner on the screen now: shown by the scheduler, and its screen still one it may cover. */
export const selectBannerOnScreen = (s: RootState) => (s.banners.showing !== null && bannerMayShow(s) ? s.banners.showing : null)
