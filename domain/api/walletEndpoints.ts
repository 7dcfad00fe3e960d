/**
 * The calls the first screen's features make (the wallet's home, support, language, and the mining
 * record home reads for wallet.11): method, path, service, request and response codecs. The calls
 * of the wallet's flows (send, swap, copy trading, the token picker) are ./flowEndpoints.ts and the
 * game's ./gameEndpoints.ts, each with its features' chunks; ./endpoints.ts joins them all.
 */
import * as t from 'io-ts'
import { endpoint } from './endpoint'
import * as W from './codecs/wallet'
import * as S from './codecs/support'
import * as SW from './codecs/swap'
import { MiningUserAnswer } from './codecs/miningUser'

const none = t.type({})

export const walletEndpoints = {
  // ------------------------------------------------------------------ wallet (doc 1 §7)
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

  // ------------------------------------------------------------------ the swap's preset pairs, read by the banners too (banners.5: is PUNK listed)
  // Send's call, and every internal payment's (autoclaim, staking, proof of humanity pay from the wallet).
  transfer: endpoint({
    method: 'POST',
    path: '/transfer',
    service: 'wallet',
    request: W.TransferRequest,
    response: W.TransferResult,
    specPath: true,
  }),
  presetTokens: endpoint({
    method: 'GET',
    path: '/getPresetTokens',
    service: 'wallet',
    request: SW.PresetTokensQuery,
    response: SW.PresetTokens,
    specPath: true,
  }),

  // ------------------------------------------------------------------ the mining record, read by home too (wallet.11)
  miningUser: endpoint({
    method: 'GET',
    path: '/mining/user',
    service: 'mining',
    request: none,
    response: MiningUserAnswer,
    specPath: false,
  }),

  // ------------------------------------------------------------------ language (doc 2 §2)
  userLanguage: endpoint({
    method: 'POST',
    path: '/userLanguage',
    service: 'wallet',
    request: S.UserLanguageRequest,
    response: S.Ok,
    specPath: false,
  }),

  // ------------------------------------------------------------------ support
  bugReport: endpoint({
    method: 'POST',
    path: '/bugReport',
    service: 'wallet',
    request: S.BugReportRequest,
    response: S.BugReportReceipt,
    specPath: false,
  }),
  bugReportByTicket: endpoint({
    method: 'GET',
    path: '/bugReport/:ticket',
    service: 'wallet',
    request: S.BugReportQuery,
    response: S.StoredBugReport,
    specPath: false,
  }),
} as const
