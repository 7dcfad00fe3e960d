/**
 * A history row as GET /history (and the copied swaps of a trade) answer it: the entry recorded
 * with the ledger's change, its id and time, and what the entry's detail shows: the
 * fee's coin and the status.
 */
import type { Catalogue, ChainId } from '../kernel/catalogue'

export interface HistoryRow {
  id: number | string | bigint
  type: string
  entry: Record<string, unknown>
  created_at: string | Date
}

/** The chain's own coin, in which every network fee is paid (kernel/fees.ts, the swap's gas). */
const NATIVE_ADDRESS = (chainId: ChainId) =>
  chainId === 'TON' ? 'native' : '0x0000000000000000000000000000000000000000'

export function historyAnswer(row: HistoryRow, catalogue: Catalogue): Record<string, unknown> {
  const { entry } = row
  const chainId = entry.chainId as ChainId | undefined
  const feeSymbol =
    typeof entry.fee === 'string' && entry.feeSymbol === undefined && chainId !== undefined
      ? catalogue.find(chainId, NATIVE_ADDRESS(chainId))?.symbol
      : undefined
  return {
    ...entry,
    ...(feeSymbol !== undefined ? { feeSymbol } : {}),
    id: String(row.id),
    type: row.type,
    createdAt: new Date(row.created_at).toISOString(),
    // An entry is written in the same transaction as the ledger's change it records: it is done.
    status: 'completed',
  }
}
