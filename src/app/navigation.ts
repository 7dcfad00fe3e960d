import { useCallback } from 'react'
import { useDispatch } from './store'

/** Navigation is an event (app.13), so a replayed log lands on the same screen. */
export function useNavigate(): (to: string) => void {
  const dispatch = useDispatch()
  return useCallback((to: string) => dispatch({ type: 'app/navigated', payload: { to } }), [dispatch])
}
