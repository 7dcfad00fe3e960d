/**
 * Airdrops (airdrops.1-6; doc 2 §3, §7; docs/features/tasks.md, "Airdrops"): tston and xrocket, each with
 * its speed, deadline, prize pool (a number or a range), winners and tasks. They unlock at 3 invited
 * friends. Locked, on the server, means: the list is shown with nothing judged (no task done, no
 * boost) and a confirmation is refused (409). Unlocked, a subscription or post the user confirms
 * is taken as done 10 s later (a partner's channel cannot be asked; the client refreshes after 15 s,
 * airdrops.7), a deposit task counts the token deposited or swapped into since the airdrop began,
 * and an airdrop whose tasks are all done boosts mining by its airDropSpeed until its deadline, once.
 */
import type { Db } from '../db'
import type { Clock } from '../kernel/clock'
import { logoURI } from '../kernel/catalogue'
import { BadRequest } from '../kernel/validate'
import { grantBoost } from '../mining/boosts'
import { nanoSwitch } from '../tasks/complete'
import { factsSince } from '../tasks/facts'

/** airdrops.1: invited friends needed. */
export const AIRDROP_FRIENDS = 3
/** A confirmed subscription counts this long after the confirmation. */
export const CONFIRM_DELAY_MS = 10_000

interface AirdropToken {
  symbol: string
  name: string
  chainId: 'TON'
  tokenAddress: string
  decimals: number
}
interface AirdropTaskDef {
  code: 'subscription' | 'subscriptionTwitter' | 'deposit'
  url?: string
  /** deposit: the token and how much of it (whole tokens). */
  token?: AirdropToken
  maxAmount: number
}
export interface AirdropDef {
  code: 'tston' | 'xrocket'
  /** SWITCH an hour, exact text. */
  airDropSpeed: string
  startsAt: number
  deadline: number
  pricePool: number | string
  /**
   * What the prize pool is paid in (the spec gives the pool, not its unit: our choice,
   * docs/features/tasks.md, "Airdrops").
   */
  pricePoolSymbol: string
  winnerAmount: number
  tasks: AirdropTaskDef[]
}

const TSTON: AirdropToken = {
  symbol: 'tsTON',
  name: 'Tonstakers TON',
  chainId: 'TON',
  tokenAddress: 'EQC98_qAmNEptUtPc7W6xdHh_ZHrBUFpw5Ft_IzNU20QAJav',
  decimals: 9,
}
const USDT: AirdropToken = {
  symbol: 'USDT',
  name: 'Tether USD',
  chainId: 'TON',
  tokenAddress: 'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs',
  decimals: 6,
}

export const AIRDROPS: readonly AirdropDef[] = [
  {
    code: 'tston',
    airDropSpeed: '0.5',
    startsAt: Date.parse('2026-11-01T00:00:00Z'),
    deadline: Date.parse('2027-03-31T23:59:59Z'),
    pricePool: 5000,
    pricePoolSymbol: 'TON',
    winnerAmount: 500,
    tasks: [
      { code: 'subscription', url: 'https://t.me/tonstakers', maxAmount: 1 },
      { code: 'subscriptionTwitter', url: 'https://x.com/tonstakers', maxAmount: 1 },
      { code: 'deposit', token: TSTON, maxAmount: 1 },
    ],
  },
  {
    code: 'xrocket',
    airDropSpeed: '0.3',
    startsAt: Date.parse('2026-11-01T00:00:00Z'),
    deadline: Date.parse('2027-02-28T23:59:59Z'),
    pricePool: '1000-3000',
    pricePoolSymbol: 'USDT',
    winnerAmount: 300,
    tasks: [
      { code: 'subscription', url: 'https://t.me/xrocket', maxAmount: 1 },
      { code: 'subscriptionTwitter', url: 'https://x.com/xrocket_tg', maxAmount: 1 },
      { code: 'deposit', token: USDT, maxAmount: 5 },
    ],
  },
]

const iso = (at: number) => new Date(at).toISOString()
const startCode = (airdrop: string, type: string) => `airdrop:${airdrop}:${type}`
const tokenView = (t: AirdropToken) => ({
  symbol: t.symbol,
  name: t.name,
  chainId: t.chainId,
  logoURI: logoURI(t.symbol),
  tokenAddress: t.tokenAddress,
})

async function friendsOf(db: Db, userId: number): Promise<number> {
  const [row] = await db.query<{ n: number | string }>('SELECT count(*) AS n FROM referrals WHERE referrer_id = $1', [
    userId,
  ])
  return Number(row.n)
}

/** airdrops.2: friendsAmount and every airdrop with its tasks, each judged for the user (nothing when locked). */
export async function airdropsAnswer(db: Db, userId: number, now: number) {
  const friendsAmount = await friendsOf(db, userId)
  const unlocked = friendsAmount >= AIRDROP_FRIENDS
  const confirmed = new Map(
    (
      await db.query<{ code: string; verify_at: Date | string }>(
        `SELECT code, verify_at FROM task_starts WHERE user_id = $1 AND code LIKE 'airdrop:%'`,
        [userId],
      )
    ).map((r) => [r.code, new Date(r.verify_at).getTime()]),
  )
  const inflows = unlocked ? await factsSince(db, userId, Math.min(...AIRDROPS.map((a) => a.startsAt))) : []
  const tasks = []
  for (const a of AIRDROPS) {
    const live = now <= a.deadline
    const items = a.tasks.map((t) => {
      let doneAmount = 0
      if (unlocked && t.code !== 'deposit') {
        const at = confirmed.get(startCode(a.code, t.code))
        doneAmount = at !== undefined && at <= now ? 1 : 0
      } else if (unlocked && t.token) {
        const token = t.token
        const units = inflows
          .filter((x) => x.at >= a.startsAt && x.at <= a.deadline)
          .reduce(
            (s, x) =>
              s +
              (x.kind === 'deposit' && x.tokenAddress === token.tokenAddress && x.chainId === 'TON'
                ? x.units
                : x.kind === 'swap' && x.toTokenAddress === token.tokenAddress && x.toChainId === 'TON'
                  ? (x.toUnits ?? 0n)
                  : 0n),
            0n,
          )
        doneAmount = Number(units / 10n ** BigInt(token.decimals))
      }
      return {
        code: t.code,
        doneAmount,
        maxAmount: t.maxAmount,
        ...(t.url ? { url: t.url } : {}),
        ...(t.token ? { token: tokenView(t.token), fromToken: tokenView(t.token) } : {}),
        isCompleted: doneAmount >= t.maxAmount,
      }
    })
    const complete = unlocked && items.every((t) => t.isCompleted)
    // All done before the deadline: the airdrop's speed until its deadline, granted once.
    if (complete && live)
      await db.transaction((tx) =>
        grantBoost(
          tx,
          {
            userId,
            source: 'airdrop',
            reference: a.code,
            speed: nanoSwitch(a.airDropSpeed),
            from: now,
            to: a.deadline,
          },
          now,
        ),
      )
    tasks.push({
      code: a.code,
      airDropSpeed: Number(a.airDropSpeed),
      dttmDeadline: iso(a.deadline),
      pricePool: a.pricePool,
      pricePoolSymbol: a.pricePoolSymbol,
      winnerAmount: a.winnerAmount,
      logoURI: `/logos/partners/${a.code}.svg`,
      tasks: items,
      isCompleted: complete,
    })
  }
  return { friendsAmount, tasks }
}

/** airdrops.6: the user says they subscribed; counted after CONFIRM_DELAY_MS. */
export async function confirmSubscription(
  db: Db,
  userId: number,
  subscriptionType: string,
  airdropId: string | undefined,
  clock: Clock,
): Promise<void> {
  const airdrop = AIRDROPS.find((a) => a.code === airdropId)
  if (airdrop === undefined)
    throw new BadRequest(`airdropId must be one of ${AIRDROPS.map((a) => a.code).join(', ')}`, 'airdropId')
  const task = airdrop.tasks.find((t) => t.code === subscriptionType && t.code !== 'deposit')
  if (task === undefined)
    throw new BadRequest(`subscriptionType must be subscription or subscriptionTwitter`, 'subscriptionType')
  const now = clock.now()
  if (now > airdrop.deadline)
    throw new BadRequest(`the ${airdrop.code} airdrop ended at ${iso(airdrop.deadline)}`, 'airdropId', 409)
  if ((await friendsOf(db, userId)) < AIRDROP_FRIENDS)
    throw new BadRequest(`airdrops unlock at ${AIRDROP_FRIENDS} invited friends`, undefined, 409)
  // The first confirmation counts; a second changes nothing.
  await db.query(
    `INSERT INTO task_starts (user_id, code, started_at, verify_at) VALUES ($1, $2, $3, $4) ON CONFLICT (user_id, code) DO NOTHING`,
    [userId, startCode(airdrop.code, task.code), iso(now), iso(now + CONFIRM_DELAY_MS)],
  )
}
