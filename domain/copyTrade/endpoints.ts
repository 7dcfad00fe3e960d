/**
 * Copy trading's calls (doc 1 §3, §7). They load with its chunk (streams/copyTrade/feature.ts).
 */
import { endpoint } from '../api/endpoint'
import * as W from '../wallet/codecs'
import * as CT from './codecs'

export const copyTradeEndpoints = {
  stableCoinsAndEth: endpoint({
    method: 'GET',
    path: '/getStableCoinsAndEth',
    service: 'wallet',
    request: CT.StableCoinsQuery,
    response: W.Balances,
    specPath: false,
  }),
  copyTrades: endpoint({
    method: 'GET',
    path: '/getCopyTrades',
    service: 'wallet',
    request: CT.CopyTradesQuery,
    response: CT.CopyTrades,
    specPath: true,
  }),
  startCopyTrade: endpoint({
    method: 'POST',
    path: '/startMonitoringCopyTrade',
    service: 'wallet',
    request: CT.StartCopyTradeRequest,
    response: CT.StartCopyTradeResult,
    specPath: true,
  }),
  copyTradeSwaps: endpoint({
    method: 'GET',
    path: '/getUserSwaps',
    service: 'wallet',
    request: CT.UserSwapsQuery,
    response: CT.UserSwaps,
    specPath: true,
  }),
  cancelCopyTrade: endpoint({
    method: 'POST',
    path: '/cancelCopyTrade',
    service: 'wallet',
    request: CT.CancelCopyTradeRequest,
    response: CT.Ok,
    specPath: true,
  }),
} as const
