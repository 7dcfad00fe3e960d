/**
 * The live app: a store, the HTTP client, the Telegram bridge and storage wired into the epics, then
 * the launch facts dispatched as the first events of the log.
 */
import { asyncScheduler } from 'rxjs'
import type { LaunchPayload } from '../domain/app/events'
import { MAINTENANCE_STORAGE_KEY } from '../domain/app/rules'
import { ev } from '../domain/events'
import type { Deps, KeyValueStorage, TelegramBridge } from './deps'
import { rootEpics } from './epics'
import { createHttpClient, fetchTransport, serverListsFromEnv } from './http/client'
import { type Store, createStore } from './store'

export interface LiveOptions {
  telegram: TelegramBridge
  launch: LaunchPayload
  storage: KeyValueStorage
  /** Build-time configuration (import.meta.env). */
  env: Record<string, string | undefined>
  origin: string
}

export function startLiveApp({ telegram, launch, storage, env, origin }: LiveOptions): Store {
  const clock = { now: () => Date.now() }
  const store = createStore({ clock })
  const api = createHttpClient({
    servers: serverListsFromEnv(env, origin),
    initDataRaw: () => telegram.initDataRaw,
    transport: fetchTransport,
    onServerSwitched: (s) => store.dispatch(ev('app/serverSwitched', s)),
  })
  const deps: Deps = { api, telegram, storage, clock, random: { next: Math.random }, scheduler: asyncScheduler }
  store.run(rootEpics, deps)
  store.dispatch(ev('app/launched', launch))
  store.dispatch(ev('app/storageLoaded', { isMaintenance: storage.get(MAINTENANCE_STORAGE_KEY) }))
  return store
}
