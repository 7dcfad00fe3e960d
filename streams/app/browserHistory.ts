/**
 * The real BrowserHistory over window.history. The URL never changes (the route is state, and the
 * server serves the page at / only): each entry carries the route in its state, so a reload and
 * Back and Forward all stay on the one page.
 */
import type { BrowserHistory } from '../deps'

/**
 * Inside a Telegram client the host owns Back: the mobile clients talk through
 * TelegramWebviewProxy, Windows Phone through external.notify, the web clients run the app in an
 * iframe (whose pushState would share the outer page's history).
 */
export function insideTelegramHost(w: Window): boolean {
  const external = (w as unknown as { external?: { notify?: unknown } }).external
  return 'TelegramWebviewProxy' in w || typeof external?.notify === 'function' || w.parent !== w
}

export const disabledHistory: BrowserHistory = {
  enabled: false,
  current: () => null,
  push: () => {},
  replace: () => {},
  go: () => {},
  onPop: () => () => {},
}

export function browserHistory(w: Window = window): BrowserHistory {
  if (insideTelegramHost(w)) return disabledHistory
  const url = () => w.location.pathname + w.location.search + w.location.hash
  return {
    enabled: true,
    current: () => w.history.state as unknown,
    push: (state) => w.history.pushState(state, '', url()),
    replace: (state) => w.history.replaceState(state, '', url()),
    go: (delta) => w.history.go(delta),
    onPop: (listener) => {
      const handler = (e: PopStateEvent) => listener(e.state)
      w.addEventListener('popstate', handler)
      return () => w.removeEventListener('popstate', handler)
    },
  }
}
