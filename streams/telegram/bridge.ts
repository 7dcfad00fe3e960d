/**
 * The Telegram web-view behind the TelegramBridge interface, on @telegram-apps/sdk v3. The SDK is
 * used only where a Telegram host answered (./host.ts); without one (the demo in a plain browser,
 * which carries launch data all the same) each call has the page's own counterpart: popups drawn
 * by the page (./pagePopups.ts), the browser's clipboard, links in new tabs, cloud storage kept in
 * local storage, and no haptics. Inside a host every call is still guarded: on an old client a
 * missing feature does nothing instead of throwing.
 */
import {
  bindViewportCssVars,
  closeMiniApp,
  disableClosingConfirmation,
  disableVerticalSwipes,
  enableClosingConfirmation,
  enableVerticalSwipes,
  expandViewport,
  getCloudStorageItem,
  hapticFeedbackImpactOccurred,
  hapticFeedbackNotificationOccurred,
  hapticFeedbackSelectionChanged,
  hideBackButton,
  init,
  miniAppReady,
  mountBackButton,
  mountClosingBehavior,
  mountMiniAppSync,
  mountSwipeBehavior,
  setMiniAppBackgroundColor,
  setMiniAppBottomBarColor,
  setMiniAppHeaderColor,
  mountViewport,
  onBackButtonClick,
  openInvoice,
  openLink,
  on,
  openPopup,
  openTelegramLink,
  qrScanner,
  readTextFromClipboard,
  setCloudStorageItem,
  shareURL,
  showBackButton,
} from '@telegram-apps/sdk'
import { Observable, from, of, throwError, timeout } from 'rxjs'
import type { ConfirmPrompt, TelegramBridge } from '../deps'
import { applyTheme as applyPageTheme } from './launch'
import type { PagePopups } from './pagePopups'

const CLIPBOARD_TIMEOUT_MS = 3000
/** Where the page keeps what Telegram's cloud storage would, without a host. */
const PAGE_CLOUD_PREFIX = 'switch-wallet/cloud/'

/**
 * Outside a Telegram client nothing can take an invoice, except on a dev-mode server's page: it
 * injects a stand-in for Telegram's payment sheet (server/bot/devHost.ts) that completes the
 * invoice through the Bot API stand-in and answers the status invoice_closed would carry. A
 * production server's page has none.
 */
interface PageInvoiceHost {
  openInvoice(url: string): Promise<string>
}
const pageInvoiceHost = (): PageInvoiceHost | undefined => (window as unknown as { __devTelegramHost?: PageInvoiceHost }).__devTelegramHost

const attempt = (what: string, fn: () => unknown) => {
  try {
    fn()
  } catch (e) {
    console.warn(`telegram: ${what} unavailable (${e instanceof Error ? e.name : String(e)})`)
  }
}

/** Copies text: the async clipboard API, or the old textarea trick where it is refused. */
function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) return navigator.clipboard.writeText(text).catch(() => copyWithTextarea(text))
  return copyWithTextarea(text)
}
function copyWithTextarea(text: string): Promise<void> {
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.style.position = 'fixed'
  area.style.opacity = '0'
  document.body.appendChild(area)
  area.select()
  const ok = document.execCommand('copy')
  area.remove()
  return ok ? Promise.resolve() : Promise.reject(new Error('copy refused'))
}

/** Telegram's popup with the confirming button and Cancel; `fallback` where this client has none. */
function confirmWith(prompt: ConfirmPrompt, fallback: (prompt: ConfirmPrompt) => Observable<boolean>): Observable<boolean> {
  let pending: Promise<string | null> | undefined
  try {
    if (openPopup.isAvailable()) {
      const [, opened] = openPopup.ifAvailable({
        title: prompt.title,
        message: prompt.message,
        buttons: [
          { id: 'ok', type: prompt.destructive ? 'destructive' : 'default', text: prompt.ok },
          { id: 'cancel', type: 'default', text: prompt.cancel },
        ],
      }) as [boolean, Promise<string | null> | undefined]
      pending = opened
    }
  } catch (e) {
    console.warn(`telegram: popup unavailable (${e instanceof Error ? e.name : String(e)})`)
  }
  if (pending === undefined) return fallback(prompt)
  return from(pending.then((id) => id === 'ok', () => false))
}

/** The browser's own dialog: only where nothing better is at hand (no page popups given). */
const browserConfirm = (prompt: ConfirmPrompt): Observable<boolean> =>
  of(typeof window.confirm === 'function' && window.confirm(prompt.title ? `${prompt.title}\n\n${prompt.message}` : prompt.message))

export interface BridgeOptions {
  /** Whether a Telegram host answered around the page (./host.ts): the SDK is used only then. */
  telegramHost: boolean
  /** The page's own popups, drawn where Telegram's are not (src/ui/PagePopup.tsx). */
  popups?: PagePopups
}

export function createTelegramBridge(initDataRaw: string | null, { telegramHost: host, popups }: BridgeOptions): TelegramBridge {
  if (host) {
    attempt('init', () => init())
    attempt('mount mini app', () => mountMiniAppSync.ifAvailable())
    attempt('mount back button', () => mountBackButton.ifAvailable())
    attempt('mount closing behaviour', () => mountClosingBehavior.ifAvailable())
    attempt('mount swipe behaviour', () => mountSwipeBehavior.ifAvailable())
    attempt('mount viewport', () => {
      const [, mounting] = mountViewport.ifAvailable()
      Promise.resolve(mounting)
        .then(() => {
          bindViewportCssVars.ifAvailable()
          expandViewport.ifAvailable()
        })
        .catch((e: unknown) => console.warn(`telegram: viewport unavailable (${e instanceof Error ? e.name : String(e)})`))
    })
    attempt('ready', () => miniAppReady.ifAvailable())
  }
  /** Telegram's call where a host answered; the page's own (or nothing) elsewhere. */
  const inTelegram = (what: string, fn: () => unknown) => {
    if (host) attempt(what, fn)
  }
  // Outside a host, closing the page with money in flight asks first, as Telegram's closing confirmation does.
  const askBeforeLeaving = (e: BeforeUnloadEvent) => e.preventDefault()
  const pageCloud = {
    get: (key: string): string | null => {
      try {
        return localStorage.getItem(PAGE_CLOUD_PREFIX + key)
      } catch {
        return null
      }
    },
    set: (key: string, value: string) => {
      try {
        localStorage.setItem(PAGE_CLOUD_PREFIX + key, value)
      } catch {
        // storage refused: nothing is kept, as with a cloud that failed
      }
    },
  }
  return {
    initDataRaw,
    hapticSuccess: () => inTelegram('haptic', () => hapticFeedbackNotificationOccurred.ifAvailable('success')),
    hapticImpact: (style = 'medium') => inTelegram('haptic', () => hapticFeedbackImpactOccurred.ifAvailable(style)),
    close: () => inTelegram('close', () => closeMiniApp.ifAvailable()),
    showBackButton: (visible) => inTelegram('back button', () => (visible ? showBackButton.ifAvailable() : hideBackButton.ifAvailable())),
    onBackButton: (listener) => {
      let off: VoidFunction = () => {}
      inTelegram('back button listener', () => {
        const [called, unbind] = onBackButtonClick.ifAvailable(listener)
        if (called) off = unbind
      })
      return off
    },
    // Telegram answers a clipboard read by an event; one that never comes is a failure, not a hang.
    readClipboard: () =>
      new Observable<string>((sub) => {
        let read: Promise<string | null>
        try {
          const [called, pending] = host ? readTextFromClipboard.ifAvailable() : [false, undefined]
          read = called && pending ? pending : navigator.clipboard.readText()
        } catch (e) {
          read = Promise.reject(e)
        }
        read.then(
          (text) => {
            sub.next(text ?? '')
            sub.complete()
          },
          (e: unknown) => sub.error(e),
        )
      }).pipe(timeout({ first: CLIPBOARD_TIMEOUT_MS, with: () => throwError(() => new Error('no clipboard answer')) })),
    writeClipboard: (text) => from(copyText(text)),
    confirm: (prompt) => {
      const page = popups ? popups.confirm : browserConfirm
      return host ? confirmWith(prompt, page) : page(prompt)
    },
    scanQr: (text) =>
      new Observable<string | null>((sub) => {
        let scanning: Promise<string | undefined> | undefined
        try {
          // The first text scanned is captured, and the scanner closes (the SDK closes it on capture).
          if (host && qrScanner.open.isAvailable()) scanning = qrScanner.open({ text, capture: () => true })
        } catch (e) {
          sub.error(e)
          return
        }
        if (scanning === undefined) {
          sub.error(new Error('no QR scanner here'))
          return
        }
        let settled = false
        scanning.then(
          (scanned) => {
            settled = true
            sub.next(scanned ?? null)
            sub.complete()
          },
          (e: unknown) => {
            settled = true
            sub.error(e)
          },
        )
        // Left before a scan (the screen went away): the scanner closes with it.
        return () => {
          if (!settled) attempt('close the QR scanner', () => qrScanner.close.ifAvailable())
        }
      }),
    setClosingConfirmation: (on) => {
      if (host) attempt('closing confirmation', () => (on ? enableClosingConfirmation.ifAvailable() : disableClosingConfirmation.ifAvailable()))
      else if (on) window.addEventListener('beforeunload', askBeforeLeaving)
      else window.removeEventListener('beforeunload', askBeforeLeaving)
    },
    setVerticalSwipes: (on) => inTelegram('vertical swipes', () => (on ? enableVerticalSwipes.ifAvailable() : disableVerticalSwipes.ifAvailable())),
    hapticSelection: () => inTelegram('haptic', () => hapticFeedbackSelectionChanged.ifAvailable()),
    onThemeChanged: (listener) => {
      let off: VoidFunction = () => {}
      inTelegram('theme changes', () => {
        off = on('theme_changed', (e) => listener({ ...(e.theme_params as Record<string, string>) }))
      })
      return off
    },
    applyTheme: (theme) => {
      applyPageTheme(theme)
      // The page's background is the theme's secondary background (src/styles.css --bg): Telegram's
      // header, background and bottom bar take the same colour, so the app has no seams.
      const page = theme.secondary_bg_color ?? theme.bg_color
      if (!page || !/^#[0-9a-f]{6}$/i.test(page)) return
      const colour = page as `#${string}`
      inTelegram('header colour', () => setMiniAppHeaderColor.ifAvailable(colour))
      inTelegram('background colour', () => setMiniAppBackgroundColor.ifAvailable(colour))
      inTelegram('bottom bar colour', () => setMiniAppBottomBarColor.ifAvailable(colour))
    },
    cloudGet: (key) =>
      new Observable<string | null>((sub) => {
        const [called, pending] = host ? getCloudStorageItem.ifAvailable(key) : [false]
        if (!called) {
          const kept = host ? null : pageCloud.get(key)
          sub.next(kept !== null && kept !== '' ? kept : null)
          sub.complete()
          return
        }
        Promise.resolve(pending).then(
          (v) => {
            sub.next(typeof v === 'string' && v !== '' ? v : null)
            sub.complete()
          },
          (e: unknown) => sub.error(e),
        )
      }),
    cloudSet: (key, value) =>
      new Observable<void>((sub) => {
        const [called, pending] = host ? setCloudStorageItem.ifAvailable(key, value) : [false]
        if (!host) pageCloud.set(key, value)
        Promise.resolve(called ? pending : undefined).then(
          () => {
            sub.next()
            sub.complete()
          },
          (e: unknown) => sub.error(e),
        )
      }),
    openLink: (url) => {
      const [called] = host ? openLink.ifAvailable(url) : [false]
      if (!called) window.open(url, '_blank', 'noopener')
    },
    openTelegramLink: (url) => {
      const [called] = host ? openTelegramLink.ifAvailable(url) : [false]
      if (!called) window.open(url, '_blank', 'noopener')
    },
    shareLink: (url, text) => {
      const [called] = host ? shareURL.ifAvailable(url, text) : [false]
      if (!called) window.open(`https://t.me/share/url?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text ?? '')}`, '_blank', 'noopener')
    },
    openInvoice: (url) =>
      new Observable<string>((sub) => {
        // A host takes the invoice itself; a dev-mode page without one has the payment sheet's stand-in.
        const devHost = host ? undefined : pageInvoiceHost()
        const [called, pending] = devHost ? [true, devHost.openInvoice(url)] : host ? openInvoice.ifAvailable(url, 'url') : [false]
        if (!called) {
          sub.error(new Error('invoices need Telegram'))
          return
        }
        Promise.resolve(pending).then(
          (status) => {
            sub.next(String(status))
            sub.complete()
          },
          (e: unknown) => sub.error(e),
        )
      }),
    reload: () => window.location.reload(),
  }
}
