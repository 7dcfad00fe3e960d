/** Mining, tasks, airdrops and referrals (doc 2 §3, §7). */
import * as t from 'io-ts'
import { ChainIdC, DecimalString, FiniteNumber, IntegerString as IntegerStringC } from './common'

const Nullable = <C extends t.Mixed>(c: C) => t.union([c, t.null])

export { MiningUser, MiningUserAnswer, Season } from './miningUser'
import { MiningUser } from './miningUser'

export const ClaimRequest = t.type({ idempotencyKey: t.string, windowStart: t.string })
export const ClaimAnswer = t.type({
  outcome: t.union([t.literal('claimed'), t.literal('stale'), t.literal('nothing')]),
  claimed: DecimalString,
  bonus: DecimalString,
  userMining: MiningUser,
  serverTime: t.number,
})
export type ClaimAnswer = t.TypeOf<typeof ClaimAnswer>

/** The finish screen's results (mining.13-16). */
export const MiningResults = t.intersection([
  t.type({
    state: t.union([t.literal('results'), t.literal('burned'), t.literal('missed')]),
    totalMined: DecimalString,
    speed: DecimalString,
    stakingAmount: DecimalString,
    serverTime: t.number,
  }),
  t.partial({ burnedAmount: DecimalString }),
])
export type MiningResults = t.TypeOf<typeof MiningResults>

/** friends.5: the friends counted apart (friends.4) and what they earned the user, SWITCH as exact decimal strings. */
export const ReferralStats = t.type({
  premium_friends: t.number,
  ordinary_friends: t.number,
  friends_bonus: DecimalString,
  friends_2_bonus: DecimalString,
})
export type ReferralStats = t.TypeOf<typeof ReferralStats>
/** The user's invite link (friends.12-13): Telegram's link to the mini-app with `ref-<code>` as its start parameter. */
export const InviteAnswer = t.type({ code: t.string, startParam: t.string, link: t.string })
export type InviteAnswer = t.TypeOf<typeof InviteAnswer>

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

/**
 * TonConnect's ton_proof as the wallet returned it (its connect reply's `ton_proof` item), with the
 * account's state init beside it (TonConnect's `walletStateInit`, base64 BOC) when the wallet gave
 * one: the server reads the public key from it (docs/payments.md, "Linking a TON wallet").
 */
export const TonProof = t.intersection([
  t.type({
    timestamp: t.number,
    domain: t.type({ lengthBytes: t.number, value: t.string }),
    signature: t.string,
    payload: t.string,
  }),
  t.partial({ stateInit: t.string }),
])
export type TonProof = t.TypeOf<typeof TonProof>
/** The one-time payload a wallet signs in its proof, and until when (epoch ms) the server takes it. */
export const TonProofPayload = t.type({ payload: t.string, expiresAt: t.number })
export type TonProofPayload = t.TypeOf<typeof TonProofPayload>
/** tasks.58, proven: the wallet's address and TonConnect's proof that its key holder asked to link it. */
export const SetTonWalletRequest = t.type({ walletAddress: t.string, proof: TonProof })
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
/**
 * Paying (server/payments): every paid feature answers its order's id beside what the
 * spec names, and the client asks after the order until the server has granted it.
 */
const OrderRef = t.type({ orderId: t.string })
/** tasks.48: an invoice link for Telegram's openInvoice. */
export const StarsAutoclaimAnswer = t.intersection([t.type({ data: t.type({ link: t.string }) }), OrderRef])
/** A TonConnect transaction: the service wallet, nanotons as a string, a text comment naming the order. */
export const TonConnectTransaction = t.type({
  validUntil: t.number,
  messages: t.array(
    t.intersection([t.type({ address: t.string, amount: IntegerStringC }), t.partial({ payload: t.string })]),
  ),
})
export type TonConnectTransaction = t.TypeOf<typeof TonConnectTransaction>
/** tasks.49: the transaction to send through the connected wallet. */
export const ExternalAutoclaimAnswer = t.intersection([
  t.type({ data: t.type({ transaction: TonConnectTransaction }) }),
  OrderRef,
])
/** tasks.44: what the internal TON payment transfers (the transfer call, dry run first), and its comment. */
export const InternalAutoclaimAnswer = t.intersection([
  t.type({
    data: t.type({
      to: t.string,
      amount: DecimalString,
      tokenAddress: t.string,
      chainId: t.literal('TON'),
      comment: t.string,
    }),
  }),
  OrderRef,
])
/** The autoclaim's prices, to show in the modal before paying (tasks.51). */
export const AutoclaimOffer = t.type({
  stars: t.number,
  ton: DecimalString,
  days: t.number,
  active: t.boolean,
  until: Nullable(t.string),
})
export const OrderParam = t.type({ orderId: t.string })
/** An order as its buyer sees it: open until its payment is proven, then granted (or refunded). */
export const OrderStatus = t.type({
  orderId: t.string,
  product: t.string,
  way: t.string,
  status: t.union([t.literal('open'), t.literal('granted'), t.literal('refunded'), t.literal('cancelled')]),
  expiresAt: t.string,
})
export type OrderStatus = t.TypeOf<typeof OrderStatus>
export const TaskStartedRequest = t.type({ code: t.string })

/** friends.9: a page of at most 10; `pageToken` is the nextToken of the page before (opaque, keyset). */
export const FriendsQuery = t.intersection([t.type({ limit: t.number }), t.partial({ pageToken: t.string })])
/**
 * friends.11: a friend, their SWITCH and what the user got through them (10 %, the fixed bonus, and
 * 2 % of their friends' claims), as exact decimal strings; guild is the rank 0-5.
 */
export const Friend = t.type({ firstName: t.string, gotAmount: DecimalString, bonus: DecimalString, guild: t.number })
export type Friend = t.TypeOf<typeof Friend>
/** nextToken: null on the last page. */
export const FriendsAnswer = t.type({ result: t.array(Friend), nextToken: Nullable(t.string) })
export type FriendsAnswer = t.TypeOf<typeof FriendsAnswer>
