/**
 * The guilds' and alliances' calls (doc 2 §7). They load with their chunk
 * (streams/guilds/feature.ts).
 */
import { endpoint } from '../api/endpoint'
import { Ok } from '../api/codecs'
import * as G from './codecs'

export const guildsEndpoints = {
  guildLeaderboard: endpoint({
    method: 'GET',
    path: '/mining/guilds/:rank',
    service: 'mining',
    request: G.RankParam,
    response: G.GuildLeaderboard,
    specPath: false,
  }),
  allianceLeaderboard: endpoint({
    method: 'GET',
    path: '/mining/allianceLeaderboard/:rank',
    service: 'mining',
    request: G.RankParam,
    response: G.AllianceLeaderboard,
    specPath: false,
  }),
  alliance: endpoint({
    method: 'GET',
    path: '/mining/alliances/:name',
    service: 'mining',
    request: G.AllianceParam,
    response: G.AllianceDetails,
    specPath: false,
  }),
  /** guilds.13-14: the name goes in the query (doc 2 §7 "query alliance={name}"); none: leave. */
  setAlliance: endpoint({
    method: 'POST',
    path: '/mining/alliance',
    service: 'mining',
    request: G.SetAllianceRequest,
    response: Ok,
    queryFields: ['alliance'],
    specPath: false,
  }),
} as const
