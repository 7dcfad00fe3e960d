/**
 * A task done: one row in task_completions per (user, code, reference), written under the
 * user's lock, and its reward and boost paid only by the transaction that wrote the row. So a
 * completion judged twice at once (two reads, a read and the verification job, two claims) pays
 * once: the second finds the row, or for a repeating task a completion still running, and does
 * nothing.
 */
import { SWITCH_DECIMALS } from '../../domain/mining/accrual'
import { toUnits } from '../../domain/money'
import type { Db } from '../db'
import { lockUsers, post } from '../kernel/ledger'
import { grantBoost } from '../mining/boosts'
import { switchEntry } from '../mining/miner'

export interface Completion {
  /** 'once' for a one-off task, the UTC day for a daily one, the fact for a repeating one. */
  reference: string
  /** What it counted (the streak day, dollars, PUNK...), kept for the view. */
  amount?: bigint
  /** SWITCH credited (exact decimal text). */
  reward?: string
  /** Extra speed (nano-SWITCH an hour) until `endsAt`, or for `boostMs`. */
  speed?: bigint
  boostMs?: number
  /** When a repeating task's completion runs out (and its boost with it); none: it stays done. */
  endsAt?: number
}

export const nanoSwitch = (text: string): bigint => toUnits(text, SWITCH_DECIMALS) ?? 0n

/** A one-off task's completion: its reward and its boost, as the catalogue gives them. */
export const onceCompletion = (def: { reward?: string; boost?: { speed: string; hours: number } }): Completion => ({
  reference: 'once',
  reward: def.reward,
  ...(def.boost ? { speed: nanoSwitch(def.boost.speed), boostMs: def.boost.hours * 3_600_000 } : {}),
})
const iso = (at: number) => new Date(at).toISOString()

/** Writes the completion and pays it; false when it was done already (nothing paid). Inside `tx`. */
export async function completeTask(tx: Db, userId: number, code: string, c: Completion, now: number): Promise<boolean> {
  await lockUsers(tx, [userId])
  if (c.endsAt !== undefined) {
    const running = await tx.query(
      'SELECT 1 FROM task_completions WHERE user_id = $1 AND code = $2 AND (ends_at IS NULL OR ends_at > $3) LIMIT 1',
      [userId, code, iso(now)],
    )
    if (running.length > 0) return false
  }
  const inserted = await tx.query(
    `INSERT INTO task_completions (user_id, code, reference, done_at, ends_at, amount) VALUES ($1, $2, $3, $4, $5, $6::numeric)
     ON CONFLICT (user_id, code, reference) DO NOTHING RETURNING code`,
    [
      userId,
      code,
      c.reference,
      iso(now),
      c.endsAt === undefined ? null : iso(c.endsAt),
      c.amount === undefined ? null : c.amount.toString(),
    ],
  )
  if (inserted.length === 0) return false
  const reference = `${code}:${c.reference}`
  const reward = c.reward === undefined ? 0n : nanoSwitch(c.reward)
  if (reward > 0n) await post(tx, [switchEntry(userId, reward, 'task', reference)])
  const until = c.endsAt ?? (c.boostMs === undefined ? undefined : now + c.boostMs)
  if (c.speed !== undefined && c.speed > 0n && until !== undefined && until > now)
    await grantBoost(tx, { userId, source: 'task', reference, speed: c.speed, from: now, to: until }, now)
  return true
}
