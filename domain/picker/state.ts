import type { Token } from '../wallet/codecs'
import type { RequestError } from '../api/errors'
import type { ChainId } from '../app/chains'
import type { PickerPurpose } from './rules'

export interface PickerState {
  purpose: PickerPurpose | null
  query: string
  chainId: ChainId | null
  tokens: Token[]
  /** How many tokens match in all (tokenAmount); null before the first answer. */
  total: number | null
  /** The offset being loaded, or null. */
  loadingOffset: number | null
  error: RequestError | null
  /** When the search limited to one network finds nothing: its matches on the other networks; null otherwise. */
  elsewhere: Token[] | null
}

export const initialPickerState: PickerState = {
  purpose: null,
  query: '',
  chainId: null,
  tokens: [],
  total: null,
  loadingOffset: null,
  error: null,
  elsewhere: null,
}
