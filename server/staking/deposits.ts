/**
 * Staking deposits on the ledger. A deposit's stake stays in the user's SWITCH balance
 * (gotAmount, which guild ranks and friends read) and is locked by a second asset of account 0,
 * GAME/SWITCH-STAKED: 'stake-lock' adds the stake to it, the claim's 'stake-unlock' takes it off
 * and 'stake-reward' pays the reward in SWITCH. lockAmount is that asset's running balance.
 *
 * Never more locked than got minus locked, whatever runs at once: a deposit takes the user's ledger
 * lock (the advisory lock post() takes for every change of the user's balances) before it reads
 * what is available, so two deposits, or a deposit and any other change of the user's SWITCH, run
 * one after the other.
 */
import type { StakingDeposit, StakingPeriod } from '../../domain/staking/codecs'
import { SWITCH_DECIMALS } from '../../domain/mining/accrual'
import { fromUnits, toUnits } from '../../domain/money'
import type { Db } from '../db'
import { type Entry, GAME_CHAIN, balanceOf, lockUsers, post } from '../kernel/ledger'
import { STAKED_TOKEN, SWITCH_TOKEN, switchEntry } from '../mining/miner'
import { REFUSAL, StakingRefusal } from './refusals'
import { PERIOD_MONTHS } from '../../domain/staking/rules'
import { unlockAt } from '../../domain/staking/unlock'
import { apyNumber, hourRewardUnits, rewardUnits } from './reward'
import { PERIODS, STAKING_PERIODS } from './seed'

export { STAKED_TOKEN }
export const stakedEntry = (userId: number, delta: bigint, reason: string, reference: string): Entry => ({
  userId,
  accountIndex: 0,
  chainId: GAME_CHAIN,
  tokenAddress: STAKED_TOKEN,
  delta,
  reason,
  reference,
})

export const switchUnits = (text: string) => toUnits(text, SWITCH_DECIMALS)
export const switchText = (units: bigint) => fromUnits(units, SWITCH_DECIMALS)
const ms = (d: Date | string) => (d instanceof Date ? d : new Date(d)).getTime()
const iso = (at: number) => new Date(at).toISOString()

/** What the user holds (got) and what deposits lock, nano-SWITCH. */
export async function holdings(db: Db, userId: number): Promise<{ got: bigint; locked: bigint }> {
  const got = await balanceOf(db, userId, 0, GAME_CHAIN, SWITCH_TOKEN)
  const locked = await balanceOf(db, userId, 0, GAME_CHAIN, STAKED_TOKEN)
  return { got, locked }
}

export interface DepositRow {
  id: string | number
  user_id: string | number
  amount: string
  period: StakingPeriod
  apy_ppm: string | number
  dttm_added: Date | string
  dttm_ended: Date | string
  claimed_at: Date | string | null
  order_id: string | null
}
const COLUMNS = 'id, user_id, amount::text AS amount, period, apy_ppm, dttm_added, dttm_ended, claimed_at, order_id'

/** A deposit as the wire shows it (domain/staking/codecs.ts). */
export function depositView(r: DepositRow): StakingDeposit {
  const amount = switchUnits(r.amount) as bigint
  const apy = BigInt(r.apy_ppm)
  const start = ms(r.dttm_added)
  const end = ms(r.dttm_ended)
  return {
    _id: String(r.id),
    amount: switchText(amount) as StakingDeposit['amount'],
    period: r.period,
    apy: apyNumber(apy),
    hourReward: switchText(hourRewardUnits(amount, apy)) as StakingDeposit['hourReward'],
    dttmStarted: iso(start),
    dttmEnded: iso(end),
    reward: switchText(rewardUnits(amount, apy, start, end, end)) as StakingDeposit['reward'],
    dttmClaimed: r.claimed_at === null ? null : iso(ms(r.claimed_at)),
    orderId: r.order_id,
  }
}

/**
 * Why `amount` of `period` cannot be staked (a 4xx with the field's path and its code), or null:
 * in the screen's order (staking.15), what is available (staking.12), then the period's bounds
 * (staking.13-14). Read under the user's lock when `tx` holds it.
 */
export async function depositRefusal(
  tx: Db,
  userId: number,
  period: StakingPeriod,
  amount: bigint,
): Promise<StakingRefusal | null> {
  const seed = STAKING_PERIODS[period]
  if (seed === undefined)
    return new StakingRefusal(
      `no staking period ${String(period)}: one of ${PERIODS.join(', ')}`,
      REFUSAL.period,
      'period',
    )
  if (amount <= 0n) return new StakingRefusal('the amount must be more than 0', REFUSAL.amountZero, 'amount')
  const { got, locked } = await holdings(tx, userId)
  const available = got > locked ? got - locked : 0n
  if (amount > available)
    return new StakingRefusal(
      `not enough SWITCH: ${switchText(available)} available to stake`,
      REFUSAL.notEnough,
      'amount',
      409,
      { amount: switchText(available) },
    )
  if (amount < (switchUnits(seed.min) as bigint))
    return new StakingRefusal(
      `the ${period} period takes at least ${seed.min} SWITCH`,
      REFUSAL.minAmount,
      'amount',
      400,
      { amount: seed.min },
    )
  if (amount > (switchUnits(seed.max) as bigint))
    return new StakingRefusal(
      `the ${period} period takes at most ${seed.max} SWITCH`,
      REFUSAL.maxAmount,
      'amount',
      400,
      { amount: seed.max },
    )
  return null
}

/**
 * Makes a deposit and locks its stake, in `tx` (a transaction): the user's lock first, then the
 * checks, then the row and the ledger entry. `key`: the tap's idempotency key (a free period's);
 * `orderId`: the paid order it grants. Throws the refusal.
 */
export async function makeDeposit(
  tx: Db,
  o: {
    userId: number
    period: StakingPeriod
    amount: bigint
    now: number
    key?: string | null
    orderId?: string | null
  },
): Promise<DepositRow> {
  await lockUsers(tx, [o.userId])
  const refusal = await depositRefusal(tx, o.userId, o.period, o.amount)
  if (refusal !== null) throw refusal
  const seed = STAKING_PERIODS[o.period]
  const [row] = await tx.query<DepositRow>(
    `INSERT INTO staking_deposits (user_id, amount, period_months, period, apy_ppm, dttm_added, dttm_ended, order_id, idempotency_key)
     VALUES ($1, $2::numeric, $3, $4, $5, $6, $7, $8, $9) RETURNING ${COLUMNS}`,
    [
      o.userId,
      switchText(o.amount),
      PERIOD_MONTHS[o.period],
      o.period,
      seed.apyPpm.toString(),
      iso(o.now),
      iso(unlockAt(o.now, o.period)),
      o.orderId ?? null,
      o.key ?? null,
    ],
  )
  await post(tx, [stakedEntry(o.userId, o.amount, 'stake-lock', `stake:${row.id}`)])
  await addToTotal(tx, o.amount)
  return row
}

export async function depositByKey(db: Db, userId: number, key: string): Promise<DepositRow | null> {
  const [row] = await db.query<DepositRow>(
    `SELECT ${COLUMNS} FROM staking_deposits WHERE user_id = $1 AND idempotency_key = $2`,
    [userId, key],
  )
  return row ?? null
}

export async function depositByOrder(db: Db, orderId: string): Promise<DepositRow | null> {
  const [row] = await db.query<DepositRow>(`SELECT ${COLUMNS} FROM staking_deposits WHERE order_id = $1`, [orderId])
  return row ?? null
}

/** The user's deposits, newest first, claimed ones too. */
export async function depositsOf(db: Db, userId: number): Promise<DepositRow[]> {
  return db.query<DepositRow>(
    `SELECT ${COLUMNS} FROM staking_deposits WHERE user_id = $1 ORDER BY dttm_added DESC, id DESC`,
    [userId],
  )
}

/**
 * Claims an unlocked deposit of the user's (docs/features/staking.md): at or after dttmEnded by the server's clock,
 * once. The stake is unlocked ('stake-unlock') and the whole period's reward paid ('stake-reward')
 * in one transaction with the row's claimed_at. Another user's deposit is none of theirs: 404.
 */
export async function claimDeposit(
  db: Db,
  userId: number,
  id: string,
  now: number,
): Promise<{ row: DepositRow; stake: bigint; reward: bigint }> {
  if (!/^\d{1,18}$/.test(id)) throw new StakingRefusal('no such deposit of yours', REFUSAL.noDeposit, 'id', 404)
  return db.transaction(async (tx) => {
    await lockUsers(tx, [userId])
    const [row] = await tx.query<DepositRow>(
      `SELECT ${COLUMNS} FROM staking_deposits WHERE id = $1 AND user_id = $2 FOR UPDATE`,
      [id, userId],
    )
    if (row === undefined) throw new StakingRefusal('no such deposit of yours', REFUSAL.noDeposit, 'id', 404)
    if (row.claimed_at !== null) throw new StakingRefusal('this deposit is claimed already', REFUSAL.claimed, 'id', 409)
    const end = ms(row.dttm_ended)
    if (now < end) throw new StakingRefusal(`this deposit is locked until ${iso(end)}`, REFUSAL.locked, 'id', 409)
    const stake = switchUnits(row.amount) as bigint
    const reward = rewardUnits(stake, BigInt(row.apy_ppm), ms(row.dttm_added), end, end)
    const [claimed] = await tx.query<DepositRow>(
      `UPDATE staking_deposits SET claimed_at = $2 WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, iso(now)],
    )
    const ref = `stake:${row.id}`
    await post(tx, [
      stakedEntry(userId, -stake, 'stake-unlock', ref),
      ...(reward > 0n ? [switchEntry(userId, reward, 'stake-reward', ref)] : []),
    ])
    await addToTotal(tx, -stake)
    return { row: claimed, stake, reward }
  })
}

/**
 * A paid deposit whose payment was refunded (stakingProduct's undo): while it is not claimed, it is
 * taken back exactly, as if never made: its stake unlocked ('stake-refund', no reward) and the row
 * gone (the ledger and the order keep what it was). Claimed already, its reward is paid and
 * nothing is changed. In `tx`, under the user's ledger lock.
 */
export async function cancelRefundedDeposit(
  tx: Db,
  userId: number,
  orderId: string,
): Promise<{ cancelled: DepositRow } | { kept: DepositRow | null }> {
  await lockUsers(tx, [userId])
  const [row] = await tx.query<DepositRow>(`SELECT ${COLUMNS} FROM staking_deposits WHERE order_id = $1 FOR UPDATE`, [
    orderId,
  ])
  if (row === undefined || row.claimed_at !== null) return { kept: row ?? null }
  const stake = switchUnits(row.amount) as bigint
  await post(tx, [stakedEntry(userId, -stake, 'stake-refund', `stake:${row.id}`)])
  await tx.query('DELETE FROM staking_deposits WHERE id = $1', [row.id])
  await addToTotal(tx, -stake)
  return { cancelled: row }
}

/**
 * staking.4: the running total of what everyone's deposits lock (migration 022), changed in the
 * transaction of each 'stake-lock' and 'stake-unlock', last, so the row's lock is held only until
 * that transaction commits and concurrent deposits and claims add up exactly.
 */
async function addToTotal(tx: Db, delta: bigint): Promise<void> {
  await tx.query('UPDATE staking_total SET units = units + $1::numeric', [delta.toString()])
}

/** staking.4: what everyone's deposits lock now, one row read. */
export async function totalStaked(db: Db): Promise<bigint> {
  const [r] = await db.query<{ units: string }>('SELECT units::text AS units FROM staking_total')
  return BigInt(r.units)
}

/** What the ledger says everyone's deposits lock (the sum of every SWITCH-STAKED balance): the running total's check. */
export async function totalInLedger(db: Db): Promise<bigint> {
  const [r] = await db.query<{ units: string }>(
    `SELECT coalesce(sum(units), 0)::text AS units FROM balances WHERE chain_id = 'GAME' AND token_address = $1 AND account_index = 0`,
    [STAKED_TOKEN],
  )
  return BigInt(r.units)
}
