/** Fake deps for epic tests: every outside thing recorded or scripted. */
import { EMPTY, type Observable, type SchedulerLike, asyncScheduler, of, throwError } from 'rxjs'
import type { Api, Deps, KeyValueStorage, TelegramBridge } from '../../streams/deps'

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
    writeClipboard: () => of(undefined),
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
      return (h ? h(request as never) : throwError(() => ({ kind: 'network', message: `no fake for ${name}` }))) as never
    },
  }
}

export function fakeDeps(over: Partial<Deps> = {}, scheduler: SchedulerLike = asyncScheduler): Deps {
  return {
    api: fakeApi({}),
    cookies: { set: () => {} },
    recorder: { events: () => [], env: () => ({}) },
    telegram: fakeTelegram(),
    storage: memoryStorage(),
    clock: { now: () => 1_763_800_000_000 },
    random: { next: () => 0.5 },
    scheduler,
    ...over,
  }
}
