/** Token picker rules (doc 1 §2, §5, §9). */

/** picker.6 */
export const PICKER_PAGE_SIZE = 20
/** picker.4 */
export const SEARCH_DEBOUNCE_MS = 300
/** picker.7: the next page loads when this share of the loader row is visible. */
export const LOADER_VISIBLE_SHARE = 0.1

/** picker.1-3: 0x + 40 hex, or exactly 48 characters, is an address; anything else is text. */
export function searchKind(query: string): 'address' | 'text' {
  return /^0x[0-9a-fA-F]{40}$/.test(query) || query.length === 48 ? 'address' : 'text'
}

/** picker.13-14: pasted text becomes the search only when it starts with 0x; otherwise the search is cleared. */
export const pastedSearch = (clipboard: string): string => (clipboard.trim().startsWith('0x') ? clipboard.trim() : '')

export type PickerPurpose = 'refill' | 'send' | 'swapFrom' | 'swapTo'

/** picker.16-18: where picking a token leads. */
export const PICKED_ROUTE: Record<PickerPurpose, string> = {
  refill: '/refill/qr',
  send: '/send/info',
  swapFrom: '/swap',
  swapTo: '/swap',
}

/**
 * Send and swap start from what the user holds: held tokens first, the largest USD value
 * first, the rest in the server's order. The server orders every match this way; its answer groups
 * a page by chain, which loses that order across chains, so each page is put back in it (stable).
 */
export function heldFirst<T extends { formattedAmount?: string; usdFormattedAmount?: number }>(
  tokens: readonly T[],
): T[] {
  const value = (t: T) => (t.formattedAmount === undefined ? -1 : (t.usdFormattedAmount ?? 0))
  return tokens
    .map((t, i) => ({ t, i }))
    .sort((a, b) => value(b.t) - value(a.t) || a.i - b.i)
    .map(({ t }) => t)
}
