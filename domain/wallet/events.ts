import type { RequestError } from '../api/errors'
import type { Balance, HistoryEntry, TotalBalance, Wallet } from '../api/codecs/wallet'
import type { HistoryListRef } from './history'

export type WalletEvents = {
  /** The wallet home came into view: its data loads and polls while it stays. */
  'wallet/homeEntered': Record<string, never>
  'wallet/homeLeft': Record<string, never>
  'wallet/refreshRequested': Record<string, never>
  'wallet/walletsReceived': { wallets: Wallet[] }
  'wallet/walletsFailed': { error: RequestError }
  'wallet/balancesReceived': { accountIndex: number; balances: Balance[] }
  'wallet/balancesFailed': { accountIndex: number; error: RequestError }
  'wallet/totalReceived': { accountIndex: number; total: TotalBalance }
  'wallet/totalFailed': { accountIndex: number; error: RequestError }
  /** wallet.20: choosing an account makes it the selected wallet. */
  'wallet/walletSelected': { accountIndex: number }
  'wallet/chooserOpened': Record<string, never>
  'wallet/chooserClosed': Record<string, never>
  /** wallet.8 */
  'wallet/tokensExpanded': Record<string, never>
  'wallet/tokensCollapsed': Record<string, never>
  /** wallet.13: the next page of history (10 entries from `offset`). */
  'wallet/historyPageRequested': { accountIndex: number; offset: number }
  'wallet/historyPageReceived': { accountIndex: number; offset: number; entries: HistoryEntry[] }
  'wallet/historyPageFailed': { accountIndex: number; offset: number; error: RequestError }
  /** A history row was tapped: its detail shows this entry, from the list it is in (issue 13). */
  'wallet/historyEntryOpened': { id: string; list: HistoryListRef }
  /** wallet.18: the deposit drawer with both addresses. */
  /**
   * wallet.11: the SWITCH the mining record says is mined (got) and locked by staking; with the
   * record's two PoH facts (poh.35), so the shell's prompt needs no read of its own (absent in logs
   * recorded before them).
   */
  'wallet/switchLockReceived': { gotAmount: string; lockAmount: string; humanGroup?: boolean; confirmProve?: boolean }
  'wallet/depositOpened': Record<string, never>
  'wallet/depositClosed': Record<string, never>
}

export const walletEventTypes: Record<keyof WalletEvents, true> = {
  'wallet/homeEntered': true,
  'wallet/homeLeft': true,
  'wallet/refreshRequested': true,
  'wallet/walletsReceived': true,
  'wallet/walletsFailed': true,
  'wallet/balancesReceived': true,
  'wallet/balancesFailed': true,
  'wallet/totalReceived': true,
  'wallet/totalFailed': true,
  'wallet/walletSelected': true,
  'wallet/chooserOpened': true,
  'wallet/chooserClosed': true,
  'wallet/tokensExpanded': true,
  'wallet/tokensCollapsed': true,
  'wallet/historyPageRequested': true,
  'wallet/historyPageReceived': true,
  'wallet/historyPageFailed': true,
  'wallet/historyEntryOpened': true,
  'wallet/switchLockReceived': true,
  'wallet/depositOpened': true,
  'wallet/depositClosed': true,
}
