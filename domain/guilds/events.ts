import type { Alliance, AllianceLeaderboard, GuildLeaderboard } from '../api/codecs/social'
import type * as t from 'io-ts'
import type { RequestError } from '../api/errors'

export type GuildsMode = 'individual' | 'alliance'
export type Rank = 1 | 2 | 3 | 4 | 5
export type GuildBoard = t.TypeOf<typeof GuildLeaderboard>
export type AllianceBoard = t.TypeOf<typeof AllianceLeaderboard>
export type AllianceDetails = t.TypeOf<typeof Alliance>
/** Where a join came from: the input of alliance mode, the alliance page's Join, or the start parameter (guilds.22). */
export type JoinVia = 'input' | 'page' | 'start'
/** The texts of the leave question, in the user's language (they ride on the tap, like copy trading's stop). */
export interface LeavePrompt {
  message: string
  ok: string
  cancel: string
}

export type GuildsEvents = {
  /** /mining/guilds came into view; `userGuild`: the rank on the user's mining record (0: none), where the carousel starts. */
  'guilds/entered': { userGuild: number }
  'guilds/exited': Record<string, never>
  /** guilds.3 */
  'guilds/modeChanged': { mode: GuildsMode }
  /** guilds.4-6: an arrow, or a swipe past the threshold: one rank on (1) or back (-1), wrapping. */
  'guilds/carouselMoved': { by: 1 | -1 }
  /** guilds.8 */
  'guilds/refreshRequested': Record<string, never>
  /** guilds.7 */
  'guilds/leaderboardReceived': { rank: Rank; board: GuildBoard }
  'guilds/leaderboardFailed': { rank: Rank; error: RequestError }
  /** guilds.10 */
  'guilds/allianceBoardReceived': { rank: Rank; board: AllianceBoard }
  'guilds/allianceBoardFailed': { rank: Rank; error: RequestError }
  /** guilds.11-12: what the user typed in alliance mode. */
  'guilds/inputChanged': { text: string }
  /** guilds.13: join (or create) the alliance `name`; `launch`: the init data's auth_date of a start-parameter join. */
  'guilds/joinRequested': { name: string; via: JoinVia; launch: number | null }
  'guilds/joined': { name: string }
  /** guilds.15 */
  'guilds/joinFailed': { name: string; error: RequestError }
  /** guilds.14: Leave, asked first in Telegram's popup. */
  'guilds/leaveRequested': { name: string; prompt: LeavePrompt }
  'guilds/leaveDeclined': { name: string }
  'guilds/leaveConfirmed': { name: string }
  'guilds/allianceLeft': { name: string }
  'guilds/leaveFailed': { name: string; error: RequestError }
  /** guilds.16-17: an alliance's page came into view. */
  'guilds/allianceOpened': { name: string }
  'guilds/allianceReceived': { name: string; alliance: AllianceDetails }
  'guilds/allianceFailed': { name: string; error: RequestError }
  /** The server's invite link (GET /mining/invite), whose bot the alliance's invite link uses. */
  'guilds/inviteLinkReceived': { link: string }
  /** guilds.20: the 'copied' note's 3 s are over. */
  'guilds/inviteCopiedExpired': Record<string, never>
}

export const guildsEventTypes: Record<keyof GuildsEvents, true> = {
  'guilds/entered': true,
  'guilds/exited': true,
  'guilds/modeChanged': true,
  'guilds/carouselMoved': true,
  'guilds/refreshRequested': true,
  'guilds/leaderboardReceived': true,
  'guilds/leaderboardFailed': true,
  'guilds/allianceBoardReceived': true,
  'guilds/allianceBoardFailed': true,
  'guilds/inputChanged': true,
  'guilds/joinRequested': true,
  'guilds/joined': true,
  'guilds/joinFailed': true,
  'guilds/leaveRequested': true,
  'guilds/leaveDeclined': true,
  'guilds/leaveConfirmed': true,
  'guilds/allianceLeft': true,
  'guilds/leaveFailed': true,
  'guilds/allianceOpened': true,
  'guilds/allianceReceived': true,
  'guilds/allianceFailed': true,
  'guilds/inviteLinkReceived': true,
  'guilds/inviteCopiedExpired': true,
}
