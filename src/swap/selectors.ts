/** The swap screens' reads of state; what they enable is decided in domain/swap/selectors.ts. */
import type { Balance } from '../../domain/wallet/codecs'
import type { RootState } from '../../domain/state'

export const selectSwap = (s: RootState) => s.swap
/** The swap wallet's balances, null until loaded. */
export const selectSwapBalances = (s: RootState): Balance[] | null =>
  s.wallet.balances[s.swap.accountIndex]?.data ?? null
