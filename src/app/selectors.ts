import type { RootState } from '../../domain/state'
import { currentLocation } from '../../domain/app/state'
import { parseLocation } from '../../domain/app/routes'

export const selectInsideTelegram = (s: RootState) => s.app.insideTelegram
/** Whether a Telegram host answered at launch (its controls are used), not merely launch data. */
export const selectTelegramHost = (s: RootState) => s.app.telegramHost
export const selectMaintenance = (s: RootState) => s.app.maintenance
export const selectLaunched = (s: RootState) => s.app.launched
/** A reload's journey waits for its game features: no screen yet. */
export const selectJourneyAwaited = (s: RootState) => s.app.journeyAwaited
export const selectPath = (s: RootState) => parseLocation(currentLocation(s.app)).path
