/**
 * Staking's calls (doc 2 §7). They load with its chunk (streams/staking/feature.ts).
 */
import { endpoint, none } from '../api/endpoint'
import * as ST from './codecs'

export const stakingEndpoints = {
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
} as const
