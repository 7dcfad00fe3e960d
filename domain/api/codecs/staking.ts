/** Staking and soulbound tokens (doc 2 §3, §7). SWITCH amounts are numbers, as the spec sends them. */
import * as t from 'io-ts'
import { FiniteNumber } from './common'

export const StakingPeriod = t.union([t.literal('3mhp'), t.literal('3m'), t.literal('6m'), t.literal('1y'), t.literal('5y'), t.literal('100y')])
export const StakingConfig = t.intersection([
  t.type({ apy: FiniteNumber, minSwitchAmount: FiniteNumber, maxSwitchAmount: FiniteNumber }),
  t.partial({ priceAmount: t.partial({ ton: FiniteNumber, stars: FiniteNumber }) }),
])
export const StakingConfigs = t.type({ configs: t.type({ paidPeriods: t.array(t.string), stakingConfig: t.record(t.string, StakingConfig) }) })
export const StakingTotal = t.type({ totalAmount: FiniteNumber })
export const StakingDepositRequest = t.intersection([
  t.type({ amount: FiniteNumber, period: StakingPeriod }),
  t.partial({ type: t.union([t.literal('internal'), t.literal('stars'), t.literal('external')]), idempotencyKey: t.string }),
])
export const StakingDepositAnswer = t.union([
  t.intersection([t.type({ ok: t.literal(true) }), t.partial({ telegramLink: t.string, transaction: t.UnknownRecord })]),
  t.type({ error: t.string }),
])
export const StakingDeposit = t.type({ _id: t.string, amount: FiniteNumber, period: StakingPeriod, apy: FiniteNumber, hourReward: FiniteNumber, dttmStarted: t.string, dttmEnded: t.string })
export const StakingDeposits = t.type({ deposits: t.array(StakingDeposit) })
export const StakedSbts = t.array(t.type({ stakingPeriod: t.string }))
export const ClaimSbtQuery = t.type({ stakingPeriod: t.string })
export const WalletTransaction = t.UnknownRecord
