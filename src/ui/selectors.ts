/** The settings every screen's shared parts read: the user's language and time zone. */
import type { RootState } from '../../domain/state'

export const selectLanguage = (s: RootState) => s.app.language
/** The user's time zone, in which every date is shown. */
export const selectTimeZone = (s: RootState) => s.app.timeZone
