/** The tasks screens' reads of state. */
import type { RootState } from '../../domain/state'

export const selectTasks = (s: RootState) => s.tasks

/** The server's time for display: the device's plus the offset the last answer measured. */
export const selectOffset = (s: RootState) => s.tasks.serverOffset
