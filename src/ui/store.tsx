/**
 * How components reach the store: `useAppState(selector)` re-renders only when the selected value
 * changes (built on observable-hooks), `useDispatch()` sends intents. Components never fetch.
 */
import { type ReactNode, createContext, useContext, useMemo } from 'react'
import { useObservableEagerState } from 'observable-hooks'
import { distinctUntilChanged, map } from 'rxjs'
import type { EventInput } from '../../domain/events'
import type { RootState } from '../../domain/state'
import type { Store } from '../../streams/store'

/** What the UI needs of a store: the live one, or the time-travel view over it. */
export type ViewStore = Pick<Store, 'dispatch' | 'state$' | 'getState' | 'events$'>

const StoreContext = createContext<ViewStore | null>(null)

export function StoreProvider({ store, children }: { store: ViewStore; children: ReactNode }) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>
}

export function useStore(): ViewStore {
  const store = useContext(StoreContext)
  if (store === null) throw new Error('useStore outside StoreProvider')
  return store
}

/** The selected slice of state; the selector should be a stable function (module level). */
export function useAppState<T>(selector: (s: RootState) => T): T {
  const store = useStore()
  const selected$ = useMemo(() => store.state$.pipe(map(selector), distinctUntilChanged()), [store, selector])
  return useObservableEagerState(selected$)
}

export function useDispatch(): (input: EventInput) => void {
  return useStore().dispatch
}
