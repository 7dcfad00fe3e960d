/** Fake deps for epic tests: every outside thing recorded or scripted. */
import {
  BehaviorSubject,
  EMPTY,
  type Observable,
  type SchedulerLike,
  asyncScheduler,
  map,
  of,
  share,
  tap,
  throwError,
} from 'rxjs'
import { type RootState, initialState, reduce } from '../../domain/state'
import type { AppEvent, EventInput } from '../../domain/events'
import type { StateObservable } from '../../streams/store'
import type { Api, Deps, KeyValueStorage, TelegramBridge } from '../../streams/deps'
import { fakeTonConnect } from './payments/fakeTonConnect'

export interface FakeTelegram extends TelegramBridge {
  calls: string[]
  pressBack(): void
}

export function fakeTelegram(): FakeTelegram {
  const listeners = new Set<() => void>()
  const calls: string[] = []
  const record = (name: string) => () => void calls.push(name)
  return {
    calls,
    initDataRaw: 'user=%7B%7D&auth_date=1&hash=x&signature=y',
    hapticSuccess: record('hapticSuccess'),
    hapticImpact: record('hapticImpact'),
    close: record('close'),
    showBackButton: (visible) => void calls.push(`backButton:${visible}`),
    onBackButton: (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    pressBack: () => listeners.forEach((l) => l()),
    readClipboard: () => of(''),
    scanQr: (text) => {
      calls.push(`scanQr:${text}`)
      return of(null)
    },
    writeClipboard: () => of(undefined),
    setClosingConfirmation: (on) => void calls.push(`closingConfirmation:${on}`),
    setVerticalSwipes: (on) => void calls.push(`verticalSwipes:${on}`),
    hapticSelection: record('hapticSelection'),
    onThemeChanged: () => () => {},
    applyTheme: (theme) => void calls.push(`applyTheme:${theme.secondary_bg_color ?? theme.bg_color}`),
    confirm: (prompt) => {
      calls.push(`confirm:${prompt.message}`)
      return of(true)
    },
    cloudGet: () => of(null),
    cloudSet: () => of(undefined),
    openLink: (url) => void calls.push(`openLink:${url}`),
    openTelegramLink: (url) => void calls.push(`openTelegramLink:${url}`),
    shareLink: (url) => void calls.push(`share:${url}`),
    openInvoice: () => EMPTY,
    reload: record('reload'),
  }
}

export function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial))
  return {
    data,
    get: (k) => data.get(k) ?? null,
    set: (k, v) => void data.set(k, v),
    remove: (k) => void data.delete(k),
    clear: () => data.clear(),
  }
}

type Handler = (request: never) => Observable<unknown>
/** An Api whose calls are answered by the given handlers; an unknown call errors. */
export function fakeApi(handlers: Record<string, Handler>): Api & { requests: { name: string; request: unknown }[] } {
  const requests: { name: string; request: unknown }[] = []
  return {
    requests,
    call(name, request) {
      requests.push({ name, request })
      const h = handlers[name]
      return (
        h ? h(request as never) : throwError(() => ({ kind: 'network', message: `no fake for ${name}` }))
      ) as never
    },
  }
}

export function fakeDeps(over: Partial<Deps> = {}, scheduler: SchedulerLike = asyncScheduler): Deps {
  return {
    api: fakeApi({}),
    cookies: { set: () => {} },
    recorder: { events: () => [], env: () => ({}) },
    telegram: fakeTelegram(),
    tonConnect: fakeTonConnect(),
    history: {
      enabled: false,
      current: () => null,
      push: () => {},
      replace: () => {},
      go: () => {},
      onPop: () => () => {},
    },
    storage: memoryStorage(),
    clock: { now: () => 1_763_800_000_000 },
    random: { next: () => 0.5 },
    scheduler,
    ...over,
  }
}

/**
 * A tiny store for epic tests: the set-up events, then the input events and the epic's own output
 * (pass it to `apply`), are reduced into state$ in order, stamped at `now()`, as the real store does.
 */
export function storeHarness(setup: readonly EventInput[], now: () => number = () => 0) {
  let state: RootState = initialState
  let seq = 0
  const state$ = new BehaviorSubject<RootState>(initialState)
  const apply = (e: EventInput) => {
    state = reduce(state, { ...e, seq: ++seq, at: now() } as AppEvent)
    state$.next(state)
  }
  for (const e of setup) apply(e)
  const feed = (events$: Observable<EventInput>) =>
    events$.pipe(
      tap(apply),
      map((e) => ({ ...e, seq, at: now() }) as AppEvent),
      share(),
    )
  return { state$: state$ as unknown as StateObservable, feed, apply, get: () => state }
}
