/**
 * react-router over the event log: the location is the top of the log's history (state.app.history),
 * not the browser's URL, so a replay or a jump of the time-travel panel lands on the same screen.
 * The navigator only dispatches: a push or a replace is app/navigated (the reducer keeps the stack,
 * app.13), a step back is app/backPressed (the reducer finds its target, app.14). The browser's own
 * Back and Forward reach the log through streams/app/historyMirror.ts, never through here.
 */
import { type ReactNode, useMemo } from 'react'
import { type Navigator, Router, type To, createPath } from 'react-router-dom'
import { currentLocation } from '../../domain/app/state'
import type { RootState } from '../../domain/state'
import { useAppState, useDispatch } from '../ui/store'

const selectLocation = (s: RootState) => currentLocation(s.app)

const href = (to: To) => (typeof to === 'string' ? to : createPath(to))

export function LogRouter({ children }: { children: ReactNode }) {
  const location = useAppState(selectLocation)
  const dispatch = useDispatch()
  const navigator = useMemo<Navigator>(
    () => ({
      createHref: href,
      push: (to) => dispatch({ type: 'app/navigated', payload: { to: href(to) } }),
      replace: (to) => dispatch({ type: 'app/navigated', payload: { to: href(to), replace: true } }),
      // navigate(-n): n presses of the back button. The log keeps no forward stack: a forward step is the browser's (the mirror's).
      go: (delta) => {
        for (let i = 0; i < -delta; i++) dispatch({ type: 'app/backPressed', payload: {} })
      },
    }),
    [dispatch],
  )
  return (
    <Router location={location} navigator={navigator}>
      {children}
    </Router>
  )
}
