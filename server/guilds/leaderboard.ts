/**
 * guilds.7: a guild rank's leaderboard. `top` is the rank's list as of the last recompute
 * (guild_leaders, written with the cut-offs); `user` and `userRank` are the caller's, live.
 */
import type { Db } from '../db'
import { switchText } from '../mining/miner'
import { STANDING, type StandingRow, standingFrom } from './ranks'

export interface Leader {
  firstName: string
  gotAmount: string
}

/**
 * The caller's standing and the newest generation of the lists, in one statement: a row even for a
 * user without a mining profile (standing null), generation null while there are no lists.
 */
const BOARD = `SELECT (SELECT max(generation) FROM guild_leaders)::text AS generation, s.*
  FROM (SELECT 1) one LEFT JOIN (${STANDING}) s ON true`

/**
 * The lists of one generation, read once per server and database and kept until a request's statement
 * names a newer generation. The lists change only when a recompute writes them, so the generation a
 * request reads from the database tells exactly when to read them again, whichever server recomputed.
 */
const lists = new WeakMap<object, { generation: string; ranks: Promise<Leader[][]> }>()

const NONE: Leader[][] = [[], [], [], [], []]

function listsOf(db: Db, generation: string | null): Promise<Leader[][]> {
  if (generation === null) return Promise.resolve(NONE)
  const held = lists.get(db.instance)
  if (held?.generation === generation) return held.ranks
  const entry = { generation, ranks: readLists(db, generation) }
  lists.set(db.instance, entry)
  // A failed read is not kept: the next request reads again.
  entry.ranks.catch(() => lists.get(db.instance) === entry && lists.delete(db.instance))
  return entry.ranks
}

async function readLists(db: Db, generation: string): Promise<Leader[][]> {
  const rows = await db.query<{ rank: number; first_name: string; units: string }>(
    'SELECT rank, first_name, units::text AS units FROM guild_leaders WHERE generation = $1 ORDER BY rank, place',
    [generation],
  )
  const ranks: Leader[][] = [[], [], [], [], []]
  for (const r of rows) ranks[r.rank - 1].push({ firstName: r.first_name, gotAmount: switchText(BigInt(r.units)) })
  return ranks
}

export async function guildLeaderboard(db: Db, rank: 1 | 2 | 3 | 4 | 5, userId: number) {
  const [row] = await db.query<{ generation: string | null } & (StandingRow | { [K in keyof StandingRow]: null })>(BOARD, [userId], { name: 'guilds.board' })
  const me = row.first_name === null ? null : standingFrom(row as StandingRow)
  return {
    top: (await listsOf(db, row.generation))[rank - 1],
    userRank: me === null ? null : me.place,
    user: me === null ? null : { firstName: me.firstName, gotAmount: switchText(me.units) },
  }
}
