/**
 * When the database does not answer: PostgreSQL restarted or failed over, an administrator ended
 * the connections, the server is frozen or out of reach. Such an error is no bug of a call and no
 * fault of its input: the call is answered 503 with Retry-After (server/app.ts), the job queue puts
 * the job back without counting a try (server/kernel/jobs.ts), and the bot takes the update again
 * later (server/bot/bot.ts). Every other database error stays what it is.
 */

/** SQLSTATE classes and codes that mean "the database is not there", not "this statement is wrong". */
const UNAVAILABLE_CODES = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, pg_ctl stop -m fast
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, shutting down, in recovery
  '57P05', // idle_session_timeout
  '57014', // query_canceled: our statement_timeout (the database too slow to answer in time)
  '53300', // too_many_connections
  '25P03', // idle_in_transaction_session_timeout
])

/** What node-postgres and Node's sockets say when there is no connection, or no answer on one. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
]
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])

/** Whether `e`, as thrown by node-postgres, means the database is unreachable or not answering. */
export function isUnavailableError(e: unknown): boolean {
  if (e instanceof DatabaseUnavailable) return true
  if (typeof e !== 'object' || e === null) return false
  const { code, message } = e as { code?: unknown; message?: unknown }
  if (
    typeof code === 'string' &&
    (UNAVAILABLE_CODES.has(code) || code.startsWith('08') || UNAVAILABLE_ERRNOS.has(code))
  )
    return true
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.startsWith(m))) return true
  // AggregateError of every address tried (Node's happy eyeballs), or a wrapped cause.
  const { errors, cause } = e as { errors?: unknown; cause?: unknown }
  if (Array.isArray(errors) && errors.length > 0 && errors.every(isUnavailableError)) return true
  return cause !== undefined && cause !== e && isUnavailableError(cause)
}

/** The database did not answer; the call may be made again once it does. */
export class DatabaseUnavailable extends Error {
  constructor(cause: unknown) {
    super(`the database is not answering (${describe(cause)})`, { cause })
    this.name = 'DatabaseUnavailable'
  }
}

const describe = (e: unknown) => {
  if (typeof e !== 'object' || e === null) return String(e)
  const { code, message } = e as { code?: unknown; message?: unknown }
  return (
    [typeof code === 'string' ? code : null, typeof message === 'string' ? message : null].filter(Boolean).join(' ') ||
    'unknown error'
  )
}

/** `e` as a DatabaseUnavailable when it is one, else `e` itself. */
export const asUnavailable = (e: unknown): unknown =>
  e instanceof DatabaseUnavailable || !isUnavailableError(e) ? e : new DatabaseUnavailable(e)

/**
 * Whether the database answers, as the last statements found: told once when it stops answering
 * and once when it answers again, with how long it was away (the operator's two log lines).
 */
export class Availability {
  /** Since when (real time, ms) the database has not answered; null while it does. */
  private downSince: number | null = null
  private readonly listeners = new Set<(change: AvailabilityChange) => void>()

  get available(): boolean {
    return this.downSince === null
  }

  /** A statement failed for want of the database. */
  failed(cause: unknown): void {
    if (this.downSince !== null) return
    this.downSince = Date.now()
    this.emit({ available: false, cause })
  }

  /** A statement was answered. */
  answered(): void {
    if (this.downSince === null) return
    const downMs = Date.now() - this.downSince
    this.downSince = null
    this.emit({ available: true, downMs })
  }

  onChange(listener: (change: AvailabilityChange) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private emit(change: AvailabilityChange) {
    for (const listener of this.listeners) listener(change)
  }
}

export type AvailabilityChange = { available: false; cause: unknown } | { available: true; downMs: number }
