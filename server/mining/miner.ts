/**
 * The miner on the server: the user mining record of doc 2 §3 judged on the server's
 * clock. Accrual is computed when read (domain/mining/accrual.ts); a read or a claim first settles
 * the windows whose deadline passed, recording their burn in the ledger (mined, then burn) and in
 * mining_burns, under the user's ledger lock, so two readers never burn one window twice.
 */
import {
  type Boost,
  type Burn,
  type MiningClock,
  SWITCH_DECIMALS,
  accruedAt,
  claim as claimWindow,
  deadlineOf,
  pohBonus,
  settle,
  speedAt,
} from '../../domain/mining/accrual'
import type { GuildRank } from '../../domain/guilds/rules'
import { fromUnits, toUnits } from '../../domain/money'
import type { Db } from '../db'
import { type Entry, GAME_CHAIN, lockUsers, post } from '../kernel/ledger'
import { BASE_SPEED } from './seed'
/** The asset staking deposits lock SWITCH in (server/staking/deposits.ts). */
export const STAKED_TOKEN = 'SWITCH-STAKED'

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

/** What the record shows besides the miner's own row, read by the same statement (RECORD). */
interface Extras {
  /** The SWITCH balance, and what staking deposits still lock (the running balance of SWITCH-STAKED, server/staking/deposits.ts). */
  got_units: string
  locked_units: string
  /** guilds.1-2: the highest rank whose cut-off (as of the last recompute) the balance reaches; null: none. */
  guild: number | null
  burned_total: string
  last_burn_units: string | null
  last_burn_windows: number | null
  last_burn_from: Date | string | null
  last_burn_to: Date | string | null
  premium_friends: number | null
  ordinary_friends: number | null
  friends_bonus_units: string | null
  friends_2_bonus_units: string | null
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

/**
 * The whole record in one statement (one round trip, one snapshot): the miner's row with its boosts,
 * the SWITCH and SWITCH-STAKED balances, the rank those SWITCH reach by the last recompute's cut-offs
 * (guild_cutoffs: five rows, written only by a recompute), the burns, the referral totals (as
 * server/friends/stats.ts reads them). No row when the user has no mining profile.
 */
const RECORD = `SELECT m.speed::text AS speed, m.status, m.alliance, m.withheld::text AS withheld, m.autoclaim_active, m.human_group, m.confirm_prove, m.dttm_added,
       m.window_start, m.accrued_units::text AS accrued_units, m.accrued_at, m.last_claim_at, m.last_payment_at,
       (SELECT coalesce(json_agg(json_build_array(b.speed_units::text, (extract(epoch FROM b.starts_at) * 1000)::bigint::text, (extract(epoch FROM b.ends_at) * 1000)::bigint::text) ORDER BY b.starts_at, b.id), '[]'::json)
        FROM mining_boosts b WHERE b.user_id = m.user_id AND b.ends_at > m.accrued_at) AS boosts,
       got.units::text AS got_units,
       coalesce((SELECT s.units FROM balances s WHERE s.user_id = m.user_id AND s.account_index = 0 AND s.chain_id = '${GAME_CHAIN}' AND s.token_address = '${STAKED_TOKEN}'), 0)::text AS locked_units,
       (SELECT max(c.rank) FROM guild_cutoffs c WHERE c.kind = 'miners' AND c.min_units <= got.units) AS guild,
       (SELECT coalesce(sum(units), 0)::text FROM mining_burns WHERE user_id = m.user_id) AS burned_total,
       lb.units::text AS last_burn_units, lb.windows AS last_burn_windows, lb.window_from AS last_burn_from, lb.window_to AS last_burn_to,
       rt.premium_friends, rt.ordinary_friends, rt.friends_bonus_units::text AS friends_bonus_units, rt.friends_2_bonus_units::text AS friends_2_bonus_units
     FROM mining_users m
     CROSS JOIN LATERAL (SELECT coalesce((SELECT g.units FROM balances g WHERE g.user_id = m.user_id AND g.account_index = 0 AND g.chain_id = '${GAME_CHAIN}' AND g.token_address = '${SWITCH_TOKEN}'), 0) AS units) got
     LEFT JOIN LATERAL (SELECT units, windows, window_from, window_to FROM mining_burns WHERE user_id = m.user_id ORDER BY id DESC LIMIT 1) lb ON true
     LEFT JOIN referral_totals rt ON rt.user_id = m.user_id
     WHERE m.user_id = $1`

type Read = Row & Extras

/** The record's statement; `forUpdate` also locks the miner's row (in a transaction). */
async function read(db: Db, userId: number, forUpdate: boolean): Promise<Read | null> {
  const [r] = forUpdate
    ? await db.query<Read>(`${RECORD} FOR UPDATE OF m`, [userId], { name: 'mining.record.locked' })
    : await db.query<Read>(RECORD, [userId], { name: 'mining.record' })
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
async function settleRow(
  tx: Db,
  userId: number,
  r: Row,
  now: number,
): Promise<{ clock: MiningClock; burn: Burn | null }> {
  const { state, burn } = settle(clockOf(r), now)
  if (burn === null) return { clock: state, burn }
  const reference = `window:${iso(burn.from)}`
  // ON CONFLICT: a window settled already (a reader that raced this one) is not burned again.
  const inserted = await tx.query(
    `INSERT INTO mining_burns (user_id, window_from, window_to, windows, units) VALUES ($1, $2, $3, $4, $5::numeric) ON CONFLICT (user_id, window_from) DO NOTHING RETURNING id`,
    [userId, iso(burn.from), iso(burn.to), burn.windows, burn.amount.toString()],
  )
  if (inserted.length > 0 && burn.amount > 0n)
    await post(tx, [
      switchEntry(userId, burn.amount, 'mined', reference),
      switchEntry(userId, -burn.amount, 'burn', reference),
    ])
  await tx.query('UPDATE mining_users SET window_start = $2, accrued_units = 0, accrued_at = $2 WHERE user_id = $1', [
    userId,
    iso(state.windowStart),
  ])
  return { clock: state, burn }
}

/**
 * The record as of `now`, missed windows settled first; null when the user has no profile. While no
 * deadline has passed it is one statement and no transaction; settling takes the user's lock and
 * reads again after.
 */
export async function readMiner(db: Db, userId: number, now: number): Promise<MiningRecord | null> {
  const r = await read(db, userId, false)
  if (r === null) return null
  if (now <= deadlineOf(clockOf(r))) return view(r, r, clockOf(r), now)
  // Settling writes: under the user's lock, on the row as it is once locked.
  return db.transaction(async (tx) => {
    await lockUsers(tx, [userId])
    const locked = (await read(tx, userId, true)) as Read
    const { clock, burn } = await settleRow(tx, userId, locked, now)
    return view(locked, burn === null ? locked : await extrasOf(tx, userId), clock, now)
  })
}

/** The record's figures besides the miner's row, read again after this transaction changed them. */
const extrasOf = async (tx: Db, userId: number): Promise<Extras> => (await read(tx, userId, false)) as Read

const switchOf = (text: string | null) => switchText(BigInt(text ?? '0'))

function view(r: Row, x: Extras, clock: MiningClock, now: number): MiningRecord {
  return {
    speed: switchText(speedAt(clock, now)),
    gotAmount: switchOf(x.got_units),
    miningAmount: switchText(accruedAt(clock, now)),
    dttmClaimDeadline: iso(deadlineOf(clock)),
    dttmLastClaim: r.last_claim_at === null ? null : iso(ms(r.last_claim_at)),
    status: r.status,
    dttmLastPayment: r.last_payment_at === null ? null : iso(ms(r.last_payment_at)),
    // guilds.1-2: the rank the user's balance holds by the last recomputed cut-offs (guildOf's rule, in RECORD).
    guild: (x.guild ?? 0) as GuildRank,
    alliance: r.alliance,
    withheld: r.withheld.replace(/\.?0+$/, '') || '0',
    autoclaimActive: r.autoclaim_active,
    lockAmount: switchOf(x.locked_units),
    humanGroup: r.human_group,
    confirmProve: r.confirm_prove,
    dttmAdded: iso(ms(r.dttm_added)),
    friendsBonus: switchOf(x.friends_bonus_units),
    friends2Bonus: switchOf(x.friends_2_bonus_units),
    ordinaryFriends: x.ordinary_friends ?? 0,
    premiumFriends: x.premium_friends ?? 0,
    windowStart: iso(clock.windowStart),
    burnedAmount: switchOf(x.burned_total),
    lastBurn:
      x.last_burn_units === null
        ? null
        : {
            amount: switchOf(x.last_burn_units),
            windows: x.last_burn_windows as number,
            from: iso(ms(x.last_burn_from as Date)),
            to: iso(ms(x.last_burn_to as Date)),
          },
    baseSpeed: switchText(clock.speed),
    boosts: (clock.boosts ?? [])
      .filter((b) => b.to > clock.windowStart)
      .map((b) => ({ speed: switchText(b.speed), from: iso(b.from), to: iso(b.to) })),
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
export async function claimMining(
  tx: Db,
  userId: number,
  now: number,
  windowStart: string | null,
  reason = 'claim',
  hooks: readonly ClaimHook[] = [],
): Promise<ClaimOutcome> {
  const others = (await Promise.all(hooks.map((h) => h.users?.(tx, userId) ?? []))).flat()
  await lockUsers(tx, [userId, ...others])
  const r = await read(tx, userId, true)
  if (r === null) return { kind: 'no-profile' }
  const seen = windowStart === null ? null : Date.parse(windowStart)
  const before = clockOf(r).windowStart
  const { clock, burn } = await settleRow(tx, userId, r, now)
  const extras = async () => (burn === null ? r : await extrasOf(tx, userId))
  if (seen !== null && seen !== before) return { kind: 'stale', record: view(r, await extras(), clock, now) }
  const { state, amount } = claimWindow(clock, now)
  if (amount === 0n) return { kind: 'nothing', record: view(r, await extras(), clock, now) }
  const bonus = r.confirm_prove ? pohBonus(amount) : 0n
  const reference = `window:${iso(clock.windowStart)}`
  const extra: Entry[] = []
  for (const hook of hooks) extra.push(...(await hook(tx, { userId, claimed: amount, reference, now })))
  await post(tx, [
    switchEntry(userId, amount, reason, reference),
    ...(bonus > 0n ? [switchEntry(userId, bonus, 'poh-bonus', reference)] : []),
    ...extra,
  ])
  await tx.query(
    'UPDATE mining_users SET window_start = $2, accrued_units = 0, accrued_at = $2, last_claim_at = $2 WHERE user_id = $1',
    [userId, iso(state.windowStart)],
    { name: 'mining.claimed' },
  )
  const updated = (await read(tx, userId, false)) as Read
  return {
    kind: 'claimed',
    claimed: switchText(amount),
    bonus: switchText(bonus),
    record: view(updated, updated, clockOf(updated), now),
  }
}
