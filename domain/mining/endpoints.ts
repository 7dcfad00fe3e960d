/**
 * The miner's calls (doc 2 §7): its record made, its claims and results, and the autoclaim. They
 * load with its chunk (streams/mining/feature.ts); the record as home reads it is
 * ./firstScreenEndpoints.ts.
 */
import { endpoint, none } from '../api/endpoint'
import { Ok } from '../api/codecs'
import * as M from './codecs'

export const miningEndpoints = {
  /** mining.3: POST with no body. */
  createMiningUser: endpoint({
    method: 'POST',
    path: '/mining/user',
    service: 'mining',
    request: none,
    response: Ok,
    noBody: true,
    specPath: false,
  }),
  claimMining: endpoint({
    method: 'POST',
    path: '/mining/claim',
    service: 'mining',
    request: M.ClaimRequest,
    response: M.ClaimAnswer,
    specPath: false,
  }),
  miningResults: endpoint({
    method: 'GET',
    path: '/mining/results',
    service: 'mining',
    request: none,
    response: M.MiningResults,
    specPath: false,
  }),
  autoclaimStars: endpoint({
    method: 'POST',
    path: '/mining/autoclaim/stars',
    service: 'mining',
    request: none,
    response: M.StarsAutoclaimAnswer,
    noBody: true,
    specPath: false,
  }),
  autoclaimExternal: endpoint({
    method: 'POST',
    path: '/mining/autoclaim/external',
    service: 'mining',
    request: none,
    response: M.ExternalAutoclaimAnswer,
    noBody: true,
    specPath: false,
  }),
  autoclaimInternal: endpoint({
    method: 'POST',
    path: '/mining/autoclaim/internal',
    service: 'mining',
    request: none,
    response: M.InternalAutoclaimAnswer,
    specPath: false,
  }),
  autoclaimOffer: endpoint({
    method: 'GET',
    path: '/mining/autoclaim',
    service: 'mining',
    request: none,
    response: M.AutoclaimOffer,
    specPath: false,
  }),
} as const
