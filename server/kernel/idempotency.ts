/**
 * Idempotent writes: one key is one change, whatever the retries, failovers and double taps.
 *
 * A key is looked up before anything else is checked: a retry whose first answer was lost gets
 * that answer again, even when a check would now refuse it (the whole balance was sent, so "not
 * enough balance" would be true and wrong). Then the write and the key's claim share one
 * transaction: of two concurrent requests with one key, the second waits on the first's claim row
 * and answers what the first committed; if the first rolled back, the second runs.
 */
import type { Db } from '../db'
import { IDEMPOTENCY_KEY_RULE, isIdempotencyKey } from '../../domain/api/idempotencyKey'
import { BadRequest } from './validate'

/** A request's key as the client drew it, or a 400 on `idempotencyKey` for any other shape (domain/api/idempotencyKey.ts). */
export function keyOrRefuse<K extends string | null>(key: K): K {
  if (key !== null && !isIdempotencyKey(key)) throw new BadRequest(IDEMPOTENCY_KEY_RULE, 'idempotencyKey')
  return key
}

/** The answer a key already has, or undefined when the key is new. */
export async function previousAnswer<T>(db: Db, userId: number, key: string): Promise<T | undefined> {
  const [row] = await db.query<{ response: T }>(
    'SELECT response FROM idempotency WHERE user_id = $1 AND key = $2',
    [userId, key],
    { name: 'idempotency.answer' },
  )
  return row?.response
}

/**
 * A keyed request's checks, run before its write: when one refuses (throws), the key is looked up
 * again. The same request sent at the same moment (ten taps, a retry on the next server) may have
 * committed in between and made the check false itself (the order it pays is paid, the balance
 * spent): then its answer is this request's answer too, not the refusal. A twin's write commits
 * with its key's answer, so a check that saw the write sees the answer.
 */
export async function checkedOrAnswered<T>(
  db: Db,
  userId: number,
  key: string | null,
  checks: () => Promise<void>,
): Promise<T | undefined> {
  try {
    await checks()
    return undefined
  } catch (e) {
    const answered = key === null ? undefined : await previousAnswer<T>(db, userId, key)
    if (answered === undefined) throw e
    return answered
  }
}

/**
 * Runs `write` once per (user, key) and answers its result, or the first result for a key already
 * used. `key` null: no key was given, so the write just runs. Each feature namespaces its keys
 * (`transfer:`, `copytrade:`...), so one client key cannot collide across calls.
 */
export async function once<T>(db: Db, userId: number, key: string | null, write: (tx: Db) => Promise<T>): Promise<T> {
  if (key === null) return db.transaction(write)
  // No look-up before the transaction: its claim finds a used key as well (and the answer is read
  // there), and a first request, nearly every one, saves a statement and a wait for a pooled
  // connection. Callers that check anything before once() look the key up first themselves.
  return db.transaction(async (tx) => {
    const claimed = await tx.query(
      'INSERT INTO idempotency (user_id, key, response, status) VALUES ($1, $2, $3::jsonb, 200) ON CONFLICT DO NOTHING RETURNING key',
      [userId, key, '{}'],
      {
        name: 'idempotency.claim',
      },
    )
    if (claimed.length === 0) return (await previousAnswer<T>(tx, userId, key)) as T
    const answer = await write(tx)
    await tx.query(
      'UPDATE idempotency SET response = $3::jsonb WHERE user_id = $1 AND key = $2',
      [userId, key, JSON.stringify(answer)],
      { name: 'idempotency.answered' },
    )
    return answer
  })
}
