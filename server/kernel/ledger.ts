/**
 * The ledger: every balance change is an entry, written in a transaction together with the check
 * that no balance went negative; a failed check rolls the whole change back.
 */
import type { Db } from '../db'
import { type ChainId, chainKey } from './catalogue'

export interface Entry {
  userId: number
  accountIndex: number
  chainId: ChainId
  tokenAddress: string
  delta: bigint
  reason: string
  reference?: string
}

export class InsufficientBalance extends Error {
  constructor(readonly chainId: string, readonly tokenAddress: string) {
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
    `SELECT chain_id, token_address, sum(delta)::text AS units FROM ledger
     WHERE user_id = $1 AND account_index = $2 GROUP BY chain_id, token_address HAVING sum(delta) <> 0`,
    [userId, accountIndex],
  )
  return rows.map((r) => ({ chainId: r.chain_id, tokenAddress: r.token_address, units: BigInt(r.units) }))
}

export async function balanceOf(db: Db, userId: number, accountIndex: number, chainId: ChainId, tokenAddress: string): Promise<bigint> {
  const [row] = await db.query<{ units: string | null }>(
    `SELECT coalesce(sum(delta), 0)::text AS units FROM ledger
     WHERE user_id = $1 AND account_index = $2 AND chain_id = $3 AND token_address = $4`,
    [userId, accountIndex, chainKey(chainId), tokenAddress],
  )
  return BigInt(row?.units ?? '0')
}

/** Writes entries inside the given transaction; throws InsufficientBalance if any balance would go below zero. */
export async function post(tx: Db, entries: readonly Entry[]): Promise<void> {
  const cache = caches.get(tx.instance)
  for (const e of entries) {
    cache?.invalidate(BalanceCache.key(e.userId, e.accountIndex))
    // Serialises concurrent changes to one user's wallet on a PostgreSQL server.
    await tx.query('SELECT pg_advisory_xact_lock($1)', [e.userId])
    await tx.query(
      `INSERT INTO ledger (user_id, account_index, chain_id, token_address, delta, reason, reference)
       VALUES ($1, $2, $3, $4, $5::numeric, $6, $7)`,
      [e.userId, e.accountIndex, chainKey(e.chainId), e.tokenAddress, e.delta.toString(), e.reason, e.reference ?? null],
    )
  }
  for (const e of entries) {
    if (e.delta >= 0n) continue
    if ((await balanceOf(tx, e.userId, e.accountIndex, e.chainId, e.tokenAddress)) < 0n) throw new InsufficientBalance(chainKey(e.chainId), e.tokenAddress)
  }
}

/** Records a history entry; answers its id, as GET /history shows it. */
export async function addHistory(
  tx: Db,
  userId: number,
  accountIndex: number,
  type: 'swap' | 'deposit' | 'withdrawal',
  entry: Record<string, unknown>,
): Promise<string> {
  const [row] = await tx.query<{ id: string | number | bigint }>('INSERT INTO history (user_id, account_index, type, entry) VALUES ($1, $2, $3, $4::jsonb) RETURNING id', [
    userId,
    accountIndex,
    type,
    JSON.stringify(entry),
  ])
  return String(row.id)
}
