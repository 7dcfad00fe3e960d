import type { FriendsAnswer, InviteAnswer, ReferralStats } from '../api/codecs/mining'
import type { RequestError } from '../api/errors'

export type FriendsEvents = {
  /** /mining/frens came into view: the stats, the first page of friends and the invite load now. */
  'friends/entered': Record<string, never>
  'friends/left': Record<string, never>
  /** friends.5: GET referral stats. */
  'friends/statsReceived': { stats: ReferralStats }
  'friends/statsFailed': { error: RequestError }
  'friends/statsRetried': Record<string, never>
  /**
   * friends.10: "Show more" (or a retry of the list): the page after the last one shown, the first
   * one while none is; a tap while a page is out does nothing.
   */
  'friends/moreRequested': Record<string, never>
  /** friends.9: a page, and the token it was asked with (null: the first page). */
  'friends/pageReceived': { pageToken: string | null; answer: FriendsAnswer }
  'friends/pageFailed': { pageToken: string | null; error: RequestError }
  /** friends.12-13: the user's invite link. */
  'friends/inviteReceived': { invite: InviteAnswer }
  'friends/inviteFailed': { error: RequestError }
  'friends/inviteRetried': Record<string, never>
  /** The server's clock (the mining record's serverTime), for the invite contest's countdown (friends.7). */
  'friends/clockRead': { serverTime: number }
}

export const friendsEventTypes: Record<keyof FriendsEvents, true> = {
  'friends/entered': true,
  'friends/left': true,
  'friends/statsReceived': true,
  'friends/statsFailed': true,
  'friends/statsRetried': true,
  'friends/moreRequested': true,
  'friends/pageReceived': true,
  'friends/pageFailed': true,
  'friends/inviteReceived': true,
  'friends/inviteFailed': true,
  'friends/inviteRetried': true,
  'friends/clockRead': true,
}
