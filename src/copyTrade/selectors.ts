/** The copy-trading screens' reads of state. */
import type { RootState } from '../../domain/state'

export const selectCopyTrade = (s: RootState) => s.copyTrade
