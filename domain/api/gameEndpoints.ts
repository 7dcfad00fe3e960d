/**
 * The game's calls (doc 2 §7): mining, tasks, payments, referrals, guilds, staking and proof of
 * humanity. They load with the game's chunks (streams/features.ts), not with the first screen.
 */
import * as t from 'io-ts'
import { endpoint } from './endpoint'
import * as S from './codecs/support'
import * as M from './codecs/mining'
import * as G from './codecs/social'
import * as ST from './codecs/staking'
import * as P from './codecs/poh'

const none = t.type({})

export const gameEndpoints = {
  // ------------------------------------------------------------------ mining and tasks (doc 2 §7)
  /** mining.3: POST with no body. */
  createMiningUser: endpoint({
    method: 'POST',
    path: '/mining/user',
    service: 'mining',
    request: none,
    response: S.Ok,
    noBody: true,
    specPath: false,
  }),
  claimMining: endpoint({
    method: 'POST',
    path: '/mining/claim',
    service: 'mining',
    request: M.ClaimRequest,
    response: M.ClaimAnswer,
    specPath: false,
  }),
  miningResults: endpoint({
    method: 'GET',
    path: '/mining/results',
    service: 'mining',
    request: none,
    response: M.MiningResults,
    specPath: false,
  }),
  referralStats: endpoint({
    method: 'GET',
    path: '/mining/referralStats',
    service: 'mining',
    request: none,
    response: M.ReferralStats,
    specPath: false,
  }),
  tasks: endpoint({
    method: 'GET',
    path: '/mining/tasks',
    service: 'mining',
    request: M.TasksQuery,
    response: M.TasksAnswer,
    specPath: false,
  }),
  /** airdrops.2: the tasks call with boostType=airdrop (doc 2 §7); its answer is the airdrops'. */
  airdrops: endpoint({
    method: 'GET',
    path: '/mining/tasks',
    service: 'mining',
    request: M.AirdropsQuery,
    response: M.AirdropsAnswer,
    specPath: false,
  }),
  /** The one-time payload a wallet signs in its ton_proof (docs/payments.md, "Linking a TON wallet"). */
  tonProofPayload: endpoint({
    method: 'POST',
    path: '/mining/tonProof/payload',
    service: 'mining',
    request: none,
    response: M.TonProofPayload,
    specPath: false,
  }),
  setTonWallet: endpoint({
    method: 'POST',
    path: '/mining/tonWallet',
    service: 'mining',
    request: M.SetTonWalletRequest,
    response: S.Ok,
    specPath: false,
  }),
  confirmSubscription: endpoint({
    method: 'POST',
    path: '/mining/confirmSubscription',
    service: 'mining',
    request: M.ConfirmSubscriptionRequest,
    response: S.Ok,
    specPath: false,
  }),
  activateDailyBoost: endpoint({
    method: 'POST',
    path: '/mining/dailyBoost',
    service: 'mining',
    request: none,
    response: M.DailyBoostAnswer,
    noBody: true,
    specPath: false,
  }),
  checkEmoji: endpoint({
    method: 'POST',
    path: '/mining/checkEmoji',
    service: 'mining',
    request: none,
    response: M.EmojiAnswer,
    noBody: true,
    specPath: false,
  }),
  checkPunkStaking: endpoint({
    method: 'POST',
    path: '/mining/checkPunkStaking',
    service: 'mining',
    request: none,
    response: M.PunkStakingAnswer,
    noBody: true,
    specPath: false,
  }),
  burnPunks: endpoint({
    method: 'POST',
    path: '/mining/burn',
    service: 'mining',
    request: M.BurnRequest,
    response: M.BurnAnswer,
    specPath: false,
  }),
  autoclaimStars: endpoint({
    method: 'POST',
    path: '/mining/autoclaim/stars',
    service: 'mining',
    request: none,
    response: M.StarsAutoclaimAnswer,
    noBody: true,
    specPath: false,
  }),
  autoclaimExternal: endpoint({
    method: 'POST',
    path: '/mining/autoclaim/external',
    service: 'mining',
    request: none,
    response: M.ExternalAutoclaimAnswer,
    noBody: true,
    specPath: false,
  }),
  autoclaimInternal: endpoint({
    method: 'POST',
    path: '/mining/autoclaim/internal',
    service: 'mining',
    request: none,
    response: M.InternalAutoclaimAnswer,
    specPath: false,
  }),
  autoclaimOffer: endpoint({
    method: 'GET',
    path: '/mining/autoclaim',
    service: 'mining',
    request: none,
    response: M.AutoclaimOffer,
    specPath: false,
  }),
  order: endpoint({
    method: 'GET',
    path: '/payments/orders/:orderId',
    service: 'mining',
    request: M.OrderParam,
    response: M.OrderStatus,
    specPath: false,
  }),
  taskStarted: endpoint({
    method: 'POST',
    path: '/mining/taskStarted',
    service: 'mining',
    request: M.TaskStartedRequest,
    response: S.Ok,
    specPath: false,
  }),
  dailyRewardClaim: endpoint({
    method: 'POST',
    path: '/mining/dailyReward',
    service: 'mining',
    request: none,
    response: M.DailyRewardAnswer,
    specPath: false,
  }),
  friends: endpoint({
    method: 'GET',
    path: '/mining/friends',
    service: 'mining',
    request: M.FriendsQuery,
    response: M.FriendsAnswer,
    specPath: false,
  }),
  invite: endpoint({
    method: 'GET',
    path: '/mining/invite',
    service: 'mining',
    request: none,
    response: M.InviteAnswer,
    specPath: false,
  }),

  // ------------------------------------------------------------------ guilds and alliances (doc 2 §7)
  guildLeaderboard: endpoint({
    method: 'GET',
    path: '/mining/guilds/:rank',
    service: 'mining',
    request: G.RankParam,
    response: G.GuildLeaderboard,
    specPath: false,
  }),
  allianceLeaderboard: endpoint({
    method: 'GET',
    path: '/mining/allianceLeaderboard/:rank',
    service: 'mining',
    request: G.RankParam,
    response: G.AllianceLeaderboard,
    specPath: false,
  }),
  alliance: endpoint({
    method: 'GET',
    path: '/mining/alliances/:name',
    service: 'mining',
    request: G.AllianceParam,
    response: G.AllianceDetails,
    specPath: false,
  }),
  /** guilds.13-14: the name goes in the query (doc 2 §7 "query alliance={name}"); none: leave. */
  setAlliance: endpoint({
    method: 'POST',
    path: '/mining/alliance',
    service: 'mining',
    request: G.SetAllianceRequest,
    response: S.Ok,
    queryFields: ['alliance'],
    specPath: false,
  }),

  // ------------------------------------------------------------------ staking (doc 2 §7)
  stakingConfigs: endpoint({
    method: 'GET',
    path: '/mining/staking/configs',
    service: 'mining',
    request: none,
    response: ST.StakingConfigs,
    specPath: false,
  }),
  stakingTotal: endpoint({
    method: 'GET',
    path: '/mining/staking/total',
    service: 'mining',
    request: none,
    response: ST.StakingTotal,
    specPath: false,
  }),
  stakingDeposit: endpoint({
    method: 'POST',
    path: '/mining/staking/deposit',
    service: 'mining',
    request: ST.StakingDepositRequest,
    response: ST.StakingDepositAnswer,
    specPath: false,
  }),
  stakingDeposits: endpoint({
    method: 'GET',
    path: '/mining/staking/deposits',
    service: 'mining',
    request: none,
    response: ST.StakingDeposits,
    specPath: false,
  }),
  /**
   * Not in the spec (its claim button's action is not shown): the stake and the reward back once,
   * at or after dttmEnded (docs/features/staking.md).
   */
  claimStakingDeposit: endpoint({
    method: 'POST',
    path: '/mining/staking/deposits/:id/claim',
    service: 'mining',
    request: ST.ClaimDepositParam,
    response: ST.ClaimDepositAnswer,
    specPath: false,
  }),
  stakingSbts: endpoint({
    method: 'GET',
    path: '/v2/mining/staking/sbt',
    service: 'mining',
    request: none,
    response: ST.StakedSbts,
    specPath: false,
  }),
  claimSbt: endpoint({
    method: 'GET',
    path: '/v2/mining/staking/sbt/claim',
    service: 'mining',
    request: ST.ClaimSbtQuery,
    response: ST.WalletTransaction,
    specPath: false,
  }),

  // ------------------------------------------------------------------ proof of humanity, v2 (doc 2 §7)
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
