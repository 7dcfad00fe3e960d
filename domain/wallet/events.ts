import type { RequestError } from '../api/errors'
import type { Balance, HistoryEntry, TotalBalance, Wallet } from './codecs'
import type { HistoryListRef } from './history'
import { type PayloadsOf, payload } from '../slice'

export const walletEvents = {
  /** The wallet home came into view: its data loads and polls while it stays. */
  'wallet/homeEntered': payload(),
  'wallet/homeLeft': payload(),
  'wallet/refreshRequested': payload(),
  'wallet/walletsReceived': payload<{ wallets: Wallet[] }>(),
  'wallet/walletsFailed': payload<{ error: RequestError }>(),
  'wallet/balancesReceived': payload<{ accountIndex: number; balances: Balance[] }>(),
  'wallet/balancesFailed': payload<{ accountIndex: number; error: RequestError }>(),
  'wallet/totalReceived': payload<{ accountIndex: number; total: TotalBalance }>(),
  'wallet/totalFailed': payload<{ accountIndex: number; error: RequestError }>(),
  /** wallet.20: choosing an account makes it the selected wallet. */
  'wallet/walletSelected': payload<{ accountIndex: number }>(),
  'wallet/chooserOpened': payload(),
  'wallet/chooserClosed': payload(),
  /** wallet.8 */
  'wallet/tokensExpanded': payload(),
  'wallet/tokensCollapsed': payload(),
  /** wallet.13: the next page of history (10 entries from `offset`). */
  'wallet/historyPageRequested': payload<{ accountIndex: number; offset: number }>(),
  'wallet/historyPageReceived': payload<{ accountIndex: number; offset: number; entries: HistoryEntry[] }>(),
  'wallet/historyPageFailed': payload<{ accountIndex: number; offset: number; error: RequestError }>(),
  /** A history row was tapped: its detail shows this entry, from the list it is in. */
  'wallet/historyEntryOpened': payload<{ id: string; list: HistoryListRef }>(),
  /** wallet.18: the deposit drawer with both addresses. */
  /**
   * wallet.11: the SWITCH the mining record says is mined (got) and locked by staking; with the
   * record's two PoH facts (poh.35), so the shell's prompt needs no read of its own (absent in logs
   * recorded before them).
   */
  'wallet/switchLockReceived': payload<{
    gotAmount: string
    lockAmount: string
    humanGroup?: boolean
    confirmProve?: boolean
  }>(),
  'wallet/depositOpened': payload(),
  'wallet/depositClosed': payload(),
}

export type WalletEvents = PayloadsOf<typeof walletEvents>
