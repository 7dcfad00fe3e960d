/**
 * The friends' calls (doc 2 §7): the invited friends, the invite link and the referral figures.
 * They load with their chunk (streams/friends/feature.ts).
 */
import { endpoint, none } from '../api/endpoint'
import * as F from './codecs'

export const friendsEndpoints = {
  referralStats: endpoint({
    method: 'GET',
    path: '/mining/referralStats',
    service: 'mining',
    request: none,
    response: F.ReferralStats,
    specPath: false,
  }),
  friends: endpoint({
    method: 'GET',
    path: '/mining/friends',
    service: 'mining',
    request: F.FriendsQuery,
    response: F.FriendsAnswer,
    specPath: false,
  }),
  invite: endpoint({
    method: 'GET',
    path: '/mining/invite',
    service: 'mining',
    request: none,
    response: F.InviteAnswer,
    specPath: false,
  }),
} as const
