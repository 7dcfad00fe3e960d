/** The mining screens' reads of state. */
import type { RootState } from '../../domain/state'

export const selectMining = (s: RootState) => s.mining

export const selectRecord = (s: RootState) => s.mining.record

export const selectServerOffset = (s: RootState) => s.mining.serverOffset
