/**
 * A journey that survives a reload: when the web-view reloads in the middle of a flow (a send, a
 * swap, a copy trade, staking, the miner...), the new session comes back to the same screen with
 * what was typed. The recorded log is the memory: the previous session is folded, each feature's
 * part (domain/journeys.ts) says what of its slice comes back, and it all enters the new session
 * as one event (app/journeyRestored), so a replay shows the same.
 *
 * Money stays safe. Only what the user typed or picked comes back: never a passed check, a quote,
 * a key or a submission. A review screen (/send/confirm, /confirmSwap) is not restored, so the
 * check or the quote runs again when the user goes on; a journey that ended (a success screen) is
 * not restored; and when a write was on its way at the reload (a send, a swap, a copy-trade start,
 * a staking deposit, a claim, a payment) nothing is restored: its outcome is unknown, and the
 * screens that read it will show it.
 *
 * A game feature's slice folds only once its chunk is in: the journey of a session that went
 * through one is judged after its handlers came (`journeyNeeds`, streams/app/journey.ts).
 */
import type { AppEvent, EventOf } from '../events'
import { JOURNEYS, type JourneySlice } from '../journeys'
import type { Journey } from '../slice'
import { type FeatureName, type RootState, fold, hasHandlers } from '../state'
import type { JourneyRestored, LaunchPayload } from './events'
import { parseLocation } from './routes'

/** How old the previous session's last event may be for its journey to come back. */
export const JOURNEY_MAX_AGE_MS = 30 * 60_000

type Part = Journey<unknown, unknown>
const PARTS = Object.entries(JOURNEYS) as [JourneySlice, Part][]
const partOf = (key: JourneySlice) => JOURNEYS[key] as Part

const pathOf = (location: string | undefined) => parseLocation(location ?? '/').path
const under = (path: string, screen: string) => path === screen || path.startsWith(`${screen}/`)

/** The feature whose journey a screen is: the longest of the screens it is on or under; null: no journey (home, the report). */
export function journeyOwner(path: string): JourneySlice | null {
  let owner: JourneySlice | null = null
  let longest = -1
  for (const [key, part] of PARTS)
    for (const screen of part.screens ?? [])
      if (screen.length > longest && under(path, screen)) {
        owner = key
        longest = screen.length
      }
  return owner
}

const isReview = (path: string) => PARTS.some(([, part]) => part.reviews?.includes(path) === true)

/** Whether a part judges from its slice's state (not from the route alone): then its slice must be folding. */
const judges = (part: Part) => part.writeInFlight !== undefined || part.pick !== undefined || part.ended !== undefined

/** The parts whose slices fold now (a lazy slice's once its chunk is in). */
const folding = () => PARTS.filter(([key]) => hasHandlers(key))
const sliceOf = (s: RootState, key: JourneySlice): unknown => s[key]

/** A write of a folding slice whose answer had not come when the session ended. */
export const writeInFlight = (s: RootState): boolean =>
  folding().some(([key, part]) => part.writeInFlight?.(sliceOf(s, key)) === true)

/** The lazy slices a stack of screens goes through whose parts judge but whose handlers have not come. */
function missingSlices(history: readonly string[]): FeatureName[] {
  const missing = new Set<JourneySlice>()
  for (const location of history) {
    const owner = journeyOwner(pathOf(location))
    if (owner !== null && judges(partOf(owner)) && !hasHandlers(owner)) missing.add(owner)
  }
  return [...missing] as FeatureName[]
}

/** What of a session's state comes back after a reload, or null when nothing should. */
export function journeyOf(s: RootState): Omit<JourneyRestored, 'from'> | null {
  if (!s.app.launched || missingSlices(s.app.history).length > 0 || writeInFlight(s)) return null
  const top = pathOf(s.app.history.at(-1))
  const owner = journeyOwner(top)
  if (owner !== null && partOf(owner).ended?.(sliceOf(s, owner), top) === true) return null
  const history = [...s.app.history]
  while (history.length > 1 && isReview(pathOf(history.at(-1)))) history.pop()
  if (history.length === 1 && pathOf(history[0]) === '/') return null
  if (journeyOwner(pathOf(history.at(-1))) === null) return null
  const drafts: Record<string, unknown> = {}
  for (const [key, part] of folding()) {
    const draft = part.pick?.(sliceOf(s, key))
    if (draft !== undefined && draft !== null) drafts[key] = draft
  }
  return { history, accountIndex: s.wallet.selectedIndex, ...drafts }
}

/**
 * Whether `now` is the very opening `previous` was, reloaded: Telegram hands a reloaded page the
 * launch parameters it was opened with, signed at the same time, start parameter included.
 */
const sameOpening = (previous: LaunchPayload, now: LaunchPayload) =>
  previous.authDate !== null && previous.authDate === now.authDate && previous.startParam === now.startParam

/** The launch of the session before `launch` in the log, and that session's events. */
function sessionBefore(
  log: readonly AppEvent[],
  launch: EventOf<'app/launched'>,
): { launch: EventOf<'app/launched'>; events: AppEvent[] } | null {
  const before = log.filter((e) => e.seq < launch.seq)
  for (let i = before.length - 1; i >= 0; i--)
    if (before[i].type === 'app/launched')
      return { launch: before[i] as EventOf<'app/launched'>, events: before.slice(i) }
  return null
}

/**
 * The session before `launch` when its journey may come back: the same user opening the same place
 * at most JOURNEY_MAX_AGE_MS after its last event, either without a start parameter or in that
 * same opening reloaded (a start parameter otherwise is a link followed: it opens where it leads).
 */
function previousSession(log: readonly AppEvent[], launch: EventOf<'app/launched'>): AppEvent[] | null {
  const session = sessionBefore(log, launch)
  if (session === null) return null
  const previous = session.launch.payload
  const now = launch.payload
  const last = session.events[session.events.length - 1]
  if (now.user === null || previous.user?.id !== now.user.id || previous.location !== now.location) return null
  if (now.startParam !== null && !sameOpening(previous, now)) return null
  if (launch.at - last.at > JOURNEY_MAX_AGE_MS || launch.at < last.at) return null
  return session.events
}

/**
 * Whether `launch` reloads the opening of the session before it, whose start parameter was followed
 * then: a reload comes back where the user was, it does not follow the link again.
 */
export function startParamFollowed(log: readonly AppEvent[], launch: EventOf<'app/launched'>): boolean {
  if (launch.payload.startParam === null) return false
  const session = sessionBefore(log, launch)
  return (
    session !== null &&
    session.launch.payload.user?.id === launch.payload.user?.id &&
    sameOpening(session.launch.payload, launch.payload)
  )
}

/**
 * The lazy slices whose handlers must come (their features loaded) before the journey to restore
 * at `launch` can be judged: the game features whose screens the previous session's route went
 * through. Empty when nothing waits (or there is no journey to judge).
 */
export function journeyNeeds(log: readonly AppEvent[], launch: EventOf<'app/launched'>): FeatureName[] {
  const events = previousSession(log, launch)
  return events === null ? [] : missingSlices(fold(events).app.history)
}

/**
 * The journey to restore at `launch`, from the log recorded before it (see previousSession), or
 * null. A game slice the route went through must be folding (journeyNeeds), or nothing comes back.
 */
export function restorableJourney(log: readonly AppEvent[], launch: EventOf<'app/launched'>): JourneyRestored | null {
  const events = previousSession(log, launch)
  if (events === null) return null
  const journey = journeyOf(fold(events))
  return journey === null ? null : { ...journey, from: events[events.length - 1].seq }
}
