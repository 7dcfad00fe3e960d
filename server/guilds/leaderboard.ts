/**
 * guilds.7: a guild rank's leaderboard. `top` is the rank's list as of the last recompute
 * (guild_leaders, written with the cut-offs); `user` is the caller's entry, live; `userRank` is the
 * caller's live balance placed among every miner's balance as of the last recompute (guild_ranking).
 */
import type { Db } from '../db'
import { switchText } from '../mining/miner'
import { RANKING_MAX, SWITCH_ROWS, placeOf } from './ranks'

export interface Leader {
  firstName: string
  gotAmount: string
}

/**
 * The caller's name and balance (primary-key reads) and the newest generation of the lists, in one
 * statement: a row even for a user without a mining profile (first_name null), generation null while
 * there are no lists.
 */
const BOARD = `SELECT (SELECT max(generation) FROM guild_leaders)::text AS generation, me.first_name, me.units
  FROM (SELECT 1) one LEFT JOIN (
    SELECT u.first_name, coalesce((SELECT b.units FROM balances b WHERE b.user_id = m.user_id AND ${SWITCH_ROWS}), 0)::text AS units
    FROM mining_users m JOIN users u ON u.id = m.user_id WHERE m.user_id = $1) me ON true`

/** One generation's lists: each rank's entries, the same as the JSON text every answer carries, and the ranking. */
interface Lists {
  ranks: Leader[][]
  json: string[]
  /**
   * Every miner's positive balance as of the recompute, best first, 8 bytes each (guild_ranking);
   * null for a generation written before the ranking was (its places are counted in the database).
   */
  ranking: DataView | null
}

/**
 * The lists of one generation, read once per server and database and kept until a request's statement
 * names a newer generation. The lists change only when a recompute writes them, so the generation a
 * request reads from the database tells exactly when to read them again, whichever server recomputed.
 * Each list is serialised once per generation too: an answer splices its text in.
 */
const lists = new WeakMap<object, { generation: string; lists: Promise<Lists> }>()

const NONE: Lists = { ranks: [[], [], [], [], []], json: ['[]', '[]', '[]', '[]', '[]'], ranking: null }

function listsOf(db: Db, generation: string | null): Promise<Lists> {
  if (generation === null) return Promise.resolve(NONE)
  const held = lists.get(db.instance)
  if (held?.generation === generation) return held.lists
  const entry = { generation, lists: readLists(db, generation) }
  lists.set(db.instance, entry)
  // A failed read is not kept: the next request reads again.
  entry.lists.catch(() => lists.get(db.instance) === entry && lists.delete(db.instance))
  return entry.lists
}

async function readLists(db: Db, generation: string): Promise<Lists> {
  const [rows, [ranked]] = await Promise.all([
    db.query<{ rank: number; first_name: string; units: string }>(
      'SELECT rank, first_name, units::text AS units FROM guild_leaders WHERE generation = $1 ORDER BY rank, place',
      [generation],
    ),
    // One row of 8 bytes a miner (8 MB at a million), once per generation.
    db.query<{ units: Uint8Array }>('SELECT units FROM guild_ranking WHERE generation = $1', [generation]),
  ])
  const ranks: Leader[][] = [[], [], [], [], []]
  for (const r of rows) ranks[r.rank - 1].push({ firstName: r.first_name, gotAmount: switchText(BigInt(r.units)) })
  const ranking =
    ranked === undefined ? null : new DataView(ranked.units.buffer, ranked.units.byteOffset, ranked.units.byteLength)
  return { ranks, json: ranks.map((list) => JSON.stringify(list)), ranking }
}

/** 1 + how many balances of the ranking (best first) exceed `units`: a binary search. */
export function placeIn(ranking: DataView, units: bigint): number {
  let low = 0
  let high = ranking.byteLength / 8
  while (low < high) {
    const mid = (low + high) >>> 1
    if (ranking.getBigInt64(mid * 8) > units) low = mid + 1
    else high = mid
  }
  return 1 + low
}

/**
 * The caller's place, or null with nothing mined: among the balances of the last recompute, from
 * memory. Before any recompute, for a generation without a ranking, or a balance beyond the ranking's
 * BIGINTs, counted in the database instead (placeOf: the nearest mark plus a live count).
 */
const placeFor = (db: Db, held: Lists, units: bigint): number | null | Promise<number | null> =>
  units <= 0n ? null : held.ranking !== null && units < RANKING_MAX ? placeIn(held.ranking, units) : placeOf(db, units)

/** The caller's entry and place and the newest lists: one statement, and the lists and ranking from memory while their generation is the newest. */
async function boardOf(db: Db, rank: 1 | 2 | 3 | 4 | 5, userId: number) {
  const [row] = await db.query<{ generation: string | null; first_name: string | null; units: string | null }>(
    BOARD,
    [userId],
    { name: 'guilds.board' },
  )
  const held = await listsOf(db, row.generation)
  const units = row.first_name === null ? null : BigInt(row.units as string)
  return {
    top: held.ranks[rank - 1],
    topJson: held.json[rank - 1],
    userRank: units === null ? null : await placeFor(db, held, units),
    user: units === null ? null : { firstName: row.first_name as string, gotAmount: switchText(units) },
  }
}

export async function guildLeaderboard(db: Db, rank: 1 | 2 | 3 | 4 | 5, userId: number) {
  const { top, userRank, user } = await boardOf(db, rank, userId)
  return { top, userRank, user }
}

/** guildLeaderboard's answer as JSON text, the same as JSON.stringify of it, with the rank's list serialised once per generation. */
export async function guildLeaderboardJson(db: Db, rank: 1 | 2 | 3 | 4 | 5, userId: number): Promise<string> {
  const { topJson, userRank, user } = await boardOf(db, rank, userId)
  return `{"top":${topJson},"userRank":${JSON.stringify(userRank)},"user":${JSON.stringify(user)}}`
}
