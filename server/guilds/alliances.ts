/**
 * Alliances (guilds.9-23): joined or created by name, left; members counted exactly in the joining
 * and leaving transactions. Totals and ranks are as of the last recompute (server/guilds/ranks.ts).
 */
import { allianceAvatar, allianceUserpicURL } from '../../domain/guilds/rules'
import type { Alliance, AllianceDetails } from '../../domain/guilds/codecs'
import type { Db } from '../db'
import { switchText } from '../mining/miner'
import { LEADERBOARD_SIZE, SWITCH_ROWS, bandOf, cutoffsOf, switchUnits } from './ranks'
import { guildOf } from '../../domain/guilds/rules'

export type Membership = { kind: 'joined' | 'left' | 'unchanged' } | { kind: 'no-profile' }

/**
 * The user joins `name` (created if new, titled `title`), leaving the alliance they were in; null:
 * they leave. The user's row is locked first, then the alliances' rows in name order, so two users
 * moving between the same alliances in opposite directions never wait on each other.
 */
export async function setAlliance(
  db: Db,
  userId: number,
  name: string | null,
  title: string | null,
  now: number,
): Promise<Membership> {
  return db.transaction(async (tx) => {
    const [me] = await tx.query<{ alliance: string | null }>(
      'SELECT alliance FROM mining_users WHERE user_id = $1 FOR UPDATE',
      [userId],
    )
    if (me === undefined) return { kind: 'no-profile' }
    if (me.alliance === name) return { kind: 'unchanged' }
    for (const each of [me.alliance, name].filter((n): n is string => n !== null).sort()) {
      if (each === me.alliance) await tx.query('UPDATE alliances SET members = members - 1 WHERE name = $1', [each])
      else
        await tx.query(
          `INSERT INTO alliances (name, title, members, created_at) VALUES ($1, $2, 1, $3)
           ON CONFLICT (name) DO UPDATE SET members = alliances.members + 1`,
          [each, title ?? each, new Date(now).toISOString()],
        )
    }
    await tx.query('UPDATE mining_users SET alliance = $2 WHERE user_id = $1', [userId, name])
    return { kind: name === null ? 'left' : 'joined' }
  })
}

interface Row {
  name: string
  title: string
  members: number
  total: string
}
// `total`, not `total_units`: ORDER BY total_units must name the column, not a text alias.
const COLUMNS = 'name, title, members, total_units::text AS total'

const recordOf = (r: Row, guild: number): Alliance & { userpicURL: string; guild: number } => ({
  name: r.name,
  title: r.title,
  userpicURL: allianceUserpicURL(r.name),
  avatar: allianceAvatar(r.name),
  totalMined: switchText(BigInt(r.total)),
  users: r.members,
  guild,
})

/** An alliance's place among alliances with members, by total (1 + how many have more). */
async function placeOf(db: Db, r: Row): Promise<number> {
  const [{ n }] = await db.query<{ n: string }>(
    'SELECT count(*)::text AS n FROM alliances WHERE total_units > $1::numeric AND members > 0',
    [r.total],
  )
  return 1 + Number(n)
}

async function allianceRow(db: Db, name: string): Promise<Row | null> {
  const [r] = await db.query<Row>(`SELECT ${COLUMNS} FROM alliances WHERE name = $1`, [name])
  return r ?? null
}

async function membershipOf(db: Db, userId: number): Promise<string | null> {
  const [me] = await db.query<{ alliance: string | null }>('SELECT alliance FROM mining_users WHERE user_id = $1', [
    userId,
  ])
  return me?.alliance ?? null
}

/** guilds.16: the alliance's page, as `userId` sees it; null: no such alliance. */
export async function allianceDetails(db: Db, name: string, userId: number): Promise<AllianceDetails | null> {
  const r = await allianceRow(db, name)
  if (r === null) return null
  const cutoffs = await cutoffsOf(db, 'alliances')
  const top = await db.query<{ first_name: string; units: string }>(
    `SELECT u.first_name, coalesce(b.units, 0)::text AS units FROM mining_users m JOIN users u ON u.id = m.user_id
     LEFT JOIN balances b ON b.user_id = m.user_id AND ${SWITCH_ROWS}
     WHERE m.alliance = $1 ORDER BY coalesce(b.units, 0) DESC, m.user_id LIMIT ${LEADERBOARD_SIZE}`,
    [name],
  )
  const member = (await membershipOf(db, userId)) === name
  let userRank: number | null = null
  if (member) {
    const units = await switchUnits(db, userId)
    const [{ n }] = await db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM mining_users m JOIN balances b ON b.user_id = m.user_id AND ${SWITCH_ROWS} WHERE m.alliance = $1 AND b.units > $2::numeric`,
      [name, units.toString()],
    )
    userRank = 1 + Number(n)
  }
  return {
    ...recordOf(r, guildOf(BigInt(r.total), cutoffs)),
    allianceRank: await placeOf(db, r),
    top: top.map((t) => ({ firstName: t.first_name, gotAmount: switchText(BigInt(t.units)) })),
    userRank,
    member,
  }
}

/** guilds.10: the alliances of a rank, best first, and the caller's alliance with its place. */
export async function allianceLeaderboard(db: Db, rank: 1 | 2 | 3 | 4 | 5, userId: number) {
  const cutoffs = await cutoffsOf(db, 'alliances')
  const band = bandOf(cutoffs, rank)
  const top =
    band === null
      ? []
      : await db.query<Row>(
          `SELECT ${COLUMNS} FROM alliances WHERE members > 0 AND total_units >= $1::numeric${band.below === null ? '' : ' AND total_units < $2::numeric'}
           ORDER BY total_units DESC, name LIMIT ${LEADERBOARD_SIZE}`,
          band.below === null ? [band.from.toString()] : [band.from.toString(), band.below.toString()],
        )
  const mine = await membershipOf(db, userId)
  const r = mine === null ? null : await allianceRow(db, mine)
  return {
    top: top.map((a) => recordOf(a, rank)),
    allianceRank: r === null ? null : await placeOf(db, r),
    alliance: r === null ? null : recordOf(r, guildOf(BigInt(r.total), cutoffs)),
  }
}
