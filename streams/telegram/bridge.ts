/**
 * The Telegram web-view behind the TelegramBridge interface, on @telegram-apps/sdk v3. The SDK is
 * used, and loaded (./sdk.ts), only where a Telegram host answered (./host.ts); without one (the demo in a plain browser,
 * which carries launch data all the same) each call has the page's own counterpart: popups drawn
 * by the page (./pagePopups.ts), the browser's clipboard, links in new tabs, cloud storage kept in
 * local storage, and no haptics. Inside a host every call is still guarded: on an old client a
 * missing feature does nothing instead of throwing.
 */
import type { TelegramSdk } from './sdk'
import { type Observable, defer, from, switchMap, throwError, timeout } from 'rxjs'
import type { ConfirmPrompt, TelegramBridge } from '../deps'
import { applyTheme as applyPageTheme } from './launch'
import type { PagePopups } from './pagePopups'
import { browserStorage } from '../storage'

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
const pageInvoiceHost = (): PageInvoiceHost | undefined =>
  (window as unknown as { __devTelegramHost?: PageInvoiceHost }).__devTelegramHost

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
function confirmWith(
  { openPopup }: Pick<TelegramSdk, 'openPopup'>,
  prompt: ConfirmPrompt,
  fallback: (prompt: ConfirmPrompt) => Observable<boolean>,
): Observable<boolean> {
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
  return from(
    pending.then(
      (id) => id === 'ok',
      () => false,
    ),
  )
}

/** The page's own popup: its module is fetched only where one is asked for without a host. */
const pageConfirm = (prompt: ConfirmPrompt): Observable<boolean> =>
  defer(() => import('./pagePopups')).pipe(switchMap((m) => m.pagePopups.confirm(prompt)))

export interface BridgeOptions {
  /** Whether a Telegram host answered around the page (./host.ts): the SDK is used only then. */
  telegramHost: boolean
  /** The SDK (./sdk.ts `loadTelegramSdk`), loaded where a host answered; needed then. */
  sdk?: TelegramSdk
  /** The page's own popups, drawn where Telegram's are not (src/ui/PagePopup.tsx); unset: the shared ones. */
  popups?: PagePopups
}

export function createTelegramBridge(
  initDataRaw: string | null,
  { telegramHost: host, popups, sdk }: BridgeOptions,
): TelegramBridge {
  if (host && !sdk) throw new Error('a Telegram host needs the SDK: loadTelegramSdk() first')
  // Where a host answered, the SDK; its functions are reached only then.
  const t = sdk as TelegramSdk
  if (host) {
    attempt('init', () => t.init())
    attempt('mount mini app', () => t.mountMiniAppSync.ifAvailable())
    attempt('mount back button', () => t.mountBackButton.ifAvailable())
    attempt('mount closing behaviour', () => t.mountClosingBehavior.ifAvailable())
    attempt('mount swipe behaviour', () => t.mountSwipeBehavior.ifAvailable())
    attempt('mount viewport', () => {
      const [, mounting] = t.mountViewport.ifAvailable()
      Promise.resolve(mounting)
        .then(() => {
          t.bindViewportCssVars.ifAvailable()
          t.expandViewport.ifAvailable()
        })
        .catch((e: unknown) =>
          console.warn(`telegram: viewport unavailable (${e instanceof Error ? e.name : String(e)})`),
        )
    })
    attempt('ready', () => t.miniAppReady.ifAvailable())
  }
  /** Telegram's call where a host answered; the page's own (or nothing) elsewhere. */
  const inTelegram = (what: string, fn: () => unknown) => {
    if (host) attempt(what, fn)
  }
  // Outside a host, closing the page with money in flight asks first, as Telegram's closing confirmation does.
  const askBeforeLeaving = (e: BeforeUnloadEvent) => e.preventDefault()
  const local = browserStorage()
  const pageCloud = {
    get: (key: string) => local.get(PAGE_CLOUD_PREFIX + key),
    set: (key: string, value: string) => local.set(PAGE_CLOUD_PREFIX + key, value),
  }
  return {
    initDataRaw,
    hapticSuccess: () => inTelegram('haptic', () => t.hapticFeedbackNotificationOccurred.ifAvailable('success')),
    hapticImpact: (style = 'medium') => inTelegram('haptic', () => t.hapticFeedbackImpactOccurred.ifAvailable(style)),
    close: () => inTelegram('close', () => t.closeMiniApp.ifAvailable()),
    showBackButton: (visible) =>
      inTelegram('back button', () => (visible ? t.showBackButton.ifAvailable() : t.hideBackButton.ifAvailable())),
    onBackButton: (listener) => {
      let off: VoidFunction = () => {}
      inTelegram('back button listener', () => {
        const [called, unbind] = t.onBackButtonClick.ifAvailable(listener)
        if (called) off = unbind
      })
      return off
    },
    // Telegram answers a clipboard read by an event; one that never comes is a failure, not a hang.
    readClipboard: () =>
      defer(async () => {
        const [called, pending] = host ? t.readTextFromClipboard.ifAvailable() : [false]
        return (await (called && pending ? pending : navigator.clipboard.readText())) ?? ''
      }).pipe(timeout({ first: CLIPBOARD_TIMEOUT_MS, with: () => throwError(() => new Error('no clipboard answer')) })),
    writeClipboard: (text) => from(copyText(text)),
    confirm: (prompt) => {
      const page = popups ? popups.confirm : pageConfirm
      return host ? confirmWith(t, prompt, page) : page(prompt)
    },
    // The first text scanned is captured, and the SDK closes the scanner; null: closed without one.
    scanQr: (text) =>
      defer(async () => {
        if (!host || !t.qrScanner.open.isAvailable()) throw new Error('no QR scanner here')
        return (await t.qrScanner.open({ text, capture: () => true })) ?? null
      }),
    setClosingConfirmation: (on) => {
      if (host)
        attempt('closing confirmation', () =>
          on ? t.enableClosingConfirmation.ifAvailable() : t.disableClosingConfirmation.ifAvailable(),
        )
      else if (on) window.addEventListener('beforeunload', askBeforeLeaving)
      else window.removeEventListener('beforeunload', askBeforeLeaving)
    },
    setVerticalSwipes: (on) =>
      inTelegram('vertical swipes', () =>
        on ? t.enableVerticalSwipes.ifAvailable() : t.disableVerticalSwipes.ifAvailable(),
      ),
    hapticSelection: () => inTelegram('haptic', () => t.hapticFeedbackSelectionChanged.ifAvailable()),
    onThemeChanged: (listener) => {
      let off: VoidFunction = () => {}
      inTelegram('theme changes', () => {
        off = t.on('theme_changed', (e) => listener({ ...(e.theme_params as Record<string, string>) }))
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
      inTelegram('header colour', () => t.setMiniAppHeaderColor.ifAvailable(colour))
      inTelegram('background colour', () => t.setMiniAppBackgroundColor.ifAvailable(colour))
      inTelegram('bottom bar colour', () => t.setMiniAppBottomBarColor.ifAvailable(colour))
    },
    cloudGet: (key) =>
      defer(async () => {
        const [called, pending] = host ? t.getCloudStorageItem.ifAvailable(key) : [false]
        const kept: unknown = called ? await pending : host ? null : pageCloud.get(key)
        return typeof kept === 'string' && kept !== '' ? kept : null
      }),
    cloudSet: (key, value) =>
      defer(async () => {
        if (!host) return pageCloud.set(key, value)
        const [called, pending] = t.setCloudStorageItem.ifAvailable(key, value)
        if (called) await pending
      }),
    openLink: (url) => {
      const [called] = host ? t.openLink.ifAvailable(url) : [false]
      if (!called) window.open(url, '_blank', 'noopener')
    },
    openTelegramLink: (url) => {
      const [called] = host ? t.openTelegramLink.ifAvailable(url) : [false]
      if (!called) window.open(url, '_blank', 'noopener')
    },
    shareLink: (url, text) => {
      const [called] = host ? t.shareURL.ifAvailable(url, text) : [false]
      if (!called)
        window.open(
          `https://t.me/share/url?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text ?? '')}`,
          '_blank',
          'noopener',
        )
    },
    openInvoice: (url) =>
      defer(async () => {
        // A host takes the invoice itself; a dev-mode page without one has the payment sheet's stand-in.
        const devHost = host ? undefined : pageInvoiceHost()
        if (devHost) return devHost.openInvoice(url)
        const [called, pending] = host ? t.openInvoice.ifAvailable(url, 'url') : [false]
        if (!called) throw new Error('invoices need Telegram')
        return String(await pending)
      }),
    reload: () => window.location.reload(),
  }
}
