/**
 * Every call of both spec documents, in one table: method, path, service, request and response
 * codecs. Paths the spec does not name (`specPath: false`) are chosen here once and used by both the
 * client and the reference server.
 */
import * as t from 'io-ts'
import { endpoint } from './endpoint'
import * as W from './codecs/wallet'
import * as S from './codecs/support'
import * as SW from './codecs/swap'
import * as CT from './codecs/copyTrade'
import * as M from './codecs/mining'
import * as G from './codecs/social'
import * as ST from './codecs/staking'
import * as P from './codecs/poh'

const none = t.type({})

export const endpoints = {
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

  // ------------------------------------------------------------------ mining and tasks (doc 2 §7)
  createMiningUser: endpoint({ method: 'POST', path: '/mining/user', service: 'mining', request: none, response: S.Ok, specPath: false }),
  miningUser: endpoint({ method: 'GET', path: '/mining/user', service: 'mining', request: none, response: M.MiningUserAnswer, specPath: false }),
  claimMining: endpoint({ method: 'POST', path: '/mining/claim', service: 'mining', request: M.ClaimRequest, response: M.ClaimAnswer, specPath: false }),
  miningResults: endpoint({ method: 'GET', path: '/mining/results', service: 'mining', request: none, response: M.MiningResults, specPath: false }),
  referralStats: endpoint({ method: 'GET', path: '/mining/referralStats', service: 'mining', request: none, response: M.ReferralStats, specPath: false }),
  tasks: endpoint({ method: 'GET', path: '/mining/tasks', service: 'mining', request: M.TasksQuery, response: M.TasksAnswer, specPath: false }),
  /** The spec's "tasks with boostType=airdrop", under its own path because its answer differs. */
  airdrops: endpoint({ method: 'GET', path: '/mining/airdrops', service: 'mining', request: none, response: M.AirdropsAnswer, specPath: false }),
  setTonWallet: endpoint({ method: 'POST', path: '/mining/tonWallet', service: 'mining', request: M.SetTonWalletRequest, response: S.Ok, specPath: false }),
  confirmSubscription: endpoint({ method: 'POST', path: '/mining/confirmSubscription', service: 'mining', request: M.ConfirmSubscriptionRequest, response: S.Ok, specPath: false }),
  activateDailyBoost: endpoint({ method: 'POST', path: '/mining/dailyBoost', service: 'mining', request: none, response: S.Ok, specPath: false }),
  checkEmoji: endpoint({ method: 'POST', path: '/mining/checkEmoji', service: 'mining', request: none, response: M.EmojiAnswer, specPath: false }),
  checkPunkStaking: endpoint({ method: 'POST', path: '/mining/checkPunkStaking', service: 'mining', request: none, response: M.PunkStakingAnswer, specPath: false }),
  burnPunks: endpoint({ method: 'POST', path: '/mining/burn', service: 'mining', request: M.BurnRequest, response: M.BurnAnswer, specPath: false }),
  autoclaimStars: endpoint({ method: 'POST', path: '/mining/autoclaim/stars', service: 'mining', request: none, response: M.StarsAutoclaimAnswer, specPath: false }),
  autoclaimExternal: endpoint({ method: 'POST', path: '/mining/autoclaim/external', service: 'mining', request: none, response: M.ExternalAutoclaimAnswer, specPath: false }),
  autoclaimInternal: endpoint({ method: 'POST', path: '/mining/autoclaim/internal', service: 'mining', request: none, response: M.InternalAutoclaimAnswer, specPath: false }),
  autoclaimOffer: endpoint({ method: 'GET', path: '/mining/autoclaim', service: 'mining', request: none, response: M.AutoclaimOffer, specPath: false }),
  order: endpoint({ method: 'GET', path: '/payments/orders/:orderId', service: 'mining', request: M.OrderParam, response: M.OrderStatus, specPath: false }),
  taskStarted: endpoint({ method: 'POST', path: '/mining/taskStarted', service: 'mining', request: M.TaskStartedRequest, response: S.Ok, specPath: false }),
  dailyRewardClaim: endpoint({ method: 'POST', path: '/mining/dailyReward', service: 'mining', request: none, response: S.Ok, specPath: false }),
  friends: endpoint({ method: 'GET', path: '/mining/friends', service: 'mining', request: M.FriendsQuery, response: M.FriendsAnswer, specPath: false }),
  invite: endpoint({ method: 'GET', path: '/mining/invite', service: 'mining', request: none, response: M.InviteAnswer, specPath: false }),

  // ------------------------------------------------------------------ guilds and alliances (doc 2 §7)
  guildLeaderboard: endpoint({ method: 'GET', path: '/mining/guilds/:rank', service: 'mining', request: G.RankParam, response: G.GuildLeaderboard, specPath: false }),
  allianceLeaderboard: endpoint({ method: 'GET', path: '/mining/allianceLeaderboard/:rank', service: 'mining', request: G.RankParam, response: G.AllianceLeaderboard, specPath: false }),
  alliance: endpoint({ method: 'GET', path: '/mining/alliances/:name', service: 'mining', request: G.AllianceParam, response: G.Alliance, specPath: false }),
  setAlliance: endpoint({ method: 'POST', path: '/mining/alliance', service: 'mining', request: G.SetAllianceRequest, response: S.Ok, specPath: false }),

  // ------------------------------------------------------------------ staking (doc 2 §7)
  stakingConfigs: endpoint({ method: 'GET', path: '/mining/staking/configs', service: 'mining', request: none, response: ST.StakingConfigs, specPath: false }),
  stakingTotal: endpoint({ method: 'GET', path: '/mining/staking/total', service: 'mining', request: none, response: ST.StakingTotal, specPath: false }),
  stakingDeposit: endpoint({ method: 'POST', path: '/mining/staking/deposit', service: 'mining', request: ST.StakingDepositRequest, response: ST.StakingDepositAnswer, specPath: false }),
  stakingDeposits: endpoint({ method: 'GET', path: '/mining/staking/deposits', service: 'mining', request: none, response: ST.StakingDeposits, specPath: false }),
  stakingSbts: endpoint({ method: 'GET', path: '/v2/mining/staking/sbt', service: 'mining', request: none, response: ST.StakedSbts, specPath: false }),
  claimSbt: endpoint({ method: 'GET', path: '/v2/mining/staking/sbt/claim', service: 'mining', request: ST.ClaimSbtQuery, response: ST.WalletTransaction, specPath: false }),

  // ------------------------------------------------------------------ proof of humanity, v2 (doc 2 §7)
  pohInfo: endpoint({ method: 'GET', path: '/v2/poh/info', service: 'mining', request: none, response: P.PohInfo, specPath: false }),
  pohTransaction: endpoint({ method: 'POST', path: '/v2/poh/transaction', service: 'mining', request: P.PohTransactionRequest, response: P.PohTransactionAnswer, specPath: false }),
  pohCheckCode: endpoint({ method: 'POST', path: '/v2/poh/checkCode', service: 'mining', request: P.PohCodeRequest, response: P.Ok, specPath: false }),
  pohPriceCheck: endpoint({ method: 'POST', path: '/v2/poh/priceCheck', service: 'mining', request: none, response: P.Ok, specPath: false }),

  // ------------------------------------------------------------------ language (doc 2 §2)
  userLanguage: endpoint({ method: 'POST', path: '/userLanguage', service: 'wallet', request: S.UserLanguageRequest, response: S.Ok, specPath: false }),

  // ------------------------------------------------------------------ support (issue 4)
  bugReport: endpoint({ method: 'POST', path: '/bugReport', service: 'wallet', request: S.BugReportRequest, response: S.BugReportReceipt, specPath: false }),
  bugReportByTicket: endpoint({ method: 'GET', path: '/bugReport/:ticket', service: 'wallet', request: S.BugReportQuery, response: S.StoredBugReport, specPath: false }),
} as const

export type Endpoints = typeof endpoints
export type EndpointName = keyof Endpoints
