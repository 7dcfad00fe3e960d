/**
 * A journey that survives a reload (issue 13): when the web-view reloads in the middle of a send,
 * a swap or a copy trade, the new session comes back to the same screen with what was typed. The
 * recorded log is the memory: the previous session is folded, its drafts are taken, and they
 * enter the new session as one event (app/journeyRestored), so a replay shows the same.
 *
 * Money stays safe. Only what the user typed or picked comes back: never a passed check, a quote,
 * a key or a submission. A review screen (/send/confirm, /confirmSwap) is not restored, so the
 * check or the quote runs again when the user goes on; a journey that ended (a success screen) is
 * not restored; and when a write was on its way at the reload (a send, a swap, a copy-trade
 * start) nothing is restored: its outcome is unknown, and the home's history will show it.
 */
import type { Draft } from 'immer'
import type { AppEvent, EventOf } from '../events'
import type { RootState, SliceDrafts } from '../state'
import { fold } from '../state'
import { DEFAULT_ANTE_PERCENT, DEFAULT_DEPOSIT } from '../copyTrade/rules'
import type { JourneyRestored } from './events'
import { parseLocation } from './routes'

/** How old the previous session's last event may be for its journey to come back. */
export const JOURNEY_MAX_AGE_MS = 30 * 60_000

/**
 * The journeys that come back: a send, a swap, a deposit (refill) and a copy trade, with their
 * pickers. Other screens (the report screen, links out) are no journey: a reload opens home.
 */
const JOURNEY_PREFIXES = ['/send', '/swap', '/confirmSwap', '/selectNetwork/', '/presetSwapTokens/', '/refill/', '/copyTrade', '/trade']
const isJourneyScreen = (path: string) => JOURNEY_PREFIXES.some((p) => path === p || path.startsWith(p.endsWith('/') ? p : `${p}/`))

/** Screens that end a journey: after them there is nothing to come back to. */
const ENDINGS: ReadonlySet<string> = new Set(['/send/success', '/copyTrade/traderSuccessfully'])
/** Review screens: their figures were checked for a moment that has passed; the form before them comes back. */
const REVIEWS: ReadonlySet<string> = new Set(['/send/confirm', '/confirmSwap'])

const pathOf = (location: string | undefined) => parseLocation(location ?? '/').path

/** A write whose answer had not come when the session ended. */
export const writeInFlight = (s: RootState) =>
  (s.send.isChecked && s.send.isLoading) || s.swap.confirmPending || s.swap.executing || s.copyTrade.submitting

/** What of a session's state comes back after a reload, or null when nothing should. */
export function journeyOf(s: RootState): Omit<JourneyRestored, 'from'> | null {
  if (!s.app.launched || writeInFlight(s)) return null
  const top = pathOf(s.app.history.at(-1))
  if (ENDINGS.has(top) || (top === '/confirmSwap' && s.swap.executed)) return null
  const history = [...s.app.history]
  while (history.length > 1 && REVIEWS.has(pathOf(history.at(-1)))) history.pop()
  if (history.length === 1 && pathOf(history[0]) === '/') return null
  if (!isJourneyScreen(pathOf(history.at(-1)))) return null
  return {
    history,
    accountIndex: s.wallet.selectedIndex,
    send: { token: s.send.token, to: s.send.to, amount: s.send.amount, comment: s.send.comment },
    swap: { from: s.swap.from, to: s.swap.to, amount: s.swap.amount, max: s.swap.max },
    copyTrade: {
      traderAddress: s.copyTrade.traderAddress,
      chainId: s.copyTrade.chainId,
      asset: s.copyTrade.asset,
      deposit: s.copyTrade.deposit,
      antePercent: s.copyTrade.antePercent,
    },
    refill: { token: s.refill.token },
  }
}

/**
 * The journey to restore at `launch`, from the log recorded before it: the previous session's,
 * when it is the same user opening the same place without a start parameter (a reload), and its
 * last event is at most JOURNEY_MAX_AGE_MS older than the launch.
 */
export function restorableJourney(log: readonly AppEvent[], launch: EventOf<'app/launched'>): JourneyRestored | null {
  const before = log.filter((e) => e.seq < launch.seq)
  let start = -1
  for (let i = before.length - 1; i >= 0 && start < 0; i--) if (before[i].type === 'app/launched') start = i
  if (start < 0) return null
  const previous = before[start] as EventOf<'app/launched'>
  const last = before[before.length - 1]
  const now = launch.payload
  if (now.user === null || previous.payload.user?.id !== now.user.id) return null
  if (now.startParam !== null || previous.payload.location !== now.location) return null
  if (launch.at - last.at > JOURNEY_MAX_AGE_MS || launch.at < last.at) return null
  const journey = journeyOf(fold(before.slice(start)))
  return journey === null ? null : { ...journey, from: last.seq }
}

/** The drafts back into their slices; everything else of the new session stays as it is. */
export function restoreJourney(s: SliceDrafts, { payload: j }: EventOf<'app/journeyRestored'>): void {
  s.app.history = [...j.history]
  s.wallet.selectedIndex = j.accountIndex
  Object.assign(s.send, { ...j.send, token: j.send.token === null ? null : { ...j.send.token } })
  s.swap.accountIndex = j.accountIndex
  Object.assign(s.swap, { ...j.swap, from: j.swap.from && { ...j.swap.from }, to: j.swap.to && { ...j.swap.to } })
  const ct = s.copyTrade as Draft<RootState['copyTrade']>
  ct.accountIndex = j.accountIndex
  ct.traderAddress = j.copyTrade.traderAddress
  ct.chainId = j.copyTrade.chainId
  ct.asset = j.copyTrade.asset === null ? null : { ...j.copyTrade.asset }
  ct.deposit = j.copyTrade.deposit ?? DEFAULT_DEPOSIT
  ct.antePercent = j.copyTrade.antePercent ?? DEFAULT_ANTE_PERCENT
  // The network's assets are asked again (streams/copyTrade assetsEpic), as when it was chosen.
  ct.assets = j.copyTrade.chainId === null ? null : { chainId: j.copyTrade.chainId, data: null, loading: true, error: null }
  s.refill.token = j.refill.token === null ? null : { ...j.refill.token }
}
