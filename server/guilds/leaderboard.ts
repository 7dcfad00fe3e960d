/** guilds.7: a guild rank's leaderboard, read from the ranking index within the rank's band of balances. */
import type { Db } from '../db'
import { switchText } from '../mining/miner'
import { LEADERBOARD_SIZE, SWITCH_ROWS, bandOf, cutoffsOf, placeOf, switchUnits } from './ranks'

export async function guildLeaderboard(db: Db, rank: 1 | 2 | 3 | 4 | 5, userId: number) {
  const band = bandOf(await cutoffsOf(db, 'miners'), rank)
  const top =
    band === null
      ? []
      : await db.query<{ first_name: string; units: string }>(
          `SELECT u.first_name, b.units::text AS units FROM balances b JOIN mining_users m ON m.user_id = b.user_id JOIN users u ON u.id = b.user_id
           WHERE ${SWITCH_ROWS} AND b.units >= $1::numeric AND ($2::numeric IS NULL OR b.units < $2::numeric)
           ORDER BY b.units DESC, b.user_id LIMIT ${LEADERBOARD_SIZE}`,
          [band.from.toString(), band.below?.toString() ?? null],
        )
  const [me] = await db.query<{ first_name: string }>('SELECT u.first_name FROM mining_users m JOIN users u ON u.id = m.user_id WHERE m.user_id = $1', [userId])
  const units = me === undefined ? 0n : await switchUnits(db, userId)
  return {
    top: top.map((t) => ({ firstName: t.first_name, gotAmount: switchText(BigInt(t.units)) })),
    userRank: me === undefined ? null : await placeOf(db, units),
    user: me === undefined ? null : { firstName: me.first_name, gotAmount: switchText(units) },
  }
}
