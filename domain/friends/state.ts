/**
 * Friends and referrals (doc 2 §2 /mining/frens, §3, §7): the referral stats, the friends
 * list page by page, the invite link, and the server's clock for the invite contest. The state's
 * shape and selectors; how events change it is ./reducer.ts, which loads with the feature's chunk.
 */
import type { Friend, InviteAnswer, ReferralStats } from './codecs'
import type { RequestError } from '../api/errors'

export interface FriendsList {
  /** The friends shown, page after page in the server's order. */
  friends: Friend[]
  /** Pages received since the screen was entered (0: the first is still to come). */
  pages: number
  /** friends.10: the token of the next page, from the last page's nextToken; null after the last page. */
  nextToken: string | null
  /** The token of the page being asked for (null: the first), or undefined when none is out. */
  loading: string | null | undefined
  error: RequestError | null
}

export interface FriendsState {
  stats: ReferralStats | null
  statsLoading: boolean
  statsError: RequestError | null
  list: FriendsList
  invite: InviteAnswer | null
  inviteLoading: boolean
  inviteError: RequestError | null
  /** The server's clock minus the device's, once read; null: the device's clock stands in. */
  serverOffset: number | null
}

export const initialFriendsList: FriendsList = {
  friends: [],
  pages: 0,
  nextToken: null,
  loading: undefined,
  error: null,
}

export const initialFriendsState: FriendsState = {
  stats: null,
  statsLoading: false,
  statsError: null,
  list: initialFriendsList,
  invite: null,
  inviteLoading: false,
  inviteError: null,
  serverOffset: null,
}

/**
 * The token of the page a "Show more" asks for: null for the first page while none came, the last
 * nextToken after; undefined when there is nothing more (the last page came) or a page is out.
 */
export function nextPageToken(list: FriendsList): string | null | undefined {
  if (list.loading !== undefined) return undefined
  if (list.pages === 0) return null
  return list.nextToken ?? undefined
}

/** Whether "Show more" has anything to show. */
export const hasMoreFriends = (list: FriendsList) => list.pages > 0 && list.nextToken !== null
