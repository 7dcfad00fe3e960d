/**
 * The live app: a store, the HTTP client, the Telegram bridge, storage and the recorder wired into
 * the epics, then the launch facts dispatched as the first events of this session.
 */
import { asyncScheduler } from 'rxjs'
import type { LaunchPayload } from '../domain/app/events'
import { MAINTENANCE_STORAGE_KEY } from '../domain/app/maintenance'
import { type AppEvent, ev } from '../domain/events'
import { checkEvents } from '../domain/log'
import type { BrowserHistory, Deps, KeyValueStorage, TelegramBridge } from './deps'
import { disabledHistory } from './app/browserHistory'
import { DEFAULT_LOG_LIMIT, type LogStore, type Recorder, startRecorder } from './devtools/recorder'
import { rootEpics } from './epics'
import { type Feature, setFeatureHost } from './features'
import { type FeatureName, withSlicesRefolded } from '../domain/state'
import type { NamedEpic } from './store'
import { createHttpClient, fetchTransport, serverListsFromEnv } from './http/client'
import { lazyTonConnect, tonConnectConfig } from './payments/tonConnect'
import { type Store, createStore } from './store'

export interface LiveOptions {
  telegram: TelegramBridge
  /** The browser's history, mirrored in a plain browser; none: not mirrored. */
  history?: BrowserHistory
  launch: LaunchPayload
  storage: KeyValueStorage
  /** Build-time configuration (import.meta.env). */
  env: Record<string, string | undefined>
  origin: string
  /** Where the recorded log persists; none: kept in memory only. */
  logStore?: LogStore
  /** Extra facts exported with a log (platform, screen). */
  deviceEnv?: () => Record<string, unknown>
  /** Session storage: where the log's newest events are kept as the page goes (see keepTail). */
  session?: Pick<KeyValueStorage, 'get' | 'set' | 'remove'>
}

/**
 * The stored log is written in 1 s batches, asynchronously, and a reload does not wait for a
 * write: the newest events are also kept synchronously as the page goes, so a journey comes back
 * with what was typed in its last second (domain/app/journey.ts).
 */
export const LOG_TAIL_KEY = 'switch-wallet/log-tail'
export const LOG_TAIL_EVENTS = 200

/** The kept events that continue the stored log (none if they do not join it seq for seq). */
export function tailAfter(stored: readonly AppEvent[], kept: string | null): AppEvent[] {
  if (kept === null) return []
  let tail: unknown
  try {
    tail = JSON.parse(kept)
  } catch {
    return []
  }
  if (!Array.isArray(tail) || checkEvents(tail) !== null) return []
  const last = stored.at(-1)?.seq ?? 0
  const newer = (tail as AppEvent[]).filter((e) => e.seq > last)
  return newer.length > 0 && (stored.length === 0 || newer[0].seq === last + 1) ? newer : []
}

export interface LiveApp {
  store: Store
  recorder: Recorder
  deps: Deps
  /** Stops and restarts every epic: the time-travel panel pauses effects off the head. */
  effects: { pause(): void; resume(): void }
  /** Keeps the log's newest events in session storage, synchronously (call it as the page goes). */
  keepTail(): void
}

/** A stored log from earlier sessions, or why it was dropped. A broken store never stops the app. */
async function loadStoredLog(logStore: LogStore | undefined): Promise<{ events: AppEvent[]; dropped: string | null }> {
  if (!logStore) return { events: [], dropped: null }
  try {
    const stored = await Promise.race([
      logStore.load(),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('the stored log took too long to read')), 1500),
      ),
    ])
    const problem = checkEvents(stored)
    if (problem === null) return { events: stored as AppEvent[], dropped: null }
    await logStore.clear().catch(() => undefined)
    return { events: [], dropped: problem }
  } catch (e) {
    await logStore.clear().catch(() => undefined)
    return { events: [], dropped: e instanceof Error ? e.message : String(e) }
  }
}

export async function startLiveApp(o: LiveOptions): Promise<LiveApp> {
  const { events: stored, dropped } = await loadStoredLog(o.logStore)
  const tail = tailAfter(stored, o.session?.get(LOG_TAIL_KEY) ?? null)
  o.session?.remove(LOG_TAIL_KEY)
  if (tail.length > 0)
    await o.logStore?.append(tail, DEFAULT_LOG_LIMIT).catch((e) => console.warn('recorded log not saved', e))
  const earlier = [...stored, ...tail]
  const clock = { now: () => Date.now() }
  const store = createStore({ clock, lastSeq: earlier.at(-1)?.seq ?? 0 })
  const recorder = startRecorder(store.events$, { store: o.logStore, initial: earlier })
  const servers = serverListsFromEnv(o.env, o.origin)
  const api = createHttpClient({
    servers,
    initDataRaw: () => o.telegram.initDataRaw,
    transport: fetchTransport,
    onServerSwitched: (s) => store.dispatch(ev('app/serverSwitched', s)),
  })
  const deps: Deps = {
    api,
    cookies: {
      set: (name, value) => {
        document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=31536000; SameSite=Lax`
      },
    },
    telegram: o.telegram,
    // Payments are the mining service's: its first server serves TonConnect's manifest and wallets list.
    tonConnect: lazyTonConnect(tonConnectConfig(servers.mining[0])),
    history: o.history ?? disabledHistory,
    storage: o.storage,
    clock,
    random: { next: Math.random },
    scheduler: asyncScheduler,
    recorder: {
      events: () => recorder.events(),
      env: () => ({ platform: o.launch.platform, telegramVersion: o.launch.version, ...o.deviceEnv?.() }),
    },
  }
  // The first screen's epics now; a game feature's when its chunk is in (streams/features.ts).
  const epics: NamedEpic[] = [...rootEpics]
  let running = store.run(epics, deps)
  const effects = {
    pause: () => running.unsubscribe(),
    resume: () => {
      if (running.closed) running = store.run(epics, deps)
    },
  }
  setFeatureHost({
    adopt(feature: Feature, fresh: readonly FeatureName[]) {
      api.addEndpoints(feature.endpoints)
      // This session's events as the new handlers see them: live state stays the log's fold.
      if (fresh.length > 0) store.resetState(withSlicesRefolded(store.getState(), recorder.events(), fresh))
      epics.push(...feature.epics)
      if (!running.closed) running.add(store.run(feature.epics, deps))
    },
  })
  store.dispatch(ev('app/launched', o.launch))
  store.dispatch(ev('app/storageLoaded', { isMaintenance: o.storage.get(MAINTENANCE_STORAGE_KEY) }))
  if (dropped !== null) store.dispatch(ev('devtools/storedLogDropped', { reason: dropped }))
  const keepTail = () => o.session?.set(LOG_TAIL_KEY, JSON.stringify(recorder.events().slice(-LOG_TAIL_EVENTS)))
  return { store, recorder, deps, effects, keepTail }
}
