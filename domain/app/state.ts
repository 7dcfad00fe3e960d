import type { Service, TelegramUser } from './events'
import type { Language } from './language'
import type { StartParamRejection, StartParams } from './startParam'
import type { TapRun } from './resetTaps'
import { DEFAULT_TIME_ZONE } from './time'

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
