/**
 * Every feature's part in a journey that survives a reload (domain/app/journey.ts), one line a
 * feature, keyed by its slice. The kernel asks them for their screens, their writes in flight and
 * their drafts; a slice's `restore` answers app/journeyRestored from its handlers' table, a lazy
 * slice's once its chunk is in (domain/state.ts registerHandlers).
 */
import type { Journey } from './slice'
import type { RootState } from './state'
import { walletJourney } from './wallet/journey'
import { refillJourney } from './refill/journey'
import { sendJourney } from './send/journey'
import { swapJourney } from './swap/journey'
import { copyTradeJourney } from './copyTrade/journey'
import { miningJourney } from './mining/journey'
import { friendsJourney } from './friends/journey'
import { guildsJourney } from './guilds/journey'
import { tasksJourney } from './tasks/journey'
import { stakingJourney } from './staking/journey'
import { pohJourney } from './poh/journey'

export const JOURNEYS = {
  wallet: walletJourney,
  refill: refillJourney,
  send: sendJourney,
  swap: swapJourney,
  copyTrade: copyTradeJourney,
  mining: miningJourney,
  friends: friendsJourney,
  guilds: guildsJourney,
  tasks: tasksJourney,
  staking: stakingJourney,
  poh: pohJourney,
}

// Each part fits its slice: checked here, not with `satisfies`, as the root state's type comes from
// the slices (./features.ts), whose events carry the journey's drafts.
const fitsItsSlice: { [K in keyof RootState]?: Journey<RootState[K], unknown> } = JOURNEYS
void fitsItsSlice

export type JourneySlice = keyof typeof JOURNEYS

/** A part's draft, as its `pick` gives it. */
type DraftOf<J> = J extends { pick?: (s: never) => infer D } ? Exclude<D, null> : never

/** The drafts a journey carries, each under its slice's name (plain JSON). */
export type JourneyDrafts = {
  [K in JourneySlice as [DraftOf<(typeof JOURNEYS)[K]>] extends [never] ? never : K]?: DraftOf<(typeof JOURNEYS)[K]>
}
