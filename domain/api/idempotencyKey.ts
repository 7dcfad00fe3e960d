/**
 * An idempotency key's shape, the client's and the server's: 8 to 100 letters, digits, - or _.
 * The client draws 32 hex digits (streams/idempotency.ts); the server refuses any other shape with
 * a 400 on the field (server/kernel/idempotency.ts `keyOrRefuse`).
 */
export const IDEMPOTENCY_KEY_RULE = 'idempotencyKey must be 8 to 100 letters, digits, - or _'

export const isIdempotencyKey = (key: string): boolean => /^[\w-]{8,100}$/.test(key)
