/**
 * The token picker's call (doc 1 §7): the tokens known at an address. Loads with the picker's
 * chunk.
 */
import { endpoint } from '../api/endpoint'
import * as PK from './codecs'

export const pickerEndpoints = {
  knownTokens: endpoint({
    method: 'POST',
    path: '/knownTokens',
    service: 'wallet',
    request: PK.KnownTokensRequest,
    response: PK.KnownTokens,
    specPath: true,
  }),
} as const
