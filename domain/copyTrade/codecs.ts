/** Copy-trading calls (doc 1 §3, §7). */
import * as t from 'io-ts'
import { ChainIdC, DecimalString, FiniteNumber, IntegerString, TokenDecimals } from '../api/codecs'
import { HistoryEntry } from '../wallet/codecs'

/** What a user asks to copy: the trader, the network, the share per trade and the deposit. */
const Subscription = {
  accountIndex: t.number,
  chainId: ChainIdC,
  followedAddress: t.string,
  ante: FiniteNumber,
  protocols: t.array(t.string),
  depositInNano: IntegerString,
  fromToken: t.string,
}

/** A subscription: active while dttmDeactivated is absent. */
export const CopyTrade = t.intersection([
  t.type({
    _id: t.string,
    ...Subscription,
    dttmAdded: t.string,
    token: t.type({ logoURI: t.string, name: t.string }),
    /** eth: a decimal string computed exactly by the server (a number from older servers, as the spec had it). */
    deposit: t.type({ usd: FiniteNumber, eth: t.union([DecimalString, FiniteNumber]) }),
  }),
  t.partial({
    dttmDeactivated: t.string,
    /** What the trade still holds of its deposit token (smallest units); '0' once stopped. */
    remainingInNano: IntegerString,
    /** How many of the trader's swaps were copied into the trade. */
    swapsCount: t.number,
    /** An active trade: what it holds now at today's prices, and that less the deposit, in USD. */
    valueUsd: FiniteNumber,
    pnlUsd: FiniteNumber,
  }),
])
export type CopyTrade = t.TypeOf<typeof CopyTrade>

export const StableCoinsQuery = t.type({ chainID: ChainIdC, accountIndex: t.number })

export const CopyTradesQuery = t.type({ accountIndex: t.number })
export const CopyTrades = t.type({
  copyTrades: t.array(CopyTrade),
  tokens: t.array(t.type({ tokenAddress: t.string, chainId: ChainIdC, decimals: TokenDecimals, price: FiniteNumber })),
})

export const StartCopyTradeRequest = t.intersection([t.type(Subscription), t.partial({ idempotencyKey: t.string })])
export const StartCopyTradeResult = t.type({ ok: t.literal(true), trade: CopyTrade })

export const UserSwapsQuery = t.type({ accountIndex: t.number, copyTradeId: t.string })
export const UserSwaps = t.type({ swaps: t.array(HistoryEntry) })

export const CancelCopyTradeRequest = t.type({ _id: t.string })
export const Ok = t.type({ ok: t.literal(true) })
