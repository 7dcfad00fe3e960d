import type { RootState } from '../../domain/state'
import type { Remote } from '../../domain/wallet/state'
import type { Balance, TotalBalance } from '../../domain/wallet/codecs'

const none: Remote<never> = { data: null, loading: false, error: null }

export const selectWallets = (s: RootState) => s.wallet.wallets
export const selectSelectedIndex = (s: RootState) => s.wallet.selectedIndex
export const selectChooserOpen = (s: RootState) => s.wallet.chooserOpen
export const selectTokensExpanded = (s: RootState) => s.wallet.tokensExpanded
export const selectBalances = (s: RootState): Remote<Balance[]> => s.wallet.balances[s.wallet.selectedIndex] ?? none
export const selectTotal = (s: RootState): Remote<TotalBalance> => s.wallet.totals[s.wallet.selectedIndex] ?? none
export const selectSelectedWallet = (s: RootState) =>
  s.wallet.wallets.data?.find((w) => w.accountIndex === s.wallet.selectedIndex) ?? null
