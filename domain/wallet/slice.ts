/** The wallet slice: its state, its events and its handlers, from the first screen (domain/features.ts). */
import { defineSlice } from '../slice'
import { walletJourney } from './journey'
import { walletEvents } from './events'
import { walletHandlers } from './reducer'
import { initialWalletState } from './state'

export const walletSlice = defineSlice({
  name: 'wallet',
  initialState: initialWalletState,
  journey: walletJourney,
  events: walletEvents,
  handlers: (): object => walletHandlers,
})
