/**
 * Everything an epic may touch outside itself (DESIGN §4). Tests pass fakes and a TestScheduler.
 */
import type { Observable, SchedulerLike } from 'rxjs'
import type { Endpoints } from '../domain/api/endpoints'
import type { RequestOf, ResponseOf } from '../domain/api/endpoint'
import type { AppEvent } from '../domain/events'
import type { TonConnectBridge } from './payments/tonConnect'

export interface Clock {
  now(): number
}
export interface Random {
  /** A float in [0, 1). */
  next(): number
}

/** The HTTP client as epics see it: every call is an Observable, so marble tests run it on virtual time. */
export interface Api {
  call<N extends keyof Endpoints>(name: N, request: RequestOf<Endpoints[N]>): Observable<ResponseOf<Endpoints[N]>>
}

/** Local storage, as a small synchronous key-value store. */
export interface KeyValueStorage {
  get(key: string): string | null
  set(key: string, value: string): void
  remove(key: string): void
  clear(): void
}

/** The Telegram web-view, or a stand-in for it (streams/telegram). */
/** A question before an action that ends or spends; texts in the user's language, from the screen. */
export interface ConfirmPrompt {
  title?: string
  message: string
  /** The confirming button's text. */
  ok: string
  cancel: string
  /** The action ends or removes something: the confirming button is drawn as destructive. */
  destructive?: boolean
}

export interface TelegramBridge {
  /** The raw init data string: sent as the telegramRawData header; never logged. */
  readonly initDataRaw: string | null
  hapticSuccess(): void
  hapticImpact(style?: 'light' | 'medium' | 'heavy'): void
  close(): void
  showBackButton(visible: boolean): void
  onBackButton(listener: () => void): () => void
  readClipboard(): Observable<string>
  writeClipboard(text: string): Observable<void>
  /**
   * Asks before something that cannot be undone: Telegram's popup, or the same question drawn by
   * the page where no Telegram host answered. Emits true for the confirming button, false otherwise.
   */
  confirm(prompt: ConfirmPrompt): Observable<boolean>
  /**
   * Telegram's QR scanner with `text` as its caption: the first text scanned (the scanner then
   * closes), or null when the user closed it without one. Fails where there is no scanner (see
   * domain/app/telegram.ts qrScannerAvailable: only where a Telegram host has one).
   */
  scanQr(text: string): Observable<string | null>
  /** Telegram asks before the app closes (money in flight), or no longer does. */
  setClosingConfirmation(on: boolean): void
  /** Whether a vertical swipe may close the app (off where the screen scrolls a list). */
  setVerticalSwipes(on: boolean): void
  /** The light tick of a choice in a picker or a toggle. */
  hapticSelection(): void
  /** Telegram's theme_changed: the new theme colours (key to #rrggbb). */
  onThemeChanged(listener: (theme: Record<string, string>) => void): () => void
  /** Restyles the page (CSS variables, light or dark) and Telegram's header, background and bottom bar. */
  applyTheme(theme: Record<string, string>): void
  cloudGet(key: string): Observable<string | null>
  cloudSet(key: string, value: string): Observable<void>
  openLink(url: string): void
  openTelegramLink(url: string): void
  shareLink(url: string, text?: string): void
  /** Opens a Telegram Stars invoice; emits its final status ('paid', 'cancelled', 'failed', 'pending'). */
  openInvoice(url: string): Observable<string>
  /** Reloads the mini-app page. */
  reload(): void
}

/**
 * The browser's session history (window.history) as the route mirror sees it. Inside Telegram the
 * host's back button drives and `enabled` is false: nothing is mirrored, so a press never
 * navigates twice. In a plain browser (dev mode) Back and Forward move through the app's route.
 */
export interface BrowserHistory {
  readonly enabled: boolean
  /** The state stored with the current entry (null for an entry the app did not write). */
  current(): unknown
  push(state: unknown): void
  replace(state: unknown): void
  go(delta: number): void
  /** Back or Forward landed on an entry: its stored state. */
  onPop(listener: (state: unknown) => void): () => void
}

/** What the recorder holds, for the "Report a problem" upload. */
export interface RecordedSession {
  events(): readonly AppEvent[]
  /** Facts about the device worth a support engineer's eye (platform, client version, screen). */
  env(): Record<string, unknown>
}

/** The page's cookies (the language cookie of app.19). */
export interface Cookies {
  set(name: string, value: string): void
}

export interface Deps {
  api: Api
  cookies: Cookies
  recorder: RecordedSession
  telegram: TelegramBridge
  /** A wallet of the user's own over TonConnect (streams/payments/tonConnect.ts), loaded on first use. */
  tonConnect: TonConnectBridge
  history: BrowserHistory
  storage: KeyValueStorage
  clock: Clock
  random: Random
  scheduler: SchedulerLike
}
