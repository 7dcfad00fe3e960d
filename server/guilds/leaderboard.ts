/** guilds.7: a guild rank's leaderboard, read from the ranking index within the rank's band of balances. */
import type { Db } from '../db'
import { switchText } from '../mining/miner'
import { LEADERBOARD_SIZE, NO_BOUND, SWITCH_ROWS, standingOf } from './ranks'

/**
 * The band is read from the cut-offs inside the statement: from the rank's cut-off (none: nobody
 * holds it, no rows) up to the least of the higher ranks' (equal to it: its miners hold a higher
 * rank, no rows), as bandOf.
 */
const TOP = `SELECT u.first_name, b.units::text AS units FROM balances b JOIN mining_users m ON m.user_id = b.user_id JOIN users u ON u.id = b.user_id
  WHERE ${SWITCH_ROWS}
    AND b.units >= (SELECT min_units FROM guild_cutoffs WHERE kind = 'miners' AND rank = $1)
    AND b.units < coalesce((SELECT min(h.min_units) FROM guild_cutoffs h WHERE h.kind = 'miners' AND h.rank > $1), ${NO_BOUND})
  ORDER BY b.units DESC, b.user_id LIMIT ${LEADERBOARD_SIZE}`

export async function guildLeaderboard(db: Db, rank: 1 | 2 | 3 | 4 | 5, userId: number) {
  const top = await db.query<{ first_name: string; units: string }>(TOP, [rank])
  const me = await standingOf(db, userId)
  return {
    top: top.map((t) => ({ firstName: t.first_name, gotAmount: switchText(BigInt(t.units)) })),
    userRank: me === null ? null : me.place,
    user: me === null ? null : { firstName: me.firstName, gotAmount: switchText(me.units) },
  }
}
