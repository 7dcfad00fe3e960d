/**
 * The flight recorder: every live event, redacted, kept in a bounded log and written to
 * persistent storage in batches, so a reload or a crash of the web-view keeps the session.
 */
import { type Observable, Subscription, bufferTime, filter, map, share } from 'rxjs'
import type { AppEvent } from '../../domain/events'
import { redactEvent } from '../../domain/devtools/redact'

export const DEFAULT_LOG_LIMIT = 20_000
export const PERSIST_BATCH_MS = 1_000

/** Where the recorded log lives between page loads (IndexedDB in the browser). */
export interface LogStore {
  /** The stored events, oldest first; rejects if the store is unreadable. */
  load(): Promise<unknown[]>
  append(events: readonly AppEvent[], keepLast: number): Promise<void>
  clear(): Promise<void>
}

export interface Recorder {
  /** The recorded events, oldest first (already redacted). */
  events(): readonly AppEvent[]
  stop(): void
}

export function startRecorder(
  events$: Observable<AppEvent>,
  options: { store?: LogStore; limit?: number; batchMs?: number; initial?: readonly AppEvent[] } = {},
): Recorder {
  const limit = options.limit ?? DEFAULT_LOG_LIMIT
  let log: AppEvent[] = [...(options.initial ?? [])].slice(-limit)
  const recorded$ = events$.pipe(map(redactEvent), share())
  const subs = new Subscription()
  if (options.store) {
    const store = options.store
    subs.add(
      recorded$
        .pipe(
          bufferTime(options.batchMs ?? PERSIST_BATCH_MS),
          filter((batch) => batch.length > 0),
        )
        .subscribe((batch) => {
          store.append(batch, limit).catch((e) => console.warn('recorded log not saved', e))
        }),
    )
  }
  subs.add(
    recorded$.subscribe((e) => {
      log.push(e)
      // Trimmed in chunks, not on every event, so recording stays O(1) amortised.
      if (log.length > limit + Math.ceil(limit / 10)) log = log.slice(-limit)
    }),
  )
  return {
    events: () => (log.length > limit ? log.slice(-limit) : log),
    stop: () => subs.unsubscribe(),
  }
}
