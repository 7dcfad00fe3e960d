/**
 * Guilds and alliances survive a reload (domain/app/journey.ts): the route, and the alliance name
 * as typed in the join input (only typed: joining waits for the user's tap). A join without an
 * answer brings nothing back.
 */
import type { Journey } from '../slice'
import type { GuildsState } from './state'

export interface GuildsDraft {
  input: string
}

export const guildsJourney: Journey<GuildsState, GuildsDraft> = {
  screens: ['/mining/guilds'],
  writeInFlight: (s) => s.joining !== null,
  pick: (s) => (s.input === '' ? null : { input: s.input }),
  restore: (d, draft) => {
    if (draft !== undefined) d.input = draft.input
  },
}
