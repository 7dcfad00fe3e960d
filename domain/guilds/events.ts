import type { AllianceDetails as AllianceDetailsCodec, AllianceLeaderboard, GuildLeaderboard } from './codecs'
import type * as t from 'io-ts'
import type { RequestError } from '../api/errors'
import { type PayloadsOf, payload } from '../slice'

export type GuildsMode = 'individual' | 'alliance'
export type Rank = 1 | 2 | 3 | 4 | 5
export type GuildBoard = t.TypeOf<typeof GuildLeaderboard>
export type AllianceBoard = t.TypeOf<typeof AllianceLeaderboard>
export type AllianceDetails = t.TypeOf<typeof AllianceDetailsCodec>
/** Where a join came from: the input of alliance mode, the alliance page's Join, or the start parameter (guilds.22). */
export type JoinVia = 'input' | 'page' | 'start'
/** The texts of the leave question, in the user's language (they ride on the tap, like copy trading's stop). */
export interface LeavePrompt {
  message: string
  ok: string
  cancel: string
}

export const guildsEvents = {
  /** /mining/guilds came into view; `userGuild`: the rank on the user's mining record (0: none), where the carousel starts. */
  'guilds/entered': payload<{ userGuild: number }>(),
  'guilds/exited': payload(),
  /** guilds.3 */
  'guilds/modeChanged': payload<{ mode: GuildsMode }>(),
  /** guilds.4-6: an arrow, or a swipe past the threshold: one rank on (1) or back (-1), wrapping. */
  'guilds/carouselMoved': payload<{ by: 1 | -1 }>(),
  /** guilds.8 */
  'guilds/refreshRequested': payload(),
  /** guilds.7 */
  'guilds/leaderboardReceived': payload<{ rank: Rank; board: GuildBoard }>(),
  'guilds/leaderboardFailed': payload<{ rank: Rank; error: RequestError }>(),
  /** guilds.10 */
  'guilds/allianceBoardReceived': payload<{ rank: Rank; board: AllianceBoard }>(),
  'guilds/allianceBoardFailed': payload<{ rank: Rank; error: RequestError }>(),
  /** guilds.11-12: what the user typed in alliance mode. */
  'guilds/inputChanged': payload<{ text: string }>(),
  /** guilds.13: join (or create) the alliance `name`; `launch`: the init data's auth_date of a start-parameter join. */
  'guilds/joinRequested': payload<{ name: string; via: JoinVia; launch: number | null }>(),
  'guilds/joined': payload<{ name: string }>(),
  /** guilds.15 */
  'guilds/joinFailed': payload<{ name: string; error: RequestError }>(),
  /** guilds.14: Leave, asked first in Telegram's popup. */
  'guilds/leaveRequested': payload<{ name: string; prompt: LeavePrompt }>(),
  'guilds/leaveDeclined': payload<{ name: string }>(),
  'guilds/leaveConfirmed': payload<{ name: string }>(),
  'guilds/allianceLeft': payload<{ name: string }>(),
  'guilds/leaveFailed': payload<{ name: string; error: RequestError }>(),
  /** guilds.16-17: an alliance's page came into view. */
  'guilds/allianceOpened': payload<{ name: string }>(),
  'guilds/allianceReceived': payload<{ name: string; alliance: AllianceDetails }>(),
  'guilds/allianceFailed': payload<{ name: string; error: RequestError }>(),
  /** The server's invite link (GET /mining/invite), whose bot the alliance's invite link uses. */
  'guilds/inviteLinkReceived': payload<{ link: string }>(),
  /** guilds.20: the 'copied' note's 3 s are over. */
  'guilds/inviteCopiedExpired': payload(),
}

export type GuildsEvents = PayloadsOf<typeof guildsEvents>
