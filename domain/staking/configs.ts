/**
 * What a period's config says (staking.2, staking.9, staking.22-24), read the same way by the
 * screens, the form's handlers and the deposit's effect.
 */
import type { StakingConfig, StakingConfigs } from './codecs'
import { DEFAULT_MAX_SWITCH } from './rules'

/** A config's most a deposit takes (50 000 when it names none, staking.9). */
export const maxOf = (config: StakingConfig | undefined): string => config?.maxSwitchAmount ?? DEFAULT_MAX_SWITCH

/** The fee of a paid period in TON and Stars, or null when its config names no price (staking.22-24). */
export function feeOf(config: StakingConfig | undefined): { ton: string; stars: number } | null {
  const price = config?.priceAmount
  if (price === undefined || (price.ton === undefined && price.stars === undefined)) return null
  return { ton: price.ton ?? '0', stars: price.stars ?? 0 }
}

/** staking.22: a period is paid when its config has a price or the configs name it among the paid periods. */
export const isPaidPeriod = (configs: StakingConfigs['configs'] | null | undefined, period: string): boolean =>
  feeOf(configs?.stakingConfig[period]) !== null ||
  (configs?.paidPeriods as readonly string[] | undefined)?.includes(period) === true
