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

/** One generation's lists: each rank's entries, and the same as the JSON text every answer carries. */
interface Lists {
  ranks: Leader[][]
  json: string[]
}

/**
 * The lists of one generation, read once per server and database and kept until a request's statement
 * names a newer generation. The lists change only when a recompute writes them, so the generation a
 * request reads from the database tells exactly when to read them again, whichever server recomputed.
 * Each list is serialised once per generation too: an answer splices its text in.
 */
const lists = new WeakMap<object, { generation: string; lists: Promise<Lists> }>()

const NONE: Lists = { ranks: [[], [], [], [], []], json: ['[]', '[]', '[]', '[]', '[]'] }

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
  const rows = await db.query<{ rank: number; first_name: string; units: string }>(
    'SELECT rank, first_name, units::text AS units FROM guild_leaders WHERE generation = $1 ORDER BY rank, place',
    [generation],
  )
  const ranks: Leader[][] = [[], [], [], [], []]
  for (const r of rows) ranks[r.rank - 1].push({ firstName: r.first_name, gotAmount: switchText(BigInt(r.units)) })
  return { ranks, json: ranks.map((list) => JSON.stringify(list)) }
}

/** The caller's standing and the newest lists: one statement, and the lists from memory while their generation is the newest. */
async function boardOf(db: Db, rank: 1 | 2 | 3 | 4 | 5, userId: number) {
  const [row] = await db.query<{ generation: string | null } & (StandingRow | { [K in keyof StandingRow]: null })>(BOARD, [userId], { name: 'guilds.board' })
  const me = row.first_name === null ? null : standingFrom(row as StandingRow)
  const held = await listsOf(db, row.generation)
  return {
    top: held.ranks[rank - 1],
    topJson: held.json[rank - 1],
    userRank: me === null ? null : me.place,
    user: me === null ? null : { firstName: me.firstName, gotAmount: switchText(me.units) },
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
