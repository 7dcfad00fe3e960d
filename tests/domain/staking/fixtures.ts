/** Staking answers as the server gives them (domain/staking/codecs.ts), for domain, stream and screen tests. */
import type { StakingConfigs, StakingDeposit } from '../../../domain/staking/codecs'
import type { EventInput } from '../../../domain/events'
import { answerAt } from '../mining/fixtures'

export const NOW = Date.UTC(2026, 10, 22, 8, 0, 0)
export const DAY = 86_400_000

export const configs = {
  paidPeriods: ['3mhp', '6m', '1y', '5y', '100y'],
  stakingConfig: {
    '3m': { apy: 0.12, minSwitchAmount: '10', maxSwitchAmount: '50000' },
    '3mhp': { apy: 0.3, minSwitchAmount: '10', maxSwitchAmount: '50000', priceAmount: { ton: '0.5', stars: 100 } },
    '6m': { apy: 0.15, minSwitchAmount: '10', maxSwitchAmount: '50000', priceAmount: { ton: '1', stars: 200 } },
    '1y': { apy: 0.2, minSwitchAmount: '100', maxSwitchAmount: '50000', priceAmount: { ton: '2', stars: 400 } },
    '5y': { apy: 0.25, minSwitchAmount: '100', maxSwitchAmount: '50000', priceAmount: { ton: '5', stars: 1000 } },
    '100y': { apy: 0.5, minSwitchAmount: '100', maxSwitchAmount: '50000', priceAmount: { ton: '10', stars: 2000 } },
  },
} as unknown as StakingConfigs['configs']

export const deposit = (over: Partial<Record<keyof StakingDeposit, unknown>> = {}): StakingDeposit =>
  ({
    _id: 'dep1',
    amount: '100',
    period: '3m',
    apy: 0.12,
    hourReward: '0.001369863',
    dttmStarted: new Date(NOW - 30 * DAY).toISOString(),
    dttmEnded: new Date(NOW + 60 * DAY).toISOString(),
    reward: '3',
    dttmClaimed: null,
    orderId: null,
    ...over,
  }) as StakingDeposit

const ev = (type: string, payload: object = {}) => ({ type, payload }) as EventInput

/** The mining record read with this balance. */
export const userRead = (got: string, locked = '0') => {
  const a = answerAt(0, { gotAmount: got, lockAmount: locked })
  return ev('mining/userReceived', { userMining: a.userMining, serverTime: a.serverTime, season: a.season })
}

/** A staking screen with its configs and the user's balance read. */
export const loaded = (got = '1000', locked = '0'): EventInput[] => [
  ev('staking/entered', { screen: 'main' }),
  ev('staking/configsReceived', { configs }),
  userRead(got, locked),
]
