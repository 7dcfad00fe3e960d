/**
 * What may interrupt the user uninvited (our rule; docs/features/banners.md, "Interruptions"): the PoH prompt on the
 * shell (poh.35-40) and a full-screen banner (banners.1, banners.13). One rule for both: at most one
 * interruption per open of the app, and never while a payment or a verification is under way.
 *
 * - An open is one load of the app: its state starts empty, so what this state saw is this open.
 * - The interruption that took the screen first keeps it: the same one may come back after it
 *   stepped aside (a banner while a payment runs under it), nothing comes after it (the prompt's
 *   Later does not let a banner in, a banner closed does not let the prompt in, nor a second banner
 *   in a session left open overnight). The one that did not show waits for the next open.
 * - A payment flow: money moving (a send or a swap confirmed or executing, a copy trade starting or
 *   stopping, an autoclaim being paid, a staking deposit or a soulbound token being paid), a payment
 *   sheet open (the autoclaim's, PoH's), or a screen where one is composed or confirmed.
 * - A verification flow: any /prove screen, or a verification paid and not finished (the payment
 *   awaited, the request received, queued, or waiting for its code).
 */
import type { RootState } from '../state'
import { moneyInFlight } from './feel'
import { parseLocation } from './routes'
import { currentLocation } from './state'

export type Interruption = 'pohPrompt' | 'banner'

/** Screens where a payment is composed, confirmed or paid, and the verification's screens (path prefixes). */
export const FLOW_PATHS: readonly string[] = [
  '/send',
  '/swap',
  '/confirmSwap',
  '/copyTrade/traderDeposit',
  '/mining/staking/paymentMethod',
  '/mining/staking/confirm',
  '/prove',
]

const onFlowScreen = (path: string) => FLOW_PATHS.some((p) => path === p || path.startsWith(`${p}/`))

/** A verification paid and not finished: its payment awaited, or its request received, queued or waiting for the code. */
export function verificationUnderWay(s: RootState): boolean {
  const { poh } = s
  if (poh.confirmed || poh.human?.confirmProve === true) return false
  if (poh.awaiting || poh.payment.step === 'sending' || poh.payment.step === 'paying') return true
  const status = poh.info?.inProgressStatus
  return status === 'received' || status === 'internalInQueue' || status === 'responsing'
}

/** A payment or a verification is under way: nothing may interrupt it. */
export function flowUnderWay(s: RootState): boolean {
  // A reload's journey not landed yet may land on a flow.
  if (s.app.journeyAwaited || moneyInFlight(s) || verificationUnderWay(s)) return true
  if (s.mining.autoclaim.open || s.poh.payment.step !== 'closed') return true
  const deposit = s.staking.deposit.step
  if (deposit === 'sending' || deposit === 'paying' || deposit === 'waiting') return true
  if (s.staking.sbtClaim.step === 'claiming' || s.staking.sbtClaim.step === 'waiting') return true
  return onFlowScreen(parseLocation(currentLocation(s.app)).path)
}

/** The interruption that took the screen in this open, or null while none has. */
export function interruptionThisOpen(s: RootState): Interruption | null {
  if (s.poh.prompt.showing || s.poh.prompt.lastShownAt !== null) return 'pohPrompt'
  if (s.banners.shownThisOpen) return 'banner'
  return null
}

const onScreenNow = (s: RootState, kind: Interruption) =>
  kind === 'pohPrompt' ? s.poh.prompt.showing : s.banners.showing !== null

/**
 * Whether `kind` may take the screen now: no flow under way, and either nothing has interrupted in
 * this open, or this very interruption has and is still up (stepped aside, coming back).
 */
export function interruptionMayShow(s: RootState, kind: Interruption): boolean {
  if (flowUnderWay(s)) return false
  const taken = interruptionThisOpen(s)
  return taken === null || (taken === kind && onScreenNow(s, kind))
}
