/**
 * What the swap screens show and enable, from the swap's state and the wallet's balances (swap.1-5,
 * swap.10, swap.20-24): pure, so a replay and a test decide exactly as the screen does.
 */
import type { Balance, Token } from '../wallet/codecs'
import { compareDecimal, fromUnits } from '../money'
import {
  EVM_NATIVE,
  type PriceImpactStatus,
  TON_NATIVE,
  currentParams,
  gasSufficient,
  isTonChain,
  priceImpactStatus,
  quoteUnits,
} from './rules'
import type { SwapState } from './state'
import { type AmountProblem, amountProblem } from '../send/rules'

type TokenRef = Pick<Token, 'address' | 'chainId'>

/** The held amount of a token, an exact decimal ('0' when none or not loaded). */
export function heldOf(balances: readonly Balance[] | null, token: TokenRef | null): string {
  if (!token || !balances) return '0'
  const held = balances.find(
    (b) => String(b.chainId) === String(token.chainId) && b.address.toLowerCase() === token.address.toLowerCase(),
  )
  return held?.tokensAmount ?? '0'
}

export interface SwapView {
  /** Parameters are complete: a quote is (or will be) asked. */
  quotable: boolean
  /** Between a change and its answer: the debounce, then the request (swap.10). */
  looking: boolean
  fromBalance: string
  overBalance: boolean
  /** Why the amount gets no quote (app.12, too many decimals, zero), or null (no silence). */
  amountProblem: AmountProblem | null
  /** The insufficient-gas message: not while the amount is above the balance, which is the problem then. */
  gasWarning: boolean
  impact: { percent: number; status: PriceImpactStatus } | null
  /** The fee the held native coin must cover: the printed fee, or the TON provider's minimum. */
  gas: { enough: boolean; symbol: string } | null
  canReview: boolean
}

/** swap.20-24 and the display of swap.1-5. */
export function swapView(swap: SwapState, balances: readonly Balance[] | null): SwapView {
  const quotable = currentParams(swap) !== null
  const fromBalance = heldOf(balances, swap.from)
  const units = swap.from ? quoteUnits(swap.amount, swap.from.decimals) : null
  const amount = units !== null && swap.from ? fromUnits(units, swap.from.decimals) : '0'
  const overBalance = units !== null && compareDecimal(amount, fromBalance) > 0
  const quote = swap.quote
  const impact = quote
    ? { percent: quote.route.priceImpactPercent, status: priceImpactStatus(quote.route.priceImpactPercent) }
    : null
  let gas: SwapView['gas'] = null
  if (quote && swap.from) {
    const native = { chainId: swap.from.chainId, address: isTonChain(swap.from) ? TON_NATIVE : EVM_NATIVE }
    const fee = quote.gases.find((g) => String(g.chainId) === String(swap.from!.chainId))
    const enough = gasSufficient({
      from: swap.from,
      amount,
      heldNative: heldOf(balances, native),
      provider: quote.provider,
      fee: fee?.printAmount ?? null,
    })
    gas = { enough, symbol: isTonChain(swap.from) ? 'TON' : (fee?.symbol ?? 'ETH') }
  }
  const looking = quotable && quote === null && swap.routeError === null
  const canReview = quote !== null && !swap.routeFetching && !overBalance && gas !== null && gas.enough
  const problem = swap.from ? amountProblem(swap.amount, swap.from.decimals) : null
  return {
    quotable,
    looking,
    fromBalance,
    overBalance,
    amountProblem: problem,
    gasWarning: gas !== null && !gas.enough && !overBalance,
    impact,
    gas,
    canReview,
  }
}
