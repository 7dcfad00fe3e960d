/**
 * Proof-of-humanity requests (migration 023; docs/features/poh.md, "Rules chosen where the spec is
 * silent"): who may start one, the request made when its payment is granted, the status the info
 * call shows, and the code check.
 *
 * One person, one proof: a user with a proof (or confirmProve), or with a request under way, is
 * refused before anything is paid, and so is a user whose in-app wallet has proved someone. The
 * wallet that paid an external order is known only when the TON watcher sees the payment: if it
 * has proved another person, the request fails at once ('wallet-used'). The database's unique
 * indexes hold the rule whatever runs at once.
 */
import { randomInt, timingSafeEqual } from 'node:crypto'
import { POH_WRONG_CODE, type PohStatus as PohStatusCodec } from '../../domain/poh/codecs'
import { type PohFailure, retriesFree, triesLeftAfter } from '../../domain/poh/rules'
import type { Db } from '../db'
import { accountOf } from '../kernel/addresses'
import type { Jobs } from '../kernel/jobs'
import { BadRequest } from '../kernel/validate'
import { createMiner } from '../mining/miner'
import type { GrantUndo, Order, Refusal } from '../payments/orders'
import { POH } from './seed'

export type PayType = 'external' | 'star' | 'internal'
export type PohStatus = (typeof PohStatusCodec)['_A']
export type RequestStatus = PohStatus | 'confirmed'
export type Failure = PohFailure

export const POH_QUEUE_JOB = 'poh-queue'
export const POH_SEND_JOB = 'poh-send-code'

/** The refusals a person can meet, in English (the API's `message`) ... */
export const MESSAGES = {
  off: 'Verification is switched off for now. Nothing was charged: try again later.',
  confirmed: 'You have already proved you are human: one person, one proof.',
  underway: 'Your verification is already under way.',
  walletUsed: 'This wallet has already proved another person: one person, one proof.',
  retryOff: 'Verification is switched off for now. Your payment is kept: try again later, at no cost.',
  noRetry: 'There is no failed verification to try again at no cost: start a new one.',
} as const
type MessageKey = keyof typeof MESSAGES
export type PohRefusalKey = MessageKey
/** ... and in Russian: the payment sheet shows the server's message (poh.19), and a Stars pre-checkout answer is read as it is. */
export const MESSAGES_RU: Readonly<Record<MessageKey, string>> = {
  off: 'Подтверждение сейчас отключено. Деньги не списаны: попробуйте позже.',
  confirmed: 'Вы уже подтвердили, что вы человек: один человек — одно подтверждение.',
  underway: 'Ваше подтверждение уже идёт.',
  walletUsed: 'Этот кошелёк уже подтвердил другого человека: один человек — одно подтверждение.',
  retryOff: 'Подтверждение сейчас отключено. Оплата сохранена: попробуйте позже, бесплатно.',
  noRetry: 'Нет неудавшейся проверки, которую можно повторить бесплатно: начните новую.',
}

/** A refusal in English and in the user's language (the payments module's Refusal). */
export class PohRefusal implements Refusal {
  readonly message: string
  constructor(readonly key: MessageKey) {
    this.message = MESSAGES[key]
  }
  inLanguage(language: string): string {
    return language === 'ru' ? MESSAGES_RU[this.key] : MESSAGES[this.key]
  }
}

/** The language a user reads: the one the app set (users.language), else their Telegram client's. */
export async function languageOf(db: Db, userId: number, telegram: string | undefined): Promise<'en' | 'ru'> {
  const [row] = await db.query<{ language: string | null }>('SELECT language FROM users WHERE id = $1', [userId])
  return (row?.language ?? telegram) === 'ru' ? 'ru' : 'en'
}

export interface RequestRow {
  id: string
  user_id: string | number
  order_id: string
  pay_type: PayType
  status: RequestStatus
  wallet: string
  code: string | null
  wrong_codes: number
  failure: Failure | null
}

const iso = (ms: number) => new Date(ms).toISOString()
/** poh.20: six digits, uniformly drawn. */
export const drawCode = () => String(randomInt(0, 10 ** POH.codeLength)).padStart(POH.codeLength, '0')

/** The user's in-app TON wallet (account 0), as accountOf writes it. */
async function inAppWallet(db: Db, userId: number): Promise<string | null> {
  const [row] = await db.query<{ ton_address: string }>(
    'SELECT ton_address FROM wallets WHERE user_id = $1 AND account_index = 0',
    [userId],
  )
  return row ? accountOf('TON', row.ton_address) : null
}

const provedBy = async (db: Db, wallet: string, userId: number) =>
  (
    await db.query('SELECT 1 FROM poh_requests WHERE wallet = $1 AND status = $2 AND user_id <> $3 LIMIT 1', [
      wallet,
      'confirmed',
      userId,
    ])
  ).length > 0

/** Why the user cannot start a verification now, or null. Asked at ordering and again when the payment arrives. */
export async function pohRefusal(db: Db, userId: number, providerOn: boolean): Promise<PohRefusal | null> {
  if (!providerOn) return new PohRefusal('off')
  const [flag] = await db.query<{ confirm_prove: boolean }>(
    'SELECT confirm_prove FROM mining_users WHERE user_id = $1',
    [userId],
  )
  if (flag?.confirm_prove) return new PohRefusal('confirmed')
  const [open] = await db.query<{ status: RequestStatus }>(
    `SELECT status FROM poh_requests WHERE user_id = $1 AND status IN ('received', 'internalInQueue', 'responsing', 'confirmed') LIMIT 1`,
    [userId],
  )
  if (open?.status === 'confirmed') return new PohRefusal('confirmed')
  if (open) return new PohRefusal('underway')
  const wallet = await inAppWallet(db, userId)
  if (wallet !== null && (await provedBy(db, wallet, userId))) return new PohRefusal('walletUsed')
  return null
}

/** The wallet that paid an external order, as the TON watcher recorded the payment being granted. */
async function payingWallet(tx: Db, orderId: string): Promise<string | null> {
  const [row] = await tx.query<{ sender: string | null }>(
    `SELECT detail->>'from' AS sender FROM payments WHERE order_id = $1 AND kind = 'ton' ORDER BY (outcome = 'unknown-order') DESC, seen_at DESC LIMIT 1`,
    [orderId],
  )
  return row?.sender ? accountOf('TON', row.sender) : null
}

/**
 * The grant (product.ts, in the transaction that records the payment): the request, 'received',
 * and the first job of its pipeline; or, when the paying wallet has proved someone else, the
 * request failed at once.
 */
export async function receiveRequest(tx: Db, jobs: Jobs, order: Order, now: number): Promise<void> {
  const payType: PayType = order.way === 'stars' ? 'star' : order.way
  const own = await inAppWallet(tx, order.userId)
  const wallet = (payType === 'external' ? await payingWallet(tx, order.id) : null) ?? own
  if (wallet === null) throw new Error(`user ${order.userId} has no in-app TON wallet`)
  const used = await provedBy(tx, wallet, order.userId)
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO poh_requests (user_id, order_id, pay_type, status, wallet, failure, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING id::text AS id`,
    [
      order.userId,
      order.id,
      payType,
      used ? 'internalError' : 'received',
      wallet,
      used ? 'wallet-used' : null,
      iso(now),
    ],
  )
  if (!used) await jobs.send(POH_QUEUE_JOB, { requestId: row.id }, { db: tx })
}

/**
 * A request whose payment was refunded (pohProduct's undo): stopped exactly while its code is not
 * drawn yet (the send job draws it only while the request is in the queue, under this row's lock),
 * failed 'refunded'; a request that failed before gave nothing to take back. Once a code is drawn
 * it may have reached the wallet, and a proof once made stays: flagged for an operator.
 */
export async function withdrawRequest(tx: Db, order: Order, now: number): Promise<GrantUndo> {
  const [row] = await tx.query<Pick<RequestRow, 'id' | 'status' | 'code' | 'failure'>>(
    'SELECT id::text AS id, status, code, failure FROM poh_requests WHERE order_id = $1 FOR UPDATE',
    [order.id],
  )
  if (row === undefined) return { state: 'flagged', note: 'no request of this order was found' }
  if (row.status === 'internalError')
    return { state: 'undone', note: `request ${row.id} had failed (${row.failure ?? 'unknown'}): nothing to take back` }
  if ((row.status === 'received' || row.status === 'internalInQueue') && row.code === null) {
    await tx.query(
      `UPDATE poh_requests SET status = 'internalError', failure = 'refunded', updated_at = $2 WHERE id = $1`,
      [row.id, iso(now)],
    )
    return { state: 'undone', note: `request ${row.id} stopped before its code was sent` }
  }
  if (row.status === 'confirmed')
    return {
      state: 'flagged',
      note: `request ${row.id} is confirmed: the user is proven human (confirmProve) and keeps the bonus`,
    }
  return {
    state: 'flagged',
    note: `request ${row.id} (${row.status}): its code was sent, or is being sent, to the wallet`,
  }
}

/** The user's latest request. */
export async function latestRequest(db: Db, userId: number): Promise<RequestRow | null> {
  const [row] = await db.query<RequestRow>(
    'SELECT id::text AS id, user_id, order_id, pay_type, status, wallet, code, wrong_codes, failure FROM poh_requests WHERE user_id = $1 ORDER BY id DESC LIMIT 1',
    [userId],
  )
  return row ?? null
}

/** poh.4: the status the info call shows; none when no request was made, or the latest is confirmed (the mining record's confirmProve says so). */
export async function inProgressStatus(db: Db, userId: number): Promise<PohStatus | undefined> {
  return (await progressOf(db, userId)).inProgressStatus
}

/**
 * What the info call says of the user's requests: the latest one's status (poh.4), which request it
 * is (`attempt`: 1 for the first, so a client that paid tells its new request from the one before),
 * and, when it failed, why (domain/poh/rules.ts PohFailure).
 */
export async function progressOf(
  db: Db,
  userId: number,
): Promise<{ inProgressStatus?: PohStatus; attempt?: number; failure?: Failure }> {
  const [row] = await db.query<{ status: RequestStatus; failure: Failure | null; attempt: string | number }>(
    'SELECT status, failure, (SELECT count(*) FROM poh_requests WHERE user_id = $1) AS attempt FROM poh_requests WHERE user_id = $1 ORDER BY id DESC LIMIT 1',
    [userId],
  )
  if (row === undefined || row.status === 'confirmed') return {}
  return {
    inProgressStatus: row.status,
    attempt: Number(row.attempt),
    ...(row.status === 'internalError' && row.failure !== null ? { failure: row.failure } : {}),
  }
}

/**
 * Try again at no cost (domain/poh/rules.ts retriesFree): the latest request, failed on the service's
 * side, goes back into the queue as it was (its payment, its wallet, its code once drawn): received,
 * and the pipeline's first job again. The same tap twice retries once: a request already back in
 * the queue is left as it is. Refused (409, in the user's language) while verification is off, or
 * when the latest request did not fail that way.
 */
export async function retryRequest(
  db: Db,
  jobs: Jobs,
  userId: number,
  providerOn: boolean,
  now: number,
): Promise<PohRefusalKey | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<Pick<RequestRow, 'id' | 'status' | 'failure'>>(
      'SELECT id::text AS id, status, failure FROM poh_requests WHERE user_id = $1 ORDER BY id DESC LIMIT 1 FOR UPDATE',
      [userId],
    )
    if (row === undefined) return 'noRetry'
    if (row.status === 'received' || row.status === 'internalInQueue' || row.status === 'responsing') return null
    if (row.status !== 'internalError' || !retriesFree(row.failure)) return 'noRetry'
    if (!providerOn) return 'retryOff'
    await tx.query(`UPDATE poh_requests SET status = 'received', failure = NULL, updated_at = $2 WHERE id = $1`, [
      row.id,
      iso(now),
    ])
    await jobs.send(POH_QUEUE_JOB, { requestId: row.id }, { db: tx })
    return null
  })
}

export async function failRequest(db: Db, requestId: string, failure: Failure, now: number): Promise<boolean> {
  const rows = await db.query(
    `UPDATE poh_requests SET status = 'internalError', failure = $2, updated_at = $3 WHERE id = $1 AND status IN ('received', 'internalInQueue', 'responsing') RETURNING 1`,
    [requestId, failure, iso(now)],
  )
  return rows.length > 0
}

export type CheckOutcome =
  { kind: 'confirmed' } | { kind: 'wrong'; left: number } | { kind: 'refused'; message: string }

const sameCode = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

/**
 * poh.24-26: a code against the request awaiting one. Right: the proof (confirmProve, +5 % at each
 * claim, poh.1). Wrong: counted; the POH.maxWrongCodes-th wrong code fails the request
 * ('wrong-codes', internalError), so the user pays again to get a new code.
 */
export async function checkCode(db: Db, userId: number, code: string, now: number): Promise<CheckOutcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<RequestRow>(
      `SELECT id::text AS id, user_id, order_id, pay_type, status, wallet, code, wrong_codes, failure FROM poh_requests WHERE user_id = $1 AND status = 'responsing' FOR UPDATE`,
      [userId],
    )
    if (!row || row.code === null) {
      const latest = await latestRequest(tx, userId)
      return {
        kind: 'refused',
        message:
          latest?.status === 'confirmed' ? MESSAGES.confirmed : 'No code is awaited: start a verification first.',
      }
    }
    if (!sameCode(code, row.code)) {
      const wrong = row.wrong_codes + 1
      const failed = wrong >= POH.maxWrongCodes
      await tx.query(
        `UPDATE poh_requests SET wrong_codes = $2, status = $3, failure = $4, updated_at = $5 WHERE id = $1`,
        [row.id, wrong, failed ? 'internalError' : 'responsing', failed ? 'wrong-codes' : null, iso(now)],
      )
      return { kind: 'wrong', left: triesLeftAfter(wrong) }
    }
    // One proof per wallet: two people confirming with one wallet at once take turns here.
    await tx.query('SELECT pg_advisory_xact_lock(23, hashtext($1))', [row.wallet])
    if (await provedBy(tx, row.wallet, userId)) {
      await tx.query(
        `UPDATE poh_requests SET status = 'internalError', failure = 'wallet-used', updated_at = $2 WHERE id = $1`,
        [row.id, iso(now)],
      )
      return { kind: 'refused', message: MESSAGES.walletUsed }
    }
    await tx.query(`UPDATE poh_requests SET status = 'confirmed', confirmed_at = $2, updated_at = $2 WHERE id = $1`, [
      row.id,
      iso(now),
    ])
    await createMiner(tx, userId, now)
    await tx.query('UPDATE mining_users SET confirm_prove = TRUE WHERE user_id = $1', [userId])
    return { kind: 'confirmed' }
  })
}

/**
 * A check's outcome as the call answers it: ok, or a 4xx naming `code` (the client shows
 * poh.code.invalid); a wrong code carries the tries left (POH_WRONG_CODE, its params' triesLeft).
 */
export function checkAnswer(outcome: CheckOutcome): { ok: true } {
  if (outcome.kind === 'confirmed') return { ok: true }
  if (outcome.kind === 'refused') throw new BadRequest(outcome.message, 'code', 409)
  throw new BadRequest(
    outcome.left > 0
      ? `Wrong code: check the comment of the transaction in your wallet history (${outcome.left} ${outcome.left === 1 ? 'try' : 'tries'} left).`
      : 'Wrong code, and no tries are left: the verification failed. Start again to get a new code.',
    'code',
    400,
    { code: POH_WRONG_CODE, params: { triesLeft: String(outcome.left) } },
  )
}
