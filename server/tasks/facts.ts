/**
 * The facts tasks judge by (docs/features/tasks.md, "The catalogue and how a task is judged"):
 * every swap and deposit the ledger writes, recorded in the same transaction with the server's
 * clock and its dollar value at the catalogue's price then. A swap is the pair of swap-out and
 * swap-in entries of one reference (EVM and TON swaps, copy trades alike); a deposit is a 'deposit'
 * entry of money from outside (the deposit simulator; an incoming chain transaction), but neither
 * the starter balance a new wallet gets nor a transfer from another user of the service: that money
 * was already in, and two users sending it back and forth would earn the deposit boost again and
 * again.
 */
import { usdMicrosOf } from '../../domain/tasks/completionRules'
import type { Db } from '../db'
import type { Catalogue } from '../kernel/catalogue'
import type { Clock } from '../kernel/clock'
import { type Entry, GAME_CHAIN, observeLedger } from '../kernel/ledger'

const STARTER = 'starter'

export function recordTaskFacts(db: Db, catalogue: Catalogue, clock: Clock): void {
  const usd = (e: Entry) => {
    const token = e.chainId === GAME_CHAIN ? undefined : catalogue.find(e.chainId, e.tokenAddress)
    return token === undefined ? 0n : usdMicrosOf(e.delta < 0n ? -e.delta : e.delta, token.decimals, token.priceUsd)
  }
  observeLedger(db, async (tx, entries) => {
    // An internal transfer posts the sender's withdrawal and the recipient's deposit together, under one reference.
    const internal = (d: Entry) =>
      entries.some((e) => e.reason === 'withdrawal' && e.reference === d.reference && e.userId !== d.userId)
    const at = new Date(clock.now()).toISOString()
    for (const out of entries) {
      if (out.reason === 'swap-out') {
        const into = entries.find(
          (e) => e.reason === 'swap-in' && e.reference === out.reference && e.userId === out.userId,
        )
        await tx.query(
          `INSERT INTO task_facts (user_id, kind, chain_id, token_address, units, usd_micros, to_chain_id, to_token_address, to_units, reference, at)
           VALUES ($1, 'swap', $2, $3, $4::numeric, $5::numeric, $6, $7, $8::numeric, $9, $10)`,
          [
            out.userId,
            String(out.chainId),
            out.tokenAddress,
            (-out.delta).toString(),
            usd(out).toString(),
            into ? String(into.chainId) : null,
            into?.tokenAddress ?? null,
            into ? into.delta.toString() : null,
            out.reference ?? '',
            at,
          ],
        )
      } else if (
        out.reason === 'deposit' &&
        out.reference !== STARTER &&
        out.delta > 0n &&
        out.chainId !== GAME_CHAIN &&
        !internal(out)
      ) {
        await tx.query(
          `INSERT INTO task_facts (user_id, kind, chain_id, token_address, units, usd_micros, reference, at) VALUES ($1, 'deposit', $2, $3, $4::numeric, $5::numeric, $6, $7)`,
          [
            out.userId,
            String(out.chainId),
            out.tokenAddress,
            out.delta.toString(),
            usd(out).toString(),
            out.reference ?? '',
            at,
          ],
        )
      }
    }
  })
}

export interface Fact {
  id: string
  kind: 'swap' | 'deposit'
  chainId: string
  tokenAddress: string
  units: bigint
  usdMicros: bigint
  toChainId: string | null
  toTokenAddress: string | null
  toUnits: bigint | null
  at: number
}

/** A timestamp as epoch ms (text), whole ms as the driver's Date keeps them. */
export const msOf = (column: string) => `floor(extract(epoch FROM ${column}) * 1000)::bigint::text`

/**
 * A fact row as one JSON array, its timestamp as epoch ms (msOf): how a statement reads facts, alone
 * (factsSince) or inside a larger one (tasks/state.ts).
 */
export const FACT_ARRAY = `json_build_array(id::text, kind, chain_id, token_address, units::text, usd_micros::text, to_chain_id, to_token_address, to_units::text, ${msOf('at')})`

/** FACT_ARRAY's columns: id, kind, chain, token, units, usd micros, to chain, to token, to units, at ms. */
export type FactArray = [
  string,
  Fact['kind'],
  string,
  string,
  string,
  string,
  string | null,
  string | null,
  string | null,
  string,
]

export const factOf = ([
  id,
  kind,
  chainId,
  tokenAddress,
  units,
  usdMicros,
  toChainId,
  toTokenAddress,
  toUnits,
  at,
]: FactArray): Fact => ({
  id,
  kind,
  chainId,
  tokenAddress,
  units: BigInt(units),
  usdMicros: BigInt(usdMicros),
  toChainId,
  toTokenAddress,
  toUnits: toUnits === null ? null : BigInt(toUnits),
  at: Number(at),
})

/** A user's facts since `since` (the server's ms), oldest first. */
export async function factsSince(db: Db, userId: number, since: number): Promise<Fact[]> {
  const rows = await db.query<{ fact: FactArray }>(
    `SELECT ${FACT_ARRAY} AS fact FROM task_facts WHERE user_id = $1 AND at > $2 ORDER BY at, id`,
    [userId, new Date(since).toISOString()],
    {
      name: 'tasks.facts',
    },
  )
  return rows.map((r) => factOf(r.fact))
}
