/**
 * The ledger: every balance change is an entry, appended in a transaction together with the
 * wallet's running balance for that asset, which the database keeps from going negative (CHECK);
 * a failed check rolls the whole change back. Reads are the running balance: one row per asset.
 */
import { type Db, inTransaction } from '../db'
import { type ChainId, chainKey } from './catalogue'

/**
 * The game's points (SWITCH, and PUNK points) are ledger assets of their own "chain", on account 0:
 * the same append-only entries and never-negative running balances as tokens, but no wallet's
 * token list (balancesOf) shows them.
 */
export const GAME_CHAIN = 'GAME'
export type LedgerChain = ChainId | typeof GAME_CHAIN

export interface Entry {
  userId: number
  accountIndex: number
  chainId: LedgerChain
  tokenAddress: string
  delta: bigint
  reason: string
  reference?: string
}

export class InsufficientBalance extends Error {
  constructor(
    readonly chainId: string,
    readonly tokenAddress: string,
  ) {
    super('not enough balance')
  }
}

export interface HeldToken {
  chainId: string
  tokenAddress: string
  units: bigint
}

/**
 * Balances as of the last change, kept in memory. Only for the embedded database: there one process
 * owns the data, so every change passes through post() here and invalidates the wallet's entry.
 * A version per wallet keeps a read that raced a change from caching what it read before it.
 */
export class BalanceCache {
  private readonly held = new Map<string, HeldToken[]>()
  private readonly versions = new Map<string, number>()
  static key = (userId: number, accountIndex: number) => `${userId}:${accountIndex}`
  version(key: string) {
    return this.versions.get(key) ?? 0
  }
  get(key: string) {
    return this.held.get(key)
  }
  set(key: string, version: number, value: HeldToken[]) {
    if (this.version(key) === version) this.held.set(key, value)
  }
  invalidate(key: string) {
    this.versions.set(key, this.version(key) + 1)
    this.held.delete(key)
  }
}

/**
 * What else a change writes in its own transaction, per database: features that judge by the
 * ledger's facts (server/tasks/facts.ts records swaps and deposits on the server's clock).
 */
export type LedgerObserver = (tx: Db, entries: readonly Entry[]) => Promise<void>
const observers = new WeakMap<object, LedgerObserver[]>()
export function observeLedger(db: Db, observer: LedgerObserver): void {
  observers.set(db.instance, [...(observers.get(db.instance) ?? []), observer])
}

/** One cache per database (never shared by two servers in one process); none for a PostgreSQL server. */
const caches = new WeakMap<object, BalanceCache>()
/** Turns the cache on (embedded database) or off (a shared PostgreSQL server, other writers exist). */
export function useBalanceCache(db: Db, on: boolean): void {
  if (on) caches.set(db.instance, new BalanceCache())
  else caches.delete(db.instance)
}

export async function balancesOf(db: Db, userId: number, accountIndex: number): Promise<HeldToken[]> {
  const cache = caches.get(db.instance)
  const key = BalanceCache.key(userId, accountIndex)
  const cached = cache?.get(key)
  if (cached) return cached
  const version = cache?.version(key) ?? 0
  const held = await queryBalances(db, userId, accountIndex)
  cache?.set(key, version, held)
  return held
}

async function queryBalances(db: Db, userId: number, accountIndex: number): Promise<HeldToken[]> {
  const rows = await db.query<{ chain_id: string; token_address: string; units: string }>(
    `SELECT chain_id, token_address, units::text AS units FROM balances
     WHERE user_id = $1 AND account_index = $2 AND units <> 0 AND chain_id <> 'GAME' ORDER BY chain_id, token_address`,
    [userId, accountIndex],
    { name: 'ledger.balances' },
  )
  return rows.map((r) => ({ chainId: r.chain_id, tokenAddress: r.token_address, units: BigInt(r.units) }))
}

export async function balanceOf(
  db: Db,
  userId: number,
  accountIndex: number,
  chainId: LedgerChain,
  tokenAddress: string,
): Promise<bigint> {
  const [row] = await db.query<{ units: string }>(
    `SELECT units::text AS units FROM balances WHERE user_id = $1 AND account_index = $2 AND chain_id = $3 AND token_address = $4`,
    [userId, accountIndex, chainKey(chainId), tokenAddress],
    { name: 'ledger.balance' },
  )
  return BigInt(row?.units ?? '0')
}

/** The users whose ledger lock each open transaction holds, by the transaction's Db. */
const locksHeld = new WeakMap<Db, Set<number>>()

/**
 * Takes the ledger locks of `userIds` (transaction-scoped advisory locks), always in ascending id
 * order, as every writer does, so no two writers wait on each other in a cycle. A lock the
 * transaction holds already is not asked for again (a claim locks the claimer and their referrers,
 * then posts to them: two statements fewer a claim); outside a transaction every lock is asked for.
 */
export async function lockUsers(tx: Db, userIds: Iterable<number>): Promise<void> {
  const held = inTransaction(tx) ? (locksHeld.get(tx) ?? new Set<number>()) : new Set<number>()
  if (inTransaction(tx)) locksHeld.set(tx, held)
  for (const userId of [...new Set(userIds)].sort((a, b) => a - b)) {
    if (held.has(userId)) continue
    await tx.query('SELECT pg_advisory_xact_lock($1)', [userId], { name: 'ledger.lock' })
    held.add(userId)
  }
}

/** PostgreSQL's check_violation: the running balance's CHECK (units >= 0) refused a change. */
const CHECK_VIOLATION = '23514'
const isNegativeBalance = (e: unknown) => {
  const err = e as { code?: unknown; constraint?: unknown } | null
  return err?.code === CHECK_VIOLATION && (err.constraint === undefined || err.constraint === 'balances_not_negative')
}

/**
 * Writes entries inside the given transaction: appends them to the ledger and adds them to the
 * running balances (table balances) in the same transaction. Throws InsufficientBalance when a
 * balance would go below zero; the database's CHECK decides, so two concurrent debits can never
 * both pass. The caller's transaction then rolls back as a whole.
 */
export async function post(tx: Db, entries: readonly Entry[]): Promise<void> {
  if (entries.length === 0) return
  const cache = caches.get(tx.instance)
  // One lock per user, all taken before anything is written and always in ascending id order: in
  // entry order, A paying B (locks A, then B) and B paying A (B, then A) at the same moment each
  // held one lock and waited for the other, and PostgreSQL answered "deadlock detected".
  await lockUsers(
    tx,
    entries.map((e) => e.userId),
  )
  for (const e of entries) cache?.invalidate(BalanceCache.key(e.userId, e.accountIndex))

  const columns = 7
  await tx.query(
    `INSERT INTO ledger (user_id, account_index, chain_id, token_address, delta, reason, reference) VALUES ${entries
      .map(
        (_, i) =>
          `($${i * columns + 1}, $${i * columns + 2}, $${i * columns + 3}, $${i * columns + 4}, $${i * columns + 5}::numeric, $${i * columns + 6}, $${i * columns + 7})`,
      )
      .join(', ')}`,
    entries.flatMap((e) => [
      e.userId,
      e.accountIndex,
      chainKey(e.chainId),
      e.tokenAddress,
      e.delta.toString(),
      e.reason,
      e.reference ?? null,
    ]),
    { name: `ledger.entries.${entries.length}` },
  )

  // The running balances, one row per wallet and asset, changed in one fixed order too (the row
  // locks of the upserts could deadlock like the advisory locks otherwise).
  const sums = new Map<
    string,
    { userId: number; accountIndex: number; chain: string; tokenAddress: string; delta: bigint }
  >()
  for (const e of entries) {
    const chain = chainKey(e.chainId)
    const key = JSON.stringify([e.userId, e.accountIndex, chain, e.tokenAddress])
    const sum = sums.get(key)
    if (sum) sum.delta += e.delta
    else
      sums.set(key, {
        userId: e.userId,
        accountIndex: e.accountIndex,
        chain,
        tokenAddress: e.tokenAddress,
        delta: e.delta,
      })
  }
  const ordered = [...sums.values()].sort(
    (a, b) =>
      a.userId - b.userId ||
      a.accountIndex - b.accountIndex ||
      (a.chain < b.chain ? -1 : a.chain > b.chain ? 1 : 0) ||
      (a.tokenAddress < b.tokenAddress ? -1 : a.tokenAddress > b.tokenAddress ? 1 : 0),
  )
  for (const b of ordered) {
    if (b.delta === 0n) continue
    const params = [b.userId, b.accountIndex, b.chain, b.tokenAddress, b.delta.toString()]
    const refused = () => new InsufficientBalance(b.chain, b.tokenAddress)
    if (b.delta > 0n) {
      await tx.query(
        `INSERT INTO balances (user_id, account_index, chain_id, token_address, units) VALUES ($1, $2, $3, $4, $5::numeric)
         ON CONFLICT (user_id, account_index, chain_id, token_address) DO UPDATE SET units = balances.units + EXCLUDED.units`,
        params,
        { name: 'ledger.credit' },
      )
      continue
    }
    // A debit is an UPDATE: an INSERT ... ON CONFLICT checks the CHECK on the row it proposes (the
    // negative delta itself) before it looks for the existing one. No row: nothing held.
    const updated = await tx
      .query(
        `UPDATE balances SET units = units + $5::numeric WHERE user_id = $1 AND account_index = $2 AND chain_id = $3 AND token_address = $4 RETURNING 1 AS ok`,
        params,
        { name: 'ledger.debit' },
      )
      .catch((e: unknown) => {
        throw isNegativeBalance(e) ? refused() : e
      })
    if (updated.length === 0) throw refused()
  }
  for (const observer of observers.get(tx.instance) ?? []) await observer(tx, entries)
}

/** Records a history entry; answers its id, as GET /history shows it. */
export async function addHistory(
  tx: Db,
  userId: number,
  accountIndex: number,
  type: 'swap' | 'deposit' | 'withdrawal',
  entry: Record<string, unknown>,
): Promise<string> {
  const [row] = await tx.query<{ id: string | number | bigint }>(
    'INSERT INTO history (user_id, account_index, type, entry) VALUES ($1, $2, $3, $4::jsonb) RETURNING id',
    [userId, accountIndex, type, JSON.stringify(entry)],
    { name: 'ledger.history' },
  )
  return String(row.id)
}
