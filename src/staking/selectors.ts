/** The staking screens' reads of state. */
import type { RootState } from '../../domain/state'

export const selectStaking = (s: RootState) => s.staking

export const selectOffset = (s: RootState) => s.staking.serverOffset ?? s.mining.serverOffset
