/** Guilds and alliances (doc 2 §3, §7). SWITCH amounts are exact decimal strings, never floats. */
import * as t from 'io-ts'
import { DecimalString } from '../api/codecs'

const Leader = t.type({ firstName: t.string, gotAmount: DecimalString })
export const RankParam = t.type({ rank: t.number })
/** guilds.7: the rank's top, and the caller: their place among all miners (null: nothing mined) and their entry (null: no mining profile). */
export const GuildLeaderboard = t.type({
  top: t.array(Leader),
  userRank: t.union([t.number, t.null]),
  user: t.union([Leader, t.null]),
})

/**
 * guilds.16. Besides the spec's fields: `avatar` (0-6, guilds.21) and, in details, whether the
 * caller is a member. `guild` is the alliance's rank among alliances, `allianceRank` its place.
 */
export const Alliance = t.intersection([
  t.type({ name: t.string, title: t.string, totalMined: DecimalString, users: t.number }),
  t.partial({
    userpicURL: t.string,
    avatar: t.number,
    guild: t.number,
    allianceRank: t.number,
    top: t.array(Leader),
    userRank: t.union([t.number, t.null]),
    member: t.boolean,
  }),
])
export type Alliance = t.OutputOf<typeof Alliance>
/** guilds.16: an alliance's details hold every field the spec lists (a leaderboard's entries need not). */
export const AllianceDetails = t.intersection([
  Alliance,
  t.type({
    userpicURL: t.string,
    guild: t.number,
    allianceRank: t.number,
    top: t.array(Leader),
    userRank: t.union([t.number, t.null]),
  }),
])
export type AllianceDetails = t.OutputOf<typeof AllianceDetails>
export const AllianceLeaderboard = t.type({
  top: t.array(Alliance),
  allianceRank: t.union([t.number, t.null]),
  alliance: t.union([Alliance, t.null]),
})
export const AllianceParam = t.type({ name: t.string })
/** No alliance: the user leaves (doc 2 §7 "set alliance"). */
export const SetAllianceRequest = t.partial({ alliance: t.string })
