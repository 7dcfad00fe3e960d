/**
 * The swap's calls (doc 1 §3, §4, §7): quotes and swaps, TON's too, and a preset pair's swap. They
 * load with its chunk (streams/swap/feature.ts).
 */
import { endpoint } from '../api/endpoint'
import * as SW from './codecs'

export const swapEndpoints = {
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
} as const
