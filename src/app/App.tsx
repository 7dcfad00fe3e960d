/** The app from state alone: refusal, maintenance, or the current screen with the bottom menu. */
import { type ReactNode, Suspense, use, useLayoutEffect } from 'react'
import { type RouteObject, useLocation, useRoutes } from 'react-router-dom'
import { type FeatureName, featureLoaded, loadFeature } from '../../streams/features'
import { useTranslation } from 'react-i18next'
import { setLanguage } from '../i18n'
import { BottomMenu } from './BottomMenu'
import { PageBackButton } from './PageBackButton'
import { BannerHost } from '../banners/BannerHost'
import { Skeleton, SkeletonCell } from '../ui/kit'
import { ErrorBoundary } from './ErrorBoundary'
import { LogRouter } from './LogRouter'
import { SCREEN_ROUTES } from './routes'
import { type ScreenRoute, featuresOf } from './screenRoute'
import { selectInsideTelegram, selectJourneyAwaited, selectLaunched, selectMaintenance } from './selectors'
import { selectLanguage } from '../ui/selectors'
import { Maintenance, PohPromptHost, Refusal } from './ShellScreens'
import { useAppState, useDispatch } from '../ui/store'
import type { RootState } from '../../domain/state'

const selectNotice = (s: RootState) => s.devtools.notice

/** A one-off notice over the screen (the stored session log was unreadable and was dropped). */
function Notice() {
  const { t } = useTranslation()
  const notice = useAppState(selectNotice)
  const dispatch = useDispatch()
  if (notice === null) return null
  return (
    <div className="toast" role="status" onClick={() => dispatch({ type: 'devtools/noticeDismissed', payload: {} })}>
      {t('notice.log-dropped')}
    </div>
  )
}

/** While a screen's chunk loads: the shape of a screen, not a spinner, so nothing jumps. */
function ScreenSkeleton() {
  return (
    <div aria-busy="true" data-testid="screen-skeleton">
      <Skeleton width="60%" height={26} style={{ margin: '4px auto 20px', display: 'block' }} />
      <div className="section__body">
        <SkeletonCell />
        <SkeletonCell />
        <SkeletonCell />
      </div>
    </div>
  )
}

/** Suspends until a screen's lazy features' state and effects are in (a chunk failing to load is the error boundary's). */
function FeatureGate({
  feature,
  children,
}: {
  feature: FeatureName | readonly FeatureName[] | undefined
  children: ReactNode
}) {
  const missing = featuresOf(feature).filter((name) => !featureLoaded(name))
  // All asked for at once; each waited for as the promise loadFeature keeps (use() wants the same one on a retry).
  const loads = missing.map(loadFeature)
  if (loads.length > 0) use(loads[0])
  return children
}

/** A reload's journey waits for its game features (streams/app/journey.ts): the shape of a screen until it lands. */
function JourneyAwaited() {
  return (
    <main className="screen">
      <ScreenSkeleton />
    </main>
  )
}

/** A screen with the shell around it: the page's back button, the bottom menu where it shows, the hosts over it. */
function Screen({ route }: { route: ScreenRoute }) {
  const { pathname } = useLocation()
  const Component = route.screen
  return (
    <>
      <Notice />
      <ErrorBoundary resetKey={pathname}>
        <main className={`screen${route.menu ? ' screen--with-menu' : ''}`}>
          <PageBackButton />
          <Suspense fallback={<ScreenSkeleton />}>
            <FeatureGate feature={route.feature}>
              <Component />
            </FeatureGate>
          </Suspense>
        </main>
      </ErrorBoundary>
      {route.menu && <BottomMenu />}
      <PohPromptHost />
      <BannerHost />
    </>
  )
}

/** The features' routes as react-router's route objects. */
const ROUTES: RouteObject[] = SCREEN_ROUTES.map((route) => ({ path: route.path, element: <Screen route={route} /> }))

function Screens() {
  const awaited = useAppState(selectJourneyAwaited)
  const screen = useRoutes(ROUTES)
  return awaited ? <JourneyAwaited /> : screen
}

export function App() {
  const language = useAppState(selectLanguage)
  const launched = useAppState(selectLaunched)
  const inside = useAppState(selectInsideTelegram)
  const maintenance = useAppState(selectMaintenance)
  // Before paint, so the first frame is already in the user's language.
  useLayoutEffect(() => setLanguage(language), [language])
  return <LogRouter>{!launched ? null : !inside ? <Refusal /> : maintenance ? <Maintenance /> : <Screens />}</LogRouter>
}
