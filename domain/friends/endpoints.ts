/**
 * The friends' calls (doc 2 §7): the invited friends, the invite link and the referral figures.
 * They load with their chunk (streams/friends/feature.ts).
 */
import { endpoint, none } from '../api/endpoint'
import * as M from '../api/codecs/mining'

export const friendsEndpoints = {
  referralStats: endpoint({
    method: 'GET',
    path: '/mining/referralStats',
    service: 'mining',
    request: none,
    response: M.ReferralStats,
    specPath: false,
  }),
  friends: endpoint({
    method: 'GET',
    path: '/mining/friends',
    service: 'mining',
    request: M.FriendsQuery,
    response: M.FriendsAnswer,
    specPath: false,
  }),
  invite: endpoint({
    method: 'GET',
    path: '/mining/invite',
    service: 'mining',
    request: none,
    response: M.InviteAnswer,
    specPath: false,
  }),
} as const
