/**
 * Proof of humanity's calls, v2 (doc 2 §7). They load with its chunk (streams/poh/feature.ts).
 */
import { endpoint, none } from '../api/endpoint'
import * as P from './codecs'

export const pohEndpoints = {
  pohInfo: endpoint({
    method: 'GET',
    path: '/v2/poh/info',
    service: 'mining',
    request: none,
    response: P.PohInfo,
    specPath: false,
  }),
  pohTransaction: endpoint({
    method: 'POST',
    path: '/v2/poh/transaction',
    service: 'mining',
    request: P.PohTransactionRequest,
    response: P.PohTransactionAnswer,
    specPath: false,
  }),
  pohCheckCode: endpoint({
    method: 'POST',
    path: '/v2/poh/checkCode',
    service: 'mining',
    request: P.PohCodeRequest,
    response: P.Ok,
    specPath: false,
  }),
  pohPriceCheck: endpoint({
    method: 'POST',
    path: '/v2/poh/priceCheck',
    service: 'mining',
    request: none,
    response: P.Ok,
    specPath: false,
  }),
  /** Our addition: try again at no cost after a failure on the service's side (domain/poh/rules.ts retriesFree); answers the info. */
  pohRetry: endpoint({
    method: 'POST',
    path: '/v2/poh/retry',
    service: 'mining',
    request: none,
    response: P.PohInfo,
    specPath: false,
  }),
} as const
