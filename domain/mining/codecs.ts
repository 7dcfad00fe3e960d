/** The miner's codecs (doc 2 §3, §7): its claims, the finish screen's results and the autoclaim. */
import * as t from 'io-ts'
import { DecimalString } from '../api/codecs'
import { TonConnectTransaction } from '../payments/codecs'

const Nullable = <C extends t.Mixed>(c: C) => t.union([c, t.null])

export { MiningUser, MiningUserAnswer, Season } from './firstScreenCodecs'
import { MiningUser } from './firstScreenCodecs'

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
/**
 * Paying (server/payments): every paid feature answers its order's id beside what the
 * spec names, and the client asks after the order until the server has granted it.
 */
const OrderRef = t.type({ orderId: t.string })
/** tasks.48: an invoice link for Telegram's openInvoice. */
export const StarsAutoclaimAnswer = t.intersection([t.type({ data: t.type({ link: t.string }) }), OrderRef])
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
