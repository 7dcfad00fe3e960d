/**
 * Guilds and alliances (doc 2 §2-5; guilds.3-22): the mode and the rank the carousel shows, each
 * rank's last leaderboard of each mode, the alliance input and the join or leave under way, the
 * alliances' pages, and the invite link's 'copied' note. Shape and selectors only; how events change
 * it is ./reducer.ts, which loads with the guilds chunk.
 */
import type { RequestError } from '../api/errors'
import type { AllianceBoard, AllianceDetails, GuildBoard, GuildsMode, Rank } from './events'

/** A read that keeps its last answer through a reload or a failure (guilds.24: failures are silent). */
export interface Loaded<T> {
  data: T | null
  loading: boolean
  failed: boolean
}

/** An alliance's page; `notFound`: the server knows no alliance of that name (it can be made by joining). */
export interface AlliancePage extends Loaded<AllianceDetails> {
  notFound: boolean
}

export interface GuildsState {
  mode: GuildsMode
  rank: Rank
  /** Whether the carousel was moved (else it starts at the user's own rank). */
  rankChosen: boolean
  individual: Partial<Record<Rank, Loaded<GuildBoard>>>
  alliances: Partial<Record<Rank, Loaded<AllianceBoard>>>
  input: string
  /** The alliance being joined now (a name), and the last join's failure (guilds.15). */
  joining: string | null
  joinError: { name: string; error: RequestError } | null
  /** The alliance being left now (the popup open or the call out). */
  leaving: string | null
  leaveError: RequestError | null
  /** The user's alliance as the last answer or join/leave says (undefined: not known yet). */
  member: string | null | undefined
  /** Alliance pages by allianceKey. */
  pages: Record<string, AlliancePage>
  /** The server's invite link (its bot), from which an alliance's invite link is made. */
  inviteLink: string | null
  /** guilds.20: the 'copied' note shows. */
  inviteCopied: boolean
}

export const initialGuildsState: GuildsState = {
  mode: 'individual',
  rank: 1,
  rankChosen: false,
  individual: {},
  alliances: {},
  input: '',
  joining: null,
  joinError: null,
  leaving: null,
  leaveError: null,
  member: undefined,
  pages: {},
  inviteLink: null,
  inviteCopied: false,
}

/** The copy control's name in the log (app/copyRequested's target). */
export const INVITE_COPY_TARGET = 'guilds/allianceInvite'

/** The alliance page's route: /mining/guilds/alliance/{name} (doc 2 §2). */
export const ALLIANCE_ROUTE = '/mining/guilds/alliance/'
export const alliancePath = (name: string) => ALLIANCE_ROUTE + encodeURIComponent(name)
