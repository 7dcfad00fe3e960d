/**
 * The recorded log in IndexedDB: one record per event keyed by seq, written in batches; older
 * records beyond the limit are deleted in the same transaction.
 */
import type { AppEvent } from '../../domain/events'
import type { LogStore } from './recorder'

const DB_NAME = 'switch-wallet-recorder'
const STORE = 'events'

const request = <T>(r: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    r.onsuccess = () => resolve(r.result)
    r.onerror = () => reject(r.error)
  })

const done = (tx: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve()
    tx.onerror = () => reject(tx.error)
    tx.onabort = () => reject(tx.error ?? new Error('transaction aborted'))
  })

export function idbLogStore(factory: IDBFactory = indexedDB): LogStore {
  let db: Promise<IDBDatabase> | null = null
  const open = () =>
    (db ??= new Promise<IDBDatabase>((resolve, reject) => {
      const r = factory.open(DB_NAME, 1)
      r.onupgradeneeded = () => r.result.createObjectStore(STORE, { keyPath: 'seq' })
      r.onsuccess = () => resolve(r.result)
      r.onerror = () => reject(r.error)
    }))
  return {
    async load() {
      const tx = (await open()).transaction(STORE, 'readonly')
      return request(tx.objectStore(STORE).getAll())
    },
    async append(events: readonly AppEvent[], keepLast: number) {
      const tx = (await open()).transaction(STORE, 'readwrite')
      const store = tx.objectStore(STORE)
      for (const e of events) store.put(e)
      const count = await request(store.count())
      if (count > keepLast) {
        const cursor = store.openKeyCursor()
        let excess = count - keepLast
        cursor.onsuccess = () => {
          const c = cursor.result
          if (c === null || excess <= 0) return
          store.delete(c.primaryKey)
          excess--
          c.continue()
        }
      }
      await done(tx)
    },
    async clear() {
      const tx = (await open()).transaction(STORE, 'readwrite')
      tx.objectStore(STORE).clear()
      await done(tx)
    },
  }
}
