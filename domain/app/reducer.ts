/** How events change the app slice (its shape and initial state: ./state.ts). */
import type { Handlers } from '../slice'
import { isMaintenanceFlag } from './maintenance'
import { parseStartParam } from './startParam'
import { registerTap } from './resetTaps'
import { resolveLanguage } from './language'
import { navigate, parseLocation, queryParam } from './routes'
import { DEFAULT_TIME_ZONE, isTimeZone } from './time'
import { type AppState, currentLocation } from './state'

export const appHandlers: Handlers<AppState> = {
  'app/themeChanged': (d, e) => {
    d.colorScheme = e.payload.colorScheme
  },
  'app/launched': (d, { payload: p }) => {
    const start = parseStartParam(p.startParam)
    d.launched = true
    d.insideTelegram = p.insideTelegram
    d.telegramHost = p.telegramHost ?? p.insideTelegram
    d.user = p.user
    d.platform = p.platform
    d.colorScheme = p.colorScheme
    d.devBuild = p.devBuild
    d.timeZone = isTimeZone(p.timeZone) ? p.timeZone : DEFAULT_TIME_ZONE
    d.startParams = start.params
    d.startParamRejections = start.rejected
    const { search } = parseLocation(p.location)
    d.language = resolveLanguage({
      cookie: p.cookieLanguage,
      query: queryParam(search, 'lang'),
      user: p.user?.languageCode,
    })
    d.history = [p.location]
  },
  'app/storageLoaded': (d, e) => {
    d.maintenance = isMaintenanceFlag(e.payload.isMaintenance)
  },
  'app/navigated': (d, e) => {
    if (currentLocation(d) === e.payload.to) return
    d.history = navigate(d.history, e.payload.to, e.payload.replace)
  },
  // app/backPressed reads the sheets of other slices too: see ./back.ts, joined in ../state.ts.
  /** The route of a journey brought back (./journey.ts); each slice takes its own draft. */
  'app/journeyAwaited': (d) => {
    d.journeyAwaited = true
  },
  'app/journeyRestored': (d, e) => {
    d.history = [...e.payload.history]
    d.journeyAwaited = false
  },
  'app/journeyAbandoned': (d) => {
    d.journeyAwaited = false
  },
  'app/languageChanged': (d, e) => {
    d.language = e.payload.language
    d.languagePickerOpen = false
  },
  'app/languagePickerOpened': (d) => {
    d.languagePickerOpen = true
  },
  'app/languagePickerClosed': (d) => {
    d.languagePickerOpen = false
  },
  'app/resetTapped': (d, e) => {
    const next = registerTap(d.resetTaps, e.at)
    d.resetTaps = next.run
    if (next.reset) d.storageResetAt = e.seq
  },
  'app/serverSwitched': (d, e) => {
    d.servers[e.payload.service] = e.payload.to
  },
  'app/copyRequested': (d, e) => {
    if (e.payload.text === '') d.copyFeedback = { target: e.payload.target, kind: 'empty' }
  },
  'app/copied': (d, e) => {
    d.copyFeedback = { target: e.payload.target, kind: 'copied' }
  },
  'app/copyFailed': (d, e) => {
    d.copyFeedback = { target: e.payload.target, kind: 'failed' }
  },
  'app/copyFeedbackExpired': (d, e) => {
    if (d.copyFeedback?.target === e.payload.target) d.copyFeedback = null
  },
  'app/effectFailed': (d, e) => {
    d.effectFailures.push({ ...e.payload, seq: e.seq })
    if (d.effectFailures.length > 20) d.effectFailures.shift()
  },
}
