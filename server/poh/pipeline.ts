/**
 * The verification pipeline (DESIGN §7, "Background work"): two jobs of the one queue
 * (server/kernel/jobs.ts), so it survives restarts and runs once with several server processes.
 *
 *   granted payment -> received -> [poh-queue] -> internalInQueue -> (POH.queueDelayMs)
 *   -> [poh-send-code: the provider sends the code] -> responsing
 *
 * The code is drawn and stored before the provider is asked, so a retried send sends the same code.
 * A provider that throws (or does not answer within POH.providerTimeoutMs) fails that run only:
 * the queue tries again (POH.sendRetries more times, backing off), and the last failure fails the
 * request (internalError, 'provider'); nothing else waits on it. The queue keeps one run more than
 * that, so a last send whose process died (its lease ran out) still fails the request. With the provider switched off, a
 * request still queued fails ('provider-off').
 */
import type { Db } from '../db'
import type { Clock } from '../kernel/clock'
import type { Jobs } from '../kernel/jobs'
import type { PohProvider } from './provider'
import { POH_QUEUE_JOB, POH_SEND_JOB, type RequestRow, drawCode, failRequest } from './requests'
import { POH } from './seed'
import { logCallback, processLog } from '../kernel/log'

interface RequestJob {
  requestId: string
}

const iso = (ms: number) => new Date(ms).toISOString()

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the verification provider did not answer within ${ms} ms`)), ms)
  })
  return Promise.race([p, late]).finally(() => clearTimeout(timer))
}

export interface PipelineOptions {
  /** The provider now, or null when it is switched off. */
  provider: () => PohProvider | null
  queueDelayMs?: number
  /** Where a request failed by its provider is told. */
  log?: (message: string, error?: unknown) => void
}

export function definePohJobs(jobs: Jobs, db: Db, clock: Clock, o: PipelineOptions): void {
  const queueDelayMs = o.queueDelayMs ?? POH.queueDelayMs
  const log = o.log ?? logCallback(processLog)

  jobs.define<RequestJob>(POH_QUEUE_JOB, async (job) => {
    await db.transaction(async (tx) => {
      const now = clock.now()
      const moved = await tx.query(
        `UPDATE poh_requests SET status = 'internalInQueue', updated_at = $2 WHERE id = $1 AND status = 'received' RETURNING 1`,
        [job.data.requestId, iso(now)],
      )
      if (moved.length > 0)
        await jobs.send(POH_SEND_JOB, { requestId: job.data.requestId }, { db: tx, runAt: now + queueDelayMs })
    })
  })

  jobs.define<RequestJob>(
    POH_SEND_JOB,
    async (job) => {
      const { requestId } = job.data
      const [row] = await db.query<Pick<RequestRow, 'user_id' | 'status' | 'wallet' | 'code'>>(
        'SELECT user_id, status, wallet, code FROM poh_requests WHERE id = $1',
        [requestId],
      )
      if (!row || row.status !== 'internalInQueue') return
      const provider = o.provider()
      if (provider === null) {
        await failRequest(db, requestId, 'provider-off', clock.now())
        return
      }
      // The queue's one run more than the sends allowed: the last send's process died (its lease ran out).
      if (job.attempt > POH.sendRetries + 1) {
        await failRequest(db, requestId, 'provider', clock.now())
        return
      }
      // Only while still in the queue: a request its refund stopped (withdrawRequest) draws no code.
      const [drawn] = await db.query<{ code: string }>(
        `UPDATE poh_requests SET code = coalesce(code, $2) WHERE id = $1 AND status = 'internalInQueue' RETURNING code`,
        [requestId, drawCode()],
      )
      if (drawn === undefined) return
      const { code } = drawn
      const userId = Number(row.user_id)
      try {
        await withTimeout(provider.sendCode({ requestId, userId, wallet: row.wallet, code }), POH.providerTimeoutMs)
      } catch (e) {
        if (job.attempt <= POH.sendRetries) throw e
        // The last send allowed: the request fails, the user sees the failed screen and may pay again.
        await failRequest(db, requestId, 'provider', clock.now())
        log(`PoH request ${requestId}: the provider failed ${job.attempt} times, the request failed`, e)
        return
      }
      await db.query(
        `UPDATE poh_requests SET status = 'responsing', code_sent_at = $2, updated_at = $2 WHERE id = $1 AND status = 'internalInQueue'`,
        [requestId, iso(clock.now())],
      )
    },
    { retries: POH.sendRetries + 1, backoffMs: POH.sendBackoffMs, leaseMs: POH.providerTimeoutMs + 30_000 },
  )
}
