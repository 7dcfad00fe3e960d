/**
 * The miner survives a reload as a route (domain/app/journey.ts): nothing on it is a draft, and
 * the screen reads the record anew. A claim or an autoclaim payment without an answer brings
 * nothing back, as any write does.
 */
import type { Journey } from '../slice'
import { type MiningState, autoclaimBusy } from './state'

export const miningJourney: Journey<MiningState> = {
  screens: ['/mining'],
  writeInFlight: (s) => s.claiming !== null || autoclaimBusy(s),
}
