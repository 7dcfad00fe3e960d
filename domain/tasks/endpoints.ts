/**
 * The tasks' and airdrops' calls (doc 2 §7). They load with their chunk (streams/tasks/feature.ts).
 */
import { endpoint, none } from '../api/endpoint'
import * as S from '../api/codecs/support'
import * as M from '../api/codecs/mining'

export const tasksEndpoints = {
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
} as const
