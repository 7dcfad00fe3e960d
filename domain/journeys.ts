/**
 * Every feature's part in a journey that survives a reload (domain/app/journey.ts), gathered from
 * the features' slices (each hands its own: `journey` in domain/<feature>/slice.ts), keyed by the slice. The
 * kernel asks them for their screens, their writes in flight and their drafts; a slice's `restore`
 * answers app/journeyRestored from its handlers' table, a lazy slice's once its chunk is in
 * (domain/state.ts registerHandlers).
 */
import { FEATURE_SLICES } from './features'

type WithJourney = Extract<(typeof FEATURE_SLICES)[number], { journey: object }>

export type JourneySlice = WithJourney['name']

export const JOURNEYS = Object.fromEntries(
  FEATURE_SLICES.flatMap((slice) => (slice.journey === undefined ? [] : [[slice.name, slice.journey]])),
) as { [S in WithJourney as S['name']]: S['journey'] }

/** A part's draft, as its `pick` gives it. */
type DraftOf<J> = J extends { pick?: (s: never) => infer D } ? Exclude<D, null> : never

/** The drafts a journey carries, each under its slice's name (plain JSON). */
export type JourneyDrafts = {
  [K in JourneySlice as [DraftOf<(typeof JOURNEYS)[K]>] extends [never] ? never : K]?: DraftOf<(typeof JOURNEYS)[K]>
}
