/**
 * React keys for a list's rows, from what names each item. An item an answer names again (one
 * token listed twice) gets a key of its own: siblings sharing a key leave a stale row on the screen
 * when the next answer (a later poll) renders the list anew.
 */
export function listKeys<T>(items: readonly T[], keyOf: (item: T) => string): string[] {
  const seen = new Map<string, number>()
  return items.map((item) => {
    const key = keyOf(item)
    const repeats = seen.get(key) ?? 0
    seen.set(key, repeats + 1)
    return repeats === 0 ? key : `${key}\u0001${repeats}`
  })
}

/** The items with their keys (listKeys), for a list rendered straight from an answer. */
export const withKeys = <T>(items: readonly T[], keyOf: (item: T) => string): [string, T][] => {
  const keys = listKeys(items, keyOf)
  return items.map((item, i) => [keys[i], item])
}
