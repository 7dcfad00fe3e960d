/**
 * The tasks' and airdrops' calls (doc 2 §7). They load with their chunk (streams/tasks/feature.ts).
 */
import { endpoint, none } from '../api/endpoint'
import { Ok } from '../api/codecs'
import * as TK from './codecs'

export const tasksEndpoints = {
  tasks: endpoint({
    method: 'GET',
    path: '/mining/tasks',
    service: 'mining',
    request: TK.TasksQuery,
    response: TK.TasksAnswer,
    specPath: false,
  }),
  /** airdrops.2: the tasks call with boostType=airdrop (doc 2 §7); its answer is the airdrops'. */
  airdrops: endpoint({
    method: 'GET',
    path: '/mining/tasks',
    service: 'mining',
    request: TK.AirdropsQuery,
    response: TK.AirdropsAnswer,
    specPath: false,
  }),
  confirmSubscription: endpoint({
    method: 'POST',
    path: '/mining/confirmSubscription',
    service: 'mining',
    request: TK.ConfirmSubscriptionRequest,
    response: Ok,
    specPath: false,
  }),
  activateDailyBoost: endpoint({
    method: 'POST',
    path: '/mining/dailyBoost',
    service: 'mining',
    request: none,
    response: TK.DailyBoostAnswer,
    noBody: true,
    specPath: false,
  }),
  checkEmoji: endpoint({
    method: 'POST',
    path: '/mining/checkEmoji',
    service: 'mining',
    request: none,
    response: TK.EmojiAnswer,
    noBody: true,
    specPath: false,
  }),
  checkPunkStaking: endpoint({
    method: 'POST',
    path: '/mining/checkPunkStaking',
    service: 'mining',
    request: none,
    response: TK.PunkStakingAnswer,
    noBody: true,
    specPath: false,
  }),
  burnPunks: endpoint({
    method: 'POST',
    path: '/mining/burn',
    service: 'mining',
    request: TK.BurnRequest,
    response: TK.BurnAnswer,
    specPath: false,
  }),
  taskStarted: endpoint({
    method: 'POST',
    path: '/mining/taskStarted',
    service: 'mining',
    request: TK.TaskStartedRequest,
    response: Ok,
    specPath: false,
  }),
  dailyRewardClaim: endpoint({
    method: 'POST',
    path: '/mining/dailyReward',
    service: 'mining',
    request: none,
    response: TK.DailyRewardAnswer,
    specPath: false,
  }),
} as const
