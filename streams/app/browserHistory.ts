/**
 * The real BrowserHistory over window.history. The URL never changes (the route is state, and the
 * server serves the page at / only): each entry carries the route in its state, so a reload and
 * Back and Forward all stay on the one page.
 */
import type { BrowserHistory } from '../deps'

export const disabledHistory: BrowserHistory = {
  enabled: false,
  current: () => null,
  push: () => {},
  replace: () => {},
  go: () => {},
  onPop: () => () => {},
}

/**
 * Where a Telegram host answered (streams/telegram/host.ts) the host owns Back: its back button
 * drives, and the web clients' iframe would share the outer page's history. Elsewhere the browser's
 * Back and Forward move through the app's route.
 */
export function browserHistory(telegramHost: boolean, w: Window = window): BrowserHistory {
  if (telegramHost) return disabledHistory
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
