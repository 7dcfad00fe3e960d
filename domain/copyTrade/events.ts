import type { RequestError } from '../api/errors'
import type { Balance, HistoryEntry } from '../api/codecs/wallet'
import type { CopyTrade } from '../api/codecs/copyTrade'
import type { ChainId } from '../app/rules'

export interface CopyTradeToken {
  tokenAddress: string
  chainId: ChainId
  decimals: number
  price: number
}

export type CopyTradeEvents = {
  /** copyTrade.2: the loading entry screen; the epic loads trades and balances and routes on. */
  'copyTrade/entered': Record<string, never>
  /** The archive (or a trade) came into view: the trades load again. */
  'copyTrade/archiveEntered': Record<string, never>
  'copyTrade/tradesReceived': { accountIndex: number; copyTrades: CopyTrade[]; tokens: CopyTradeToken[] }
  'copyTrade/tradesFailed': { accountIndex: number; error: RequestError }
  /** copyTrade.6-7 */
  'copyTrade/addressChanged': { value: string }
  'copyTrade/pasteRequested': Record<string, never>
  /** copyTrade.10: the main button; only a valid address goes on. */
  'copyTrade/addressSubmitted': Record<string, never>
  /** copyTrade.12 */
  'copyTrade/networkChosen': { chainId: ChainId }
  /** copyTrade.13 */
  'copyTrade/assetsReceived': { chainId: ChainId; accountIndex: number; assets: Balance[] }
  'copyTrade/assetsFailed': { chainId: ChainId; accountIndex: number; error: RequestError }
  'copyTrade/assetChosen': { asset: Balance }
  /** copyTrade.16-17 */
  'copyTrade/depositChanged': { value: string }
  'copyTrade/maxPressed': Record<string, never>
  /** copyTrade.19-20: percent, 0-100 in steps of 10. */
  'copyTrade/anteChanged': { percent: number }
  /** copyTrade.30-31: a tap on the start button; ignored unless every check passes. */
  'copyTrade/startRequested': Record<string, never>
  'copyTrade/startSent': { idempotencyKey: string }
  'copyTrade/started': { trade: CopyTrade }
  'copyTrade/startFailed': { error: RequestError }
  /** copyTrade.52, copyTrade.59: the detail of a trade and its copied swaps. */
  'copyTrade/tradeOpened': { id: string }
  'copyTrade/swapsReceived': { id: string; swaps: HistoryEntry[] }
  'copyTrade/swapsFailed': { id: string; error: RequestError }
  /** copyTrade.58 */
  /** A tap on Stop copy trading: the screen's question in the user's language goes with it. */
  'copyTrade/stopRequested': { id: string; prompt: { message: string; ok: string; cancel: string } }
  /** The user confirmed the stop (Telegram's popup): now it is sent. */
  'copyTrade/stopConfirmed': { id: string }
  /** The user kept the trade running. */
  'copyTrade/stopDeclined': { id: string }
  'copyTrade/stopped': { id: string }
  'copyTrade/stopFailed': { id: string; error: RequestError }
}

export const copyTradeEventTypes: Record<keyof CopyTradeEvents, true> = {
  'copyTrade/entered': true,
  'copyTrade/archiveEntered': true,
  'copyTrade/tradesReceived': true,
  'copyTrade/tradesFailed': true,
  'copyTrade/addressChanged': true,
  'copyTrade/pasteRequested': true,
  'copyTrade/addressSubmitted': true,
  'copyTrade/networkChosen': true,
  'copyTrade/assetsReceived': true,
  'copyTrade/assetsFailed': true,
  'copyTrade/assetChosen': true,
  'copyTrade/depositChanged': true,
  'copyTrade/maxPressed': true,
  'copyTrade/anteChanged': true,
  'copyTrade/startRequested': true,
  'copyTrade/startSent': true,
  'copyTrade/started': true,
  'copyTrade/startFailed': true,
  'copyTrade/tradeOpened': true,
  'copyTrade/swapsReceived': true,
  'copyTrade/swapsFailed': true,
  'copyTrade/stopRequested': true,
  'copyTrade/stopConfirmed': true,
  'copyTrade/stopDeclined': true,
  'copyTrade/stopped': true,
  'copyTrade/stopFailed': true,
}
