import type { RequestError } from '../api/errors'
import type { Token } from '../api/codecs/wallet'
import type { ChainId } from '../app/rules'
import type { PickerPurpose } from './rules'

export type PickerEvents = {
  /** `chainId`: the network the list starts on (the swap's to side starts on the from side's chain). */
  'picker/opened': { purpose: PickerPurpose; chainId?: ChainId | null }
  'picker/queryChanged': { query: string }
  'picker/networkChanged': { chainId: ChainId | null }
  'picker/pageRequested': { offset: number }
  'picker/pageReceived': { query: string; chainId: ChainId | null; offset: number; tokens: Token[]; total: number }
  'picker/pageFailed': { query: string; chainId: ChainId | null; offset: number; error: RequestError }
  /** The search limited to `chainId` found nothing: what the same query finds on the other networks (issue 13). */
  'picker/elsewhereReceived': { query: string; chainId: ChainId; tokens: Token[] }
  /** picker.12-13: the empty state's paste action. */
  'picker/pasteRequested': Record<string, never>
  'picker/tokenPicked': { purpose: PickerPurpose; token: Token }
}

export const pickerEventTypes: Record<keyof PickerEvents, true> = {
  'picker/opened': true,
  'picker/queryChanged': true,
  'picker/networkChanged': true,
  'picker/pageRequested': true,
  'picker/pageReceived': true,
  'picker/pageFailed': true,
  'picker/elsewhereReceived': true,
  'picker/pasteRequested': true,
  'picker/tokenPicked': true,
}
