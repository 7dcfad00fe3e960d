/**
 * Guild ranks (guilds.1-2; docs/features/guilds.md, "Rules chosen where the spec is silent"):
 * miners ranked by their SWITCH balance. The job guilds.recompute reads every miner's balance in
 * order once, in batch, and keeps what a request needs in small tables: the cut-offs of ranks 1-5
 * (guild_cutoffs), the balance at every MARK_STEP-th place (guild_marks) and each rank's
 * leaderboard (guild_leaders). A user's rank is a lookup against the cut-offs; their place is the
 * nearest mark's place plus a count of the few balances between it and theirs.
 */
import { type GuildRank, RANKS, guildOf, placesOf } from '../../domain/guilds/rules'
import type { Db } from '../db'
import type { Jobs } from '../kernel/jobs'

export const GUILD_JOB = 'guilds.recompute'
/** How often the cut-offs are recomputed by default (ServerConfig.guildRanksIntervalMs). */
export const GUILD_RANKS_INTERVAL_MS = 5 * 60_000
/**
 * A mark every this many places: a place is then a count over at most about this many balances (each
 * looked up in mining_users). At a million miners 16 makes about 60 000 marks, written in the
 * recompute's one pass at no cost that shows, and a leaderboard's statement about 0.12 ms of the
 * database's CPU instead of 0.2 at 64 (measured with tests/bench/guilds.ts).
 */
export const MARK_STEP = 16
/** How many entries a leaderboard lists. */
export const LEADERBOARD_SIZE = 100

/** The rows of the ranking: SWITCH account 0 on the game chain, as the index balances_switch_ranking holds them. */
export const SWITCH_ROWS = `chain_id = 'GAME' AND token_address = 'SWITCH' AND account_index = 0`
export const IS_MINER = 'EXISTS (SELECT 1 FROM mining_users m WHERE m.user_id = b.user_id)'
/**
 * How many of a short range of ranking rows are miners: a lookup per row, written so the planner
 * cannot turn it into a scan of every miner (as it may with EXISTS).
 */
const MINERS_COUNTED = 'count((SELECT 1 FROM mining_users m WHERE m.user_id = b.user_id))'

/** Above any NUMERIC(78, 0): an open upper bound that is still a condition of the ranking index. */
export const NO_BOUND = '1e78'

export type Kind = 'miners' | 'alliances'
export type Cutoffs = (bigint | null)[]

/**
 * The advisory lock (class, key) a recompute holds: two at once (two processes whose queue leases
 * overlapped, a run outlasting its lease) would both rewrite the marks, and the second insert would
 * fail on a duplicate; with it the second waits and recomputes after the first.
 */
const RECOMPUTE_LOCK = [7103, 1] as const

/**
 * A recompute's statements may take longer than a call's (seconds over a million miners): their
 * limit, in place of the database's statement timeout. It runs on the queue, never in a call.
 */
export const RECOMPUTE_TIMEOUT_MS = 120_000

/** Recomputes both rankings' cut-offs (and the miners' marks) in one transaction: readers see one snapshot. */
export async function recomputeGuilds(db: Db, now: number, markStep = MARK_STEP): Promise<void> {
  await db.transaction(
    async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [...RECOMPUTE_LOCK])
      const [{ n }] = await tx.query<{ n: string }>('SELECT count(*)::text AS n FROM mining_users')
      const population = Number(n)
      const places = RANKS.map((rank) => placesOf(population, rank))
      // One pass over the positive balances in order: the marks and the balance at each rank's last place.
      const rows = await tx.query<{ units: string; rn: string; above: string }>(
        `SELECT units::text AS units, rn::text AS rn, above::text AS above FROM (
         SELECT b.units, row_number() OVER w AS rn, rank() OVER w - 1 AS above
         FROM balances b WHERE ${SWITCH_ROWS} AND b.units > 0 AND ${IS_MINER}
         WINDOW w AS (ORDER BY b.units DESC)) s
       WHERE rn % $1 = 0 OR rn = ANY($2::bigint[])`,
        [markStep, places.filter((p) => p > 0)],
      )
      const at = new Map(rows.map((r) => [Number(r.rn), r.units]))
      await tx.query('DELETE FROM guild_marks')
      const marks = new Map<string, string>()
      for (const r of rows) if (Number(r.rn) % markStep === 0 && !marks.has(r.units)) marks.set(r.units, r.above)
      if (marks.size > 0)
        await tx.query('INSERT INTO guild_marks (units, above) SELECT * FROM unnest($1::numeric[], $2::bigint[])', [
          [...marks.keys()],
          [...marks.values()],
        ])
      await writeCutoffs(
        tx,
        'miners',
        population,
        places.map((p) => (p > 0 ? (at.get(p) ?? null) : null)),
        now,
      )
      await writeLeaders(tx)

      // Alliances: their members' SWITCH now, then the same shares among alliances that have members.
      await tx.query(
        `UPDATE alliances a SET total_units = t.total FROM (
         SELECT a2.name, coalesce(sum(b.units), 0) AS total FROM alliances a2
         LEFT JOIN mining_users m ON m.alliance = a2.name
         LEFT JOIN balances b ON b.user_id = m.user_id AND ${SWITCH_ROWS}
         GROUP BY a2.name) t
       WHERE t.name = a.name AND a.total_units <> t.total`,
      )
      const [{ alliances }] = await tx.query<{ alliances: string }>(
        'SELECT count(*)::text AS alliances FROM alliances WHERE members > 0',
      )
      const allianceCount = Number(alliances)
      const least: (string | null)[] = []
      for (const rank of RANKS) {
        const p = placesOf(allianceCount, rank)
        const [row] =
          p > 0
            ? await tx.query<{ units: string }>(
                'SELECT total_units::text AS units FROM alliances WHERE members > 0 ORDER BY total_units DESC OFFSET $1 LIMIT 1',
                [p - 1],
              )
            : []
        least.push(row?.units ?? null)
      }
      await writeCutoffs(tx, 'alliances', allianceCount, least, now)
    },
    { timeoutMs: RECOMPUTE_TIMEOUT_MS },
  )
}

/**
 * Each rank's best LEADERBOARD_SIZE miners, from the cut-offs just written: the rank's band runs from
 * its cut-off (none: nobody holds it, no rows) up to the least of the higher ranks' (equal to it: its
 * miners hold a higher rank, no rows), as bandOf.
 */
const LEADERS = `INSERT INTO guild_leaders (generation, rank, place, user_id, first_name, units)
  SELECT $1::bigint, r.rank, t.place, t.user_id, t.first_name, t.units FROM generate_series(1, 5) AS r(rank)
  CROSS JOIN LATERAL (
    SELECT row_number() OVER (ORDER BY b.units DESC, b.user_id) AS place, b.user_id, u.first_name, b.units
    FROM balances b JOIN mining_users m ON m.user_id = b.user_id JOIN users u ON u.id = b.user_id
    WHERE ${SWITCH_ROWS}
      AND b.units >= (SELECT min_units FROM guild_cutoffs WHERE kind = 'miners' AND rank = r.rank)
      AND b.units < coalesce((SELECT min(h.min_units) FROM guild_cutoffs h WHERE h.kind = 'miners' AND h.rank > r.rank), ${NO_BOUND})
    ORDER BY b.units DESC, b.user_id LIMIT ${LEADERBOARD_SIZE}) t`

/** The largest BIGINT: the ranking's entries are BIGINTs, a larger balance is written as this. */
export const RANKING_MAX = 9223372036854775807n

/**
 * The ranking of a generation (guild_ranking, migration 024): every miner's positive balance, best
 * first, as 8-byte big-endian integers, made in the database (one row, never sent to this process).
 */
const RANKING = `INSERT INTO guild_ranking (generation, units)
  SELECT $1::bigint, coalesce(string_agg(int8send(least(b.units, ${RANKING_MAX})::bigint), ''::bytea ORDER BY b.units DESC), ''::bytea)
  FROM balances b WHERE ${SWITCH_ROWS} AND b.units > 0 AND ${IS_MINER}`

/**
 * A new generation of the leaderboards and of the ranking. The one before stays: a server whose
 * statement named it just before this commits still finds its rows; older ones go.
 */
async function writeLeaders(tx: Db): Promise<void> {
  const [{ generation }] = await tx.query<{ generation: string }>(
    "SELECT nextval('guild_generation')::text AS generation",
  )
  await tx.query(LEADERS, [generation])
  await tx.query(RANKING, [generation])
  await tx.query(
    'DELETE FROM guild_leaders WHERE generation < (SELECT max(generation) FROM guild_leaders WHERE generation < $1)',
    [generation],
  )
  await tx.query(
    'DELETE FROM guild_ranking WHERE generation < (SELECT max(generation) FROM guild_ranking WHERE generation < $1)',
    [generation],
  )
}

async function writeCutoffs(tx: Db, kind: Kind, population: number, least: (string | null)[], now: number) {
  await tx.query(
    `INSERT INTO guild_cutoffs (kind, rank, min_units, population, computed_at)
     SELECT $1, r, CASE WHEN u > 0 THEN u END, $3, $4 FROM unnest($2::numeric[]) WITH ORDINALITY AS c(u, r)
     ON CONFLICT (kind, rank) DO UPDATE SET min_units = excluded.min_units, population = excluded.population, computed_at = excluded.computed_at`,
    [kind, least, population, new Date(now).toISOString()],
  )
}

/** The cut-offs of ranks 1-5 (index 0 is rank 1), as of the last recompute; all null before the first. */
export async function cutoffsOf(db: Db, kind: Kind): Promise<Cutoffs> {
  const rows = await db.query<{ rank: number; min_units: string | null }>(
    'SELECT rank, min_units::text AS min_units FROM guild_cutoffs WHERE kind = $1',
    [kind],
  )
  const cutoffs: Cutoffs = [null, null, null, null, null]
  for (const r of rows) cutoffs[r.rank - 1] = r.min_units === null ? null : BigInt(r.min_units)
  return cutoffs
}

/** The rank (0-5) an amount holds by the last cut-offs. */
export const rankOf = async (db: Db, kind: Kind, units: bigint): Promise<GuildRank> =>
  guildOf(units, await cutoffsOf(db, kind))

/**
 * The amounts rank `rank` spans: from its cut-off up to (not including) the next higher rank's
 * (cut-offs never fall as ranks rise; an equal one leaves this rank empty: its miners hold the
 * higher rank); null: nobody holds it.
 */
export function bandOf(cutoffs: Cutoffs, rank: 1 | 2 | 3 | 4 | 5): { from: bigint; below: bigint | null } | null {
  const from = cutoffs[rank - 1]
  if (from === null) return null
  const below = cutoffs.slice(rank).find((c) => c !== null) ?? null
  return below !== null && below <= from ? null : { from, below }
}

/** A miner's SWITCH balance (nano-SWITCH). */
export async function switchUnits(db: Db, userId: number): Promise<bigint> {
  const [row] = await db.query<{ units: string }>(
    `SELECT units::text AS units FROM balances b WHERE user_id = $1 AND ${SWITCH_ROWS}`,
    [userId],
  )
  return BigInt(row?.units ?? '0')
}

/**
 * A miner's place among all miners (1 + how many have more), or null with nothing mined: the place
 * of the nearest mark above as of the last recompute, plus the balances counted now between it and theirs.
 */
export async function placeOf(db: Db, units: bigint): Promise<number | null> {
  if (units <= 0n) return null
  const [mark] = await db.query<{ units: string; above: string }>(
    'SELECT units::text AS units, above::text AS above FROM guild_marks WHERE units > $1 ORDER BY units LIMIT 1',
    [units.toString()],
  )
  // Two forms, so both bounds are conditions of the ranking index (an `IS NULL OR` would scan past them).
  const between = `SELECT ${MINERS_COUNTED}::text AS n FROM balances b WHERE ${SWITCH_ROWS} AND b.units > $1::numeric${mark ? ' AND b.units <= $2::numeric' : ''}`
  const [{ n }] = await db.query<{ n: string }>(between, mark ? [units.toString(), mark.units] : [units.toString()])
  return 1 + Number(mark ? BigInt(mark.above) + BigInt(n) : BigInt(n))
}

/**
 * A miner's entry, rank and place in one statement (the leaderboards' "user" and "userRank"), for
 * user $1: their balance, the highest rank whose cut-off it reaches, and placeOf's count from the
 * nearest mark. No row when the user has no mining profile. The mark is a LATERAL lookup so that
 * the user's balance bounds the marks' index (a join of the marks with `me` scanned half of the
 * 15 000 marks of a million miners per call, about 2.5 ms, most of the call).
 */
export const STANDING = `WITH me AS (
       SELECT u.first_name, coalesce((SELECT units FROM balances b WHERE b.user_id = m.user_id AND ${SWITCH_ROWS}), 0) AS units
       FROM mining_users m JOIN users u ON u.id = m.user_id WHERE m.user_id = $1),
     mark AS (SELECT g.units, g.above FROM me CROSS JOIN LATERAL (SELECT units, above FROM guild_marks g WHERE g.units > me.units ORDER BY g.units LIMIT 1) g)
     SELECT me.first_name, me.units::text AS units,
       (SELECT max(rank) FROM guild_cutoffs c WHERE c.kind = 'miners' AND c.min_units <= me.units) AS guild,
       CASE WHEN me.units > 0 THEN (1 + coalesce((SELECT above FROM mark), 0) + (
         SELECT ${MINERS_COUNTED} FROM balances b WHERE ${SWITCH_ROWS} AND b.units > me.units AND b.units <= coalesce((SELECT units FROM mark), ${NO_BOUND})))::text END AS place
     FROM me`

export interface Standing {
  firstName: string
  units: bigint
  guild: GuildRank
  place: number | null
}
export interface StandingRow {
  first_name: string
  units: string
  guild: number | null
  place: string | null
}
export const standingFrom = (row: StandingRow): Standing => ({
  firstName: row.first_name,
  units: BigInt(row.units),
  guild: (row.guild ?? 0) as GuildRank,
  place: row.place === null ? null : Number(row.place),
})

/** A miner's entry, rank and place (STANDING); null when the user has no mining profile. */
export async function standingOf(db: Db, userId: number): Promise<Standing | null> {
  const [row] = await db.query<StandingRow>(STANDING, [userId], { name: 'guilds.standing' })
  return row === undefined ? null : standingFrom(row)
}

/** The job on the queue, every `intervalMs` (0: never on its own; runDue or a send runs it). */
export function defineGuildJob(jobs: Jobs, db: Db, now: () => number, intervalMs: number): void {
  jobs.define(GUILD_JOB, async () => recomputeGuilds(db, now()), { retries: 1, leaseMs: 5 * 60_000 })
  if (intervalMs > 0) jobs.every(GUILD_JOB, intervalMs)
}
