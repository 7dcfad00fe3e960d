/**
 * The banners' chunk taken when the first screen is idle (./BannerHost.tsx): it loads the feature
 * and starts the scheduler ('banners/activated'); a banner, once one may show, comes in its own
 * chunk with its texts, pictures and styles (./Banner.tsx), so a launch with no banner due
 * fetches no stylesheet.
 */
import { Suspense, lazy, useEffect } from 'react'
import { selectBannerOnScreen } from '../../domain/banners/gate'
import { loadFeature } from '../../streams/features'
import { useAppState, useDispatch } from '../ui/store'

const Banner = lazy(() => import('./Banner').then((m) => ({ default: m.Banner })))

export function BannerLayer() {
  const kind = useAppState(selectBannerOnScreen)
  const dispatch = useDispatch()
  useEffect(() => {
    let cancelled = false
    loadFeature('banners').then(
      () => !cancelled && dispatch({ type: 'banners/activated', payload: {} }),
      (e: unknown) => console.warn('banners: feature not loaded', e),
    )
    return () => {
      cancelled = true
    }
  }, [dispatch])
  return kind === null ? null : (
    <Suspense fallback={null}>
      <Banner key={kind} kind={kind} />
    </Suspense>
  )
}
