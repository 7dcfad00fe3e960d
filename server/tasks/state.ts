/**
 * Each task's state for one user, judged on the server's clock from what the server knows
 * (docs/features/tasks.md): notStarted, started (clicked, nothing to verify yet), verifying
 * (clicked, judged after the delay), done, expired (past its deadline). Reading judges: a task whose
 * fact is there is completed (./complete.ts pays it once) before it is shown.
 */
import { SWITCH_DECIMALS } from '../../domain/mining/accrual'
import { fromUnits } from '../../domain/money'
import {
  DAY_MS,
  GROUP,
  SNIPING,
  SWAP_WINDOW_MS,
  USD_MICROS,
  dailyRewardDay,
  depositPunkSpeed,
  depositUsdSpeed,
  groupConditionsMet,
  nextUtcMidnight,
  swapCounts,
  utcDay,
} from '../../domain/tasks/completionRules'
import { visibleAtSpeed } from '../../domain/tasks/selectors'
import type { Db } from '../db'
import { readMiner } from '../mining/miner'
import type { Catalogue } from '../kernel/catalogue'
import { type Completion, completeTask, nanoSwitch, onceCompletion } from './complete'
import { FACT_ARRAY, type Fact, type FactArray, factOf, msOf } from './facts'
import { PUNK_TOKEN, TASKS, type TaskDef } from './catalogue'
import { DAILY_REWARDS } from './daily'

export type TaskState = 'notStarted' | 'started' | 'verifying' | 'done' | 'expired'

interface Start {
  startedAt: number
  verifyAt: number | null
  outcome: 'done' | 'not-member' | 'unverifiable' | null
}
interface Done {
  reference: string
  doneAt: number
  endsAt: number | null
  amount: bigint | null
  /** The boost it granted (nano-SWITCH an hour), if any. */
  speed: bigint | null
}

/** What the server knows about a user, read once per judgement. */
export interface Facts {
  userId: number
  now: number
  alliance: string | null
  autoclaimActive: boolean
  friends: number
  tonWallet: { address: string; setAt: number } | null
  punkUnits: bigint
  /** Swaps and deposits of the last 24 h. */
  recent: Fact[]
  swaps: { largest: bigint; total: bigint }
  starts: Map<string, Start>
  /** The latest completion of each code. */
  latest: Map<string, Done>
  /** The end of the latest burn boost still running. */
  burnUntil: number | null
}

const PUNK_UNITS = 1_000_000_000n

/**
 * Everything readFacts needs, in one statement (one round trip, one snapshot): the miner's alliance
 * and autoclaim, the friends counted, the TON wallet (a proven one: migration 026), the starts, each code's latest completion (with
 * the boost it granted), the running burn boost, the PUNK held, the last 24 h's facts (oldest first)
 * and the all-time swap figures. It was nine statements, each its own wait for a pooled connection:
 * under the mixed load bench (tests/bench/mixed.ts) at 500 clients a tasks call queued nine times
 * behind every other call's statements (p50 about 2 s while the other reads took 0.2-0.4 s).
 */
const FACTS = `SELECT m.alliance, coalesce(m.autoclaim_active, false) AS autoclaim_active,
       (SELECT count(*) FROM referrals WHERE referrer_id = $1)::int AS friends,
       w.address AS ton_wallet, ${msOf('w.set_at')} AS ton_wallet_set_ms,
       (SELECT coalesce(json_agg(json_build_array(code, ${msOf('started_at')}, ${msOf('verify_at')}, outcome)), '[]'::json) FROM task_starts WHERE user_id = $1) AS starts,
       (SELECT coalesce(json_agg(json_build_array(l.code, l.reference, ${msOf('l.done_at')}, ${msOf('l.ends_at')}, l.amount, l.speed)), '[]'::json)
        FROM (SELECT DISTINCT ON (c.code) c.code, c.reference, c.done_at, c.ends_at, c.amount::text AS amount, b.speed_units::text AS speed
              FROM task_completions c LEFT JOIN mining_boosts b ON b.user_id = c.user_id AND b.source = 'task' AND b.reference = c.code || ':' || c.reference
              WHERE c.user_id = $1 ORDER BY c.code, c.done_at DESC, c.reference DESC) l) AS latest,
       (SELECT ${msOf('max(ends_at)')} FROM mining_boosts WHERE user_id = $1 AND source = 'burn' AND ends_at > $2) AS burn_until_ms,
       (SELECT units::text FROM balances WHERE user_id = $1 AND account_index = 0 AND chain_id = 'TON' AND token_address = $3) AS punk_units,
       (SELECT coalesce(json_agg(${FACT_ARRAY} ORDER BY at, id), '[]'::json)
        FROM task_facts WHERE user_id = $1 AND at > $4) AS recent,
       (SELECT json_build_array(coalesce(max(usd_micros), 0)::text, coalesce(sum(usd_micros), 0)::text) FROM task_facts WHERE user_id = $1 AND kind = 'swap') AS swaps
     FROM (SELECT 1) one LEFT JOIN mining_users m ON m.user_id = $1 LEFT JOIN task_ton_wallets w ON w.user_id = $1 AND w.proven_at IS NOT NULL`

interface FactsRow {
  alliance: string | null
  autoclaim_active: boolean
  friends: number
  ton_wallet: string | null
  ton_wallet_set_ms: string | null
  /** [code, started ms, verify ms, outcome] */
  starts: [string, string, string | null, Start['outcome']][]
  /** [code, reference, done ms, ends ms, amount, boost speed] */
  latest: [string, string, string, string | null, string | null, string | null][]
  burn_until_ms: string | null
  punk_units: string | null
  recent: FactArray[]
  /** [largest, total] in micro-dollars */
  swaps: [string, string]
}

export async function readFacts(db: Db, userId: number, now: number): Promise<Facts> {
  const [f] = await db.query<FactsRow>(
    FACTS,
    [userId, new Date(now).toISOString(), PUNK_TOKEN.tokenAddress, new Date(now - SWAP_WINDOW_MS).toISOString()],
    { name: 'tasks.allFacts' },
  )
  return {
    userId,
    now,
    alliance: f.alliance,
    autoclaimActive: f.autoclaim_active,
    friends: f.friends,
    tonWallet: f.ton_wallet === null ? null : { address: f.ton_wallet, setAt: Number(f.ton_wallet_set_ms) },
    punkUnits: BigInt(f.punk_units ?? '0'),
    recent: f.recent.map(factOf),
    swaps: { largest: BigInt(f.swaps[0]), total: BigInt(f.swaps[1]) },
    starts: new Map(
      f.starts.map(([code, startedAt, verifyAt, outcome]) => [
        code,
        { startedAt: Number(startedAt), verifyAt: verifyAt === null ? null : Number(verifyAt), outcome },
      ]),
    ),
    latest: new Map(
      f.latest.map(([code, reference, doneAt, endsAt, amount, speed]) => [
        code,
        {
          reference,
          doneAt: Number(doneAt),
          endsAt: endsAt === null ? null : Number(endsAt),
          amount: amount === null ? null : BigInt(amount),
          speed: speed === null ? null : BigInt(speed),
        },
      ]),
    ),
    burnUntil: f.burn_until_ms === null ? null : Number(f.burn_until_ms),
  }
}

/** A task as judged: its state and progress, and the completion its facts call for, if any. */
export interface Judged {
  state: TaskState
  doneAmount: number
  maxAmount: number
  /** When the state next turns by itself (a daily turn, a completion running out), else the campaign's deadline. */
  dttmUpdate: number | null
  due: Completion | null
  /** The daily reward's cells and the day to claim. */
  daily?: { rewardList: number[]; currentDay: number }
  /** The speed (SWITCH an hour) the task's completion adds while it runs. */
  addSpeed?: bigint
  /** A channel's last check found no subscription (notSeen) or could not be made (notChecked): said on the card until the next start. */
  lastCheck?: 'notSeen' | 'notChecked'
}

const isRunning = (d: Done | undefined, now: number): boolean =>
  d !== undefined && (d.endsAt === null || d.endsAt > now)
const dollars = (micros: bigint) => Number(micros / USD_MICROS)
const punks = (units: bigint) => Number(units / PUNK_UNITS)

/** Facts of the window a repeating task looks at: the last 24 h, after its last completion. */
const windowFacts = (f: Facts, def: TaskDef) => {
  const last = f.latest.get(def.code)
  return f.recent.filter((x) => last === undefined || x.at > last.doneAt)
}

function swapMatches(def: TaskDef, x: Fact): boolean {
  if (def.rule.kind !== 'swap' || x.kind !== 'swap' || !swapCounts(x.usdMicros)) return false
  const rule = def.rule
  if (rule.chainId !== undefined && x.chainId !== rule.chainId) return false
  if (rule.crossChain === true && (x.toChainId === null || x.toChainId === x.chainId)) return false
  if (
    rule.toSymbol !== undefined &&
    (def.toToken === undefined ||
      x.toTokenAddress !== def.toToken.tokenAddress ||
      x.toChainId !== String(def.toToken.chainId))
  )
    return false
  return true
}

/** Judges one task for the user (pure over `f`): docs/features/tasks.md's table gives each rule. */
export function judge(def: TaskDef, f: Facts, catalogue: Catalogue): Judged {
  const { now } = f
  const last = f.latest.get(def.code)
  const start = f.starts.get(def.code)
  const boostSpeed = def.boost === undefined ? undefined : nanoSwitch(def.boost.speed)
  const base = { maxAmount: def.maxAmount, dttmUpdate: def.deadline, addSpeed: boostSpeed }
  const once = (met: boolean, doneAmount: number): Judged => {
    if (last !== undefined)
      return { ...base, state: 'done', doneAmount: Math.max(doneAmount, def.maxAmount), due: null }
    const due = met ? onceCompletion(def) : null
    return {
      ...base,
      state: due ? 'done' : start ? 'started' : 'notStarted',
      doneAmount: due ? Math.max(doneAmount, def.maxAmount) : doneAmount,
      due,
    }
  }
  /** A repeating task: done while its completion runs; else due when `found` names the fact that completes it. */
  const repeating = (
    progress: number,
    found: { reference: string; amount?: bigint; speed?: bigint } | null,
  ): Judged => {
    if (last !== undefined && isRunning(last, now))
      return {
        ...base,
        state: 'done',
        doneAmount: Math.max(def.maxAmount, last.amount === null ? 0 : Number(last.amount)),
        dttmUpdate: last.endsAt,
        due: null,
        addSpeed: last.speed ?? boostSpeed,
      }
    const endsAt = now + SWAP_WINDOW_MS
    const due: Completion | null = found === null ? null : { reward: def.reward, speed: boostSpeed, ...found, endsAt }
    return {
      ...base,
      state: due ? 'done' : start && start.startedAt > (last?.doneAt ?? 0) ? 'started' : 'notStarted',
      doneAmount: due ? Math.max(progress, def.maxAmount) : progress,
      dttmUpdate: due ? endsAt : def.deadline,
      due,
      addSpeed: found?.speed ?? boostSpeed,
    }
  }

  if (def.deadline !== null && now > def.deadline)
    return { ...base, state: 'expired', doneAmount: last !== undefined ? def.maxAmount : 0, due: null }

  const rule = def.rule
  switch (rule.kind) {
    case 'channel':
    case 'afterDelay': {
      if (last !== undefined) return once(true, def.maxAmount)
      if (start === undefined) return { ...base, state: 'notStarted', doneAmount: 0, due: null }
      // A partner's task is done once its delay has passed; the project's channels wait for the bot's answer (./verify.ts).
      if (rule.kind === 'afterDelay' && start.verifyAt !== null && start.verifyAt <= now)
        return once(true, def.maxAmount)
      if (start.outcome === 'not-member' || start.outcome === 'unverifiable')
        return {
          ...base,
          state: 'notStarted',
          doneAmount: 0,
          due: null,
          lastCheck: start.outcome === 'not-member' ? 'notSeen' : 'notChecked',
        }
      return { ...base, state: 'verifying', doneAmount: 0, due: null }
    }
    case 'swap': {
      const hit = windowFacts(f, def).find((x) => swapMatches(def, x))
      // doneAmount counts the swap (1 of 1), not its dollars
      return repeating(0, hit === undefined ? null : { reference: `fact:${hit.id}` })
    }
    case 'depositUsd': {
      const deposits = windowFacts(f, def).filter((x) => x.kind === 'deposit')
      const sum = deposits.reduce((s, x) => s + x.usdMicros, 0n)
      const speed = depositUsdSpeed(sum)
      return repeating(
        dollars(sum),
        speed === 0n
          ? null
          : { reference: `fact:${deposits[deposits.length - 1].id}`, amount: sum / USD_MICROS, speed },
      )
    }
    case 'depositPunk': {
      const inflows = windowFacts(f, def).filter(
        (x) =>
          (x.kind === 'deposit' && x.tokenAddress === PUNK_TOKEN.tokenAddress && x.chainId === 'TON') ||
          (x.kind === 'swap' && x.toTokenAddress === PUNK_TOKEN.tokenAddress && x.toChainId === 'TON'),
      )
      const sum = inflows.reduce((s, x) => s + (x.kind === 'deposit' ? x.units : (x.toUnits ?? 0n)), 0n)
      const speed = depositPunkSpeed(sum)
      return repeating(
        punks(sum),
        speed === 0n ? null : { reference: `fact:${inflows[inflows.length - 1].id}`, amount: sum / PUNK_UNITS, speed },
      )
    }
    case 'tradeVolume': {
      const swaps = windowFacts(f, def).filter((x) => x.kind === 'swap')
      const volume = swaps.reduce((s, x) => s + x.usdMicros, 0n)
      const cap = BigInt(def.volumeSize ?? 0) * USD_MICROS
      const counted = volume > cap ? cap : volume
      const met = volume >= BigInt(def.minAmount ?? 0) * USD_MICROS && swaps.length > 0
      const speed = ((boostSpeed ?? 0n) * counted) / USD_MICROS
      return repeating(
        dollars(volume),
        met && speed > 0n
          ? { reference: `fact:${swaps[swaps.length - 1].id}`, amount: counted / USD_MICROS, speed }
          : null,
      )
    }
    case 'sniping': {
      const swaps = windowFacts(f, def).filter((x) => x.kind === 'swap' && x.chainId === 'TON')
      const buys = swaps.filter(
        (x) => x.tokenAddress === 'native' && x.toTokenAddress !== null && x.toTokenAddress !== 'native',
      )
      const bigSale = swaps.find((x) => {
        const token = x.tokenAddress === 'native' ? undefined : catalogue.find('TON', x.tokenAddress)
        return token !== undefined && x.units >= SNIPING.tokensSold * 10n ** BigInt(token.decimals)
      })
      const met = buys.length >= SNIPING.tonBuys || bigSale !== undefined
      const latestHit = bigSale ?? buys[buys.length - 1]
      return repeating(
        Math.min(buys.length, def.maxAmount),
        met ? { reference: `fact:${latestHit.id}`, amount: BigInt(buys.length) } : null,
      )
    }
    case 'burn':
      // Each burn is its own 48 h boost (./burn.ts); the task shows done while one runs.
      return f.burnUntil !== null
        ? { ...base, state: 'done', doneAmount: def.maxAmount, dttmUpdate: f.burnUntil, due: null }
        : { ...base, state: start ? 'started' : 'notStarted', doneAmount: 0, due: null }
    case 'alliance':
      return once(f.alliance !== null, f.alliance !== null ? 1 : 0)
    case 'friends':
      return once(f.friends >= rule.count, Math.min(f.friends, rule.count))
    case 'group': {
      const met = groupConditionsMet({
        largestSwapMicros: f.swaps.largest,
        totalSwapsMicros: f.swaps.total,
        punkUnits: f.punkUnits,
        nfts: 0,
      })
      return once(met >= GROUP.needed, Math.min(met, def.maxAmount))
    }
    case 'autoclaim':
      return once(f.autoclaimActive, f.autoclaimActive ? 1 : 0)
    case 'tonWallet':
      return once(f.tonWallet !== null, f.tonWallet !== null ? 1 : 0)
    case 'partnerWallet': {
      const met = f.tonWallet !== null && start !== undefined && f.tonWallet.setAt > start.startedAt
      return once(met, met ? 1 : 0)
    }
    case 'emoji':
    case 'punkStaking':
      // Completed by their own checks (POST /mining/checkEmoji, /mining/checkPunkStaking).
      return once(false, 0)
    case 'dailyReward': {
      const today = utcDay(now)
      const prev = last === undefined ? null : { day: last.reference, streakDay: Number(last.amount ?? 1n) }
      const { currentDay, claimedToday } = dailyRewardDay(prev, today, DAILY_REWARDS.length)
      return {
        ...base,
        state: claimedToday ? 'done' : 'notStarted',
        doneAmount: claimedToday ? 1 : 0,
        dttmUpdate: nextUtcMidnight(now),
        due: null,
        daily: { rewardList: DAILY_REWARDS.map(Number), currentDay },
      }
    }
  }
}

/** tasks.16: whether the task is offered at `speed` (SWITCH an hour), as the client compares it. */
export const shownAt = (def: TaskDef, speed: string): boolean =>
  visibleAtSpeed(
    {
      code: def.code,
      type: def.type,
      ...(def.minSpeedToShow !== undefined ? { minSpeedToShow: def.minSpeedToShow } : {}),
    },
    speed,
  )

/**
 * Judges the tasks the user is shown (tasks.16: those whose minSpeedToShow their speed reaches; a
 * task not offered is not paid) and writes the completions their facts call for (each in its own
 * transaction, paid once); answers the states as they are after that.
 */
export async function judgeAll(
  db: Db,
  catalogue: Catalogue,
  userId: number,
  now: number,
): Promise<{ facts: Facts; judged: Map<string, Judged>; shown: TaskDef[] }> {
  const record = await readMiner(db, userId, now)
  const speed = record?.speed ?? '0'
  const shown = TASKS.filter((def) => shownAt(def, speed))
  let facts = await readFacts(db, userId, now)
  let wrote = false
  for (const def of shown) {
    const { due } = judge(def, facts, catalogue)
    if (due !== null) wrote = (await db.transaction((tx) => completeTask(tx, userId, def.code, due, now))) || wrote
  }
  if (wrote) facts = await readFacts(db, userId, now)
  return { facts, judged: new Map(shown.map((def) => [def.code, judge(def, facts, catalogue)])), shown }
}

export const switchNumber = (nano: bigint): number => Number(fromUnits(nano, SWITCH_DECIMALS))
export { DAY_MS }
