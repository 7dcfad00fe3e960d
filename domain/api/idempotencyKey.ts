/**
 * An idempotency key's shape, the client's and the server's: 8 to 100 letters, digits, - or _.
 * The client draws 32 hex digits (streams/idempotency.ts); the server refuses any other shape with
 * a 400 on the field (server/kernel/idempotency.ts `keyOrRefuse`).
 */
export const IDEMPOTENCY_KEY_MIN_LENGTH = 8
export const IDEMPOTENCY_KEY_MAX_LENGTH = 100

export const IDEMPOTENCY_KEY_RULE = `idempotencyKey must be ${IDEMPOTENCY_KEY_MIN_LENGTH} to ${IDEMPOTENCY_KEY_MAX_LENGTH} letters, digits, - or _`

const SHAPE = new RegExp(`^[\\w-]{${IDEMPOTENCY_KEY_MIN_LENGTH},${IDEMPOTENCY_KEY_MAX_LENGTH}}$`)

export const isIdempotencyKey = (key: string): boolean => SHAPE.test(key)
