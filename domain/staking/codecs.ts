/**
 * Staking and soulbound tokens (doc 2 §3, §7; docs/features/staking.md).
 *
 * SWITCH amounts are exact decimal strings (DESIGN §3), not the spec's numbers: amount, hourReward,
 * minSwitchAmount, maxSwitchAmount and totalAmount keep the spec's names. apy stays a number (a
 * fraction, e.g. 0.12), the TON price a decimal string, the Stars price a number.
 *
 * Refusals (not enough SWITCH, below min, above max, a period without its payment, a deposit not
 * unlocked yet) are 4xx answers with the house's error body (ApiErrorBody: message, path), whose
 * message is the text the confirm screen shows in its red bar (staking.32).
 */
import * as t from 'io-ts'
import { DecimalString, FiniteNumber } from '../api/codecs'
import { TonConnectTransaction } from '../payments/codecs'

const Nullable = <C extends t.Mixed>(c: C) => t.union([c, t.null])
const OrderRef = t.type({ orderId: t.string })

export const StakingPeriod = t.union([
  t.literal('3mhp'),
  t.literal('3m'),
  t.literal('6m'),
  t.literal('1y'),
  t.literal('5y'),
  t.literal('100y'),
])
export type StakingPeriod = t.TypeOf<typeof StakingPeriod>
/** The all-in soulbound token's "period" (staking.46): not a deposit period. */
export const ALL_IN = 'allIn'
export const SbtPeriod = t.union([StakingPeriod, t.literal(ALL_IN)])
export type SbtPeriod = t.TypeOf<typeof SbtPeriod>

export const StakingConfig = t.intersection([
  t.type({ apy: FiniteNumber, minSwitchAmount: DecimalString, maxSwitchAmount: DecimalString }),
  /** Absent when the period is free; ton is TON as a decimal string, stars a whole number. */
  t.partial({ priceAmount: t.partial({ ton: DecimalString, stars: t.number }) }),
])
export type StakingConfig = t.TypeOf<typeof StakingConfig>
export const StakingConfigs = t.type({
  configs: t.type({ paidPeriods: t.array(StakingPeriod), stakingConfig: t.record(t.string, StakingConfig) }),
})
export type StakingConfigs = t.TypeOf<typeof StakingConfigs>
export const StakingTotal = t.type({ totalAmount: DecimalString })

/**
 * staking.28, with the house's exact amount. type: how a paid period is paid (omitted for a free
 * one). idempotencyKey: one tap, one deposit; the same key again answers the first answer's deposit
 * or order and creates nothing more.
 */
export const StakingDepositRequest = t.intersection([
  t.type({ amount: DecimalString, period: StakingPeriod }),
  t.partial({
    type: t.union([t.literal('internal'), t.literal('stars'), t.literal('external')]),
    idempotencyKey: t.string,
  }),
])
export type StakingDepositRequest = t.TypeOf<typeof StakingDepositRequest>

/**
 * A deposit. reward: what the claim pays on top of the stake (the whole period's reward, exact);
 * dttmClaimed: when it was claimed, null before; orderId: the paid period's order, null when free.
 */
export const StakingDeposit = t.intersection([
  t.type({
    _id: t.string,
    amount: DecimalString,
    period: StakingPeriod,
    apy: FiniteNumber,
    hourReward: DecimalString,
    dttmStarted: t.string,
    dttmEnded: t.string,
  }),
  t.type({ reward: DecimalString, dttmClaimed: Nullable(t.string), orderId: Nullable(t.string) }),
])
export type StakingDeposit = t.TypeOf<typeof StakingDeposit>
/** Every deposit of the user's, newest first, claimed ones too; serverTime: the server's clock (ms) to judge unlock by (staking.38). */
export const StakingDeposits = t.type({ deposits: t.array(StakingDeposit), serverTime: t.number })
export type StakingDeposits = t.TypeOf<typeof StakingDeposits>

/** The internal way's transfer (as the autoclaim's): the transfer call pays the order, and the deposit exists when it answers. */
export const InternalTransfer = t.type({
  to: t.string,
  amount: DecimalString,
  tokenAddress: t.string,
  chainId: t.literal('TON'),
  comment: t.string,
})
/**
 * The deposit's answer by way:
 * - free period: ok and the deposit, made at once;
 * - internal: ok, orderId and the transfer to make (staking.29: the transfer's answer is the deposit);
 * - stars: ok, orderId and telegramLink, the invoice (staking.30);
 * - external: ok, orderId and transaction, for TonConnect (staking.31);
 * the deposit of a paid period exists once the server has granted its order (GET the order).
 * The spec's { error } stays readable; this server answers refusals as 4xx (see above).
 */
export const StakingDepositAnswer = t.union([
  t.intersection([
    t.type({ ok: t.literal(true) }),
    t.partial({
      deposit: StakingDeposit,
      orderId: t.string,
      internal: InternalTransfer,
      telegramLink: t.string,
      transaction: TonConnectTransaction,
    }),
  ]),
  t.type({ error: t.string }),
])
export type StakingDepositAnswer = t.TypeOf<typeof StakingDepositAnswer>

/**
 * Claiming an unlocked deposit (not in the spec: docs/features/staking.md, "Rules chosen where the
 * spec is silent"): the stake and the reward come back once; again: 409.
 */
export const ClaimDepositParam = t.type({ id: t.string })
export const ClaimDepositAnswer = t.type({ deposit: StakingDeposit, stake: DecimalString, reward: DecimalString })
export type ClaimDepositAnswer = t.TypeOf<typeof ClaimDepositAnswer>

/** staking.44: the user's soulbound tokens, minted ones (granted when the watcher saw the mint). */
export const StakedSbts = t.array(t.type({ stakingPeriod: SbtPeriod }))
export type StakedSbts = t.TypeOf<typeof StakedSbts>
/** address: the connected wallet the item is minted to (TEP-85: bound to it); omitted, the TON wallet the user set (POST /mining/tonWallet). */
export const ClaimSbtQuery = t.intersection([t.type({ stakingPeriod: SbtPeriod }), t.partial({ address: t.string })])
/** staking.47: the TonConnect transaction minting the TEP-85 item, and the order the watcher grants when it sees it. */
export const WalletTransaction = t.intersection([TonConnectTransaction, OrderRef])
export type WalletTransaction = t.TypeOf<typeof WalletTransaction>
