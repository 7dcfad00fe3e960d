/**
 * Routes and back targets (doc 1 §2, app.13-14). A location is the path plus its query, kept as a
 * string so that a replayed log lands on the same screen with the same query.
 */

export interface Location {
  path: string
  search: string
}

export function parseLocation(href: string): Location {
  const q = href.indexOf('?')
  const path = q < 0 ? href : href.slice(0, q)
  const search = q < 0 ? '' : href.slice(q)
  return { path: path === '' ? '/' : path, search }
}
export const formatLocation = (l: Location) => l.path + l.search

export function queryParam(search: string, name: string): string | null {
  return new URLSearchParams(search).get(name)
}

/**
 * Screens whose back button goes to a fixed place instead of the previous path (app.14 and the
 * route notes of doc 1 §2). Registered per feature as the screens are built.
 */
export const BACK_TARGETS: Record<string, string> = {
  '/refill/from': '/',
  '/refill/to': '/refill/from',
  '/confirmSwap': '/',
  '/send/success': '/',
  '/copyTrade/traderSuccessfully': '/',
  '/copyTrade/traderArchive': '/',
  '/copyTrade/notBalance': '/',
  '/copyTrade': '/',
  '/copyTrade/chooseTokens': '/copyTrade/chooseNetwork',
  '/copyTrade/traderDeposit': '/copyTrade/chooseTokens',
  '/trade': '/copyTrade/traderArchive',
  '/mining/guilds': '/mining',
  '/mining/staking': '/mining',
  '/mining/staking/deposits': '/mining',
  '/mining/staking/successDeposit': '/mining/staking/deposits',
}

/** The bottom menu's own screens (app.29): tabs, roots of their own, with no back button. */
export const TAB_ROOTS: ReadonlySet<string> = new Set(['/', '/mining', '/mining/frens'])

/** Inner screens show the back button (app.14); home and the other tabs do not. */
export const isInnerScreen = (path: string) => !TAB_ROOTS.has(path)

/**
 * Where the back button leads from the top of a history stack: the screen's own target if it has
 * one, else the previous entry, else home.
 */
export function backTarget(history: readonly string[]): string {
  const current = history[history.length - 1] ?? '/'
  const fixed = BACK_TARGETS[parseLocation(current).path]
  if (fixed !== undefined) return fixed
  return history[history.length - 2] ?? '/'
}

/**
 * The history after navigating to `to` (app.13). A location already in the history is returned
 * to: the screens opened since leave it. So a picker that hands its choice back to the screen it
 * was opened from (/selectNetwork/from back to /swap, /send back to /send/info) leaves no entry
 * behind, and one back press from that screen goes where its own back leads, not through every
 * picker visited. `replace`: the new screen takes the current one's place (a screen that only
 * routes on).
 */
export function navigate(history: readonly string[], to: string, replace = false): string[] {
  const top = history.length - 1
  if (history[top] === to) return [...history]
  const earlier = history.lastIndexOf(to, top - 1)
  if (earlier >= 0) return history.slice(0, earlier + 1)
  return replace && top >= 0 ? [...history.slice(0, top), to] : [...history, to]
}

/** The history after the back button (app.14): back to the target's entry, or the target alone. */
export function back(history: readonly string[]): string[] {
  const target = backTarget(history)
  const i = history.lastIndexOf(target, history.length - 2)
  return i >= 0 ? history.slice(0, i + 1) : [target]
}
