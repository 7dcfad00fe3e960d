import type { RequestError } from '../api/errors'
import type { Balance, HistoryEntry } from '../wallet/codecs'
import type { CopyTrade } from './codecs'
import type { ChainId } from '../app/chains'
import { type PayloadsOf, payload } from '../slice'

export interface CopyTradeToken {
  tokenAddress: string
  chainId: ChainId
  decimals: number
  price: number
}

export const copyTradeEvents = {
  /** copyTrade.2: the loading entry screen; the epic loads trades and balances and routes on. */
  'copyTrade/entered': payload(),
  /** The archive (or a trade) came into view: the trades load again. */
  'copyTrade/archiveEntered': payload(),
  'copyTrade/tradesReceived': payload<{ accountIndex: number; copyTrades: CopyTrade[]; tokens: CopyTradeToken[] }>(),
  'copyTrade/tradesFailed': payload<{ accountIndex: number; error: RequestError }>(),
  /** copyTrade.6-7 */
  'copyTrade/addressChanged': payload<{ value: string }>(),
  'copyTrade/pasteRequested': payload(),
  /** copyTrade.10: the main button; only a valid address goes on. */
  'copyTrade/addressSubmitted': payload(),
  /** copyTrade.12 */
  'copyTrade/networkChosen': payload<{ chainId: ChainId }>(),
  /** copyTrade.13 */
  'copyTrade/assetsReceived': payload<{ chainId: ChainId; accountIndex: number; assets: Balance[] }>(),
  'copyTrade/assetsFailed': payload<{ chainId: ChainId; accountIndex: number; error: RequestError }>(),
  'copyTrade/assetChosen': payload<{ asset: Balance }>(),
  /** copyTrade.16-17 */
  'copyTrade/depositChanged': payload<{ value: string }>(),
  'copyTrade/maxPressed': payload(),
  /** copyTrade.19-20: percent, 0-100 in steps of 10. */
  'copyTrade/anteChanged': payload<{ percent: number }>(),
  /** copyTrade.30-31: a tap on the start button; ignored unless every check passes. */
  'copyTrade/startRequested': payload(),
  'copyTrade/startSent': payload<{ idempotencyKey: string }>(),
  'copyTrade/started': payload<{ trade: CopyTrade }>(),
  'copyTrade/startFailed': payload<{ error: RequestError }>(),
  /** copyTrade.52, copyTrade.59: the detail of a trade and its copied swaps. */
  'copyTrade/tradeOpened': payload<{ id: string }>(),
  'copyTrade/swapsReceived': payload<{ id: string; swaps: HistoryEntry[] }>(),
  'copyTrade/swapsFailed': payload<{ id: string; error: RequestError }>(),
  /** copyTrade.58 */
  /** A tap on Stop copy trading: the screen's question in the user's language goes with it. */
  'copyTrade/stopRequested': payload<{ id: string; prompt: { message: string; ok: string; cancel: string } }>(),
  /** The user confirmed the stop (Telegram's popup): now it is sent. */
  'copyTrade/stopConfirmed': payload<{ id: string }>(),
  /** The user kept the trade running. */
  'copyTrade/stopDeclined': payload<{ id: string }>(),
  'copyTrade/stopped': payload<{ id: string }>(),
  'copyTrade/stopFailed': payload<{ id: string; error: RequestError }>(),
}

export type CopyTradeEvents = PayloadsOf<typeof copyTradeEvents>
