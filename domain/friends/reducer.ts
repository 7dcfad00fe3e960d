/** How friends events change the friends slice (its shape: ./state.ts). */
import type { Handlers } from '../slice'
import { serverOffset } from '../mining/rules'
import { type FriendsState, initialFriendsList, nextPageToken } from './state'

export const friendsHandlers: Handlers<FriendsState> = {
  // Each visit reads the stats and the list afresh (friends join and earn meanwhile); the invite
  // link never changes, so it is read once.
  'friends/entered': (d) => {
    d.statsLoading = true
    d.statsError = null
    d.list = { ...initialFriendsList, loading: null }
    if (d.invite === null) {
      d.inviteLoading = true
      d.inviteError = null
    }
  },
  'friends/statsRetried': (d) => {
    d.statsLoading = true
    d.statsError = null
  },
  'friends/statsReceived': (d, e) => {
    d.stats = e.payload.stats
    d.statsLoading = false
    d.statsError = null
  },
  'friends/statsFailed': (d, e) => {
    d.statsLoading = false
    d.statsError = e.payload.error
  },
  // friends.10: one page at a time, the one after the last shown; nothing while one is out or after the last.
  'friends/moreRequested': (d) => {
    const token = nextPageToken(d.list)
    if (token === undefined) return
    d.list.loading = token
    d.list.error = null
  },
  // Only the page asked for is taken, once: a late or repeated answer adds nobody twice.
  'friends/pageReceived': (d, e) => {
    const { pageToken, answer } = e.payload
    if (d.list.loading !== pageToken) return
    if (pageToken === null) d.list.friends = []
    d.list.friends.push(...answer.result)
    d.list.pages++
    d.list.nextToken = answer.nextToken
    d.list.loading = undefined
    d.list.error = null
  },
  'friends/pageFailed': (d, e) => {
    if (d.list.loading !== e.payload.pageToken) return
    d.list.loading = undefined
    d.list.error = e.payload.error
  },
  'friends/inviteRetried': (d) => {
    if (d.invite !== null) return
    d.inviteLoading = true
    d.inviteError = null
  },
  'friends/inviteReceived': (d, e) => {
    d.invite = e.payload.invite
    d.inviteLoading = false
    d.inviteError = null
  },
  'friends/inviteFailed': (d, e) => {
    d.inviteLoading = false
    d.inviteError = e.payload.error
  },
  'friends/clockRead': (d, e) => {
    d.serverOffset = serverOffset(e.payload.serverTime, e.at)
  },
}
