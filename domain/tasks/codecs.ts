/** The tasks' and airdrops' codecs (doc 2 §3, §7). */
import * as t from 'io-ts'
import { ChainIdC, DecimalString, FiniteNumber } from '../api/codecs'

const Nullable = <C extends t.Mixed>(c: C) => t.union([c, t.null])

const TaskToken = t.partial({
  symbol: t.string,
  name: t.string,
  chainId: ChainIdC,
  logoURI: t.string,
  tokenAddress: t.string,
})

/** A task's state on the server: clicked (started), waiting for its check (verifying), done, past its deadline (expired). */
export const TaskState = t.union([
  t.literal('notStarted'),
  t.literal('started'),
  t.literal('verifying'),
  t.literal('done'),
  t.literal('expired'),
])
export type TaskState = t.TypeOf<typeof TaskState>

/** A task; `dttmUpdate` is the deadline in ms, null where the product says Infinity (no deadline). */
export const Task = t.intersection([
  t.type({ code: t.string, type: t.string }),
  t.partial({
    reward: FiniteNumber,
    doneAmount: FiniteNumber,
    maxAmount: FiniteNumber,
    minAmount: FiniteNumber,
    pendingAmount: FiniteNumber,
    dttmUpdate: Nullable(FiniteNumber),
    currentAddSpeed: FiniteNumber,
    startBonus: FiniteNumber,
    token: TaskToken,
    toToken: TaskToken,
    fromToken: TaskToken,
    amountToBuy: FiniteNumber,
    rewardBatch: FiniteNumber,
    volumeSize: FiniteNumber,
    minDepositUSD: FiniteNumber,
    minStaking: FiniteNumber,
    transferTo: t.string,
    amount: FiniteNumber,
    url: t.string,
    rewardList: t.array(FiniteNumber),
    currentDay: t.number,
    isCompleted: t.boolean,
    minSpeedToShow: FiniteNumber,
    /** The server's state of the task: the client shows it, it does not decide it. */
    state: TaskState,
    /**
     * A subscription the server checked after its timer and did not count: not seen in the channel
     * (notSeen), or the check could not be made (notChecked). Absent once it is started again.
     */
    lastCheck: t.union([t.literal('notSeen'), t.literal('notChecked')]),
    /** The card's logo, served by the server: the partner's, the network's of a swap task, the token's; absent for the project's own tasks. */
    logoURI: t.string,
  }),
])
export type Task = t.TypeOf<typeof Task>

export const TaskGroups = t.partial({
  daily: t.array(Task),
  pump: t.array(Task),
  trade: t.array(Task),
  subscriptions: t.array(Task),
  connect: t.array(Task),
  partner: t.array(Task),
})
export const TasksQuery = t.type({
  boostType: t.union([t.literal('general'), t.literal('subscriptions'), t.literal('pump')]),
})
export const TasksAnswer = t.type({ tasks: TaskGroups })

/** airdrops.5: an airdrop's task; token, url and fromToken where the task has them (a deposit's token, a subscription's link). */
export const AirdropTask = t.intersection([
  t.type({ code: t.string, doneAmount: FiniteNumber, maxAmount: FiniteNumber }),
  t.partial({ token: TaskToken, url: t.string, fromToken: TaskToken, isCompleted: t.boolean }),
])
/** airdrops.2-4: every field doc 2 §3 lists, and isCompleted (doc 2 §3 "tasks, each with isCompleted"). */
export const Airdrop = t.intersection([
  t.type({
    code: t.string,
    airDropSpeed: FiniteNumber,
    dttmDeadline: t.string,
    pricePool: t.union([FiniteNumber, t.string]),
    winnerAmount: t.number,
    tasks: t.array(AirdropTask),
    isCompleted: t.boolean,
  }),
  // pricePoolSymbol (what the pool is paid in) and logoURI (the partner's logo, served by the server) are our server's additions to doc 2 §3
  t.partial({ pricePoolSymbol: t.string, logoURI: t.string }),
])
/** airdrops.2: the airdrops are the tasks call with boostType=airdrop (doc 2 §7). */
export const AIRDROP_BOOST_TYPE = 'airdrop'
export const AirdropsQuery = t.type({ boostType: t.literal(AIRDROP_BOOST_TYPE) })
export const AirdropsAnswer = t.type({ friendsAmount: t.number, tasks: t.array(Airdrop) })

export const ConfirmSubscriptionRequest = t.intersection([
  t.type({ subscriptionType: t.string }),
  t.partial({ airdropId: t.string }),
])
export const EmojiAnswer = t.type({ activated: t.boolean })
export const PunkStakingAnswer = t.union([t.type({ ok: t.literal(true) }), t.type({ error: t.string })])
/** tasks.36: the PUNK to burn, an exact decimal string (never a float), and the tap's key. */
export const BurnRequest = t.intersection([t.type({ amount: DecimalString }), t.partial({ idempotencyKey: t.string })])
/** tasks.41: what a burn gives, when the server says it: the boost's speed (SWITCH an hour) and hours. */
const Gained = t.partial({ speed: DecimalString, hours: t.number })
/**
 * tasks.36: an answer that holds errorCode and errorMessage is a refusal; one without them is success,
 * whatever else it holds (the spec's success is any answer without them; ours adds ok and Gained).
 */
export const BurnAnswer = t.union([
  t.type({ errorCode: t.number, errorMessage: t.string }),
  t.intersection([t.partial({ ok: t.literal(true), errorCode: t.undefined, errorMessage: t.undefined }), Gained]),
])
/** tasks.21: today's claim: the streak's day and the SWITCH it paid (the spec shows no answer; ours says them). */
export const DailyRewardAnswer = t.intersection([
  t.type({ ok: t.literal(true) }),
  t.partial({ day: t.number, reward: DecimalString }),
])
/** tasks.22: the daily boost granted: its speed (SWITCH an hour) and how many hours it runs. */
export const DailyBoostAnswer = t.intersection([t.type({ ok: t.literal(true) }), Gained])
export const TaskStartedRequest = t.type({ code: t.string })
