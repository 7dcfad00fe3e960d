/**
 * Idempotency keys for writes a client may retry (a transfer, a swap, a copy trade): drawn from the
 * injected random source, so a replay draws nothing and tests choose the key.
 */
import type { Deps } from './deps'

/** 128 random bits as 32 hex digits. */
export function idempotencyKey(deps: Pick<Deps, 'random'>): string {
  let key = ''
  for (let i = 0; i < 4; i++)
    key += Math.floor(deps.random.next() * 2 ** 32)
      .toString(16)
      .padStart(8, '0')
  return key
}

/**
 * The key of one write, kept while its outcome is unknown: a write that got no answer (a network
 * failure, a timeout or a 5xx, after the HTTP client's own retry) may have been made, so the same
 * write tapped again goes with the same key and the server makes it once. A refusal (4xx) or an
 * answer settles it; a different write (`what` differs: another amount, pair or period) draws anew.
 * One per epic run: its memory is the epic's, and the key still enters the log with the event
 * that announces the write.
 */
export function writeKeys(deps: Pick<Deps, 'random'>) {
  let kept: { what: string; key: string } | null = null
  return {
    /** The key for this write: the kept one if the last unsettled write was this one. */
    keyFor(what: unknown): string {
      const id = JSON.stringify(what)
      if (kept?.what !== id) kept = { what: id, key: idempotencyKey(deps) }
      return kept.key
    },
    /** The write was answered (or refused): its key is spent. */
    settled(): void {
      kept = null
    },
    /** How a failure ends the write: a refusal settles it, anything else leaves its outcome unknown. */
    failed(error: { kind: string }): void {
      if (error.kind === 'rejected') kept = null
    },
  }
}
