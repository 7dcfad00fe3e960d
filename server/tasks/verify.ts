/**
 * Subscription tasks verified after their delay (tasks.24; docs/features/tasks.md, "Rules chosen
 * where the spec is silent"): the click (POST /mining/taskStarted) records the start and queues a
 * job due when the code's delay has passed. For the project's own channels the job asks Telegram
 * through the bot (getChatMember: the bot must be an admin there): a member, an administrator, the
 * creator, or a restricted user who is still a member completes the task; left, kicked, or
 * restricted with is_member false does not, and the task can be started again. A partner's channel
 * or site cannot be asked: it completes once its delay has passed (the job, or the first read after
 * it, whichever comes first).
 */
import type { Db } from '../db'
import type { Jobs } from '../kernel/jobs'
import { completeTask, onceCompletion } from './complete'
import { type TaskDef, taskByCode, verifyDelayMs } from './catalogue'
import { logCallback, processLog } from '../kernel/log'

export const VERIFY_JOB = 'task-verify'

/** What getChatMember answers, as far as membership goes. */
export interface ChatMemberStatus {
  status: 'creator' | 'administrator' | 'member' | 'restricted' | 'left' | 'kicked'
  is_member?: boolean
}
/** Asks Telegram about a user in a chat; null when this server runs no bot. */
export type MemberCheck = ((chatId: string, userId: number) => Promise<ChatMemberStatus>) | null

export const isMember = (m: ChatMemberStatus): boolean =>
  m.status === 'creator' ||
  m.status === 'administrator' ||
  m.status === 'member' ||
  (m.status === 'restricted' && m.is_member === true)

interface VerifyData {
  userId: number
  code: string
  /** The start this job verifies (a newer click has a job of its own). */
  startedAt: number
}

const iso = (at: number) => new Date(at).toISOString()
const verifiable = (def: TaskDef | undefined): def is TaskDef =>
  def !== undefined && (def.rule.kind === 'channel' || def.rule.kind === 'afterDelay')

/** Tries of a check Telegram keeps refusing (the bot not an admin there, the API down) before the click is given up. */
export const VERIFY_TRIES = 4

export function defineVerifyJob(
  jobs: Jobs,
  db: Db,
  check: MemberCheck,
  now: () => number,
  log: (line: string, e: unknown) => void = logCallback(processLog),
): void {
  jobs.define<VerifyData>(
    VERIFY_JOB,
    async ({ data, attempt }) => {
      const def = taskByCode.get(data.code)
      if (!verifiable(def)) return
      const [start] = await db.query<{ outcome: string | null }>(
        'SELECT outcome FROM task_starts WHERE user_id = $1 AND code = $2 AND started_at = $3',
        [data.userId, data.code, iso(data.startedAt)],
      )
      if (start === undefined || start.outcome !== null) return
      let outcome: 'done' | 'not-member' | 'unverifiable' = 'done'
      if (def.rule.kind === 'channel') {
        try {
          outcome =
            check === null
              ? 'unverifiable'
              : isMember(await check(def.rule.chatId, data.userId))
                ? 'done'
                : 'not-member'
        } catch (e) {
          // The queue tries again (1 s, 2 s, 4 s later); after the last try the click is given up, to be made again.
          if (attempt < VERIFY_TRIES) throw e
          log(
            `task ${def.code}: getChatMember in ${def.rule.chatId} failed ${VERIFY_TRIES} times; the click is given up`,
            e,
          )
          outcome = 'unverifiable'
        }
      }
      await db.transaction(async (tx) => {
        const at = now()
        if (outcome === 'done') await completeTask(tx, data.userId, def.code, onceCompletion(def), at)
        await tx.query(
          'UPDATE task_starts SET outcome = $4 WHERE user_id = $1 AND code = $2 AND started_at = $3 AND outcome IS NULL',
          [data.userId, data.code, iso(data.startedAt), outcome],
        )
      })
    },
    { retries: VERIFY_TRIES - 1 },
  )
}

/**
 * Records a click on a task (tasks.24). A task to verify gets its delay and a job; clicking again
 * while it verifies or once it is done changes nothing; after a failed check it starts over.
 */
export async function startTask(db: Db, jobs: Jobs, userId: number, def: TaskDef, now: number): Promise<void> {
  const delay = verifiable(def) ? verifyDelayMs(def.code) : null
  await db.transaction(async (tx) => {
    const done = await tx.query(
      'SELECT 1 FROM task_completions WHERE user_id = $1 AND code = $2 AND (ends_at IS NULL OR ends_at > $3) LIMIT 1',
      [userId, def.code, iso(now)],
    )
    if (done.length > 0) return
    const row = await tx.query<{ started_at: Date | string }>(
      `INSERT INTO task_starts (user_id, code, started_at, verify_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, code) DO UPDATE SET started_at = EXCLUDED.started_at, verify_at = EXCLUDED.verify_at, outcome = NULL
         WHERE task_starts.outcome IS NOT NULL OR task_starts.verify_at IS NULL
       RETURNING started_at`,
      [userId, def.code, iso(now), delay === null ? null : iso(now + delay)],
    )
    if (row.length > 0 && delay !== null)
      await jobs.send<VerifyData>(
        VERIFY_JOB,
        { userId, code: def.code, startedAt: now },
        { runAt: now + delay, db: tx },
      )
  })
}
