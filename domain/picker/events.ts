import type { RequestError } from '../api/errors'
import type { Token } from '../wallet/codecs'
import type { ChainId } from '../app/chains'
import type { PickerPurpose } from './rules'
import { type PayloadsOf, payload } from '../slice'

export const pickerEvents = {
  /** `chainId`: the network the list starts on (the swap's to side starts on the from side's chain). */
  'picker/opened': payload<{ purpose: PickerPurpose; chainId?: ChainId | null }>(),
  'picker/queryChanged': payload<{ query: string }>(),
  'picker/networkChanged': payload<{ chainId: ChainId | null }>(),
  'picker/pageRequested': payload<{ offset: number }>(),
  'picker/pageReceived': payload<{
    query: string
    chainId: ChainId | null
    offset: number
    tokens: Token[]
    total: number
  }>(),
  'picker/pageFailed': payload<{ query: string; chainId: ChainId | null; offset: number; error: RequestError }>(),
  /** The search limited to `chainId` found nothing: what the same query finds on the other networks. */
  'picker/elsewhereReceived': payload<{ query: string; chainId: ChainId; tokens: Token[] }>(),
  /** picker.12-13: the empty state's paste action. */
  'picker/pasteRequested': payload(),
  'picker/tokenPicked': payload<{ purpose: PickerPurpose; token: Token }>(),
}

export type PickerEvents = PayloadsOf<typeof pickerEvents>
