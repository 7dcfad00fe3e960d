/**
 * The entry. Live mode: launch facts from Telegram's launch parameters, the store with every epic,
 * the recorder, and the time-travel view over the store. Replay mode (a log handed to the page by
 * `npm run replay`): the log's fold, no epic, no request.
 */
import { Suspense, lazy, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import './styles.css'
import { App } from './app/App'
import { preloadScreenAt } from './app/routes'
import { currentLocation } from '../domain/app/state'
import { StoreProvider } from './ui/store'
import { RecorderProvider } from './devtools/recorder'
import { DevtoolsMount } from './devtools/DevtoolsMount'
import { TimeTravelProvider } from './devtools/timeTravel'
import { applyTheme, readLaunch } from '../streams/telegram/launch'
import { createTelegramBridge } from '../streams/telegram/bridge'
import { createTelegramControls } from '../streams/telegram/controls'
import { loadTelegramSdk } from '../streams/telegram/sdk'
import { telegramHostAnswers } from '../streams/telegram/host'
import { TelegramControlsContext } from './ui/MainButton'
import { browserHistory } from '../streams/app/browserHistory'
import { startLiveApp } from '../streams/runtime'
import { withServedServers } from '../streams/http/client'
import { startReplay } from '../streams/devtools/replayMode'
import { createTimeTravel } from '../streams/devtools/timeTravel'
import { idbLogStore } from '../streams/devtools/idbLogStore'
import { browserStorage } from '../streams/storage'
import { decodeLog } from '../domain/log'
import { createTimeline, stateAt } from '../domain/devtools/timeline'
import { loadAllFeatures } from '../streams/features'

// The page's own popups, only where Telegram draws none: a chunk of their own, fetched only then.
const PagePopupHost = lazy(() => import('./ui/PagePopup').then((m) => ({ default: m.PagePopupHost })))

declare global {
  interface Window {
    __SWITCH_REPLAY__?: unknown
  }
}

/** window.sessionStorage, or nothing where the web-view refuses it. */
function sessionStore() {
  const attempt = <T,>(fn: (s: Storage) => T): T | null => {
    try {
      return fn(window.sessionStorage)
    } catch {
      return null
    }
  }
  return {
    get: (k: string) => attempt((s) => s.getItem(k)),
    set: (k: string, v: string) => void attempt((s) => s.setItem(k, v)),
    remove: (k: string) => void attempt((s) => s.removeItem(k)),
  }
}

const root = createRoot(document.getElementById('root') as HTMLElement)

async function replay(pending: unknown) {
  const fail = (message: string) => root.render(<pre style={{ padding: 16, whiteSpace: 'pre-wrap' }}>{message}</pre>)
  // Replay mode marks its phases (tests/bench/timetravel.ts prints them): the log fetched, decoded,
  // the features' handlers loaded, the log folded.
  const mark = (name: string) => performance.mark(`tt-${name}`)
  // The fold needs every feature's handlers, whichever screens the log went through: their chunks
  // load while the log is fetched, not after; so does the panel's, which replay mode always shows.
  const features = loadAllFeatures()
  const panel = import('./devtools/Panel')
  // The replay server hands the log over as a promise of its JSON (scripts/replayServer.ts).
  let log: unknown
  try {
    log = await pending
  } catch (e) {
    return fail(`The log could not be fetched: ${(e as Error).message}`)
  }
  mark('log-fetched')
  const decoded = decodeLog(log)
  if (!decoded.ok) return fail(decoded.error)
  mark('log-decoded')
  await features
  // The panel rendered as it is, not lazily: a lazy one suspends once even when loaded, and React
  // holds a boundary's content up to 300 ms after its fallback showed.
  const { default: Panel } = await panel
  mark('features-loaded')
  // One fold: the timeline's snapshots, whose head is the replay's state.
  const events = decoded.log.events
  const timeline = createTimeline(events)
  const store = startReplay(events, stateAt(timeline, events.length))
  const timeTravel = createTimeTravel({
    live: store,
    recorded: () => events,
    pauseEffects: () => {},
    resumeEffects: () => {},
    timeline,
  })
  mark('log-folded')
  document.documentElement.dataset.mode = 'replay'
  root.render(
    <TimeTravelProvider timeTravel={timeTravel}>
      <StoreProvider store={timeTravel.view}>
        <App />
        <Panel timeTravel={timeTravel} />
      </StoreProvider>
    </TimeTravelProvider>,
  )
}

async function live() {
  // A Telegram host that answers, not launch data, decides whose controls the app uses: the demo
  // page carries signed launch data in a plain browser (streams/telegram/host.ts).
  const telegramHost = await telegramHostAnswers(window)
  const { params, launch } = readLaunch(import.meta.env.DEV, telegramHost)
  if (params) applyTheme(params.theme)
  // The SDK only where a host answered: outside Telegram the first screen loads none of it.
  const sdk = telegramHost ? await loadTelegramSdk() : null
  const telegram = createTelegramBridge(params?.initDataRaw ?? null, { telegramHost, sdk: sdk ?? undefined })
  // Telegram's own buttons where a host has them (after the bridge's init); the page's elsewhere.
  const controls = createTelegramControls(sdk)
  const app = await startLiveApp({
    telegram,
    history: browserHistory(telegramHost),
    launch,
    storage: browserStorage(),
    env: withServedServers(import.meta.env, document),
    origin: window.location.origin,
    logStore: typeof indexedDB === 'undefined' ? undefined : idbLogStore(),
    deviceEnv: () => ({
      userAgent: navigator.userAgent,
      screen: `${window.innerWidth}x${window.innerHeight}`,
      language: navigator.language,
    }),
    session: sessionStore(),
  })
  // A reload mid-journey comes back from the log: its newest events are kept as the page goes.
  window.addEventListener('pagehide', app.keepTail)
  const timeTravel = createTimeTravel({
    live: app.store,
    recorded: app.recorder.events,
    pauseEffects: app.effects.pause,
    resumeEffects: app.effects.resume,
  })
  // The launch screen's own chunks (a screen opened from a bot's link), before the first render:
  // it then renders whole, with no skeleton in between to hold it back.
  await preloadScreenAt(currentLocation(app.store.getState().app))
  // The first screen's calls are out: the page takes a breath (a task of its own for the render,
  // so a phone's main thread is never held for the whole start), then React renders in slices
  // (a transition yields every few milliseconds) instead of one long task.
  await new Promise((resolve) => setTimeout(resolve, 0))
  startTransition(() =>
    root.render(
      <RecorderProvider recorder={app.recorder}>
        <TimeTravelProvider timeTravel={timeTravel}>
          <StoreProvider store={timeTravel.view}>
            <TelegramControlsContext.Provider value={controls}>
              <App />
              {!(controls.popups ?? controls.back) && (
                <Suspense fallback={null}>
                  <PagePopupHost />
                </Suspense>
              )}
            </TelegramControlsContext.Provider>
            <DevtoolsMount />
          </StoreProvider>
        </TimeTravelProvider>
      </RecorderProvider>,
    ),
  )
}

if (window.__SWITCH_REPLAY__ !== undefined) void replay(window.__SWITCH_REPLAY__)
else void live()
