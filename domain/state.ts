/**
 * The root state and reducer: each event is routed to every slice's recipe, and the same recipes
 * serve a live dispatch (one `produce` per event) and a replay (one `produce` for a whole batch,
 * which is what makes replay fast enough: see the bench).
 */
import { type Draft, produce } from 'immer'
import { type AppState, appRecipe, initialAppState } from './app/state'
import type { AppEvent } from './events'
import { type WalletState, initialWalletState, walletRecipe } from './wallet/state'

export interface RootState {
  app: AppState
  wallet: WalletState
}

export const initialState: RootState = {
  app: initialAppState,
  wallet: initialWalletState,
}

/** Applies one event to a draft of the whole state. */
export function rootRecipe(d: Draft<RootState>, e: AppEvent): void {
  appRecipe(d.app, e)
  walletRecipe(d.wallet, e)
}

/** One event, live. */
export const reduce = (state: RootState, e: AppEvent): RootState => produce(state, (d) => rootRecipe(d, e))

/** A whole log (or a slice of one), folded inside a single draft. */
export const fold = (events: readonly AppEvent[], from: RootState = initialState): RootState =>
  events.length === 0 ? from : produce(from, (d) => {
    for (const e of events) rootRecipe(d, e)
  })
