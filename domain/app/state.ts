import type { Handlers } from '../slice'
import type { Service, TelegramUser } from './events'
import {
  type Language,
  type StartParamRejection,
  type StartParams,
  type TapRun,
  isMaintenanceFlag,
  parseStartParam,
  registerTap,
  resolveLanguage,
} from './rules'
import { navigate, parseLocation, queryParam } from './routes'
import { DEFAULT_TIME_ZONE, isTimeZone } from './time'

export interface AppState {
  launched: boolean
  insideTelegram: boolean
  /** A Telegram host answered at launch: its controls are used; false: the page draws them. */
  telegramHost: boolean
  user: TelegramUser | null
  platform: string
  colorScheme: 'light' | 'dark'
  devBuild: boolean
  startParams: StartParams
  startParamRejections: StartParamRejection[]
  language: Language
  languagePickerOpen: boolean
  maintenance: boolean
  /** The navigation stack; the last entry is the current location (path + query). */
  history: string[]
  /** A journey waits for game features before it is judged (./journey.ts): no screen shows until it is. */
  journeyAwaited: boolean
  /** The server each service uses now, once a failover has moved it (null: the first of its list). */
  servers: Record<Service, string | null>
  resetTaps: TapRun | null
  /** seq of the tap that completed a reset run; an effect clears storage and reloads. */
  storageResetAt: number | null
  effectFailures: { epic: string; message: string; seq: number }[]
  /** The user's IANA time zone: every date shown is formatted in it (domain/app/time.ts). */
  timeZone: string
  /** The copy control showing feedback now, and what it says; null when none does. */
  copyFeedback: CopyFeedback | null
}

/** 'copied' (wallet.22), 'empty': nothing to copy (wallet.21, refill.11), 'failed': the clipboard refused (wallet.23, refill.12). */
export interface CopyFeedback {
  target: string
  kind: 'copied' | 'empty' | 'failed'
}

export const initialAppState: AppState = {
  launched: false,
  insideTelegram: false,
  telegramHost: false,
  user: null,
  platform: 'unknown',
  colorScheme: 'light',
  devBuild: false,
  startParams: {},
  startParamRejections: [],
  language: 'en',
  languagePickerOpen: false,
  maintenance: false,
  history: ['/'],
  journeyAwaited: false,
  servers: { wallet: null, mining: null },
  resetTaps: null,
  storageResetAt: null,
  effectFailures: [],
  copyFeedback: null,
  timeZone: DEFAULT_TIME_ZONE,
}

/** The current location (path + query). */
export const currentLocation = (s: AppState) => s.history[s.history.length - 1] ?? '/'

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
