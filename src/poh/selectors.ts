/** The PoH screens' reads of state. */
import type { RootState } from '../../domain/state'

export const selectPoh = (s: RootState) => s.poh

export const selectHistory = (s: RootState) => s.app.history
