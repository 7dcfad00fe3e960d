/**
 * The HTTP client (doc 1 §7, rules app.4-app.8): per service a failover list of servers; every
 * attempt aborted at 30 s; a network error, a 5xx, or 25 s without an answer moves the service to
 * the next server and retries once there, the first good answer winning and the other attempt
 * aborted; 4xx answers are answers. Every answer is decoded with its codec.
 */
import { Observable, type SchedulerLike, Subscription, asyncScheduler, defer, throwError, timeout, timer } from 'rxjs'
import { isLeft } from 'fp-ts/es6/Either'
import type { Endpoints } from '../../domain/api/endpoints'
import { firstScreenEndpoints } from '../../domain/api/firstScreenEndpoints'
import { type Endpoint, SERVED_SERVERS_META, type Service } from '../../domain/api/endpoint'
import { ApiErrorBody } from '../../domain/api/codecs'
import { describeErrors, errorPath, nonFinitePath } from '../../domain/api/describe'
import { type RequestError, SERVICE_UNAVAILABLE, TOO_MANY_REQUESTS, toRequestError } from '../../domain/api/errors'
import { NO_INIT_DATA_MESSAGE } from '../../domain/app/telegram'
import type { Api } from '../deps'
import { type HttpRequest, buildRequest } from './request'

/** app.6: an attempt is aborted after 30 s (doc 1 §7, §9). */
export const ABORT_MS = 30_000
/** app.8: after 25 s without an answer the next server is tried (doc 1 §7, §9). */
export const SWITCH_MS = 25_000

export interface HttpResponse {
  status: number
  body: string
}
/** One exchange on the wire; unsubscribing aborts it. Errors are RequestErrors of kind 'network'. */
export type Transport = (req: HttpRequest) => Observable<HttpResponse>

export interface ServerSwitch {
  service: Service
  from: string
  to: string
  reason: string
}

export interface HttpClientOptions {
  servers: Record<Service, string[]>
  initDataRaw: () => string | null
  transport: Transport
  scheduler?: SchedulerLike
  onServerSwitched?: (s: ServerSwitch) => void
  timeouts?: { abortMs?: number; switchMs?: number }
}

export type HttpClient = Api & {
  currentServer(service: Service): string
  /** Makes a lazily loaded feature's calls callable (the game's table comes with its chunk). */
  addEndpoints(table: Partial<Endpoints>): void
}

/** The build variable that holds each service's list. */
const SERVER_VARIABLES: Record<Service, string> = { wallet: 'VITE_WALLET_SERVERS', mining: 'VITE_MINING_SERVERS' }

/** Comma-separated lists from the build configuration; each defaults to the page's own origin. */
export function serverListsFromEnv(env: Record<string, string | undefined>, origin: string): Record<Service, string[]> {
  const list = (v: string | undefined) => {
    const servers = (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
    return servers.length > 0 ? servers : [origin]
  }
  return { wallet: list(env[SERVER_VARIABLES.wallet]), mining: list(env[SERVER_VARIABLES.mining]) }
}

/**
 * The build's configuration, with the list the page's server wrote into the page (a dev-mode
 * server only: SERVED_SERVERS_META) in place of the build's own for each service it names.
 */
export function withServedServers(
  env: Record<string, string | undefined>,
  page: Pick<ParentNode, 'querySelector'> | undefined,
): Record<string, string | undefined> {
  const served = { ...env }
  for (const service of ['wallet', 'mining'] as const) {
    const list = page?.querySelector(`meta[name="${SERVED_SERVERS_META[service]}"]`)?.getAttribute('content')
    if (list) served[SERVER_VARIABLES[service]] = list
  }
  return served
}

/**
 * The body of a 4xx as a RequestError: the server's message, and the field path, code and values
 * where it gave them. A body with `error` and no `message` (the spec's failure shape, tasks.58) gives
 * its error as the message.
 */
function rejection(status: number, body: string): RequestError {
  try {
    const parsed = JSON.parse(body) as unknown
    const spec =
      typeof parsed === 'object' && parsed !== null && !('message' in parsed) && 'error' in parsed
        ? { ...parsed, message: parsed.error }
        : parsed
    const decoded = ApiErrorBody.decode(spec)
    if (!isLeft(decoded)) {
      const { message, path, code, params } = decoded.right
      // The server's limit on writes (server/kernel/rateLimit.ts): its own kind, worded by the client in the user's language.
      if (status === 429 && code === TOO_MANY_REQUESTS)
        return { kind: 'throttled', message, retryAfterSeconds: Math.max(1, Number(params?.seconds) || 1) }
      const p = Array.isArray(path) ? path.join('.') : path
      return {
        kind: 'rejected',
        status,
        message,
        ...(p !== undefined ? { path: p } : {}),
        ...(code !== undefined ? { code: String(code) } : {}),
        ...(params !== undefined ? { params } : {}),
      }
    }
  } catch {
    // not JSON: fall through to the generic message
  }
  return { kind: 'rejected', status, message: `request refused (${status})` }
}

/**
 * A 5xx as a RequestError: a 503 whose body says a dependency is briefly away (the server's database,
 * Telegram, the TON network: server/kernel/unavailable.ts) is `unavailable`, with the seconds to
 * wait; any other 5xx is a server error.
 */
function serverFailure(status: number, body: string, base: string): RequestError {
  if (status === 503) {
    try {
      const decoded = ApiErrorBody.decode(JSON.parse(body))
      if (!isLeft(decoded) && decoded.right.code === SERVICE_UNAVAILABLE)
        return {
          kind: 'unavailable',
          message: decoded.right.message,
          retryAfterSeconds: Math.max(1, Number(decoded.right.params?.seconds) || 1),
        }
    } catch {
      // not JSON: a server error like any other
    }
  }
  return { kind: 'server', status, message: `server error ${status} from ${base}` }
}

function decodeAnswer<T>(
  endpoint: Endpoint<unknown, T>,
  body: string,
): { ok: true; value: T } | { ok: false; error: RequestError } {
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    return { ok: false, error: { kind: 'decode', path: '', message: 'the answer is not JSON' } }
  }
  const outOfRange = nonFinitePath(json)
  if (outOfRange !== null)
    return {
      ok: false,
      error: { kind: 'decode', path: outOfRange, message: `${outOfRange || '(root)'}: a number out of range` },
    }
  const decoded = endpoint.response.decode(json)
  if (isLeft(decoded))
    return {
      ok: false,
      error: { kind: 'decode', path: errorPath(decoded.left), message: describeErrors(decoded.left) },
    }
  return { ok: true, value: decoded.right }
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const known: Partial<Endpoints> = { ...firstScreenEndpoints }
  const scheduler = options.scheduler ?? asyncScheduler
  const abortMs = options.timeouts?.abortMs ?? ABORT_MS
  const switchMs = options.timeouts?.switchMs ?? SWITCH_MS
  const current: Record<Service, number> = { wallet: 0, mining: 0 }
  const serverOf = (service: Service) => options.servers[service][current[service]]

  /**
   * The server to retry on after the one at `tried` failed: the service moves to its next server
   * (sticky for later calls) if it still stands at `tried`; if another call has moved it meanwhile
   * (several calls failing on one server at once), the retry goes where it now stands, and the
   * service does not move again, back to the server that failed.
   */
  function moveOn(service: Service, tried: number, reason: string): number {
    if (current[service] !== tried) return current[service]
    const list = options.servers[service]
    current[service] = (tried + 1) % list.length
    options.onServerSwitched?.({ service, from: list[tried], to: list[current[service]], reason })
    return current[service]
  }

  function attempt(
    endpoint: Endpoint<unknown, unknown>,
    request: unknown,
    base: string,
    initData: string,
  ): Observable<HttpResponse> {
    return options.transport(buildRequest(endpoint, request, base, initData)).pipe(
      timeout({
        first: abortMs,
        with: () =>
          throwError((): RequestError => ({
            kind: 'timeout',
            message: `no answer from ${base} in ${abortMs / 1000} s`,
          })),
        scheduler,
      }),
    )
  }

  function call<T>(endpoint: Endpoint<unknown, T>, request: unknown): Observable<T> {
    return defer(() => {
      const initData = options.initDataRaw()
      if (!initData) return throwError((): RequestError => ({ kind: 'noInitData', message: NO_INIT_DATA_MESSAGE }))
      const service = endpoint.service

      return new Observable<T>((subscriber) => {
        const running = new Subscription()
        let attempts = 0
        let failures = 0
        let settled = false

        const settle = (result: { ok: true; value: T } | { ok: false; error: RequestError }) => {
          settled = true
          running.unsubscribe() // aborts the attempt that lost, and the switch timer
          if (result.ok) {
            subscriber.next(result.value)
            subscriber.complete()
          } else subscriber.error(result.error)
        }

        const first = current[service]
        const failed = (error: RequestError) => {
          if (settled) return
          failures++
          if (attempts < 2) start(moveOn(service, first, error.message))
          else if (failures >= attempts) settle({ ok: false, error })
        }

        const start = (server: number) => {
          const base = options.servers[service][server]
          attempts++
          running.add(
            attempt(endpoint as Endpoint<unknown, unknown>, request, base, initData).subscribe({
              next: ({ status, body }) => {
                if (settled) return
                if (status >= 500) failed(serverFailure(status, body, base))
                else if (status >= 400) settle({ ok: false, error: rejection(status, body) })
                else settle(decodeAnswer(endpoint, body))
              },
              error: (e: unknown) => failed(toRequestError(e)),
            }),
          )
        }

        start(first)
        running.add(
          timer(switchMs, scheduler).subscribe(() => {
            if (!settled && attempts < 2) start(moveOn(service, first, `no answer after ${switchMs / 1000} s`))
          }),
        )
        return () => running.unsubscribe()
      })
    })
  }

  return {
    call: (name, request) => {
      const endpoint = known[name] as unknown as Endpoint<unknown, unknown> | undefined
      // A programming error (a feature's epic running before its chunk's calls were added), not the server's.
      if (endpoint === undefined) return throwError(() => new Error(`the call ${name} is not loaded`)) as never
      return call(endpoint, request) as never
    },
    addEndpoints: (table) => Object.assign(known, table),
    currentServer: serverOf,
  }
}

/** The browser's fetch as a Transport: unsubscribing aborts the request. */
export const fetchTransport: Transport = (req) =>
  new Observable<HttpResponse>((subscriber) => {
    const controller = new AbortController()
    fetch(req.url, { method: req.method, headers: req.headers, body: req.body, signal: controller.signal })
      .then(async (res) => {
        const body = await res.text()
        subscriber.next({ status: res.status, body })
        subscriber.complete()
      })
      .catch((e: unknown) => {
        if (!controller.signal.aborted)
          subscriber.error({
            kind: 'network',
            message: e instanceof Error ? e.message : String(e),
          } satisfies RequestError)
      })
    return () => controller.abort()
  })

export type { Endpoints }
