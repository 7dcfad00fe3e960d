/**
 * The wallet's calls (doc 1 §7), all on the first screen: its wallets, balances and history, and
 * the transfer (send's call, and every internal payment's: autoclaim, staking, proof of humanity
 * pay from the wallet).
 */
import { endpoint, none } from '../api/endpoint'
import * as W from './codecs'

export const walletEndpoints = {
  tgUserWallets: endpoint({
    method: 'GET',
    path: '/tgUserWallets',
    service: 'wallet',
    request: none,
    response: W.Wallets,
    specPath: true,
  }),
  balances: endpoint({
    method: 'POST',
    path: '/balances',
    service: 'wallet',
    request: W.BalancesRequest,
    response: W.Balances,
    specPath: true,
  }),
  totalBalance: endpoint({
    method: 'GET',
    path: '/totalBalance',
    service: 'wallet',
    request: W.TotalBalanceQuery,
    response: W.TotalBalance,
    specPath: false,
  }),
  history: endpoint({
    method: 'GET',
    path: '/history',
    service: 'wallet',
    request: W.HistoryQuery,
    response: W.HistoryPage,
    specPath: false,
  }),
  transfer: endpoint({
    method: 'POST',
    path: '/transfer',
    service: 'wallet',
    request: W.TransferRequest,
    response: W.TransferResult,
    specPath: true,
  }),
} as const
