/**
 * The entry. Live mode: launch facts from Telegram's launch parameters, the store with every epic,
 * the recorder. Replay mode (a log handed to the page by `npm run replay`): the log's fold, no epic,
 * no request.
 */
import { createRoot } from 'react-dom/client'
import './styles.css'
import { App } from './app/App'
import { StoreProvider } from './app/store'
import { TelegramProvider } from './app/telegram'
import { applyTheme, readLaunch } from '../streams/telegram/launch'
import { createTelegramBridge } from '../streams/telegram/bridge'
import { startLiveApp } from '../streams/runtime'
import { startReplay } from '../streams/devtools/replayMode'
import { browserStorage } from '../streams/storage'
import { idbLogStore } from '../streams/devtools/idbLogStore'
import { RecorderProvider } from './devtools/recorder'
import { decodeLog } from '../domain/log'

declare global {
  interface Window {
    __SWITCH_REPLAY__?: unknown
  }
}

const root = createRoot(document.getElementById('root') as HTMLElement)

if (window.__SWITCH_REPLAY__ !== undefined) {
  const decoded = decodeLog(window.__SWITCH_REPLAY__)
  if (!decoded.ok) {
    root.render(<pre style={{ padding: 16, whiteSpace: 'pre-wrap' }}>{decoded.error}</pre>)
  } else {
    const store = startReplay(decoded.log.events)
    document.documentElement.dataset.mode = 'replay'
    root.render(
      <StoreProvider store={store}>
        <App />
      </StoreProvider>,
    )
  }
} else {
  const { params, launch } = readLaunch(import.meta.env.DEV)
  if (params) applyTheme(params.theme)
  const telegram = createTelegramBridge(params?.initDataRaw ?? null)
  void startLiveApp({
    telegram,
    launch,
    storage: browserStorage(),
    env: import.meta.env,
    origin: window.location.origin,
    logStore: typeof indexedDB === 'undefined' ? undefined : idbLogStore(),
    deviceEnv: () => ({ userAgent: navigator.userAgent, screen: `${window.innerWidth}x${window.innerHeight}`, language: navigator.language }),
  }).then(({ store, recorder }) =>
    root.render(
      <TelegramProvider bridge={telegram}>
        <RecorderProvider recorder={recorder}>
          <StoreProvider store={store}>
            <App />
          </StoreProvider>
        </RecorderProvider>
      </TelegramProvider>,
    ),
  )
}
