/**
 * The double-submit tests' app: the real store, the real epics (the first screen's and the game
 * features' asked for), the real HTTP client with its failover, over a transport that counts every
 * exchange and answers each after a few milliseconds, as a fast network would. Reads that a test
 * does not answer never answer, so the state the test set up stays as it is.
 */
import { act } from 'react'
import { type Root, createRoot } from 'react-dom/client'
import { Observable, Subscription } from 'rxjs'
import { App } from '../../../src/app/App'
import { StoreProvider } from '../../../src/ui/store'
import { TelegramControlsContext } from '../../../src/ui/MainButton'
import { createStore } from '../../../streams/store'
import { rootEpics } from '../../../streams/epics'
import { type FeatureName, loadFeature, setFeatureHost } from '../../../streams/features'
import { type HttpResponse, createHttpClient } from '../../../streams/http/client'
import {
  type ButtonParams,
  type ButtonPort,
  type TelegramControls,
  pageControls,
} from '../../../streams/telegram/controls'
import type { Deps, TelegramBridge } from '../../../streams/deps'
import type { EventInput } from '../../../domain/events'
import { fakeDeps, fakeTelegram } from '../../streams/fakes'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

export const NOW = 1_763_800_000_000
/** How long the fake network takes to answer: shorter than a spread burst of taps. */
export const ANSWER_MS = 2

export interface Exchange {
  method: string
  /** The path without the server and query. */
  path: string
  query: string
  body: Record<string, unknown> | null
  server: string
}

/** An answer: a status and a JSON body (or the body's text as it is), a network failure, or none ever (the read is left hanging). */
export type Reply = { status: number; body: unknown } | { status: number; text: string } | 'network' | 'hang'

/** Every exchange on the wire, in order; `reply` answers it (given how many went to that path before). */
export function countingTransport(reply: (x: Exchange, earlier: number) => Reply) {
  const exchanges: Exchange[] = []
  const answering = { count: 0 }
  const transport = (req: { url: string; method: string; body?: string }) =>
    new Observable<HttpResponse>((subscriber) => {
      const url = new URL(req.url)
      const x: Exchange = {
        method: req.method,
        path: url.pathname,
        query: url.search,
        body: req.body ? (JSON.parse(req.body) as Record<string, unknown>) : null,
        server: url.origin,
      }
      const earlier = exchanges.filter((e) => e.path === x.path && e.method === x.method).length
      exchanges.push(x)
      const answer = reply(x, earlier)
      if (answer === 'hang') return
      answering.count++
      let answered = false
      const t = setTimeout(() => {
        answered = true
        answering.count--
        if (answer === 'network') subscriber.error({ kind: 'network', message: 'connection reset' })
        else {
          subscriber.next({ status: answer.status, body: 'text' in answer ? answer.text : JSON.stringify(answer.body) })
          subscriber.complete()
        }
      }, ANSWER_MS)
      return () => {
        if (!answered) answering.count--
        clearTimeout(t)
      }
    })
  /** Answers still to come (hanging reads are not counted). */
  return { transport, exchanges, pending: () => answering.count }
}

/** Telegram's main button as the app drives it: its last params, and presses as Telegram sends them. */
export function fakeMainButton() {
  const shown: (ButtonParams | null)[] = []
  const listeners = new Set<() => void>()
  const port: ButtonPort = {
    set: (p) => void shown.push(p),
    onPress: (l) => (listeners.add(l), () => void listeners.delete(l)),
  }
  return { port, shown, press: () => listeners.forEach((l) => l()) }
}

export interface StartOptions {
  events: EventInput[]
  /** Facts that arrive once the screen is up (what its own entry would otherwise reset). */
  later?: EventInput[]
  /** The game features whose epics and calls run (their screens load them anyway). */
  features?: FeatureName[]
  reply: (x: Exchange, earlier: number) => Reply
  /** Inside Telegram: the screen's primary action is Telegram's main button. */
  native?: boolean
  telegram?: Partial<TelegramBridge>
  deps?: Partial<Deps>
}

export type DoubleSubmitApp = Awaited<ReturnType<typeof startApp>>

export async function startApp(o: StartOptions) {
  for (const name of o.features ?? []) await loadFeature(name)
  const store = createStore({ clock: { now: () => NOW } })
  for (const e of o.events) store.dispatch(e)
  const { transport, exchanges, pending } = countingTransport(o.reply)
  const api = createHttpClient({
    servers: {
      wallet: ['http://wallet-a.test', 'http://wallet-b.test'],
      mining: ['http://mining-a.test', 'http://mining-b.test'],
    },
    initDataRaw: () => 'user=%7B%7D&auth_date=1&hash=x&signature=y',
    transport,
  })
  let draws = 0
  const deps: Deps = fakeDeps({
    api,
    telegram: { ...fakeTelegram(), ...o.telegram },
    // Distinct draws, so two keys from two draws differ and one key repeated is one attempt.
    random: { next: () => (++draws * 0.6180339887498949) % 1 },
    ...o.deps,
  })
  const running = new Subscription()
  running.add(store.run(rootEpics, deps))
  setFeatureHost({
    adopt(feature) {
      api.addEndpoints(feature.endpoints)
      running.add(store.run(feature.epics, deps))
    },
  })
  const main = fakeMainButton()
  const controls: TelegramControls = o.native
    ? { native: true, main: main.port, secondary: fakeMainButton().port }
    : pageControls
  const container = document.createElement('div')
  document.body.appendChild(container)
  let root: Root
  await act(async () => {
    root = createRoot(container)
    root.render(
      <StoreProvider store={store}>
        <TelegramControlsContext.Provider value={controls}>
          <App />
        </TelegramControlsContext.Provider>
      </StoreProvider>,
    )
    await new Promise((r) => setTimeout(r, 0))
  })
  await settle(20)
  // A loaded machine may take longer to resolve the screen's chunk: wait for the chunk's skeleton to
  // go (not the screen's own, which waits for the answers `later` brings).
  for (
    let waited = 0;
    container.querySelector('[data-testid="screen-skeleton"]') !== null && waited < 5_000;
    waited += 10
  )
    await settle(10)
  if (o.later) {
    act(() => o.later!.forEach((e) => store.dispatch(e)))
    await settle(20)
  }

  const writes = (path: string) => exchanges.filter((x) => x.method === 'POST' && x.path === path)
  return {
    store,
    container,
    exchanges,
    writes,
    main,
    text: () => container.textContent ?? '',
    button: (name: string | RegExp) =>
      [...container.querySelectorAll('button')].find((b) =>
        typeof name === 'string' ? b.textContent?.includes(name) : name.test(b.textContent ?? ''),
      ) ?? null,
    /**
     * Lets the effects run until the wire is quiet: at least `minMs`, then until no answer is
     * awaited and no request went out for 10 ms (however slow the machine is).
     */
    quiet: async (minMs = 20) => {
      const start = Date.now()
      let seen = -1
      while (Date.now() - start < 10_000) {
        await settle(10)
        if (pending() === 0 && exchanges.length === seen && Date.now() - start >= minMs) return
        seen = exchanges.length
      }
    },
    /** The page's primary action (outside Telegram). */
    mainAction: () => container.querySelector('.main-action button') as HTMLButtonElement | null,
    stop: async () => {
      await act(async () => root.unmount())
      container.remove()
      running.unsubscribe()
      setFeatureHost(null)
    },
  }
}

/** Lets effects and answers run for `ms` of real time, rendering as they land. */
export async function settle(ms: number) {
  await act(async () => {
    await new Promise((r) => setTimeout(r, ms))
  })
}

/** Ten taps in one go: no render between them, so every tap reaches the screen's handler. */
export function tapTenTimes(tap: () => void) {
  act(() => {
    for (let i = 0; i < 10; i++) tap()
  })
}

/** Ten taps one millisecond apart, each rendered: the screen and its effects see every earlier tap's result. */
export async function tapTenTimesSpread(tap: () => void) {
  for (let i = 0; i < 10; i++) {
    act(() => tap())
    await settle(1)
  }
}

/** A click on an element as it is now, even one the screen has since removed or disabled. */
export const clickOn = (el: Element | null) => () => {
  if (!el) throw new Error('nothing to tap')
  ;(el as HTMLElement).click()
}
