/** The swap screens' hooks. */
import { useEffect, useMemo } from 'react'
import { swapView } from '../../domain/swap/selectors'
import { useAppState, useDispatch } from '../ui/store'
import { selectSwap, selectSwapBalances } from './selectors'

export function useSwapView() {
  const swap = useAppState(selectSwap)
  const balances = useAppState(selectSwapBalances)
  const view = useMemo(() => swapView(swap, balances), [swap, balances])
  return { swap, balances, view }
}

/** Balances feed Max and the checks: load them if the swap was opened before the home screen. */
export function useBalances(loaded: boolean) {
  const dispatch = useDispatch()
  useEffect(() => {
    if (!loaded) dispatch({ type: 'wallet/refreshRequested', payload: {} })
  }, [dispatch, loaded])
}
