/** The bottom menu (app.29-31): its items and which one the path makes active. */

export type MenuItemId = 'mining' | 'frens' | 'bigpump' | 'home' | 'stats'
export interface MenuItem {
  id: MenuItemId
  /** In-app route, or null for an item that opens an outside link. */
  route: string | null
}
/** app.29, in the order the bar shows them. */
export const MENU_ITEMS: readonly MenuItem[] = [
  { id: 'home', route: '/' },
  { id: 'mining', route: '/mining' },
  { id: 'frens', route: '/mining/frens' },
  { id: 'bigpump', route: null },
  { id: 'stats', route: null },
]

const routeMatches = (route: string, path: string) => route === '/' || path === route || path.startsWith(route + '/')

/** app.30-31: the item whose route is the longest match of the path; home when none matches. */
export function activeMenuItem(path: string, items: readonly MenuItem[] = MENU_ITEMS): MenuItemId {
  let best: MenuItem | null = null
  for (const item of items) {
    if (item.route === null || !routeMatches(item.route, path)) continue
    if (best === null || item.route.length > (best.route ?? '').length) best = item
  }
  return best?.id ?? 'home'
}
