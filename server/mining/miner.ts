/**
 * The miner on the server (issue 14): the user mining record of doc 2 §3 judged on the server's
 * clock. Accrual is computed when read (domain/mining/accrual.ts); a read or a claim first settles
 * the windows whose deadline passed, recording their burn in the ledger (mined, then burn) and in
 * mining_burns, under the user's ledger lock, so two readers never burn one window twice.
 */
import { type Boost, type Burn, type MiningClock, SWITCH_DECIMALS, accruedAt, claim as claimWindow, deadlineOf, pohBonus, settle, speedAt } from '../../domain/mining/accrual'
import { fromUnits, toUnits } from '../../domain/money'
import type { Db } from '../db'
import { referralStats } from '../friends/stats'
import { type Entry, GAME_CHAIN, balanceOf, post } from '../kernel/ledger'
import { BASE_SPEED } from './seed'
/** The asset staking deposits lock SWITCH in (server/staking/deposits.ts). */
export const STAKED_TOKEN = 'SWITCH-STAKED'
import { rankOf } from '../guilds/ranks'

export const SWITCH_TOKEN = 'SWITCH'
export const switchEntry = (userId: number, delta: bigint, reason: string, reference: string): Entry => ({
  userId,
  accountIndex: 0,
  chainId: GAME_CHAIN,
  tokenAddress: SWITCH_TOKEN,
  delta,
  reason,
  reference,
})

interface Row {
  speed: string
  status: string
  guild: number
  alliance: string | null
  withheld: string
  autoclaim_active: boolean
  human_group: boolean
  confirm_prove: boolean
  dttm_added: Date | string
  window_start: Date | string
  accrued_units: string
  accrued_at: Date | string
  last_claim_at: Date | string | null
  last_payment_at: Date | string | null
  /** The boosts that count from the window's checkpoint on (./boosts.ts grants them): [speed units, from ms, to ms]. */
  boosts: [string, string, string][]
}

const ms = (d: Date | string) => (d instanceof Date ? d : new Date(d)).getTime()
const iso = (at: number) => new Date(at).toISOString()
const units = (switchText: string) => toUnits(switchText, SWITCH_DECIMALS) ?? 0n
export const switchText = (u: bigint) => fromUnits(u, SWITCH_DECIMALS)

/** The window and the boosts that count in it or later, as the row read them. */
const clockOf = (r: Row): MiningClock => ({
  windowStart: ms(r.window_start),
  accrued: BigInt(r.accrued_units),
  accruedAt: ms(r.accrued_at),
  speed: units(r.speed),
  boosts: r.boosts.map(([speed, from, to]): Boost => ({ from: Number(from), to: Number(to), speed: BigInt(speed) })),
})

export interface MiningRecord {
  speed: string
  gotAmount: string
  miningAmount: string
  dttmClaimDeadline: string
  dttmLastClaim: string | null
  status: string
  dttmLastPayment: string | null
  guild: number
  alliance: string | null
  withheld: string
  autoclaimActive: boolean
  lockAmount: string
  humanGroup: boolean
  confirmProve: boolean
  dttmAdded: string
  friendsBonus: string
  friends2Bonus: string
  ordinaryFriends: number
  premiumFriends: number
  /** The window start the record was read in: a claim names it, so a stale screen claims nothing. */
  windowStart: string
  /** SWITCH burned so far, and the last burn, so the user sees what was lost and when. */
  burnedAmount: string
  lastBurn: { amount: string; windows: number; from: string; to: string } | null
  /** `speed` is the speed now, boosts included; this is the speed without them. */
  baseSpeed: string
  /** The boosts that count in this window or later, so the screen's figure rises as the server's does. */
  boosts: { speed: string; from: string; to: string }[]
}

async function row(db: Db, userId: number, forUpdate: boolean): Promise<Row | null> {
  const [r] = await db.query<Row>(
    `SELECT speed::text AS speed, status, guild, alliance, withheld::text AS withheld, autoclaim_active, human_group, confirm_prove, dttm_added,
            window_start, accrued_units::text AS accrued_units, accrued_at, last_claim_at, last_payment_at,
            -- the boosts in the same round trip: every read and claim of the record needs them
            (SELECT coalesce(json_agg(json_build_array(b.speed_units::text, (extract(epoch FROM b.starts_at) * 1000)::bigint::text, (extract(epoch FROM b.ends_at) * 1000)::bigint::text) ORDER BY b.starts_at, b.id), '[]'::json)
             FROM mining_boosts b WHERE b.user_id = m.user_id AND b.ends_at > m.accrued_at) AS boosts
     FROM mining_users m WHERE m.user_id = $1${forUpdate ? ' FOR UPDATE OF m' : ''}`,
    [userId],
  )
  return r ?? null
}

/** mining.3: the profile on demand; mining starts now, at the base speed. */
export async function createMiner(db: Db, userId: number, now: number): Promise<void> {
  await db.query(
    `INSERT INTO mining_users (user_id, speed, window_start, accrued_at, dttm_added) VALUES ($1, $2::numeric, $3, $3, $3) ON CONFLICT DO NOTHING`,
    [userId, BASE_SPEED, iso(now)],
  )
}

/** Records the burn of missed windows and starts the window holding `now`. Inside a transaction. */
async function settleRow(tx: Db, userId: number, r: Row, now: number): Promise<{ clock: MiningClock; burn: Burn | null }> {
  const { state, burn } = settle(clockOf(r), now)
  if (burn === null) return { clock: state, burn }
  const reference = `window:${iso(burn.from)}`
  // ON CONFLICT: a window settled already (a reader that raced this one) is not burned again.
  const inserted = await tx.query(
    `INSERT INTO mining_burns (user_id, window_from, window_to, windows, units) VALUES ($1, $2, $3, $4, $5::numeric) ON CONFLICT (user_id, window_from) DO NOTHING RETURNING id`,
    [userId, iso(burn.from), iso(burn.to), burn.windows, burn.amount.toString()],
  )
  if (inserted.length > 0 && burn.amount > 0n) await post(tx, [switchEntry(userId, burn.amount, 'mined', reference), switchEntry(userId, -burn.amount, 'burn', reference)])
  await tx.query('UPDATE mining_users SET window_start = $2, accrued_units = 0, accrued_at = $2 WHERE user_id = $1', [userId, iso(state.windowStart)])
  return { clock: state, burn }
}

/** The record as of `now`, missed windows settled first; null when the user has no profile. */
export async function readMiner(db: Db, userId: number, now: number): Promise<MiningRecord | null> {
  return db.transaction(async (tx) => {
    const r = await row(tx, userId, false)
    if (r === null) return null
    // Settling writes: take the row lock only when a deadline has passed.
    if (now > deadlineOf(clockOf(r))) {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [userId])
      const locked = (await row(tx, userId, true)) as Row
      const { clock } = await settleRow(tx, userId, locked, now)
      return view(tx, userId, locked, clock, now)
    }
    return view(tx, userId, r, clockOf(r), now)
  })
}

async function view(db: Db, userId: number, r: Row, clock: MiningClock, now: number): Promise<MiningRecord> {
  // One after another: inside a transaction these share one connection.
  const got = await balanceOf(db, userId, 0, GAME_CHAIN, SWITCH_TOKEN)
  // What staking deposits still lock (server/staking/deposits.ts): the running balance of SWITCH-STAKED.
  const locked = await balanceOf(db, userId, 0, GAME_CHAIN, STAKED_TOKEN)
  const [burned] = await db.query<{ total: string; amount: string | null; windows: number | null; window_from: Date | string | null; window_to: Date | string | null }>(
    `SELECT (SELECT coalesce(sum(units), 0)::text FROM mining_burns WHERE user_id = $1) AS total, b.units::text AS amount, b.windows, b.window_from, b.window_to
     FROM (SELECT 1) one LEFT JOIN LATERAL (SELECT * FROM mining_burns WHERE user_id = $1 ORDER BY id DESC LIMIT 1) b ON true`,
    [userId],
  )
  const friends = await referralStats(db, userId)
  return {
    speed: switchText(speedAt(clock, now)),
    gotAmount: switchText(got),
    miningAmount: switchText(accruedAt(clock, now)),
    dttmClaimDeadline: iso(deadlineOf(clock)),
    dttmLastClaim: r.last_claim_at === null ? null : iso(ms(r.last_claim_at)),
    status: r.status,
    dttmLastPayment: r.last_payment_at === null ? null : iso(ms(r.last_payment_at)),
    // guilds.1-2: the rank the user's balance holds by the last recomputed cut-offs.
    guild: await rankOf(db, 'miners', got),
    alliance: r.alliance,
    withheld: r.withheld.replace(/\.?0+$/, '') || '0',
    autoclaimActive: r.autoclaim_active,
    lockAmount: switchText(locked),
    humanGroup: r.human_group,
    confirmProve: r.confirm_prove,
    dttmAdded: iso(ms(r.dttm_added)),
    friendsBonus: friends.friends_bonus,
    friends2Bonus: friends.friends_2_bonus,
    ordinaryFriends: friends.ordinary_friends,
    premiumFriends: friends.premium_friends,
    windowStart: iso(clock.windowStart),
    burnedAmount: switchText(BigInt(burned.total)),
    lastBurn:
      burned.amount === null
        ? null
        : { amount: switchText(BigInt(burned.amount)), windows: burned.windows as number, from: iso(ms(burned.window_from as Date)), to: iso(ms(burned.window_to as Date)) },
    baseSpeed: switchText(clock.speed),
    boosts: (clock.boosts ?? []).filter((b) => b.to > clock.windowStart).map((b) => ({ speed: switchText(b.speed), from: iso(b.from), to: iso(b.to) })),
  }
}

/**
 * What else a claim pays, decided by the features that pay on claims (referrals: the referrer's
 * 10 % and 2 %; alliances: 5 %...): ledger entries written in the claim's own transaction, so they
 * are paid once per claim, of what was claimed (never of what burned). `claimed` excludes them.
 */
export interface ClaimHook {
  (tx: Db, claim: { userId: number; claimed: bigint; reference: string; now: number }): Promise<Entry[]>
  /**
   * The other users this hook may credit on a claim of `userId` (read before any lock: links that
   * never change once made, such as a referral). The claim locks them all, with the claimer, in
   * ascending id order before it writes, as the ledger's post() does; a claim that took the
   * claimer's lock first and a referrer's later could deadlock with a transfer between the two.
   */
  users?: (tx: Db, userId: number) => Promise<number[]>
}

export type ClaimOutcome =
  | { kind: 'claimed'; claimed: string; bonus: string; record: MiningRecord }
  | { kind: 'stale'; record: MiningRecord }
  | { kind: 'nothing'; record: MiningRecord }
  | { kind: 'no-profile' }

/**
 * A claim at `now` (mining.5): settles missed windows, then credits what the window holds, once.
 * `windowStart`: the window the user saw; another device's claim (or a burn) since then started a
 * new one, so this claim takes nothing and answers the record as it is now.
 */
export async function claimMining(tx: Db, userId: number, now: number, windowStart: string | null, reason = 'claim', hooks: readonly ClaimHook[] = []): Promise<ClaimOutcome> {
  const others = (await Promise.all(hooks.map((h) => h.users?.(tx, userId) ?? []))).flat()
  for (const id of [...new Set([userId, ...others])].sort((x, y) => x - y)) await tx.query('SELECT pg_advisory_xact_lock($1)', [id])
  const r = await row(tx, userId, true)
  if (r === null) return { kind: 'no-profile' }
  const seen = windowStart === null ? null : Date.parse(windowStart)
  const before = clockOf(r).windowStart
  const { clock } = await settleRow(tx, userId, r, now)
  if (seen !== null && seen !== before) return { kind: 'stale', record: await view(tx, userId, r, clock, now) }
  const { state, amount } = claimWindow(clock, now)
  if (amount === 0n) return { kind: 'nothing', record: await view(tx, userId, r, clock, now) }
  const bonus = r.confirm_prove ? pohBonus(amount) : 0n
  const reference = `window:${iso(clock.windowStart)}`
  const extra: Entry[] = []
  for (const hook of hooks) extra.push(...(await hook(tx, { userId, claimed: amount, reference, now })))
  await post(tx, [switchEntry(userId, amount, reason, reference), ...(bonus > 0n ? [switchEntry(userId, bonus, 'poh-bonus', reference)] : []), ...extra])
  await tx.query('UPDATE mining_users SET window_start = $2, accrued_units = 0, accrued_at = $2, last_claim_at = $2 WHERE user_id = $1', [userId, iso(state.windowStart)])
  const updated = (await row(tx, userId, false)) as Row
  return { kind: 'claimed', claimed: switchText(amount), bonus: switchText(bonus), record: await view(tx, userId, updated, clockOf(updated), now) }
}
