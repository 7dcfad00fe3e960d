/**
 * Every call of both spec documents, in one table: method, path, service, request and response
 * codecs. Paths the spec does not name (`specPath: false`) are chosen here once and used by both the
 * client and the reference server.
 */
import * as t from 'io-ts'
import { endpoint } from './endpoint'
import * as W from './codecs/wallet'
import * as S from './codecs/support'

export const endpoints = {
  // ------------------------------------------------------------------ wallet (doc 1 §7)
  tgUserWallets: endpoint({ method: 'GET', path: '/tgUserWallets', service: 'wallet', request: t.type({}), response: W.Wallets, specPath: true }),
  balances: endpoint({ method: 'POST', path: '/balances', service: 'wallet', request: W.BalancesRequest, response: W.Balances, specPath: true }),
  totalBalance: endpoint({ method: 'GET', path: '/totalBalance', service: 'wallet', request: W.TotalBalanceQuery, response: W.TotalBalance, specPath: false }),
  history: endpoint({ method: 'GET', path: '/history', service: 'wallet', request: W.HistoryQuery, response: W.HistoryPage, specPath: false }),
  knownTokens: endpoint({ method: 'POST', path: '/knownTokens', service: 'wallet', request: W.KnownTokensRequest, response: W.KnownTokens, specPath: true }),
  stableCoinsAndEth: endpoint({ method: 'GET', path: '/getStableCoinsAndEth', service: 'wallet', request: W.StableCoinsQuery, response: W.Balances, specPath: false }),
  transfer: endpoint({ method: 'POST', path: '/transfer', service: 'wallet', request: W.TransferRequest, response: W.TransferResult, specPath: true }),

  userLanguage: endpoint({ method: 'POST', path: '/userLanguage', service: 'wallet', request: S.UserLanguageRequest, response: S.Ok, specPath: false }),

  // ------------------------------------------------------------------ support (issue 4)
  bugReport: endpoint({ method: 'POST', path: '/bugReport', service: 'wallet', request: S.BugReportRequest, response: S.BugReportReceipt, specPath: false }),
  bugReportByTicket: endpoint({ method: 'GET', path: '/bugReport/:ticket', service: 'wallet', request: S.BugReportQuery, response: S.StoredBugReport, specPath: false }),
} as const

export type Endpoints = typeof endpoints
export type EndpointName = keyof Endpoints
