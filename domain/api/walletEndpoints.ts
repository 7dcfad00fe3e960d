/**
 * The calls the first screen's features make (the wallet half, support, language, and the mining
 * record home reads for wallet.11): method, path, service, request and response codecs. The game's
 * calls are ./gameEndpoints.ts, a chunk of their own; ./endpoints.ts joins both.
 */
import * as t from 'io-ts'
import { endpoint } from './endpoint'
import * as W from './codecs/wallet'
import * as S from './codecs/support'
import * as SW from './codecs/swap'
import * as CT from './codecs/copyTrade'
import { MiningUserAnswer } from './codecs/miningUser'

const none = t.type({})

export const walletEndpoints = {
  // ------------------------------------------------------------------ wallet (doc 1 §7)
  tgUserWallets: endpoint({ method: 'GET', path: '/tgUserWallets', service: 'wallet', request: none, response: W.Wallets, specPath: true }),
  balances: endpoint({ method: 'POST', path: '/balances', service: 'wallet', request: W.BalancesRequest, response: W.Balances, specPath: true }),
  totalBalance: endpoint({ method: 'GET', path: '/totalBalance', service: 'wallet', request: W.TotalBalanceQuery, response: W.TotalBalance, specPath: false }),
  history: endpoint({ method: 'GET', path: '/history', service: 'wallet', request: W.HistoryQuery, response: W.HistoryPage, specPath: false }),
  knownTokens: endpoint({ method: 'POST', path: '/knownTokens', service: 'wallet', request: W.KnownTokensRequest, response: W.KnownTokens, specPath: true }),
  stableCoinsAndEth: endpoint({ method: 'GET', path: '/getStableCoinsAndEth', service: 'wallet', request: W.StableCoinsQuery, response: W.Balances, specPath: false }),
  transfer: endpoint({ method: 'POST', path: '/transfer', service: 'wallet', request: W.TransferRequest, response: W.TransferResult, specPath: true }),

  // ------------------------------------------------------------------ swap (doc 1 §3, §4, §7)
  fetchRoute: endpoint({ method: 'POST', path: '/fetchRoute', service: 'wallet', request: SW.FetchRouteRequest, response: SW.Quote, specPath: true }),
  swap: endpoint({ method: 'POST', path: '/swap', service: 'wallet', request: SW.SwapRequest, response: SW.SwapResult, specPath: true }),
  simulateTonSwap: endpoint({ method: 'POST', path: '/v2/tc/simulate-swap', service: 'wallet', request: SW.SimulateTonSwapRequest, response: SW.TonQuote, headerFields: ['walletindex'], specPath: true }),
  tonSwap: endpoint({ method: 'POST', path: '/v2/tc/swap', service: 'wallet', request: SW.TonSwapRequest, response: SW.SwapResult, headerFields: ['walletindex'], specPath: true }),
  presetTokens: endpoint({ method: 'GET', path: '/getPresetTokens', service: 'wallet', request: SW.PresetTokensQuery, response: SW.PresetTokens, specPath: true }),
  createPresetSwap: endpoint({ method: 'POST', path: '/createPresetSwap', service: 'wallet', request: SW.CreatePresetSwapRequest, response: SW.CreatePresetSwapResult, specPath: true }),

  // ------------------------------------------------------------------ copy-trading (doc 1 §3, §7)
  copyTrades: endpoint({ method: 'GET', path: '/getCopyTrades', service: 'wallet', request: CT.CopyTradesQuery, response: CT.CopyTrades, specPath: true }),
  startCopyTrade: endpoint({ method: 'POST', path: '/startMonitoringCopyTrade', service: 'wallet', request: CT.StartCopyTradeRequest, response: CT.StartCopyTradeResult, specPath: true }),
  copyTradeSwaps: endpoint({ method: 'GET', path: '/getUserSwaps', service: 'wallet', request: CT.UserSwapsQuery, response: CT.UserSwaps, specPath: true }),
  cancelCopyTrade: endpoint({ method: 'POST', path: '/cancelCopyTrade', service: 'wallet', request: CT.CancelCopyTradeRequest, response: CT.Ok, specPath: true }),
  // Declared by the product but unused in these areas, so not called: /addressActivity, /startMonitoring,
  // /listNotificationsForUser, /tgSwap, /tgMakeSwap, /address, /confirmSubscription (doc 1 §7).

  // ------------------------------------------------------------------ the mining record, read by home too (wallet.11)
  miningUser: endpoint({ method: 'GET', path: '/mining/user', service: 'mining', request: none, response: MiningUserAnswer, specPath: false }),

  // ------------------------------------------------------------------ language (doc 2 §2)
  userLanguage: endpoint({ method: 'POST', path: '/userLanguage', service: 'wallet', request: S.UserLanguageRequest, response: S.Ok, specPath: false }),

  // ------------------------------------------------------------------ support
  bugReport: endpoint({ method: 'POST', path: '/bugReport', service: 'wallet', request: S.BugReportRequest, response: S.BugReportReceipt, specPath: false }),
  bugReportByTicket: endpoint({ method: 'GET', path: '/bugReport/:ticket', service: 'wallet', request: S.BugReportQuery, response: S.StoredBugReport, specPath: false }),
} as const
