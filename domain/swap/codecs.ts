/** Swap calls (doc 1 §3, §7; rules swap.14-15, swap.19, swap.25): quotes, execution, TON-target, presets. */
import * as t from 'io-ts'
import { ChainIdC, DecimalString, FiniteNumber, IntegerString } from '../api/codecs'
import { Token } from '../wallet/codecs'

const Tool = t.type({ key: t.string, name: t.string, logoURI: t.string })

/** swap.14: the amount in the from token's smallest unit. */
export const FetchRouteRequest = t.type({
  amount: IntegerString,
  from: t.string,
  to: t.string,
  fromChainId: ChainIdC,
  toChainId: ChainIdC,
  accountIndex: t.number,
})
export type FetchRouteRequest = t.TypeOf<typeof FetchRouteRequest>

export const RouteStep = t.type({
  type: t.string,
  tool: Tool,
  fromAmount: DecimalString,
  toAmount: DecimalString,
  fromSymbol: t.string,
  toSymbol: t.string,
})

/** swap.15 */
export const Route = t.type({
  id: t.string,
  fromToken: Token,
  toToken: Token,
  fromAmount: IntegerString,
  toAmount: IntegerString,
  toAmountMin: IntegerString,
  fromAmountUSD: FiniteNumber,
  toAmountUSD: FiniteNumber,
  gasCostUSD: FiniteNumber,
  priceImpactPercent: FiniteNumber,
  fromChainId: ChainIdC,
  toChainId: ChainIdC,
  steps: t.array(RouteStep),
})
export type Route = t.TypeOf<typeof Route>

export const Gas = t.intersection([
  t.type({ address: t.string, chainId: ChainIdC, symbol: t.string, amount: IntegerString, printAmount: DecimalString }),
  t.partial({ amountUSD: FiniteNumber, logoURI: t.string }),
])
export const Transaction = t.type({ viaTool: Tool })

export const Quote = t.type({ route: Route, gases: t.array(Gas), transactions: t.array(Transaction) })
export type Quote = t.TypeOf<typeof Quote>

/** The answer shape of /swap and /v2/tc/swap is not shown in the spec: ours names the history entry. */
export const SwapRequest = t.intersection([
  t.type({ routeId: t.string, accountIndex: t.number }),
  t.partial({ idempotencyKey: t.string }),
])
export const SwapResult = t.type({ ok: t.literal(true), historyId: t.string })

/** TON-target swaps: their own simulate and swap (swap.25); the wallet index travels as a header. */
export const TonProvider = t.union([t.literal('stonfi'), t.literal('dedust')])
export const SimulateTonSwapRequest = t.type({
  offer_jetton: t.string,
  offer_amount: IntegerString,
  ask_jetton: t.string,
  walletindex: t.number,
})
export const TonQuote = t.intersection([
  t.type({ route: Route, transactions: t.array(Transaction), provider: TonProvider }),
  t.partial({ gases: t.array(Gas) }),
])
export const TonSwapRequest = t.intersection([
  t.type({
    offer_jetton: t.string,
    offer_amount: IntegerString,
    ask_jetton: t.string,
    min_ask_amount: IntegerString,
    provider: TonProvider,
    walletindex: t.number,
  }),
  t.partial({ idempotencyKey: t.string }),
])

/** Preset swaps (doc 1 §7): tokens for a start parameter, and a start parameter for tokens. */
export const PresetTokensQuery = t.partial({ startParam: t.string })
/** `presets`: the preset tokens of doc 1 §3 (swap.50), for /presetSwapTokens/to. */
export const PresetTokens = t.intersection([
  t.type({ from: t.union([Token, t.null]), to: t.union([Token, t.null]) }),
  t.partial({ presets: t.array(Token) }),
])
const TokenRef = t.type({ address: t.string, chainId: ChainIdC })
export const CreatePresetSwapRequest = t.type({ from: TokenRef, to: TokenRef })
export const CreatePresetSwapResult = t.type({ startParam: t.string })

export type Gas = t.TypeOf<typeof Gas>
export type Transaction = t.TypeOf<typeof Transaction>
export type RouteStep = t.TypeOf<typeof RouteStep>
