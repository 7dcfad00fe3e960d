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
}

/** The root screen shows no back button (app.14). */
export const isInnerScreen = (path: string) => path !== '/'

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
