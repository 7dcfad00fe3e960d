/**
 * An Api for epic tests that sees the wire: the client's own HTTP client (streams/http/client.ts)
 * over the endpoint table, with a transport that records each request and answers it as the test
 * says (status and body, decoded by the endpoint's codec as in the app). `fakeApi` sees a call's
 * name and request object only; an epic test that cites a rule with a wire clause (method, payload,
 * no body, an answer's fields) uses this instead.
 */
import type { Observable } from 'rxjs'
import { endpoints } from '../../domain/api/endpoints'
import { type HttpResponse, createHttpClient } from '../../streams/http/client'
import { type HttpRequest, buildRequest } from '../../streams/http/request'
import type { Endpoint } from '../../domain/api/endpoint'

/** A request as it went out: method, path, query and the parsed body (undefined: none). */
export interface OnTheWire {
  method: 'GET' | 'POST'
  path: string
  query: Record<string, string>
  body: unknown
  contentType: string | undefined
}

export function wireApi(answer: (req: HttpRequest) => Observable<HttpResponse>) {
  const sent: HttpRequest[] = []
  const api = createHttpClient({
    servers: { wallet: ['https://wallet.example'], mining: ['https://game.example'] },
    initDataRaw: () => 'init-data',
    transport: (req) => {
      sent.push(req)
      return answer(req)
    },
  })
  api.addEndpoints(endpoints)
  const wire = (): OnTheWire[] =>
    sent.map((r) => {
      const url = new URL(r.url)
      return {
        method: r.method,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body: r.body === undefined ? undefined : (JSON.parse(r.body) as unknown),
        contentType: r.headers['content-type'],
      }
    })
  return { api, sent, wire }
}

/** An answer of `status` with `body` as JSON. */
export const answer = (status: number, body: unknown): HttpResponse => ({ status, body: JSON.stringify(body) })

/**
 * A call `fakeApi` recorded, as the client's HTTP client would send it: built from the endpoint
 * table by streams/http/request.ts, the function the client sends through. For an epic test whose
 * answers are not worth an HTTP body: it sees the request the epic made on the wire.
 */
export function wireOf({ name, request }: { name: string; request: unknown }): OnTheWire & {
  headers: Record<string, string>
} {
  const r = buildRequest(
    endpoints[name as keyof typeof endpoints] as Endpoint<unknown, unknown>,
    request,
    'https://server.example',
    'init-data',
  )
  const url = new URL(r.url)
  return {
    method: r.method,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    body: r.body === undefined ? undefined : (JSON.parse(r.body) as unknown),
    contentType: r.headers['content-type'],
    headers: r.headers,
  }
}

/** A request object's fields as query values (strings). */
export const asQuery = (request: unknown): Record<string, string> =>
  Object.fromEntries(Object.entries(request as Record<string, unknown>).map(([k, v]) => [k, String(v)]))
