/**
 * Autoclaim (tasks.43-52), the first paid feature: bought for 195 Stars, the TON price from the
 * custodial wallet, or the TON price from an external wallet (server/payments). Once granted, the
 * server claims for the user before each deadline through the job queue, so nothing of theirs burns
 * while it is paid; the user's record says autoclaimActive until it runs out.
 */
import type { Db } from '../db'
import type { Clock } from '../kernel/clock'
import type { Jobs } from '../kernel/jobs'
import type { Product } from '../payments/orders'
import { deadlineOf } from '../../domain/mining/accrual'
import { fromUnits } from '../../domain/money'
import { lockUsers } from '../kernel/ledger'
import { type ClaimHook, claimMining } from './miner'
import { AUTOCLAIM } from './seed'

export const AUTOCLAIM_JOB = 'mining-autoclaim'
const DAY_MS = 86_400_000
const iso = (ms: number) => new Date(ms).toISOString()
const ms = (d: Date | string) => (d instanceof Date ? d : new Date(d)).getTime()

interface AutoclaimRow {
  autoclaim_until: Date | string | null
  window_start: Date | string
}

async function autoclaimRow(db: Db, userId: number): Promise<AutoclaimRow | null> {
  const [r] = await db.query<AutoclaimRow>(
    'SELECT autoclaim_until, window_start FROM mining_users WHERE user_id = $1',
    [userId],
  )
  return r ?? null
}

/** When the job claims for a window: its deadline less the lead, and never in the past. */
const runAtFor = (windowStart: number, now: number) => Math.max(now, deadlineOf({ windowStart }) - AUTOCLAIM.leadMs)

export function autoclaimProduct(jobs: Jobs): Product {
  return {
    price: () => ({ stars: AUTOCLAIM.stars, tonNano: AUTOCLAIM.tonNano }),
    async refusal(tx, userId, _params, now) {
      const r = await autoclaimRow(tx, userId)
      if (r === null) return 'Start mining first: autoclaim claims for a miner.'
      if (r.autoclaim_until !== null && ms(r.autoclaim_until) > now) return 'Autoclaim is already active.'
      return null
    },
    async grant(tx, order, now) {
      const until = now + AUTOCLAIM.days * DAY_MS
      const [r] = await tx.query<{ window_start: Date | string }>(
        `UPDATE mining_users SET autoclaim_active = true, autoclaim_until = $2, last_payment_at = $3 WHERE user_id = $1 RETURNING window_start`,
        [order.userId, iso(until), iso(now)],
      )
      // In the same transaction: granted means scheduled.
      await jobs.send(
        AUTOCLAIM_JOB,
        { userId: order.userId },
        { runAt: runAtFor(ms(r.window_start), now), singletonKey: `user:${order.userId}`, db: tx },
      )
    },
    /**
     * A refunded period stops now (its job then finds it over and turns autoclaim off). Undone
     * exactly when autoclaim has claimed nothing since the grant; otherwise what it claimed stays
     * the user's (their own mining, kept from burning) and the refund is flagged.
     */
    async undo(tx, order, now) {
      // The ledger lock every claim takes, and the autoclaim job before it reads the period: a run
      // under way finishes first and its claim is seen below; a run after this finds the period over.
      await lockUsers(tx, [order.userId])
      const [r] = await tx.query<{ autoclaim_until: Date | string | null; autoclaim_claimed_at: Date | string | null }>(
        'SELECT autoclaim_until, autoclaim_claimed_at FROM mining_users WHERE user_id = $1 FOR UPDATE',
        [order.userId],
      )
      const grantedAt = order.grantedAt ?? order.createdAt
      const periodEnd = grantedAt + AUTOCLAIM.days * DAY_MS
      // Another period cannot start while one runs (refusal): an active one ending by this period's end is this order's.
      const running = r?.autoclaim_until != null && ms(r.autoclaim_until) > now && ms(r.autoclaim_until) <= periodEnd
      if (running)
        await tx.query('UPDATE mining_users SET autoclaim_active = false, autoclaim_until = $2 WHERE user_id = $1', [
          order.userId,
          iso(now),
        ])
      const stopped = running ? `stopped at ${iso(now)}` : `already over at ${iso(Math.min(periodEnd, now))}`
      const claimedAt = r?.autoclaim_claimed_at == null ? null : ms(r.autoclaim_claimed_at)
      if (claimedAt !== null && claimedAt >= grantedAt)
        return {
          state: 'flagged',
          note: `autoclaim ${stopped}; it claimed for the user since the grant (last at ${iso(claimedAt)}), which stays theirs`,
        }
      return { state: 'undone', note: `autoclaim ${stopped}; it had claimed nothing since the grant` }
    },
  }
}

/**
 * The claim job: claims the user's window shortly before its deadline, then schedules itself for
 * the next window; when the paid period is over it turns autoclaim off. A run taken again after a
 * crash finds the window already claimed (the claim is one step, recorded with it) and claims
 * nothing twice.
 */
export function defineAutoclaimJob(jobs: Jobs, db: Db, clock: Clock, claimHooks: readonly ClaimHook[] = []): void {
  jobs.define<{ userId: number }>(
    AUTOCLAIM_JOB,
    async (job) => {
      const { userId } = job.data
      await db.transaction(async (tx) => {
        const now = clock.now()
        // The claim's locks (claimMining takes the same, in the same order), before the period is
        // read: a refund that stops the period (undo above) is either all seen here or sees this claim.
        await lockUsers(tx, [userId, ...(await Promise.all(claimHooks.map((h) => h.users?.(tx, userId) ?? []))).flat()])
        const r = await autoclaimRow(tx, userId)
        if (r === null) return
        if (r.autoclaim_until === null || ms(r.autoclaim_until) <= now) {
          await tx.query('UPDATE mining_users SET autoclaim_active = false WHERE user_id = $1', [userId])
          return
        }
        const windowStart = ms(r.window_start)
        // Early (a retry, or the lead is not reached yet): wait for this window's time.
        if (now < runAtFor(windowStart, windowStart)) {
          await jobs.send(
            AUTOCLAIM_JOB,
            { userId },
            { runAt: runAtFor(windowStart, now), singletonKey: `user:${userId}`, db: tx },
          )
          return
        }
        if (await job.firstTime(tx, `claim:${iso(windowStart)}`)) {
          const claimed = await claimMining(tx, userId, now, null, 'autoclaim', claimHooks)
          // What a refund of the period asks (undo above): whether autoclaim claimed since it was paid.
          if (claimed.kind === 'claimed')
            await tx.query('UPDATE mining_users SET autoclaim_claimed_at = $2 WHERE user_id = $1', [userId, iso(now)])
        }
        const [next] = await tx.query<{ window_start: Date | string }>(
          'SELECT window_start FROM mining_users WHERE user_id = $1',
          [userId],
        )
        const nextRun = runAtFor(ms(next.window_start), now)
        // The last paid window: one more run turns autoclaim off when the period is over.
        await jobs.send(
          AUTOCLAIM_JOB,
          { userId },
          { runAt: Math.min(nextRun, Math.max(now, ms(r.autoclaim_until))), singletonKey: `user:${userId}`, db: tx },
        )
      })
    },
    { leaseMs: 60_000, retries: 5 },
  )
}

/** What the modal shows before paying (tasks.51): the prices, and whether it is on already. */
export async function autoclaimOffer(db: Db, userId: number, now: number) {
  const r = await autoclaimRow(db, userId)
  const until = r?.autoclaim_until == null ? null : ms(r.autoclaim_until)
  return {
    stars: AUTOCLAIM.stars,
    ton: fromUnits(AUTOCLAIM.tonNano, 9),
    days: AUTOCLAIM.days,
    active: until !== null && until > now,
    until: until === null ? null : iso(until),
  }
}
