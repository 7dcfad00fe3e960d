/**
 * The Telegram web-view behind the TelegramBridge interface, on @telegram-apps/sdk v3. Every call
 * is guarded: outside Telegram, or on an old client, a missing feature does nothing instead of
 * throwing.
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
  readTextFromClipboard,
  setCloudStorageItem,
  shareURL,
  showBackButton,
} from '@telegram-apps/sdk'
import { Observable, from, throwError, timeout } from 'rxjs'

const CLIPBOARD_TIMEOUT_MS = 3000
import type { ConfirmPrompt, TelegramBridge } from '../deps'
import { insideTelegramHost } from '../app/browserHistory'
import { applyTheme as applyPageTheme } from './launch'

/**
 * Outside a Telegram client nothing can take an invoice, except on a dev-mode server's page: it
 * injects a stand-in for Telegram's payment sheet (server/bot/devHost.ts) that completes the
 * invoice through the Bot API stand-in and answers the status invoice_closed would carry. A
 * production server's page has none.
 */
interface PageInvoiceHost {
  openInvoice(url: string): Promise<string>
}
const pageInvoiceHost = (): PageInvoiceHost | undefined =>
  insideTelegramHost(window) ? undefined : (window as unknown as { __devTelegramHost?: PageInvoiceHost }).__devTelegramHost

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

/** Telegram's popup with the confirming button and Cancel; the browser's dialog where there is none. */
function confirmWith(prompt: ConfirmPrompt): Observable<boolean> {
  return new Observable<boolean>((sub) => {
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
    if (pending === undefined) {
      sub.next(typeof window.confirm === 'function' && window.confirm(prompt.title ? `${prompt.title}\n\n${prompt.message}` : prompt.message))
      sub.complete()
      return
    }
    pending.then(
      (id) => {
        sub.next(id === 'ok')
        sub.complete()
      },
      () => {
        sub.next(false)
        sub.complete()
      },
    )
  })
}

export function createTelegramBridge(initDataRaw: string | null): TelegramBridge {
  if (initDataRaw) {
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
  return {
    initDataRaw,
    hapticSuccess: () => attempt('haptic', () => hapticFeedbackNotificationOccurred.ifAvailable('success')),
    hapticImpact: (style = 'medium') => attempt('haptic', () => hapticFeedbackImpactOccurred.ifAvailable(style)),
    close: () => attempt('close', () => closeMiniApp.ifAvailable()),
    showBackButton: (visible) => attempt('back button', () => (visible ? showBackButton.ifAvailable() : hideBackButton.ifAvailable())),
    onBackButton: (listener) => {
      let off: VoidFunction = () => {}
      attempt('back button listener', () => {
        const [called, unbind] = onBackButtonClick.ifAvailable(listener)
        if (called) off = unbind
      })
      return off
    },
    // Telegram answers a clipboard read by an event; one that never comes is a failure, not a hang.
    readClipboard: () =>
      new Observable<string>((sub) => {
        const [called, pending] = readTextFromClipboard.ifAvailable()
        const read: Promise<string | null> = called ? pending : navigator.clipboard.readText()
        read.then(
          (text) => {
            sub.next(text ?? '')
            sub.complete()
          },
          (e: unknown) => sub.error(e),
        )
      }).pipe(timeout({ first: CLIPBOARD_TIMEOUT_MS, with: () => throwError(() => new Error('no clipboard answer')) })),
    writeClipboard: (text) => from(copyText(text)),
    confirm: (prompt) => confirmWith(prompt),
    setClosingConfirmation: (on) => attempt('closing confirmation', () => (on ? enableClosingConfirmation.ifAvailable() : disableClosingConfirmation.ifAvailable())),
    setVerticalSwipes: (on) => attempt('vertical swipes', () => (on ? enableVerticalSwipes.ifAvailable() : disableVerticalSwipes.ifAvailable())),
    hapticSelection: () => attempt('haptic', () => hapticFeedbackSelectionChanged.ifAvailable()),
    onThemeChanged: (listener) => {
      let off: VoidFunction = () => {}
      attempt('theme changes', () => {
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
      attempt('header colour', () => setMiniAppHeaderColor.ifAvailable(colour))
      attempt('background colour', () => setMiniAppBackgroundColor.ifAvailable(colour))
      attempt('bottom bar colour', () => setMiniAppBottomBarColor.ifAvailable(colour))
    },
    cloudGet: (key) =>
      new Observable<string | null>((sub) => {
        const [called, pending] = getCloudStorageItem.ifAvailable(key)
        if (!called) {
          sub.next(null)
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
        const [called, pending] = setCloudStorageItem.ifAvailable(key, value)
        Promise.resolve(called ? pending : undefined).then(
          () => {
            sub.next()
            sub.complete()
          },
          (e: unknown) => sub.error(e),
        )
      }),
    openLink: (url) => {
      const [called] = openLink.ifAvailable(url)
      if (!called) window.open(url, '_blank', 'noopener')
    },
    openTelegramLink: (url) => {
      const [called] = openTelegramLink.ifAvailable(url)
      if (!called) window.open(url, '_blank', 'noopener')
    },
    shareLink: (url, text) => {
      const [called] = shareURL.ifAvailable(url, text)
      if (!called) window.open(`https://t.me/share/url?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text ?? '')}`, '_blank', 'noopener')
    },
    openInvoice: (url) =>
      new Observable<string>((sub) => {
        const host = pageInvoiceHost()
        const [called, pending] = host ? [true, host.openInvoice(url)] : openInvoice.ifAvailable(url, 'url')
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
