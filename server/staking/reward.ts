/**
 * The reward model (docs/features/staking.md, "Rules chosen where the spec is silent"): simple
 * interest on the stake at the period's APY, by the hour, from dttmStarted to dttmEnded, in
 * nano-SWITCH (bigint), exact.
 *
 *   reward(t)  = floor(amount × apy × (min(t, end) − start) / one year)      (one year = 8 760 h)
 *   hourReward = floor(amount × apy / 8 760)                                 (what the screen shows)
 *
 * The claim pays reward(end), floored once over the whole period (not hourReward × hours, whose
 * floors would add up). Periods are calendar months in UTC: a month from the 31st ends on the
 * month's last day (domain/staking/unlock.ts, the confirm screen's rule too).
 */
const PPM = 1_000_000n
const HOUR_MS = 3_600_000n
const YEAR_HOURS = 8_760n

export const hourRewardUnits = (amountUnits: bigint, apyPpm: bigint) => (amountUnits * apyPpm) / (PPM * YEAR_HOURS)

export function rewardUnits(amountUnits: bigint, apyPpm: bigint, startMs: number, endMs: number, atMs: number): bigint {
  const elapsed = BigInt(Math.max(0, Math.min(atMs, endMs) - startMs))
  return (amountUnits * apyPpm * elapsed) / (PPM * YEAR_HOURS * HOUR_MS)
}

/** The APY as the wire's number (a fraction): ppm / 10^6. */
export const apyNumber = (apyPpm: bigint) => Number(apyPpm) / 1e6
