/** Guilds and alliances (doc 2 §3, §7). */
import * as t from 'io-ts'
import { FiniteNumber } from './common'

const Leader = t.type({ firstName: t.string, gotAmount: FiniteNumber })
export const RankParam = t.type({ rank: t.number })
export const GuildLeaderboard = t.type({ top: t.array(Leader), userRank: t.union([t.number, t.null]), user: t.union([Leader, t.null]) })

export const Alliance = t.intersection([
  t.type({ name: t.string, title: t.string, totalMined: FiniteNumber, users: t.number }),
  t.partial({ userpicURL: t.string, guild: t.number, allianceRank: t.number, top: t.array(Leader), userRank: t.number }),
])
export const AllianceLeaderboard = t.type({ top: t.array(Alliance), allianceRank: t.union([t.number, t.null]), alliance: t.union([Alliance, t.null]) })
export const AllianceParam = t.type({ name: t.string })
/** No alliance: the user leaves (doc 2 §7 "set alliance"). */
export const SetAllianceRequest = t.partial({ alliance: t.string })
