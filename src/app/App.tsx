/** The app from state alone: refusal, maintenance, or the current screen with the bottom menu. */
import { type ReactNode, Suspense, use, useLayoutEffect } from 'react'
import { type FeatureName, featureLoaded, loadFeature } from '../../streams/features'
import { useTranslation } from 'react-i18next'
import { setLanguage } from '../i18n'
import { BottomMenu } from './BottomMenu'
import { PageBackButton } from './PageBackButton'
import { BannerHost } from '../banners/BannerHost'
import { Skeleton, SkeletonCell } from '../ui/kit'
import { ErrorBoundary } from './ErrorBoundary'
import { screenFor } from './routes'
import { selectInsideTelegram, selectJourneyAwaited, selectLanguage, selectLaunched, selectMaintenance, selectPath } from './selectors'
import { Maintenance, PohPromptHost, Refusal } from './ShellScreens'
import { useAppState, useDispatch } from './store'
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

/** Suspends until a game feature's state and effects are in (a chunk failing to load is the error boundary's). */
function FeatureGate({ feature, children }: { feature: FeatureName | undefined; children: ReactNode }) {
  if (feature !== undefined && !featureLoaded(feature)) use(loadFeature(feature))
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

function Screens() {
  const path = useAppState(selectPath)
  const awaited = useAppState(selectJourneyAwaited)
  if (awaited) return <JourneyAwaited />
  const screen = screenFor(path)
  const Component = screen.component
  return (
    <>
      <Notice />
      <ErrorBoundary resetKey={path}>
        <main className={`screen${screen.menu ? ' screen--with-menu' : ''}`}>
          <PageBackButton />
          <Suspense fallback={<ScreenSkeleton />}>
            <FeatureGate feature={screen.feature}>
              <Component />
            </FeatureGate>
          </Suspense>
        </main>
      </ErrorBoundary>
      {screen.menu && <BottomMenu />}
      <PohPromptHost />
      <BannerHost />
    </>
  )
}

export function App() {
  const language = useAppState(selectLanguage)
  const launched = useAppState(selectLaunched)
  const inside = useAppState(selectInsideTelegram)
  const maintenance = useAppState(selectMaintenance)
  // Before paint, so the first frame is already in the user's language.
  useLayoutEffect(() => setLanguage(language), [language])
  return !launched ? null : !inside ? <Refusal /> : maintenance ? <Maintenance /> : <Screens />
}
