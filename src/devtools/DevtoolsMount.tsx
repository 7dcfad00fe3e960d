/**
 * Where the panel may show: always in dev builds and in replay mode; in a production build only
 * behind the `devtools` start parameter. It is a chunk of its own, fetched only then.
 */
import { Suspense, lazy } from 'react'
import type { RootState } from '../../domain/state'
import { useAppState } from '../ui/store'
import { useTimeTravel } from './timeTravel'
import { loadAllFeatures } from '../../streams/features'

// Stepping through a log folds every feature's events: their handlers come first.
const loadPanel = () => loadAllFeatures().then(() => import('./Panel'))
const Panel = lazy(loadPanel)
// Replay mode always shows the panel: its chunk is fetched now, beside the fold, not after the first render.
if (typeof window !== 'undefined' && window.__SWITCH_REPLAY__ !== undefined) void import('./Panel')
const selectAllowed = (s: RootState) => s.app.devBuild || s.app.startParams.devtools !== undefined

export function DevtoolsMount({ replay = false }: { replay?: boolean }) {
  const timeTravel = useTimeTravel()
  const allowed = useAppState(selectAllowed)
  if (timeTravel === null || !(allowed || replay)) return null
  return (
    <Suspense fallback={null}>
      <Panel timeTravel={timeTravel} />
    </Suspense>
  )
}
