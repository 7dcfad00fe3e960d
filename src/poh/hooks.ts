/** The PoH screens' hooks: the entry that loads the info, and where the journey was opened from. */
import { useEffect } from 'react'
import type { PohScreen } from '../../domain/poh/events'
import { useAppState, useDispatch } from '../ui/store'
import { selectHistory } from './selectors'

/** A /prove screen in view: its info loads now; leaving tells the effects (the loader's polls stop). */
export function usePohEntered(screen: PohScreen): void {
  const dispatch = useDispatch()
  useEffect(() => {
    dispatch({ type: 'poh/entered', payload: { screen } })
    return () => dispatch({ type: 'poh/left', payload: {} })
  }, [dispatch, screen])
}

/** Where the PoH journey was opened from: the last screen before /prove (home when none). */
export function useOrigin(): string {
  const history = useAppState(selectHistory)
  for (let i = history.length - 1; i >= 0; i--) if (!/^\/prove(\/|\?|$)/.test(history[i])) return history[i]
  return '/'
}
