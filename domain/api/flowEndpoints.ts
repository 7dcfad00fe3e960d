/**
 * The calls of the wallet's flows (doc 1 §3, §4, §7): send, the token picker, swap and copy
 * trading. They load with those features' chunks (streams/features.ts), not with the first screen.
 */
import { endpoint } from './endpoint'
import * as W from './codecs/wallet'
import * as SW from './codecs/swap'
import * as CT from './codecs/copyTrade'

export const flowEndpoints = {
  // ------------------------------------------------------------------ send and the token picker (doc 1 §7)
  knownTokens: endpoint({
    method: 'POST',
    path: '/knownTokens',
    service: 'wallet',
    request: W.KnownTokensRequest,
    response: W.KnownTokens,
    specPath: true,
  }),
  stableCoinsAndEth: endpoint({
    method: 'GET',
    path: '/getStableCoinsAndEth',
    service: 'wallet',
    request: W.StableCoinsQuery,
    response: W.Balances,
    specPath: false,
  }),

  // ------------------------------------------------------------------ swap (doc 1 §3, §4, §7)
  fetchRoute: endpoint({
    method: 'POST',
    path: '/fetchRoute',
    service: 'wallet',
    request: SW.FetchRouteRequest,
    response: SW.Quote,
    specPath: true,
  }),
  swap: endpoint({
    method: 'POST',
    path: '/swap',
    service: 'wallet',
    request: SW.SwapRequest,
    response: SW.SwapResult,
    specPath: true,
  }),
  simulateTonSwap: endpoint({
    method: 'POST',
    path: '/v2/tc/simulate-swap',
    service: 'wallet',
    request: SW.SimulateTonSwapRequest,
    response: SW.TonQuote,
    headerFields: ['walletindex'],
    specPath: true,
  }),
  tonSwap: endpoint({
    method: 'POST',
    path: '/v2/tc/swap',
    service: 'wallet',
    request: SW.TonSwapRequest,
    response: SW.SwapResult,
    headerFields: ['walletindex'],
    specPath: true,
  }),
  createPresetSwap: endpoint({
    method: 'POST',
    path: '/createPresetSwap',
    service: 'wallet',
    request: SW.CreatePresetSwapRequest,
    response: SW.CreatePresetSwapResult,
    specPath: true,
  }),

  // ------------------------------------------------------------------ copy-trading (doc 1 §3, §7)
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
  // Declared by the product but unused in these areas, so not called: /addressActivity, /startMonitoring,
  // /listNotificationsForUser, /tgSwap, /tgMakeSwap, /address, /confirmSubscription (doc 1 §7).
} as const
