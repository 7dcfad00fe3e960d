/** A mining record as GET /mining/user answers it (server/mining/miner.ts), for domain, stream and screen tests. */
import type { MiningUser } from '../../../domain/mining/codecs'
import { fromUnits } from '../../../domain/money'

/** 2026-11-22T08:00:00Z: a window starts here. */
export const WINDOW_START = Date.UTC(2026, 10, 22, 8, 0, 0)
export const HOUR = 3_600_000

export const record = (over: Partial<Record<keyof MiningUser, unknown>> = {}): MiningUser =>
  ({
    speed: '1.5',
    gotAmount: '12.345678912',
    miningAmount: '0',
    dttmClaimDeadline: new Date(WINDOW_START + 6 * HOUR).toISOString(),
    dttmLastClaim: null,
    status: 'active',
    dttmLastPayment: null,
    guild: 0,
    alliance: null,
    withheld: '0',
    autoclaimActive: false,
    lockAmount: '0',
    humanGroup: false,
    confirmProve: false,
    dttmAdded: new Date(WINDOW_START).toISOString(),
    friendsBonus: '0',
    friends2Bonus: '0',
    ordinaryFriends: 0,
    premiumFriends: 0,
    windowStart: new Date(WINDOW_START).toISOString(),
    burnedAmount: '0',
    lastBurn: null,
    ...over,
  }) as MiningUser

/** The answer of GET /mining/user read `ms` into the window, its amount as the server computes it. */
export const answerAt = (ms: number, over: Partial<Record<keyof MiningUser, unknown>> = {}) => ({
  userMining: record({ miningAmount: fromUnits((1_500_000_000n * BigInt(ms)) / BigInt(HOUR), 9), ...over }),
  serverTime: WINDOW_START + ms,
  season: { endsAt: null, appealUntil: null },
})
