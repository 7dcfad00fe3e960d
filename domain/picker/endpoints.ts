/**
 * The token picker's call (doc 1 §7): the tokens known at an address. Loads with the picker's
 * chunk.
 */
import { endpoint } from '../api/endpoint'
import * as W from '../api/codecs/wallet'

export const pickerEndpoints = {
  knownTokens: endpoint({
    method: 'POST',
    path: '/knownTokens',
    service: 'wallet',
    request: W.KnownTokensRequest,
    response: W.KnownTokens,
    specPath: true,
  }),
} as const
