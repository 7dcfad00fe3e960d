/**
 * Where the panel may show in a live session: always in dev builds; in a production build only
 * behind the `devtools` start parameter. It is a chunk of its own, fetched only then. Replay mode
 * always shows it, rendered by src/main.tsx once loaded.
 */
import { Suspense, lazy } from 'react'
import type { RootState } from '../../domain/state'
import { useAppState } from '../ui/store'
import { useTimeTravel } from './timeTravel'
import { loadAllFeatures } from '../../streams/features'

// Stepping through a log folds every feature's events: their handlers come first.
const loadPanel = () => loadAllFeatures().then(() => import('./Panel'))
const Panel = lazy(loadPanel)
const selectAllowed = (s: RootState) => s.app.devBuild || s.app.startParams.devtools !== undefined

export function DevtoolsMount() {
  const timeTravel = useTimeTravel()
  const allowed = useAppState(selectAllowed)
  if (timeTravel === null || !allowed) return null
  return (
    <Suspense fallback={null}>
      <Panel timeTravel={timeTravel} />
    </Suspense>
  )
}
