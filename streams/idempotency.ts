/**
 * Idempotency keys for writes a client may retry (a transfer, a swap, a copy trade): drawn from the
 * injected random source, so a replay draws nothing and tests choose the key.
 */
import type { Deps } from './deps'

/** 128 random bits as 32 hex digits. */
export function idempotencyKey(deps: Pick<Deps, 'random'>): string {
  let key = ''
  for (let i = 0; i < 4; i++) key += Math.floor(deps.random.next() * 2 ** 32).toString(16).padStart(8, '0')
  return key
}
