/**
 * The TON watcher (the external way; docs/payments.md, "The TON watcher"): a wallet's
 * approval proves nothing, a transaction on chain does. A periodic job on the queue reads the
 * service wallet's transactions from a TON HTTP API in toncenter v3 style, oldest first, paging by
 * logical time (lt), and settles each incoming transfer once: its text comment names the order
 * (orderIdIn), its value is what was paid, its hash is the proof's id. Payments.settle records
 * underpaid, unknown and repeated payments and grants nothing for them; aborted transactions and
 * bounced messages move no money to the wallet and are passed over.
 *
 * Where it has read to (the last lt and hash) is a row of ton_watch_cursor (migration 013). Each
 * transaction is settled in the database transaction that moves that row past it, under the
 * row's lock: with two server processes, one of them processes a transaction and the other finds
 * the row already past it. The queue runs the job in one process at a time anyway, and the
 * payments table's key (kind, proof id) refuses a second record of one transaction.
 */
import * as t from 'io-ts'
import { isLeft } from 'fp-ts/lib/Either'
import { PathReporter } from 'io-ts/lib/PathReporter'
import { Address, Cell } from '@ton/core'
import type { Db } from '../db'
import type { Clock } from '../kernel/clock'
import type { Jobs } from '../kernel/jobs'
import { type Outcome, type Payments, orderIdIn } from './orders'
import { commentOf } from './ton'
import { logCallback, processLog } from '../kernel/log'

// ---- the TON HTTP API (toncenter v3) --------------------------------------------------------

const Nullable = <C extends t.Mixed>(c: C) => t.union([c, t.null, t.undefined])
const Digits = new t.Type<string, string, unknown>(
  'Digits',
  (u): u is string => typeof u === 'string' && /^\d{1,39}$/.test(u),
  (u, c) => (typeof u === 'string' && /^\d{1,39}$/.test(u) ? t.success(u) : t.failure(u, c)),
  String,
)

/** The fields of toncenter v3's message that the watcher reads. */
export const ApiMessage = t.partial({
  hash: Nullable(t.string),
  source: Nullable(t.string),
  destination: Nullable(t.string),
  value: Nullable(Digits),
  bounced: Nullable(t.boolean),
  message_content: Nullable(
    t.partial({ body: Nullable(t.string), decoded: Nullable(t.partial({ type: t.string, comment: t.string })) }),
  ),
})
/** The fields of toncenter v3's transaction that the watcher reads. */
export const ApiTransaction = t.intersection([
  t.type({ hash: t.string, lt: Digits, now: t.number }),
  t.partial({ description: Nullable(t.partial({ aborted: Nullable(t.boolean) })), in_msg: Nullable(ApiMessage) }),
])
export type ApiTransaction = t.TypeOf<typeof ApiTransaction>
const TransactionsPage = t.type({ transactions: t.array(ApiTransaction) })

export interface TonApiConfig {
  /** The API's root, e.g. https://toncenter.com (TON_API_URL); the stand-in's in dev mode. */
  baseUrl: string
  /** Sent as X-API-Key when set (TON_API_KEY). */
  apiKey?: string | null
  /** A request with no answer by then fails. */
  timeoutMs?: number
}

export interface TransactionsQuery {
  account: string
  /** Transactions from this lt on, inclusive (toncenter's start_lt). */
  startLt?: bigint
  limit: number
  sort: 'asc' | 'desc'
}

/** A client of the one call the watcher needs: GET /api/v3/transactions. */
export class TonApi {
  private readonly root: string
  constructor(private readonly config: TonApiConfig) {
    this.root = config.baseUrl.replace(/\/+$/, '')
  }

  async transactions(q: TransactionsQuery): Promise<ApiTransaction[]> {
    const params = new URLSearchParams({ account: q.account, limit: String(q.limit), offset: '0', sort: q.sort })
    if (q.startLt !== undefined) params.set('start_lt', q.startLt.toString())
    const headers: Record<string, string> = { accept: 'application/json' }
    if (this.config.apiKey) headers['X-API-Key'] = this.config.apiKey
    const res = await fetch(`${this.root}/api/v3/transactions?${params}`, {
      headers,
      signal: AbortSignal.timeout(this.config.timeoutMs ?? 10_000),
    })
    const text = await res.text()
    if (!res.ok) throw new Error(`TON API: GET /api/v3/transactions answered ${res.status}: ${text.slice(0, 200)}`)
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      throw new Error(`TON API: GET /api/v3/transactions answered no JSON: ${text.slice(0, 200)}`)
    }
    const page = TransactionsPage.decode(json)
    if (isLeft(page))
      throw new Error(`TON API: unexpected transactions answer: ${PathReporter.report(page).slice(0, 3).join('; ')}`)
    return page.right.transactions
  }
}

// ---- reading a transaction ------------------------------------------------------------------

/** An incoming transfer: who sent how much, with which comment. */
export interface IncomingTransfer {
  kind: 'transfer'
  hash: string
  lt: bigint
  /** Unix seconds, the chain's. */
  now: number
  from: string | null
  /** Nanotons. */
  value: bigint
  comment: string | null
}
/** A transaction that moved no money in: the wallet's own sends, aborted ones, bounced messages. */
export interface PassedOver {
  kind: 'passed-over'
  hash: string
  lt: bigint
  why: 'aborted' | 'bounced' | 'not an incoming transfer'
}

/** The comment of a message: its body decoded here when the API gives the body, else the API's own decoding. */
function messageComment(content: t.TypeOf<typeof ApiMessage>['message_content']): string | null {
  if (content?.body) {
    try {
      return commentOf(Cell.fromBase64(content.body))
    } catch {
      return null
    }
  }
  return content?.decoded?.type === 'text_comment' && typeof content.decoded.comment === 'string'
    ? content.decoded.comment
    : null
}

export function readTransaction(tx: ApiTransaction): IncomingTransfer | PassedOver {
  const lt = BigInt(tx.lt)
  const msg = tx.in_msg
  if (tx.description?.aborted === true) return { kind: 'passed-over', hash: tx.hash, lt, why: 'aborted' }
  // An external message (no source) is the wallet's own order to send: nothing comes in with it.
  if (!msg || !msg.source || msg.value === undefined || msg.value === null)
    return { kind: 'passed-over', hash: tx.hash, lt, why: 'not an incoming transfer' }
  if (msg.bounced === true) return { kind: 'passed-over', hash: tx.hash, lt, why: 'bounced' }
  return {
    kind: 'transfer',
    hash: tx.hash,
    lt,
    now: tx.now,
    from: msg.source,
    value: BigInt(msg.value),
    comment: messageComment(msg.message_content),
  }
}

// ---- the watcher ----------------------------------------------------------------------------

export interface Seen {
  hash: string
  lt: string
  /** What settle made of it, or passed over (no money came in). */
  outcome: Outcome | 'passed-over'
  orderId: string | null
}

export interface WatcherOptions {
  /** Transactions per request (toncenter allows up to 1000; at least 2, the first repeats the last one read). */
  pageSize?: number
  /** Requests per run at most; what is left is read by the next run. */
  maxPages?: number
  /** Where payments that grant nothing, and surprises, are told. */
  log?: (message: string) => void
  /**
   * The order a transaction pays, for an account whose payments are no text comments (the SBT
   * collection's mint messages, server/staking/sbt.ts); by default the order its comment names.
   */
  orderIdOf?: (tx: ApiTransaction, comment: string | null) => string | null
}

export const TON_WATCHER_JOB = 'ton-watcher'
export const TON_WATCHER_DEFAULTS = { pageSize: 50, maxPages: 20 } as const

interface CursorRow {
  last_lt: string | null
  last_hash: string | null
}

export class TonWatcher {
  /** The service wallet, raw form (the cursor's key). */
  readonly account: string
  private readonly pageSize: number
  private readonly maxPages: number
  private readonly log: (message: string) => void
  private readonly orderIdOf: (tx: ApiTransaction, comment: string | null) => string | null
  /** When (the clock's ms) a poll that went on to read the wallet up to its newest transaction started; its creation until one has. */
  private caughtUpAsOf: number

  constructor(
    private readonly db: Db,
    private readonly payments: Payments,
    private readonly api: Pick<TonApi, 'transactions'>,
    /** The service wallet, any form. */
    private readonly serviceAddress: string,
    private readonly clock: Clock,
    options: WatcherOptions = {},
  ) {
    this.account = Address.parse(serviceAddress).toRawString()
    this.pageSize = Math.max(2, options.pageSize ?? TON_WATCHER_DEFAULTS.pageSize)
    this.maxPages = options.maxPages ?? TON_WATCHER_DEFAULTS.maxPages
    this.log = options.log ?? logCallback(processLog, 'warn')
    this.orderIdOf = options.orderIdOf ?? ((_tx, comment) => orderIdIn(comment))
    this.caughtUpAsOf = clock.now()
  }

  /**
   * How far behind this process's watcher is, in seconds: the age of the last view it read to the
   * end (a poll that reached the wallet's newest transaction). A run that fails, or stops at its
   * page limit with more to read, leaves it growing (GET /metrics: switch_ton_watcher_lag_seconds).
   */
  lagSeconds(): number {
    return Math.max(0, (this.clock.now() - this.caughtUpAsOf) / 1000)
  }

  /**
   * Reads what is new on the service wallet and settles it, oldest first; answers what this run
   * processed. Stops early when another process is found to have processed past it.
   */
  async poll(): Promise<Seen[]> {
    const started = this.clock.now()
    await this.db.query('INSERT INTO ton_watch_cursor (account) VALUES ($1) ON CONFLICT DO NOTHING', [this.account])
    const [row] = await this.db.query<CursorRow>(
      'SELECT last_lt::text AS last_lt, last_hash FROM ton_watch_cursor WHERE account = $1',
      [this.account],
    )
    let cursor = { lt: row.last_lt === null ? null : BigInt(row.last_lt), hash: row.last_hash }
    const seen: Seen[] = []
    for (let page = 0; page < this.maxPages; page++) {
      const txs = await this.api.transactions({
        account: this.serviceAddress,
        startLt: cursor.lt ?? undefined,
        limit: this.pageSize,
        sort: 'asc',
      })
      const at = cursor.lt
      const same = at === null ? undefined : txs.find((tx) => BigInt(tx.lt) === at)
      if (same && same.hash !== cursor.hash)
        this.log(
          `TON watcher: the API now names ${same.hash} at lt ${at}, where ${cursor.hash} was processed; it is not processed again`,
        )
      const fresh = txs
        .filter((tx) => at === null || BigInt(tx.lt) > at)
        .sort((a, b) => (BigInt(a.lt) < BigInt(b.lt) ? -1 : 1))
      for (const tx of fresh) {
        const done = await this.process(tx)
        if (done === null) return seen
        seen.push(done)
        cursor = { lt: BigInt(tx.lt), hash: tx.hash }
      }
      if (txs.length < this.pageSize || fresh.length === 0) {
        this.caughtUpAsOf = started
        break
      }
    }
    return seen
  }

  /** Settles one transaction and moves the cursor past it, together; null when the cursor already is past it. */
  private process(tx: ApiTransaction): Promise<Seen | null> {
    const read = readTransaction(tx)
    return this.db.transaction(async (db) => {
      const [row] = await db.query<CursorRow>(
        'SELECT last_lt::text AS last_lt, last_hash FROM ton_watch_cursor WHERE account = $1 FOR UPDATE',
        [this.account],
      )
      if (row.last_lt !== null && BigInt(row.last_lt) >= read.lt) return null
      let seen: Seen
      if (read.kind === 'transfer') {
        const orderId = this.orderIdOf(tx, read.comment)
        const { outcome } = await this.payments.settle(
          {
            kind: 'ton',
            id: read.hash,
            orderId,
            amount: read.value,
            detail: { lt: read.lt.toString(), from: read.from, comment: read.comment },
          },
          db,
        )
        if (outcome !== 'granted')
          this.log(
            `TON watcher: transaction ${read.hash} (lt ${read.lt}) of ${read.value} nanotons from ${read.from} with comment ${JSON.stringify(read.comment)}: ${outcome}, nothing granted`,
          )
        seen = { hash: read.hash, lt: read.lt.toString(), outcome, orderId }
      } else seen = { hash: read.hash, lt: read.lt.toString(), outcome: 'passed-over', orderId: null }
      await db.query(
        'UPDATE ton_watch_cursor SET last_lt = $2::numeric, last_hash = $3, updated_at = $4 WHERE account = $1',
        [this.account, read.lt.toString(), read.hash, new Date(this.clock.now()).toISOString()],
      )
      return seen
    })
  }
}

/**
 * The watcher as a periodic job on the queue (every `intervalMs`, TON_WATCH_INTERVAL_MS; 0: off).
 * A run that fails (the API down, say) is told and the next one tries again an interval later.
 */
export function scheduleTonWatcher(
  jobs: Jobs,
  watcher: Pick<TonWatcher, 'poll'>,
  intervalMs: number,
  log: (message: string, error?: unknown) => void = logCallback(processLog),
): void {
  if (intervalMs <= 0) return
  jobs.define(
    TON_WATCHER_JOB,
    async () => {
      try {
        await watcher.poll()
      } catch (e) {
        log('TON watcher: this run failed; the next one tries again', e)
      }
    },
    // Longer than a run can take: maxPages requests of at most the API's time-out each.
    { retries: 0, leaseMs: 5 * 60_000 },
  )
  jobs.every(TON_WATCHER_JOB, intervalMs)
}
