import type { KeyValueStorage } from './deps'

/** window.localStorage, tolerant of a web-view that refuses storage (private mode, quota). */
export function browserStorage(): KeyValueStorage {
  const ls = (): Storage | null => {
    try {
      return window.localStorage
    } catch {
      return null
    }
  }
  return {
    get: (k) => {
      try {
        return ls()?.getItem(k) ?? null
      } catch {
        return null
      }
    },
    set: (k, v) => {
      try {
        ls()?.setItem(k, v)
      } catch (e) {
        console.warn('local storage write failed', e)
      }
    },
    remove: (k) => {
      try {
        ls()?.removeItem(k)
      } catch {
        /* nothing stored to remove */
      }
    },
    clear: () => {
      try {
        ls()?.clear()
      } catch (e) {
        console.warn('local storage clear failed', e)
      }
    },
  }
}
