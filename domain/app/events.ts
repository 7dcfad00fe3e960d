import type { JourneyDrafts } from '../journeys'
import type { JourneyRoute } from '../slice'
import type { Language } from './language'
import { type PayloadsOf, payload } from '../slice'

/** The Telegram user as the validated init data names them (no hash, no signature: DESIGN §3). */
export interface TelegramUser {
  id: number
  firstName: string
  lastName?: string
  username?: string
  languageCode?: string
  isPremium?: boolean
}

export interface LaunchPayload {
  /** Whether raw init data was present; the raw string itself never enters the log. */
  insideTelegram: boolean
  /**
   * Whether a Telegram host answered around the page (streams/telegram/host.ts): with one the app
   * uses Telegram's buttons, back button and popups; without one (the demo in a plain browser,
   * which has launch data all the same) the page draws them. Absent from logs recorded before it
   * existed: those apps took launch data for a host, so it reads as `insideTelegram`.
   */
  telegramHost?: boolean
  user: TelegramUser | null
  authDate: number | null
  startParam: string | null
  platform: string
  version: string
  /** Where the page was opened: path and query (selectedWalletIndex, lang). */
  location: string
  cookieLanguage: string | null
  colorScheme: 'light' | 'dark'
  /** Whether this build allows the time-travel panel (dev builds always, production by start_param). */
  devBuild: boolean
  /**
   * The device's IANA time zone (Intl), in which every date is shown, so a replay anywhere shows
   * what the user saw. Absent from logs recorded before it existed: those replay in UTC.
   */
  timeZone?: string
  /**
   * Telegram's theme colours at launch (key to #rrggbb), so the app's chrome follows them and a
   * replay knows what the user saw. Absent from older logs.
   */
  theme?: Record<string, string>
}

export type Service = 'wallet' | 'mining'

/**
 * A journey brought back after a reload (./journey.ts): the route, the wallet, and each feature's
 * draft under its slice's name (domain/journeys.ts), only what was typed or picked, never a check,
 * a quote or a key. `from`: the seq of the previous session's last event.
 */
export type JourneyRestored = JourneyRoute & JourneyDrafts & { from: number }

export const appEvents = {
  'app/launched': payload<LaunchPayload>(),
  /** What local storage held at start (app.24). */
  'app/storageLoaded': payload<{ isMaintenance: string | null }>(),
  /** `replace`: the new screen takes the current one's place (a screen that only routes on). */
  'app/navigated': payload<{ to: string; replace?: boolean }>(),
  /** The Telegram back button (app.14); the reducer finds the target so a replay agrees. */
  'app/backPressed': payload(),
  /**
   * A reload in the middle of a journey through game screens: it is judged once these features'
   * chunks are in (their slices fold the previous session); meanwhile no screen shows.
   */
  'app/journeyAwaited': payload<{ features: string[] }>(),
  /** A reload in the middle of a journey: the previous session's drafts, from the log. */
  'app/journeyRestored': payload<JourneyRestored>(),
  /** The awaited journey does not come back (nothing to restore, a feature did not load, or the user went on). */
  'app/journeyAbandoned': payload(),
  'app/languageChanged': payload<{ language: Language }>(),
  /** Telegram's theme changed while the app was open (theme_changed): restyled at once. */
  'app/themeChanged': payload<{ colorScheme: 'light' | 'dark'; theme: Record<string, string> }>(),
  'app/languagePickerOpened': payload(),
  'app/languagePickerClosed': payload(),
  'app/menuLinkOpened': payload<{ item: 'bigpump' | 'stats'; url: string }>(),
  /** Any other outside link (the news channel, the wallet's bot); an effect opens it. */
  'app/linkOpened': payload<{ url: string }>(),
  /**
   * A tap on a copy control (wallet.21-25, refill.11-12). `target` names the control, so its
   * feedback shows on it alone; `text` is what to copy, '' when there is nothing to copy.
   */
  'app/copyRequested': payload<{ target: string; text: string }>(),
  /** The clipboard took the text. */
  'app/copied': payload<{ target: string }>(),
  /** The clipboard refused the text (or did not answer). */
  'app/copyFailed': payload<{ target: string; reason: string }>(),
  /** The feedback of a copy control ran its time (wallet.24: 1000 ms). */
  'app/copyFeedbackExpired': payload<{ target: string }>(),
  /** A tap on the wallet chooser title (app.27-28); its time is the envelope's `at`. */
  'app/resetTapped': payload(),
  /** The HTTP client moved a service to another server after a failure or a 25 s wait. */
  'app/serverSwitched': payload<{ service: Service; from: string; to: string; reason: string }>(),
  /** An epic threw; it was restarted (DESIGN §4). */
  'app/effectFailed': payload<{ epic: string; message: string }>(),
  'app/errorDismissed': payload(),
}

export type AppEvents = PayloadsOf<typeof appEvents>
