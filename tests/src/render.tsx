/** Renders the app into happy-dom over a store the test drives with events. */
import { act } from 'react'
import { type Root, createRoot } from 'react-dom/client'
import { afterEach, beforeEach } from 'vitest'
import { App } from '../../src/app/App'
import { StoreProvider } from '../../src/ui/store'
import { createStore } from '../../streams/store'
import type { AppEvent, EventInput } from '../../domain/events'
import { TelegramControlsContext } from '../../src/ui/MainButton'
import { type TelegramControls, pageControls } from '../../streams/telegram/controls'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

/** `controls`: whose controls the app uses (default: the page draws them all, as without a Telegram host). */
export function renderApp(events: EventInput[] = [], controls: TelegramControls = pageControls) {
  const store = createStore({ clock: { now: () => 1_763_800_000_000 } })
  const dispatched: AppEvent[] = []
  store.events$.subscribe((e) => dispatched.push(e))
  for (const e of events) store.dispatch(e)
  const container = document.createElement('div')
  document.body.appendChild(container)
  const root = createRoot(container)
  act(() =>
    root.render(
      <StoreProvider store={store}>
        <TelegramControlsContext.Provider value={controls}>
          <App />
        </TelegramControlsContext.Provider>
      </StoreProvider>,
    ),
  )
  return {
    store,
    container,
    dispatched,
    dispatch: (e: EventInput) => act(() => store.dispatch(e)),
    text: () => container.textContent ?? '',
    click: (el: Element | null) => {
      if (!el) throw new Error('nothing to click')
      act(() => (el as HTMLElement).click())
    },
    button: (name: string | RegExp) =>
      [...container.ownerDocument.querySelectorAll('button')].find((b) =>
        typeof name === 'string' ? b.textContent?.includes(name) : name.test(b.textContent ?? ''),
      ) ?? null,
    /** A link (react-router's Link: the bottom menu's tabs) by its text. */
    link: (name: string) =>
      [...container.ownerDocument.querySelectorAll('a')].find((a) => a.textContent?.includes(name)) ?? null,
    unmount: () => {
      act(() => root.unmount())
      container.remove()
    },
  }
}

/**
 * A container in the document and a React root on it for each test of a file that mounts one
 * component: made before each test, unmounted and removed after it.
 */
export function useMountPoint(): { readonly container: HTMLDivElement; readonly root: Root } {
  const mounted = { container: undefined as unknown as HTMLDivElement, root: undefined as unknown as Root }
  beforeEach(() => {
    mounted.container = document.createElement('div')
    document.body.appendChild(mounted.container)
    mounted.root = createRoot(mounted.container)
  })
  afterEach(() => {
    act(() => mounted.root.unmount())
    mounted.container.remove()
  })
  return mounted
}
