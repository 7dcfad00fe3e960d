import type { FriendsAnswer, InviteAnswer, ReferralStats } from './codecs'
import type { RequestError } from '../api/errors'
import { type PayloadsOf, payload } from '../slice'

export const friendsEvents = {
  /** /mining/frens came into view: the stats, the first page of friends and the invite load now. */
  'friends/entered': payload(),
  'friends/left': payload(),
  /** friends.5: GET referral stats. */
  'friends/statsReceived': payload<{ stats: ReferralStats }>(),
  'friends/statsFailed': payload<{ error: RequestError }>(),
  'friends/statsRetried': payload(),
  /**
   * friends.10: "Show more" (or a retry of the list): the page after the last one shown, the first
   * one while none is; a tap while a page is out does nothing.
   */
  'friends/moreRequested': payload(),
  /** friends.9: a page, and the token it was asked with (null: the first page). */
  'friends/pageReceived': payload<{ pageToken: string | null; answer: FriendsAnswer }>(),
  'friends/pageFailed': payload<{ pageToken: string | null; error: RequestError }>(),
  /** friends.12-13: the user's invite link. */
  'friends/inviteReceived': payload<{ invite: InviteAnswer }>(),
  'friends/inviteFailed': payload<{ error: RequestError }>(),
  'friends/inviteRetried': payload(),
  /** The server's clock (the mining record's serverTime), for the invite contest's countdown (friends.7). */
  'friends/clockRead': payload<{ serverTime: number }>(),
}

export type FriendsEvents = PayloadsOf<typeof friendsEvents>
